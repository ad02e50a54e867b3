import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { hostMallName } from '../config/paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * The pages of one food court under `prefix` (`/fc/:mall`, or '' on the mall's own host), each
 * lazy-loaded: a route module exports `Component` and may export `loader`.
 */
function mallPages(prefix: string): RouteObject[] {
  return [
    { path: prefix || '/', lazy: () => import('../features/outlets/routes/mall-page') },
    { path: `${prefix}/r/:outlet`, lazy: () => import('../features/menu/routes/outlet-page') },
    { path: `${prefix}/cart`, lazy: () => import('../features/cart/routes/cart-page') },
    { path: `${prefix}/pay/:fcOrderId`, lazy: () => import('../features/payments/routes/pay-page') },
    {
      path: `${prefix}/payment/response`,
      lazy: () => import('../features/payments/routes/payment-response'),
    },
    { path: `${prefix}/order/:fcOrderId`, lazy: () => import('../features/orders/routes/fc-order-page') },
    {
      path: `${prefix}/order/:fcOrderId/:orderId`,
      lazy: () => import('../features/orders/routes/outlet-order-page'),
    },
  ];
}

/**
 * Every route of the food-court app: `/fc/{mall}/…` always (the payment gateway returns to
 * `/fc/{mall}/payment/response`), and the same pages at the root of a mall host.
 */
export function routesFor(hostMall: string | undefined): RouteObject[] {
  return [
    {
      Component: RootLayout,
      errorElement: <RouteError />,
      children: [
        ...mallPages('/fc/:mall'),
        ...(hostMall ? mallPages('') : []),
        { path: '*', lazy: () => import('./not-found') },
      ],
    },
  ];
}

let pageRoutes: RouteObject[] | undefined;

/**
 * The page's route tree, made once for this host: the router is made of these very objects, and a
 * server-rendered page resolves its lazy routes in them before hydrating (`startApp` of @santap/ui).
 */
export function appRoutes(): RouteObject[] {
  pageRoutes ??= routesFor(hostMallName());
  return pageRoutes;
}

export const createRouter = () => createBrowserRouter(appRoutes());
