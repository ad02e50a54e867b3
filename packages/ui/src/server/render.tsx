/**
 * The server render of an app's first screens (`@santap/ui/server`; README "Server rendering" of
 * apps/diner and apps/foodcourt). Each app's `src/entry-server.tsx` makes its `render` and
 * `rendersOnServer` here from its route tree, and `vite build --ssr` bundles it into the app's
 * `dist-ssr/entry-server.js`, which `apps/api` loads at start. Node only (AsyncLocalStorage, React's
 * stream): never imported by a browser build.
 *
 * Per request, the same route tree and loaders as the browser's run through react-router's static
 * handler with the API in-process and the page's early replies (`serverScope`); the HTML is React's
 * stream, and the loaders' data goes into the page (`HYDRATION_ID`) for the app's `main.tsx` to
 * hydrate with (`startApp`), so the browser neither fetches the data again nor renders anything else
 * than what the server sent.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { StrictMode } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
} from 'react-router';
import type { RouteObject, StaticHandlerContext } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { SupportedLanguage } from '@santap/i18n';
import { ToastProvider } from '../components/toast';
import type { HydrationBlock } from '../shell/hydration';
import { setServerScopeReader } from '../shell/server-scope';
import type { ServerScope } from '../shell/server-scope';
import { shareEarlyReplies } from '../shell/early-refs';
import type { EarlyReplyRecord } from '../shell/early-refs';
import { TranslationProvider } from '../i18n/translation';

export { HYDRATION_ID } from '../shell/hydration';

/** One first screen the server renders: its route path, its route module (for its styles). */
export interface ServerScreen {
  /** The route's `path`, as in the app's route tree. */
  path: string;
  /** The route's module, a key of the build's Vite manifest: its styles go into the page's head. */
  module: string;
  /** The page is one diner's own (the cart): never stored, not even by the browser (`no-store`). */
  noStore?: boolean;
  /**
   * The page is one diner's (the diner's cart, their order): rendered as that diner (their session
   * cookie goes with the render's API calls, for this request only: the API asks `actsAsDiner`) and
   * never stored (`no-store`). The browser hydrates it only with the same login state.
   */
  asDiner?: boolean;
  /**
   * Catalogue groups beyond the start one whose words the route waits for (the diner's `later`):
   * loaded for the render, and by the browser before it hydrates.
   */
  namespaces?: readonly string[];
  /**
   * Is the server's render of this route's data one the browser hydrates? A page that shows a failure
   * (an order not found) is rendered again in the browser, whose retry is its own.
   */
  hydrates?: (data: unknown) => boolean;
}

export interface RenderInput extends ServerScope {
  /** The page's absolute URL (the public origin, the path and query the browser asked for). */
  url: string;
}

export type RenderResult =
  /** Not a server-rendered page: the API serves the app's index.html as before. */
  | { kind: 'none' }
  /** A loader sent the diner elsewhere (an unknown table QR -> /qrError). */
  | { kind: 'redirect'; status: number; location: string }
  /**
   * The page: its status (a loader's 404, a failed load's 503), the HTML of the app's root as a
   * stream, the hydration block (JSON, '<' escaped) for the end of the body, the source modules
   * whose styles the page needs (keys of the build's Vite manifest), and whether it must not be
   * stored at all.
   */
  | { kind: 'page'; status: number; html: Readable; hydration: string; modules: string[]; noStore: boolean };

export interface ServerRenderOptions {
  /** The app's route tree: the very one its browser router is made of. */
  routes: RouteObject[];
  /** The first screens rendered here; every other route is rendered in the browser. */
  screens: readonly ServerScreen[];
  /** The app's entry module (a manifest key), whose styles every server-rendered page needs. */
  appModule: string;
  /** The app's i18n instance in `language`, its catalogue loaded. */
  i18n: (language: SupportedLanguage) => Promise<I18n>;
  /** A page the browser must render although its route is a first screen (e.g. a table QR's check). */
  inBrowser?: (url: URL) => boolean;
  /** The app's mount when its routes are relative to it (the kiosk's `/kiosk`, its router's basename). */
  basename?: string;
  /**
   * The app's providers that sit around its router in the browser and hold the page's data (the
   * kiosk's device data: `loaderData` is the loaders' data, by route id, as the browser's router gets it).
   */
  Providers?: ComponentType<{ loaderData: Record<string, unknown>; children: ReactNode }>;
}

/** The `replies` of an early replies block (`EarlyReplies` of @santap/contract), if any. */
function repliesOf(early: unknown): EarlyReplyRecord | undefined {
  const replies = (early as { replies?: unknown } | null | undefined)?.replies;
  return typeof replies === 'object' && replies !== null ? { ...(replies as EarlyReplyRecord) } : undefined;
}

/** The HTTP status of a page whose loader failed: a 4xx as it came, else 503 (try again later). */
function statusOf(context: StaticHandlerContext): number {
  const error = Object.values(context.errors ?? {})[0];
  if (error === undefined) return context.statusCode;
  if (isRouteErrorResponse(error)) return error.status;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 503;
}

/** The app's `render` and `rendersOnServer`, as `apps/api` (`routes/server-render.ts`) calls them. */
export function createServerRender(options: ServerRenderOptions) {
  const { routes, screens, appModule, basename, Providers } = options;
  const scopes = new AsyncLocalStorage<ServerScope>();
  setServerScopeReader(() => scopes.getStore());
  const handler = createStaticHandler(routes, basename ? { basename } : undefined);

  /** The server-rendered first screen of this page, if it is one. */
  function screenOf(pathname: string) {
    const matches = matchRoutes(routes, pathname, basename);
    const leaf = matches?.[matches.length - 1]?.route.path;
    return screens.find((screen) => screen.path === leaf);
  }

  /** Is this page one of the server-rendered first screens? */
  function rendersOnServer(pathname: string): boolean {
    return screenOf(pathname) !== undefined;
  }

  /**
   * Is it one of a diner's own pages (`asDiner`), rendered as that diner? Only for these does the API
   * give the render the session (its in-process fetch carries the cookie) and store nothing.
   */
  function actsAsDiner(pathname: string): boolean {
    return screenOf(pathname)?.asDiner === true;
  }

  /**
   * Renders one page request, or says it is not a server-rendered page. Throws when the render fails
   * (the API then logs it and serves index.html: the browser renders the page as before).
   */
  async function render(input: RenderInput): Promise<RenderResult> {
    const { url, signedIn, ...guest } = input;
    const page = new URL(url);
    const screen = screenOf(page.pathname);
    if (!screen || options.inBrowser?.(page)) return { kind: 'none' };
    // A login state only on a diner's own pages; every other page is a guest's.
    const scope: ServerScope = screen.asDiner ? { ...guest, signedIn } : guest;
    // The page's replies as they go into it, before the loaders take theirs from the scope's copy.
    const earlyReplies = repliesOf(guest.early);
    // The words of the groups the route waits for, on this request's own instance: the browser loads
    // the same before it hydrates (`namespaces` of the hydration block).
    const namespaces = [...(screen.namespaces ?? [])];
    return scopes.run(scope, async () => {
      const request = new Request(url, { headers: { accept: 'text/html' } });
      const [context, i18n] = await Promise.all([
        handler.query(request),
        options.i18n(scope.language).then(async (made) => {
          if (namespaces.length > 0) await made.loadNamespaces(namespaces);
          return made;
        }),
      ]);
      if (context instanceof Response) {
        const location = context.headers.get('location');
        if (!location) throw new Error(`a loader answered ${context.status} without a location`);
        return { kind: 'redirect', status: context.status, location };
      }
      const router = createStaticRouter(handler.dataRoutes, context);
      const block: HydrationBlock = {
        language: scope.language,
        country: scope.country,
        ...(scope.cartHandover ? { cartHandover: scope.cartHandover } : {}),
        ...(screen.asDiner ? { signedIn: scope.signedIn ?? '' } : {}),
        ...(scope.device !== undefined ? { device: scope.device } : {}),
        ...(namespaces.length > 0 ? { namespaces } : {}),
        // The loaders' data the page's early replies already carry is named, not copied (early-refs.ts).
        state: {
          loaderData: shareEarlyReplies(context.loaderData, earlyReplies),
          actionData: context.actionData,
          errors: null,
        },
      };
      const leaf = context.matches[context.matches.length - 1];
      const failed =
        context.errors !== null ||
        (screen.hydrates !== undefined && !screen.hydrates(leaf && context.loaderData[leaf.route.id]));
      const page = <StaticRouterProvider router={router} context={context} hydrate={false} />;
      const html = new PassThrough();
      await new Promise<void>((resolve, reject) => {
        const stream = scopes.run(scope, () =>
          renderToPipeableStream(
            <StrictMode>
              <TranslationProvider i18n={i18n}>
                <ToastProvider>
                  {Providers ? <Providers loaderData={context.loaderData}>{page}</Providers> : page}
                </ToastProvider>
              </TranslationProvider>
            </StrictMode>,
            {
              // Crawlers and phones get the whole page at once: nothing on these screens suspends.
              onAllReady() {
                stream.pipe(html);
                resolve();
              },
              onShellError: reject,
              onError(error) {
                reject(error instanceof Error ? error : new Error(String(error)));
              },
            },
          ),
        );
      });
      return {
        kind: 'page',
        status: statusOf(context),
        html,
        // A page whose loader failed (or shows a failure: `hydrates`) is not hydrated: the browser
        // renders it again (its retry works, and the error is the browser's own, not a copy of the server's).
        hydration: failed ? '' : JSON.stringify(block).replace(/</g, '\\u003c'),
        modules: [appModule, screen.module],
        noStore: screen.noStore === true || screen.asDiner === true,
      };
    });
  }

  return { rendersOnServer, actsAsDiner, render };
}
