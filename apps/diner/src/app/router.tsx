import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { StartFallback } from './start-fallback';

/**
 * Every route of spec §2, each lazy-loaded: a route module exports `Component` (and may export
 * `loader`). Legacy entry links (`set_restaurant_qr.php`, `menu.php`, `/index.php*`) are resolved by
 * the server, which holds the dynamic-QR keys; `/index.php*` is also redirected here for old bookmarks.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: StartFallback,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: () => import('../features/landing/routes/root-redirect') },
      { path: '/index.php/*', lazy: () => import('../features/landing/routes/index-php') },
      { path: '/home', lazy: () => import('../features/landing/routes/home') },
      { path: '/r/:name/:ot?/:pickupType?', lazy: () => import('../features/menu/routes/menu-page') },
      { path: '/cart/:name/:ot?/:pickupType?', lazy: () => import('../features/cart/routes/cart-page') },
      {
        path: '/payments/:order_id?/:price?/:orderIds?/:payment_id?',
        lazy: () => import('../features/payments/routes/payments-page'),
      },
      { path: '/payment-success', lazy: () => import('../features/payments/routes/payment-success') },
      { path: '/payment/response', lazy: () => import('../features/payments/routes/payment-response') },
      { path: '/login', lazy: () => import('../features/auth/routes/login') },
      { path: '/signup', lazy: () => import('../features/auth/routes/signup') },
      {
        path: '/orderstatus/order_id/:order_id',
        lazy: () => import('../features/orders/routes/order-status'),
      },
      {
        path: '/orderSummary/order_id/:order_id',
        lazy: () => import('../features/orders/routes/order-summary'),
      },
      { path: '/review/order_id/:order_id', lazy: () => import('../features/reviews/routes/review-page') },
      { path: '/profileHome', lazy: () => import('../features/account/routes/profile-home') },
      { path: '/user', lazy: () => import('../features/account/routes/user-profile') },
      { path: '/newLoyalty', lazy: () => import('../features/account/routes/loyalty') },
      { path: '/orderHistory', lazy: () => import('../features/account/routes/order-history') },
      { path: '/einvoiceform/:order_id', lazy: () => import('../features/account/routes/einvoice-form') },
      { path: '/table-bookings', lazy: () => import('../features/bookings/routes/bookings-list') },
      {
        path: '/table-booking/:reservation_id',
        lazy: () => import('../features/bookings/routes/booking-detail'),
      },
      { path: '/reservation', lazy: () => import('../features/bookings/routes/reservation-payment') },
      { path: '/qr', lazy: () => import('../features/qr/routes/scan') },
      { path: '/qrError', lazy: () => import('../features/qr/routes/qr-error') },
      { path: '/privacy-policy', lazy: () => import('../features/legal/routes/privacy-policy') },
      { path: '/return-refund', lazy: () => import('../features/legal/routes/return-refund') },
      { path: '/terms-condition', lazy: () => import('../features/legal/routes/terms-condition') },
      { path: '*', lazy: () => import('../features/landing/routes/not-found') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
