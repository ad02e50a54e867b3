import { santapApp } from '@santap/vite-config';

// The API serves the built app at `/` (`pnpm start`); in development Vite proxies the API.
// The first screen's words only (README: Speed and size): the food-court and kiosk screens' words
// are not the diner's, nor the staff console's printing words; the account, sign-in and payment
// words come after the menu has rendered.
export default santapApp({
  base: '/',
  port: 5173,
  catalogueLeaveOut: ['fc.', 'kiosk.', 'printers.'],
  // The order tracker's words (order status page only) and the table tab's stay off the first screen too.
  catalogueLater: ['account.', 'auth.', 'pay.', 'order.tracker.', 'tab.'],
  // The app's code and, on a menu link (the QR's landing page), the menu's, fetched beside each other.
  preload: {
    always: ['src/main.tsx'],
    routes: [{ path: '/r/', modules: ['src/features/menu/routes/menu-page.tsx'] }],
  },
  // The other pages the server renders: their code is compiled while it downloads (not preloaded).
  compileHints: ['src/features/cart/routes/cart-page.tsx', 'src/features/orders/routes/order-status.tsx'],
});
