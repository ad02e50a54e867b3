import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The server render of an app's first screens (README "Server rendering"): the app's own build for
 * Node (`vite build --ssr src/entry-server.tsx`, in `dist-ssr/` beside its `dist/`), which renders the
 * app's route tree with its loaders. Typed here by its shape only: the API does not compile the apps.
 */
export interface ServerRenderModule {
  rendersOnServer(pathname: string): boolean;
  /**
   * Is the page one diner's own (the diner app's cart and order status)? Only then is it rendered as
   * that diner: the render's in-process fetch carries the request's session cookie (`injectFetch`).
   */
  actsAsDiner?(pathname: string): boolean;
  render(input: ServerRenderInput): Promise<ServerRenderResult>;
}

export interface ServerRenderInput {
  url: string;
  country: string;
  language: string;
  /** The browser's cart token, for the render's in-process calls only: it never goes into the page. */
  cartToken: string;
  /** The handover of that cart, which the page's hydration block carries (lib/cart-handover.ts). */
  cartHandover?: string;
  early: unknown;
  fetch: typeof fetch;
  /** A diner's own page (`actsAsDiner`): the `signed_in` state of the session its fetch carries. */
  signedIn?: 'GUEST' | 'ACTIVE';
  /** A kiosk's page: the device it is rendered for (its fetch carries the device's credentials). */
  device?: string;
}

export type ServerRenderResult =
  | { kind: 'none' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      html: Readable;
      hydration: string;
      modules?: string[];
      /** One diner's own page (the food court's cart): `private, no-store`. */
      noStore?: boolean;
    };

type Manifest = Record<string, { file?: string; css?: string[]; imports?: string[] }>;

/**
 * The stylesheet links of a server-rendered page: the CSS of `modules` (keys of the app's Vite
 * manifest) and of every chunk they import. In the browser-rendered page the app's code brings its
 * CSS; the server's HTML paints before that code runs, so it must come styled. `mount` is the app's
 * base path. Vite's preload helper finds these links and does not add them again.
 */
export function stylesheetLinks(manifest: Manifest, modules: readonly string[], mount: string): string {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    for (const file of entry?.css ?? []) files.add(file);
    for (const imported of entry?.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...files].map((file) => `<link rel="stylesheet" crossorigin href="${mount}${file}">`).join('');
}

/** The type of a stylesheet link whose CSS is already in the page ({@link inlineStylesheets}). */
export const INLINED_STYLESHEET_TYPE = 'text/x-inlined-css';

/**
 * A server-rendered page with its head's stylesheets written into it as `<style>`: the browser paints
 * the page's HTML as soon as it has it, not a round trip per stylesheet later, and before the app's
 * code (which arrives beside them) runs. Each `<link>` stays after its `<style>` with the type
 * {@link INLINED_STYLESHEET_TYPE}: a browser fetches no stylesheet of a type it does not read (HTML
 * standard, the link element), so the file does not download a second time beside the page's photos,
 * and Vite's loader of a route's CSS, which looks for the link by rel and href only, finds it and
 * neither adds it again nor waits for it. A file that cannot be read, or that would end the `<style>`
 * early, keeps its link as it was.
 * `css(href)`: the stylesheet's text (an app's built files, kept in memory: they never change).
 */
export function inlineStylesheets(html: string, css: (href: string) => string | undefined): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd).replace(/<link\b[^>]*>/g, (link) => {
    if (!/\srel="stylesheet"/.test(link) || /\smedia=/.test(link)) return link;
    const href = /\shref="([^"]+)"/.exec(link)?.[1];
    const text = href === undefined ? undefined : css(href);
    if (text === undefined || /<\/style/i.test(text)) return link;
    return `<style>${text}</style>${link.replace('<link', `<link type="${INLINED_STYLESHEET_TYPE}"`)}`;
  });
  return head + html.slice(headEnd);
}

/**
 * The type a server-rendered page's entry script gets ({@link codeAfterPaint}): `AFTER_PAINT_TYPE`
 * of @santap/vite-config, whose starter in the built index.html looks for it (the e2e server-render
 * tests hydrate through it).
 */
export const AFTER_PAINT_TYPE = 'text/x-santap-after-paint';

/**
 * A server-rendered page whose code waits for its first paint: without the build's modulepreload and
 * style preload links and its route preload script (`firstScreenPreloads` of tooling/vite, marked
 * `data-route-preloads`), and with its boot entry retyped {@link AFTER_PAINT_TYPE}, which a browser
 * neither fetches nor runs. The page paints from its HTML alone and its photos get a phone's
 * bandwidth first; the starter at the end of the built index.html (`AFTER_PAINT_STARTER`) starts the
 * entry once the page has loaded and painted, and holds the taps made before.
 */
export function codeAfterPaint(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const head = html
    .slice(0, headEnd)
    .replace(/<link\b[^>]*\srel="(?:modulepreload|preload)"[^>]*>/g, '')
    .replace(/<script\b[^>]*\sdata-route-preloads\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<script type="module"(?=[^>]*\ssrc=)/g, `<script type="${AFTER_PAINT_TYPE}"`);
  return head + html.slice(headEnd);
}

/**
 * The text of a built app's stylesheet by its URL (`mount` + its path under the app's `root`),
 * read once; undefined for anything else.
 */
export function builtStylesheets(root: string, mount: string): (href: string) => string | undefined {
  const read = new Map<string, string | undefined>();
  return (href) => {
    if (!href.startsWith(mount) || !href.endsWith('.css') || href.includes('..')) return undefined;
    if (!read.has(href)) {
      const file = join(root, href.slice(mount.length));
      read.set(href, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    }
    return read.get(href);
  };
}

/**
 * Loads the server render of the app built in `root` (its `dist/`), or undefined when there is none
 * (an app built before server rendering, the API's own tests) or it does not load (logged): the API
 * then serves the app's index.html, as the browser-rendered app it always was.
 */
export async function loadServerRender(
  root: string,
  log: FastifyBaseLogger,
): Promise<ServerRenderModule | undefined> {
  const file = join(dirname(root), 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  try {
    const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Partial<ServerRenderModule>;
    if (typeof module.render === 'function' && typeof module.rendersOnServer === 'function') {
      return module as ServerRenderModule;
    }
    log.warn({ file }, 'server render: the build exports no render(); pages render in the browser');
  } catch (error) {
    log.warn({ err: error, file }, 'server render: the build did not load; pages render in the browser');
  }
  return undefined;
}

/**
 * A fetch that answers from this server in-process (`app.inject`): the server render's loaders call
 * the API as the browser would, without a socket. Only what the render's API client sends goes in: its
 * headers (country, language, the page's cart token) and body. No login, except `cookies`: a diner's
 * own page passes this request's session cookie, which then goes with every call of this one render
 * (this fetch is made per request and lives in that render's scope only), read by the API exactly as
 * the browser's own cookie would be (an expired one is a guest's). A kiosk's page passes its checked
 * device's `credentials` (the `kiosk-device` and `kiosk-secret` headers), likewise for this render only.
 */
export function injectFetch(
  app: FastifyInstance,
  cookies?: Record<string, string>,
  credentials?: Record<string, string>,
): typeof fetch {
  const cookie = Object.entries(cookies ?? {})
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      // The render's client sends no cookie of its own; only the page's, below.
      if (name !== 'cookie') headers[name] = value;
    });
    if (cookie) headers.cookie = cookie;
    // A kiosk's page: its device's credentials, as its own calls carry them (not the client's).
    Object.assign(headers, credentials);
    const response = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    const type = response.headers['content-type'];
    // The API's replies are JSON text.
    return new Response(response.payload, {
      status: response.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };
}

/**
 * `html` cut around the app's root element's content (`<div id="root">…</div>`, the build's spinner):
 * what comes before it, with the opening tag, and what comes after, from its closing tag on.
 */
export function aroundRoot(html: string): [before: string, after: string] | undefined {
  const open = /<div id="root"[^>]*>/.exec(html);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  let depth = 1;
  const tags = /<(\/?)div\b[^>]*>/g;
  tags.lastIndex = start;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return [html.slice(0, start), html.slice(tag.index)];
  }
  return undefined;
}

/** The page as one stream: the shell up to the root, the server's render of the app, the rest. */
export function pageStream(before: string, app: Readable, after: string): Readable {
  return Readable.from(
    (async function* page() {
      yield Buffer.from(before);
      for await (const chunk of app) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      yield Buffer.from(after);
    })(),
  );
}
