import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** The console's screens, each lazy-loaded (a route module exports `Component`), under `/staff/`. */
export const routes: RouteObject[] = [
  {
    path: '/login',
    errorElement: <RouteError />,
    lazy: () => import('../features/auth/routes/login-page'),
  },
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <main className="staff-center" aria-busy="true" />,
    children: [
      { index: true, lazy: () => import('./routes/board') },
      { path: '/accounts', lazy: () => import('../features/accounts/routes/accounts-page') },
      { path: '/ready', lazy: () => import('../features/board/routes/ready-page') },
      { path: '/counter', lazy: () => import('./routes/counter') },
      { path: '/bookings', lazy: () => import('../features/bookings/routes/bookings-page') },
      { path: '/menu', lazy: () => import('../features/menu/routes/menu-page') },
      { path: '/printers', lazy: () => import('../features/printers/routes/printers-page') },
      { path: '/audit', lazy: () => import('../features/audit/routes/audit-page') },
      { path: '*', lazy: () => import('./routes/board') },
    ],
  },
];

/** The router, under Vite's base without its trailing slash (`/staff`). */
export const createRouter = () =>
  createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') || '/' });
