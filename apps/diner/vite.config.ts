import { santapApp } from '@santap/vite-config';

// The API serves the built app at `/` (`pnpm start`); in development Vite proxies the API.
// The first screen's words only (README: Speed and size): the food-court, kiosk and staff console's
// words are not the diner's (the build fails if one of its chunks names such a key); the account,
// sign-in and payment words come after the menu has rendered (`later`), the table tab's with its
// screens (`tab`).
export default santapApp({
  base: '/',
  port: 5173,
  catalogueLeaveOut: ['fc.', 'kiosk.', 'printers.', 'staff.'],
  catalogueGroups: {
    // Every route but the menu waits for these (src/app/router.tsx); the order tracker's words are the
    // order status page's only. `tab.link.`: the order status and payment pages' links to the tab.
    later: ['account.', 'auth.', 'pay.', 'order.tracker.', 'tab.link.'],
    // The table tab's screens and the menu's join banner (a key goes to its longest prefix's group):
    // the cart and order status, which wait for `later`, do not download them.
    tab: ['tab.'],
  },
  // The app's code and, on a menu link (the QR's landing page), the menu's, fetched beside each other.
  preload: {
    always: ['src/main.tsx'],
    routes: [{ path: '/r/', modules: ['src/features/menu/routes/menu-page.tsx'] }],
  },
  // The other pages the server renders: their code is compiled while it downloads (not preloaded).
  compileHints: ['src/features/cart/routes/cart-page.tsx', 'src/features/orders/routes/order-status.tsx'],
});
