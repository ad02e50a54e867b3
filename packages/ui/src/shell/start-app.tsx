import { StrictMode, startTransition } from 'react';
import type { ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { dropServerPage, hydratesHere, serverPage, whenHydrated } from './hydration';
import type { HydratedModule, HydratedRouter, HydrationSession } from './hydration';
import type { EarlyReplyRecord } from './early-refs';

/**
 * Sent on `window` once React has taken over the server's page (`hydrateRoot`): the page's starter
 * (`AFTER_PAINT_STARTER` of @santap/vite-config, whose test checks the same name) then taps again the
 * button tapped before, and holds no more taps.
 */
export const HYDRATING_EVENT = 'santap:hydrating';

export interface StartAppOptions {
  /** The app's root element (`#root`), holding the server's HTML when the server rendered the page. */
  root: HTMLElement;
  /** The app's route tree, the very objects its router is made of (a hydrated page's lazy routes are resolved in place). */
  routes: RouteObject[];
  /** The router's basename when the routes are relative to the app's mount (the kiosk's `/kiosk`). */
  basename?: string;
  /** The page's start language and country: the server's page is hydrated only when made for them. */
  language: string;
  country: string;
  /** The browser's cart token and login marker (`browserSession` of `@santap/web`). */
  session: HydrationSession;
  /** A kiosk: the device this browser is registered as (a page rendered for another is not hydrated). */
  device?: string | undefined;
  /** The start language's i18n instance, loading. */
  i18n: Promise<I18n>;
  /** Makes (once) the page's router: making it starts the first route's loaders, unless hydrated. */
  router: () => HydratedRouter;
  /** The app's providers and router (rendered in StrictMode). */
  App: ComponentType<{ i18n: I18n }>;
  /**
   * The `replies` of the page's early replies block, read by the app's API set-up (the diner's): the
   * hydration block names the data they carry instead of copying it (early-refs.ts).
   */
  earlyReplies?: () => EarlyReplyRecord | undefined;
  /** After hydration, once nothing loads again (the diner drops its page's early replies). */
  hydrated?: () => void;
}

/**
 * Starts an app in the browser (README "Server rendering" of apps/diner and apps/foodcourt). The
 * server rendered this page for this browser (`serverPage`): its HTML is hydrated with the loaders'
 * data it came with, no loader runs again, and each route module's `beforeHydration` and
 * `afterHydration` settle what only the browser knows. Otherwise (or should the page's code fail to load) the page is rendered here,
 * the router running its loaders while the words load. The first page's route modules start
 * downloading at once either way, beside the start language's catalogue.
 */
export async function startApp(options: StartAppOptions): Promise<void> {
  const { root, routes, App } = options;
  const tree = (i18n: I18n) => (
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>
  );
  const server = serverPage(
    options.language,
    options.country,
    options.session,
    options.device,
    options.earlyReplies,
  );
  const lazyMatches = (matchRoutes(routes, window.location, options.basename) ?? []).filter(
    ({ route }) => typeof route.lazy === 'function',
  );
  const loaded = new Map<string | undefined, HydratedModule>();
  const modules = Promise.all(
    lazyMatches.map(async ({ route }) => {
      const module = (await (route.lazy as () => Promise<object>)()) as HydratedModule;
      loaded.set(route.path, module);
      // A hydrated page needs its route modules in place before the router is made (it renders at once).
      if (server) Object.assign(route, { ...module, lazy: undefined });
    }),
  );
  if (!server) void modules.catch(() => undefined);

  async function renderHere() {
    dropServerPage();
    options.router();
    const i18n = await options.i18n;
    createRoot(root).render(tree(i18n));
    // The server's page (and any tap held on it) is gone: the page's starter stops holding taps.
    window.dispatchEvent(new Event(HYDRATING_EVENT));
  }

  if (!server) return renderHere();
  return Promise.all([options.i18n, modules]).then(async ([i18n]) => {
    // The words the server rendered with (a diner's page waits for the `later` group), before React
    // compares its render with the server's (the route modules were resolved before the instance
    // existed, so their own load of the group had nothing to load into).
    if (server.namespaces?.length) await i18n.loadNamespaces(server.namespaces);
    // A page whose browser keeps what the server could not see is rendered here (`beforeHydration`).
    if (!hydratesHere(server, lazyMatches, loaded)) return renderHere();
    const router = options.router();
    // Hydrated as a transition: React then hydrates in slices of a few milliseconds, yielding to the
    // browser between them (one long task on a slow phone otherwise, the page frozen meanwhile). A tap
    // before it is done makes React finish at once and replays the tap.
    startTransition(() => {
      hydrateRoot(root, tree(i18n), {
        onRecoverableError(error) {
          // A mismatch React recovered from by rendering here: logged, never silent.
          console.error('hydration', error);
        },
      });
    });
    // React now handles the page's taps (a tap held by the page's starter is replayed:
    // `AFTER_PAINT_STARTER` of @santap/vite-config).
    window.dispatchEvent(new Event(HYDRATING_EVENT));
    whenHydrated(router, loaded, options.hydrated);
  }, renderHere);
}
