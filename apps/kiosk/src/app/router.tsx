import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { serverScope } from '@santap/ui';
import { PAY_SCREEN_IDLE_SECONDS } from '../config/paths';
import { fetchData } from '../lib/kiosk-data';
import { KIOSK_ROUTE_ID } from './page-data';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** How a route treats the idle time-out (`handle.idle`): off, the kiosk's own, or a longer one (s). */
export type IdleHandle = { idle: 'off' | 'kiosk' | number };

/**
 * The kiosk's screens, each lazy-loaded (a route module exports `Component`). Mounted under the
 * app's base (`/kiosk/`), which the API server serves. In the server render (README "Server
 * rendering") the root route loads the device's settings and menus, which the kiosk's context holds
 * (`app/providers.tsx`); in the browser it has no loader: the context loads them, or takes the
 * server's (the hydration data), and keeps them for offline starts.
 */
export const routes: RouteObject[] = [
  {
    id: KIOSK_ROUTE_ID,
    Component: RootLayout,
    ...(import.meta.env.SSR ? { loader: () => fetchData(serverScope().language) } : {}),
    errorElement: <RouteError />,
    // While the first screen's code loads: an empty, busy screen (the kiosk's own spinner follows).
    hydrateFallbackElement: <main className="kiosk-screen" aria-busy="true" />,
    children: [
      {
        path: '/',
        handle: { idle: 'off' } satisfies IdleHandle,
        lazy: () => import('../features/attract/routes/attract-page'),
      },
      {
        path: '/setup',
        handle: { idle: 'off' } satisfies IdleHandle,
        lazy: () => import('../features/setup/routes/setup-page'),
      },
      {
        path: '/menu',
        handle: { idle: 'kiosk' } satisfies IdleHandle,
        lazy: () => import('../features/menu/routes/menu-page'),
      },
      {
        path: '/cart',
        handle: { idle: 'kiosk' } satisfies IdleHandle,
        lazy: () => import('../features/cart/routes/cart-page'),
      },
      {
        path: '/done/:key',
        // The screen counts down and starts over by itself.
        handle: { idle: 'off' } satisfies IdleHandle,
        lazy: () => import('../features/checkout/routes/done-page'),
      },
      {
        path: '/pay/:orderId',
        handle: { idle: PAY_SCREEN_IDLE_SECONDS } satisfies IdleHandle,
        lazy: () => import('../features/checkout/routes/pay-page'),
      },
      { path: '*', lazy: () => import('../features/attract/routes/not-found') },
    ],
  },
];

/**
 * Loads every screen's code once the kiosk is idle: a kiosk runs for days, and an order taken just
 * after the network drops must still reach its order-number screen (the service worker also has
 * them, once it is installed).
 */
export function preloadScreens() {
  for (const route of routes[0]?.children ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
  }
}

/** The kiosk's mount: Vite's base without its trailing slash (`/kiosk`), the router's basename. */
export const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';

/** A router under the kiosk's mount; it starts with the server's data when `startApp` hydrates. */
export const createRouter = () => createBrowserRouter(routes, { basename: BASENAME });

let router: ReturnType<typeof createRouter> | undefined;

/** The page's one router (main.tsx's `startApp` makes it, the providers render it). */
export function startRouter() {
  router ??= createRouter();
  return router;
}
