import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import {
  brotliCompress,
  constants as zlibConstants,
  createBrotliCompress,
  createGzip,
  gzip,
} from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../services/context';
import { ensureCartCookie } from '../lib/cookies';
import { mallHostCheck } from '../http/mall-hosts';
import { pageLocale } from '../http/route';
import { earlyReplies, earlyRepliesScript, pageCaller } from './early-replies';
import { hasKioskPageCookie, kioskPageCaller } from './kiosk-page';
import {
  aroundRoot,
  builtStylesheets,
  inlineStylesheets,
  codeAfterPaint,
  loadServerRender,
  pageStream,
  stylesheetLinks,
} from './server-render';
import type { ServerRenderModule } from './server-render';
import {
  HYDRATION_ID,
  serverRendered,
  startCatalogues,
  readManifest,
  insertBefore,
  pageMetaOf,
  withPageStart,
} from './web-page';

export { mallHostOrigin } from '../http/mall-hosts';

/**
 * The product's icon (the same as the apps' `<link rel="icon">`), answered at `/favicon.ico` for
 * clients that ask there without reading the page (crawlers, link previews, some browsers).
 */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b6b3a"/>' +
  '<path d="M21.5 10.6c-1.2-1.4-3.1-2.1-5.3-2.1-3.4 0-5.6 1.8-5.6 4.4 0 2.7 2.2 3.6 5 4.3 2.2.5 3.1 1 3.1 2.1 0 1.1-1.1 1.8-2.7 1.8-1.8 0-3.3-.8-4.4-2.1l-1.9 2.2c1.5 1.7 3.7 2.6 6.2 2.6 3.6 0 6-1.9 6-4.7 0-2.8-2.3-3.7-5.1-4.3-2.1-.5-3-.9-3-1.9 0-.9.9-1.6 2.4-1.6 1.4 0 2.6.5 3.5 1.5z" fill="#fff"/></svg>';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli's quality for a page made per request: 5 costs what gzip does (~3 ms for a 320 KB menu
 * page) and keeps its whole window, so the dishes the page repeats (the noscript menu, the
 * structured data, the early replies) cost once: the 200-dish menu page is ~24 KB instead of gzip's
 * ~34 KB (gzip sees only the last 32 KB).
 */
const PAGE_BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * How a page goes out, by the browser's Accept-Encoding: brotli when it takes it (every browser on
 * HTTPS or loopback), else gzip, else as it is; an encoding refused with `q=0` is not taken.
 */
export function pageEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const taken = new Set(
    String(accept ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
      .map(([name]) => name),
  );
  if (taken.has('br')) return 'br';
  return taken.has('gzip') ? 'gzip' : undefined;
}

/** Paths the API owns; everything else that asks for HTML is one of the apps' (client-side routes). */
const API_PREFIXES = ['/api/', '/v1/', '/user/', '/user_login/', '/ws', '/simulator/', '/health'];

/** A built app's source map (`*.js.map`, `*.css.map`): served only in the demo mode. */
export const isSourceMap = (path: string) => /\.map$/i.test(path);

/** The React apps and where each is mounted (each app's Vite `base` is the same path). */
export const WEB_APPS = { diner: '/', foodcourt: '/fc/', kiosk: '/kiosk/', staff: '/staff/' } as const;
export type WebAppName = keyof typeof WEB_APPS;

/** Where a built app is: the configured folder, else `apps/<name>/dist` found from this file (source or bundle). */
export function appDist(name: WebAppName, configured?: string): string | undefined {
  if (configured) return existsSync(join(configured, 'index.html')) ? configured : undefined;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'apps', name, 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    const sibling = join(dir, name, 'dist');
    if (existsSync(join(sibling, 'index.html'))) return sibling;
    dir = dirname(dir);
  }
  return undefined;
}

/**
 * The diner app's pages a mall host serves too: the login (the food court sends a guest to `/login`
 * of its own origin, so the login's cart token cookie and stored session are the food court's), the
 * pages that login links to, and the QR error page a refused table QR goes to (with its scanner). Everything else at a mall host's root is the food court.
 */
export const DINER_PAGES_ON_MALL_HOSTS = [
  '/qrError',
  '/qr',
  '/login',
  '/signup',
  '/terms-condition',
  '/privacy-policy',
] as const;

/** Which app a page request belongs to: by path prefix, then a mall host, else the diner. */
async function appFor(
  request: FastifyRequest,
  isMallHost: (host: string) => Promise<boolean>,
): Promise<WebAppName> {
  const path = request.url.split('?')[0]!;
  if (path === '/fc' || path.startsWith(WEB_APPS.foodcourt)) return 'foodcourt';
  if (path === '/kiosk' || path.startsWith(WEB_APPS.kiosk)) return 'kiosk';
  if (path === '/staff' || path.startsWith(WEB_APPS.staff)) return 'staff';
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if ((DINER_PAGES_ON_MALL_HOSTS as readonly string[]).includes(page)) return 'diner';
  if (await isMallHost(request.hostname)) return 'foodcourt';
  return 'diner';
}

/**
 * Serves the built apps on the API's port — the diner at `/`, the food court at `/fc/` (and at `/` of
 * a mall host, but for the diner's login pages, {@link DINER_PAGES_ON_MALL_HOSTS}), the kiosk at `/kiosk/`, the
 * staff console at `/staff/`: hashed assets cached for a year, an app's `index.html` for
 * every client-side route (never cached, so a deploy is picked up at once). An app without a build
 * (tests, API-only runs) is not served, and its pages stay JSON 404s.
 */
export async function registerWebApps(
  app: FastifyInstance,
  ctx: AppContext,
  roots: Partial<Record<WebAppName, string | undefined>>,
) {
  const indexes = new Map<WebAppName, Buffer>();
  // The builds keep their source maps (stack traces, error reports); only the demo serves them.
  const servesSourceMaps = ctx.config.mode === 'demo';
  const catalogues = new Map<WebAppName, Map<string, string>>();
  const renders = new Map<WebAppName, ServerRenderModule>();
  const manifests = new Map<WebAppName, Parameters<typeof stylesheetLinks>[0]>();
  const stylesheets = new Map<WebAppName, (href: string) => string | undefined>();
  for (const name of Object.keys(WEB_APPS) as WebAppName[]) {
    const root = roots[name];
    if (!root) continue;
    indexes.set(name, readFileSync(join(root, 'index.html')));
    const render = await loadServerRender(root, ctx.log);
    if (render) {
      renders.set(name, render);
      manifests.set(name, readManifest(root));
      stylesheets.set(name, builtStylesheets(root, WEB_APPS[name]));
    }
    catalogues.set(name, startCatalogues(root, WEB_APPS[name]));
    await app.register(fastifyStatic, {
      root,
      prefix: WEB_APPS[name],
      // Only the first registration may add `reply.sendFile`.
      decorateReply: indexes.size === 1,
      wildcard: false,
      index: false,
      // The builds hold a .br and a .gz beside each text file (`precompress` of @santap/vite-config):
      // sent as the browser accepts, with `vary: accept-encoding`.
      preCompressed: true,
      // A source map is the app's whole source: a 404 outside the demo (`isSourceMap`).
      allowedPath: (path: string) => servesSourceMaps || !isSourceMap(path),
      // Vite's hashed bundles never change under one name; anything else is revalidated.
      cacheControl: false,
      setHeaders(reply: FastifyReply, path: string) {
        void reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    ctx.log.debug({ root, mount: WEB_APPS[name] }, `serving the ${name} app`);
  }
  if (indexes.size === 0) return undefined;
  app.get('/favicon.ico', async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
  );
  const isMallHost = mallHostCheck(ctx);
  /** Answers a request no route matched with an app, when it is a page request; false otherwise. */
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
      !isSourceMap(request.url.split(/[?#]/)[0]!) &&
      String(request.headers.accept ?? '').includes('text/html');
    if (!isPage) return false;
    const name = await appFor(request, isMallHost);
    const indexHtml = indexes.get(name);
    if (!indexHtml) return false;
    const render = renders.get(name);
    const path = request.url.split(/[?#]/)[0]!;
    // A kiosk's first screen is rendered for the device its page cookie names, once checked
    // (kiosk-page.ts); a kiosk page with such a cookie, rendered or not, is kept by no cache.
    const kiosk =
      name === 'kiosk' && request.method === 'GET' && render?.rendersOnServer(path)
        ? await kioskPageCaller(ctx, request, reply)
        : undefined;
    const kioskNoStore = name === 'kiosk' && hasKioskPageCookie(request);
    // The start language's words load beside the app's code, not after it has run (the diner and the
    // food court start in `pageLocale`'s language; the kiosk in its device's, known once its cookie is).
    const catalogue =
      name === 'kiosk'
        ? kiosk && catalogues.get(name)?.get(kiosk.language)
        : name === 'staff'
          ? undefined
          : catalogues.get(name)?.get(pageLocale(ctx, request).language);
    // A menu link carries its first replies (early-replies.ts), after the page's first paint in the HTML.
    const answered = new Map<string, string>();
    // A food court's page has none; its server render speaks for the page's caller all the same.
    const replies =
      name === 'diner'
        ? await earlyReplies(app, ctx, request, reply, answered)
        : name === 'foodcourt' && request.method === 'GET'
          ? pageCaller(ctx, request, reply)
          : undefined;
    // A diner's or food court's page brings the browser its cart token (HttpOnly: the apps cannot make it).
    if (name === 'diner' || name === 'foodcourt') ensureCartCookie(request, reply);
    // The page's title, description and link previews in its language (page-meta.ts); the kiosk's and
    // the staff console's are their own (nothing there to preview or index).
    const head =
      name === 'kiosk' || name === 'staff'
        ? undefined
        : await pageMetaOf(app, ctx, request, name, answered, await isMallHost(request.hostname));
    // The first screens rendered here (server-render.ts); any other page, or a render that fails or is
    // slow, is the app's index.html as before, which the browser renders.
    // A diner's own page (the cart, the order status) is rendered as that diner: never a shared cache.
    const asDiner = render?.actsAsDiner?.(path) === true;
    // A kiosk's page is rendered only for a checked device: without one the browser renders it.
    const rendered =
      name === 'kiosk' && !kiosk
        ? undefined
        : await serverRendered(app, ctx, request, reply, render, replies, asDiner, kiosk);
    if (rendered?.kind === 'redirect') {
      void reply.header('cache-control', 'no-store').redirect(rendered.location, rendered.status);
      return true;
    }
    if (rendered?.kind === 'page') {
      // The server's page shows the menu's first dishes (the rest render in the browser, as the app
      // does); the noscript copy keeps every dish readable without JavaScript. The early replies stay:
      // the browser takes from them what it loads again after hydration (a logged-in diner's page,
      // README of apps/diner "Server rendering"), and drops them otherwise.
      const styles = stylesheetLinks(manifests.get(name) ?? {}, rendered.modules ?? [], WEB_APPS[name]);
      // Its styles inside it: painted as it arrives, before the app's code runs (inlineStylesheets).
      // Its code comes after the page has painted (codeAfterPaint), its start words with it.
      const shell = inlineStylesheets(
        insertBefore(
          codeAfterPaint(withPageStart(indexHtml, undefined, '', head, kiosk?.language)),
          '</head>',
          styles,
        ),
        stylesheets.get(name) ?? (() => undefined),
      );
      const parts = aroundRoot(shell);
      if (parts) {
        const block = rendered.hydration
          ? `<script type="application/json" id="${HYDRATION_ID}">${rendered.hydration}</script>`
          : '';
        const tail = insertBefore(parts[1], '</body>', block + earlyRepliesScript(replies));
        const body = pageStream(parts[0], rendered.html, tail);
        void reply
          .status(rendered.status)
          .type('text/html; charset=utf-8')
          // It holds this browser's cart and sets its cookie: no shared cache keeps it; a diner's own page
          // (`asDiner`, `noStore` of the app's first screens: a cart, an order) is kept by no cache at all.
          .header(
            'cache-control',
            rendered.noStore || asDiner || kioskNoStore ? 'private, no-store' : 'private, no-cache',
          )
          .header('vary', 'accept-encoding');
        const encoding = pageEncoding(request.headers['accept-encoding']);
        if (encoding) {
          const packed = encoding === 'br' ? createBrotliCompress(PAGE_BROTLI) : createGzip();
          void reply.header('content-encoding', encoding).send(body.pipe(packed));
        } else {
          void reply.send(body);
        }
        return true;
      }
      request.log.warn('server render: the index.html has no root element; rendering in the browser');
    }
    const early = earlyRepliesScript(replies);
    const page =
      catalogue || early || head ? withPageStart(indexHtml, catalogue || undefined, early, head) : indexHtml;
    void reply
      .type('text/html; charset=utf-8')
      // A page with early replies holds this browser's cart, one that sets a cookie is this browser's:
      // no shared cache keeps either; a diner's own page (rendered here, or not) no cache at all.
      .header(
        'cache-control',
        asDiner || kioskNoStore
          ? 'private, no-store'
          : early || reply.hasHeader('set-cookie')
            ? 'private, no-cache'
            : 'no-cache',
      )
      .header('vary', 'accept-encoding');
    // A page with its replies is ~15x smaller packed (a menu of 200 dishes: ~160 KB -> ~12 KB).
    const encoding = page.length > 1024 ? pageEncoding(request.headers['accept-encoding']) : undefined;
    if (encoding) {
      const packed = encoding === 'br' ? await brotliAsync(page, PAGE_BROTLI) : await gzipAsync(page);
      void reply.header('content-encoding', encoding).send(packed);
    } else {
      void reply.send(page);
    }
    return true;
  };
}
