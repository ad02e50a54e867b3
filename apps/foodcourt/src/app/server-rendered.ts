import type { ServerScreen } from '@santap/ui/server';

/**
 * The routes the server renders (`entry-server.tsx`; README "Server rendering"): a food court's
 * outlets, an outlet's menu and the one cart, under `/fc/{mall}`. Each with its route module (the
 * server puts that module's styles into the page, with the app's own: the HTML must not paint
 * unstyled). The cart is one diner's: its page is never stored (`noStore`). Every other route, and
 * every page of a mall host, is rendered in the browser as before.
 */
export const SERVER_RENDERED: readonly ServerScreen[] = [
  { path: '/fc/:mall', module: 'src/features/outlets/routes/mall-page.tsx' },
  { path: '/fc/:mall/r/:outlet', module: 'src/features/menu/routes/outlet-page.tsx' },
  { path: '/fc/:mall/cart', module: 'src/features/cart/routes/cart-page.tsx', noStore: true },
];

/** The app's entry module, whose styles every server-rendered page needs. */
export const APP_MODULE = 'src/main.tsx';
