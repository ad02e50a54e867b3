/**
 * The server render of the diner's first screens (README "Server rendering"): `apps/api` loads the
 * build of this module (`dist-ssr/entry-server.js`, `vite build --ssr`) at start and calls `render`
 * for a page request. The same route tree and loaders as the browser's, run by react-router's static
 * handler with the API in-process and the page's early replies; the HTML is React's stream, and the
 * loaders' data goes into the page (`HYDRATION_ID`) for `main.tsx` to hydrate with, so the browser
 * neither fetches the data again nor renders anything else than what the server sent.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
} from 'react-router';
import type { StaticHandlerContext } from 'react-router';
import { ToastProvider } from '@santap/ui';
import { createAppI18n } from './app/i18n';
import { routes } from './app/router';
import { APP_MODULE, SERVER_RENDERED } from './app/server-rendered';
import type { HydrationBlock } from './app/server-rendered';
import { setServerScopeReader } from './lib/server-scope';
import type { ServerScope } from './lib/server-scope';

export { HYDRATION_ID } from './app/server-rendered';

const scopes = new AsyncLocalStorage<ServerScope>();
setServerScopeReader(() => scopes.getStore());

const handler = createStaticHandler(routes);

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
   * The page: its status (a loader's 404, a failed menu's 503), the HTML of the app's root as a
   * stream, the hydration block (JSON, '<' escaped) for the end of the body, and the source modules
   * whose styles the page needs (keys of the build's Vite manifest).
   */
  | { kind: 'page'; status: number; html: Readable; hydration: string; modules: string[] };

/** The server-rendered first screen of this page, if it is one. */
function screenOf(pathname: string) {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.[matches.length - 1]?.route.path;
  return SERVER_RENDERED.find((screen) => screen.path === leaf);
}

/** Is this page one of the server-rendered first screens? */
export function rendersOnServer(pathname: string): boolean {
  return screenOf(pathname) !== undefined;
}

/**
 * Is it one of a diner's own pages (`asDiner`: the cart, the order status), rendered as that diner?
 * Only for these does the API give the render the session (its in-process fetch carries the cookie).
 */
export function actsAsDiner(pathname: string): boolean {
  return screenOf(pathname)?.asDiner === true;
}

/** The HTTP status of a page whose loader failed: a 4xx as it came, else 503 (try again later). */
function statusOf(context: StaticHandlerContext): number {
  const error = Object.values(context.errors ?? {})[0];
  if (error === undefined) return context.statusCode;
  if (isRouteErrorResponse(error)) return error.status;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 503;
}

/**
 * Renders one page request, or says it is not a server-rendered page. Throws when the render fails
 * (the API then logs it and serves index.html: the browser renders the page as before).
 */
export async function render(input: RenderInput): Promise<RenderResult> {
  const { url, signedIn, ...guest } = input;
  const screen = screenOf(new URL(url).pathname);
  if (!screen) return { kind: 'none' };
  // A login state only on a diner's own pages; every other page is a guest's.
  const scope: ServerScope = screen.asDiner ? { ...guest, signedIn } : guest;
  // The words of the routes that wait for the `later` group (app/router.tsx), on this request's own
  // instance: the browser loads the same before it hydrates (`namespaces`).
  const namespaces = screen.asDiner ? ['later'] : [];
  return scopes.run(scope, async () => {
    const request = new Request(url, { headers: { accept: 'text/html' } });
    const [context, i18n] = await Promise.all([
      handler.query(request),
      createAppI18n(scope.language).then(async (made) => {
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
      cartToken: scope.cartToken,
      ...(screen.asDiner ? { signedIn: scope.signedIn ?? '' } : {}),
      ...(namespaces.length > 0 ? { namespaces } : {}),
      state: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    };
    const failed =
      context.errors !== null ||
      (screen.hydrates !== undefined &&
        screen.id !== undefined &&
        !screen.hydrates(context.loaderData[screen.id]));
    const html = new PassThrough();
    await new Promise<void>((resolve, reject) => {
      const stream = scopes.run(scope, () =>
        renderToPipeableStream(
          <StrictMode>
            <I18nextProvider i18n={i18n}>
              <ToastProvider>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </ToastProvider>
            </I18nextProvider>
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
      modules: [APP_MODULE, screen.module],
    };
  });
}
