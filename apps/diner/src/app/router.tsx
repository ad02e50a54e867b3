import { createBrowserRouter, redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { withCatalogueGroup } from '@santap/web';
import { paths } from '../config/paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { StartFallback } from './start-fallback';

/**
 * A route module with the words no first screen shows (the `later` catalogue group, vite.config.ts):
 * every route but the menu, the first screen of a table QR, waits for them; the menu loads them in
 * the background once it has rendered (root-layout.tsx).
 */
const later = <T,>(load: () => Promise<T>) => withCatalogueGroup('later', load);
/** A table tab's screen: the `later` words (payment methods) and the tab's own (`tab` group). */
const tab = <T,>(load: () => Promise<T>) => withCatalogueGroup(['later', 'tab'], load);

/**
 * Every route of spec §2, each lazy-loaded: a route module exports `Component` (and may export
 * `loader`). Legacy entry links (`set_restaurant_qr.php`, `menu.php`, `/index.php*`) are resolved by
 * the server, which holds the dynamic-QR keys; `/index.php*` is also redirected here for old bookmarks.
 */
/**
 * Old `/index.php*` bookmarks go home (spec §2): `/index.php` and every path that starts with it
 * (`/index.php/x`, `/index.phpx`), the rule of `isLegacyPath` of @santap/qr that the server follows
 * too (router.test.tsx checks the two agree). Checked in the catch-all route, since a route path cannot
 * match part of a segment; the server redirects these before the app loads, this covers in-app links.
 */
export function indexPhpToHome({ request }: LoaderFunctionArgs) {
  return new URL(request.url).pathname.startsWith('/index.php') ? redirect(paths.home()) : null;
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: StartFallback,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: later(() => import('../features/landing/routes/root-redirect')) },
      { path: '/home', lazy: later(() => import('../features/landing/routes/home')) },
      { path: '/r/:name/:ot?/:pickupType?', lazy: () => import('../features/menu/routes/menu-page') },
      {
        // Route ids of the server-rendered pages (app/server-rendered.ts): their data's key.
        id: 'cart',
        path: '/cart/:name/:ot?/:pickupType?',
        lazy: later(() => import('../features/cart/routes/cart-page')),
      },
      {
        path: '/payments/:order_id?/:price?/:orderIds?/:payment_id?',
        lazy: later(() => import('../features/payments/routes/payments-page')),
      },
      { path: '/payment-success', lazy: later(() => import('../features/payments/routes/payment-success')) },
      {
        path: '/payment/response',
        lazy: later(() => import('../features/payments/routes/payment-response')),
      },
      { path: '/login', lazy: later(() => import('../features/auth/routes/login')) },
      { path: '/signup', lazy: later(() => import('../features/auth/routes/signup')) },
      {
        id: 'order-status',
        path: '/orderstatus/order_id/:order_id',
        lazy: later(() => import('../features/orders/routes/order-status')),
      },
      {
        path: '/orderSummary/order_id/:order_id',
        lazy: later(() => import('../features/orders/routes/order-summary')),
      },
      {
        path: '/review/order_id/:order_id',
        lazy: later(() => import('../features/reviews/routes/review-page')),
      },
      { path: '/profileHome', lazy: later(() => import('../features/account/routes/profile-home')) },
      { path: '/user', lazy: later(() => import('../features/account/routes/user-profile')) },
      { path: '/newLoyalty', lazy: later(() => import('../features/account/routes/loyalty')) },
      { path: '/orderHistory', lazy: later(() => import('../features/account/routes/order-history')) },
      {
        path: '/einvoiceform/:order_id',
        lazy: later(() => import('../features/account/routes/einvoice-form')),
      },
      {
        // A paid share's e-invoice (apps/api docs/tabs.md, 'Receipts and e-invoices per share'): tab words.
        path: '/einvoiceform/tab/:tabId/share/:shareId',
        lazy: withCatalogueGroup(['later', 'tab'], () => import('../features/account/routes/einvoice-form')),
      },
      { path: '/table-bookings', lazy: later(() => import('../features/bookings/routes/bookings-list')) },
      {
        path: '/table-booking/:reservation_id',
        lazy: later(() => import('../features/bookings/routes/booking-detail')),
      },
      { path: '/reservation', lazy: later(() => import('../features/bookings/routes/reservation-payment')) },
      // A table's tab (apps/api docs/tabs.md): the tab, its pay choices, a paid share's receipt.
      { path: '/tab/:tabId', lazy: tab(() => import('../features/tab/routes/tab-page')) },
      { path: '/tab/order/:order_id', lazy: tab(() => import('../features/tab/routes/tab-page')) },
      { path: '/tab/:tabId/pay', lazy: tab(() => import('../features/tab/routes/pay-page')) },
      {
        path: '/tab/:tabId/receipt/:shareId',
        lazy: tab(() => import('../features/tab/routes/receipt-page')),
      },
      { path: '/qr', lazy: later(() => import('../features/qr/routes/scan')) },
      { path: '/changeTable/:order_id', lazy: later(() => import('../features/orders/routes/change-table')) },
      { path: '/qrError', lazy: later(() => import('../features/qr/routes/qr-error')) },
      { path: '/privacy-policy', lazy: later(() => import('../features/legal/routes/privacy-policy')) },
      { path: '/return-refund', lazy: later(() => import('../features/legal/routes/return-refund')) },
      { path: '/terms-condition', lazy: later(() => import('../features/legal/routes/terms-condition')) },
      {
        path: '*',
        loader: indexPhpToHome,
        lazy: later(() => import('../features/landing/routes/not-found')),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
