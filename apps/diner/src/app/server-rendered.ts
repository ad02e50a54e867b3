import type { ServerScreen } from '@santap/ui/server';

/**
 * The routes the server renders (`entry-server.tsx`): the first screen of a table QR, the menu; the
 * cart and the order status page, the pages a diner reloads or opens from a link. Each with its route
 * module (the server puts that module's styles into the page, with the app's own: the HTML must not
 * paint unstyled). Every other route is rendered in the browser, as before.
 *
 * The cart and the order status are one diner's (`asDiner`): rendered as that diner (their session
 * cookie goes with the render's API calls, for this request only), with the words of the `later`
 * catalogue group their routes wait for (app/router.tsx), and no cache keeps them. An order status
 * that shows a failure (an order not found, a failed call) is not hydrated: the browser renders it.
 */
export const SERVER_RENDERED: readonly ServerScreen[] = [
  { path: '/r/:name/:ot?/:pickupType?', module: 'src/features/menu/routes/menu-page.tsx' },
  {
    path: '/cart/:name/:ot?/:pickupType?',
    module: 'src/features/cart/routes/cart-page.tsx',
    asDiner: true,
    namespaces: ['later'],
  },
  {
    path: '/orderstatus/order_id/:order_id',
    module: 'src/features/orders/routes/order-status.tsx',
    asDiner: true,
    namespaces: ['later'],
    hydrates: (data) => (data as { kind?: unknown } | undefined)?.kind === 'ready',
  },
];

/** The app's entry module, whose styles every server-rendered page needs. */
export const APP_MODULE = 'src/main.tsx';
