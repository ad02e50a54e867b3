import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { PAY_SCREEN_IDLE_SECONDS } from '../config/paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** How a route treats the idle time-out (`handle.idle`): off, the kiosk's own, or a longer one (s). */
export type IdleHandle = { idle: 'off' | 'kiosk' | number };

/**
 * The kiosk's screens, each lazy-loaded (a route module exports `Component`). Mounted under the
 * app's base (`/kiosk/`), which the API server serves.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
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

/** The router, under Vite's base without its trailing slash (`/kiosk`). */
export const createRouter = () =>
  createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') || '/' });
