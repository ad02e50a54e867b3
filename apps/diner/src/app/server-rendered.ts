import type { HydrationState } from 'react-router';

/** The id of the page's hydration block (a JSON data block: no script runs, no CSP hash needed). */
export const HYDRATION_ID = 'santap-hydration';

/**
 * The routes the server renders (`entry-server.tsx`): the first screen of a table QR, the menu. Each
 * with its route module (the server puts that module's styles into the page, with the app's own:
 * the HTML must not paint unstyled). Every other route is rendered in the browser, as before.
 */
export const SERVER_RENDERED: readonly { path: string; module: string }[] = [
  { path: '/r/:name/:ot?/:pickupType?', module: 'src/features/menu/routes/menu-page.tsx' },
];

/** The app's entry module, whose styles every server-rendered page needs. */
export const APP_MODULE = 'src/main.tsx';

/**
 * What the server's page tells the browser: for whom it rendered it (the browser hydrates only when
 * it would have rendered the same: same language, country and cart token) and the loaders' data.
 */
export interface HydrationBlock {
  language: string;
  country: string;
  cartToken: string;
  state: HydrationState;
}
