/**
 * What goes into an app's `index.html` for one page (web.ts serves the apps): the server render and
 * its hydration block, the start language's catalogue from the Vite manifest, and a food-court page's
 * title and description.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../services/context';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../lib/cookies';
import { cartHandoverOf, pageLocale } from '../http/route';
import { pageCaller } from './early-replies';
import type { PageEarlyReplies } from './early-replies';
import type { KioskPageCaller } from './kiosk-page';
import { injectFetch } from './server-render';
import type { ServerRenderModule, ServerRenderResult } from './server-render';
import { toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import type { RestaurantDetails } from '@santap/contract';
import {
  defaultMeta,
  foodCourtMeta,
  foodCourtPage,
  menuNoscriptHtml,
  metaHtml,
  structuredDataHtml,
  replyData,
  restaurantMeta,
} from './page-meta';
import type { PageMeta } from './page-meta';

/** The id of the server's hydration block (`HYDRATION_ID` of the apps' `app/server-rendered.ts`). */
export const HYDRATION_ID = 'santap-hydration';

/** How long a page waits for its server render before the browser is left to render it. */
export const RENDER_WAIT_MS = 1_000;

/**
 * The server's render of a page (server-render.ts), with the caller's locale and cart token and the
 * early replies already made for it (a page without any: its locale and cart token); undefined when
 * the app has no server render, the page is not one of its first screens, or the render fails or
 * takes too long (logged; the browser renders it). A diner's own page (`asDiner`) is rendered with
 * this request's session cookie and login state, for this render only.
 */
export async function serverRendered(
  app: FastifyInstance,
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  render: ServerRenderModule | undefined,
  replies: PageEarlyReplies | undefined,
  asDiner: boolean,
  kiosk?: KioskPageCaller,
): Promise<ServerRenderResult | undefined> {
  const path = request.url.split(/[?#]/)[0]!;
  if (!render || request.method !== 'GET' || !render.rendersOnServer(path)) return undefined;
  // A diner's page without early replies (the cart, the order status) speaks for the page's caller; a
  // kiosk's for its device, in the device's country and language (no cart token: a kiosk has none).
  const early = kiosk
    ? { country: kiosk.country, language: kiosk.language, cartToken: '', json: '' }
    : (replies ?? pageCaller(ctx, request, reply));
  const session = asDiner ? request.cookies?.[SESSION_COOKIE] : undefined;
  const marker = request.cookies?.[SIGNED_IN_COOKIE];
  const signedIn = session && (marker === 'GUEST' || marker === 'ACTIVE') ? marker : undefined;
  const started = Date.now();
  const waitMs = ctx.config.web.serverRenderWaitMs ?? RENDER_WAIT_MS;
  try {
    const result = await Promise.race([
      render.render({
        url: new URL(request.url, ctx.config.publicUrl).toString(),
        country: early.country,
        language: early.language,
        cartToken: early.cartToken,
        // The page carries its cart's handover, never the token (lib/cart-handover.ts).
        ...(early.cartToken ? { cartHandover: cartHandoverOf(ctx, early.cartToken) } : {}),
        // The render's own copy: its loaders take each reply once.
        early: early.json ? (JSON.parse(early.json) as unknown) : undefined,
        fetch: injectFetch(app, session ? { [SESSION_COOKIE]: session } : undefined, kiosk?.headers),
        ...(signedIn ? { signedIn } : {}),
        ...(kiosk ? { device: kiosk.device } : {}),
      }),
      new Promise<'slow'>((resolve) => setTimeout(() => resolve('slow'), waitMs).unref()),
    ]);
    if (result === 'slow') {
      request.log.warn({ path, waitMs }, 'server render too slow: the browser renders the page');
      return undefined;
    }
    request.log.debug({ ms: Date.now() - started, kind: result.kind }, 'server render');
    return result;
  } catch (error) {
    // The page's path, not its URL: a query may carry a table's signature or a token.
    request.log.error({ err: error, path }, 'server render failed: the browser renders the page');
    return undefined;
  }
}

/**
 * The URL of each language's first catalogue chunk of a built app (`virtual:santap-catalogue/<lang>`
 * in its Vite manifest); none when the build has no manifest.
 */
export function startCatalogues(root: string, mount: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, entry] of Object.entries(readManifest(root))) {
    const language = /^santap-catalogue\/(\w+)$/.exec(key)?.[1];
    if (language && entry.file) found.set(language, `${mount}${entry.file}`);
  }
  return found;
}

/** A built app's Vite manifest (`.vite/manifest.json`), empty when the build has none. */
export function readManifest(
  root: string,
): Record<string, { file?: string; css?: string[]; imports?: string[] }> {
  const file = join(root, '.vite', 'manifest.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<
        string,
        { file?: string; css?: string[]; imports?: string[] }
      >)
    : {};
}

/** Puts `at` into `html` just before `marker`, or at the end when `html` has none. */
export const insertBefore = (html: string, marker: string, at: string) => {
  const index = html.lastIndexOf(marker);
  return index < 0 ? html + at : html.slice(0, index) + at + html.slice(index);
};

/** How long a food-court page waits for the replies its title is made from (as early replies do). */
export const META_WAIT_MS = 400;

/** A page's own start: its head tags, language, menu without JavaScript and structured data. */
export interface PageHead {
  tags: string;
  language: SupportedLanguage;
  /** The menu for a browser without JavaScript, first in the body. */
  noscript?: string;
  /** schema.org JSON-LD (`structuredDataHtml`), at the end of the body. */
  structuredData?: string;
}

/**
 * The head tags of a diner or food-court page (`metaHtml`) and its language: a menu link's from the
 * early replies it already asked for (details, menu), a food court's or outlet's from their own guest
 * calls, any other page (or a failed or slow reply) the product's default words.
 */
export async function pageMetaOf(
  app: FastifyInstance,
  ctx: AppContext,
  request: FastifyRequest,
  name: 'diner' | 'foodcourt',
  answered: Map<string, string>,
  onMallHost: boolean,
): Promise<PageHead> {
  const { language, country } = pageLocale(ctx, request);
  let noscript: string | undefined;
  const origin = ctx.config.publicUrl;
  const path = request.url.split(/[?#]/)[0]!;
  let meta: PageMeta = defaultMeta(language, new URL(path, origin).toString());
  if (name === 'diner') {
    const details = replyData<RestaurantDetails>(answered.get('restaurants.details'));
    if (details) {
      const url = new URL(`/r/${encodeURIComponent(details.nameid)}`, origin).toString();
      const menu = replyData<Parameters<typeof menuNoscriptHtml>[1]>(answered.get('restaurants.menu'));
      meta = restaurantMeta(language, origin, url, details, menu);
      if (menu) noscript = menuNoscriptHtml(details, menu, language);
    }
  } else {
    const page = foodCourtPage(path, onMallHost ? request.hostname.split('.')[0]!.toLowerCase() : undefined);
    if (page) {
      const url = new URL(
        `/fc/${encodeURIComponent(page.mall)}${page.outlet ? `/r/${encodeURIComponent(page.outlet)}` : ''}`,
        origin,
      ).toString();
      const headers = { 'accept-language': language, 'country-code': country };
      const found = await Promise.race([
        foodCourtMeta(app, headers, language, origin, url, page).catch((error: unknown) => {
          request.log.warn({ err: error }, 'food-court page meta failed');
          return undefined;
        }),
        new Promise<undefined>((resolve) =>
          setTimeout(() => resolve(undefined), ctx.config.web.earlyRepliesWaitMs ?? META_WAIT_MS).unref(),
        ),
      ]);
      if (found) meta = found;
    }
  }
  return {
    tags: metaHtml(meta, language, country),
    language,
    ...(noscript ? { noscript } : {}),
    ...(meta.jsonLd ? { structuredData: structuredDataHtml(meta) } : {}),
  };
}

/**
 * The page with its head tags (title, description, previews: they replace the build's `<title>`),
 * its language on `<html lang>`, its start catalogue's preload in the head and its early replies at
 * the end of the body.
 */
export function withPageStart(
  indexHtml: Buffer,
  catalogue: string | undefined,
  early: string,
  head?: PageHead,
  /** A page without head tags whose language is known (a kiosk's rendered page). */
  language?: SupportedLanguage,
): string {
  let html = indexHtml.toString('utf8');
  if (!head && language) html = withLang(html, language);
  if (head) {
    html = /<title>[\s\S]*?<\/title>/.test(html)
      ? html.replace(/<title>[\s\S]*?<\/title>/, () => head.tags)
      : insertBefore(html, '</head>', head.tags);
    html = withLang(html, head.language);
    // The menu without JavaScript, first in the body (before the app's root).
    const noscript = head.noscript;
    if (noscript) html = html.replace(/<body[^>]*>/, (tag) => tag + noscript);
    if (head.structuredData) html = insertBefore(html, '</body>', head.structuredData);
  }
  if (catalogue)
    html = insertBefore(html, '</head>', `<link rel="modulepreload" crossorigin href="${catalogue}">`);
  return early ? insertBefore(html, '</body>', early) : html;
}

/** `html` with its `<html lang>` in `language` (`my` -> `ms`). */
const withLang = (html: string, language: SupportedLanguage) =>
  html.replace(/<html(\s[^>]*)?>/, (tag) =>
    /\slang="[^"]*"/.test(tag)
      ? tag.replace(/\slang="[^"]*"/, ` lang="${toIntlLocale(language)}"`)
      : tag.replace('<html', `<html lang="${toIntlLocale(language)}"`),
  );
