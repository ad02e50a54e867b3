import type { HydrationState } from 'react-router';

/** The id of the page's hydration block (a JSON data block: no script runs, no CSP hash needed). */
export const HYDRATION_ID = 'santap-hydration';

/** A route the server renders (`entry-server.tsx`). */
export interface ServerRenderedScreen {
  /** The route's path in `app/router.tsx`. */
  path: string;
  /** Its route module: the server puts that module's styles into the page, with the app's own. */
  module: string;
  /**
   * The page is one diner's (their cart, their order): the server renders it as that diner (their
   * session cookie goes with the render's API calls, for this request only), with the words of the
   * `later` catalogue group its route waits for, and no shared cache may keep it.
   */
  asDiner?: true;
  /** Its route id (`app/router.tsx`), where its loader's data is in the hydration state. */
  id?: string;
  /**
   * Is the server's render of this data one the browser hydrates? A page that shows a failure (an
   * order not found, a failed call) is rendered again in the browser, whose retry is its own.
   */
  hydrates?: (data: unknown) => boolean;
}

/**
 * The routes the server renders (`entry-server.tsx`): the first screen of a table QR, the menu; the
 * cart and the order status page, the pages a diner reloads or opens from a link. Every other route
 * is rendered in the browser, as before.
 */
export const SERVER_RENDERED: readonly ServerRenderedScreen[] = [
  { path: '/r/:name/:ot?/:pickupType?', module: 'src/features/menu/routes/menu-page.tsx' },
  {
    path: '/cart/:name/:ot?/:pickupType?',
    module: 'src/features/cart/routes/cart-page.tsx',
    asDiner: true,
    id: 'cart',
  },
  {
    path: '/orderstatus/order_id/:order_id',
    module: 'src/features/orders/routes/order-status.tsx',
    asDiner: true,
    id: 'order-status',
    hydrates: (data) => (data as { kind?: unknown } | undefined)?.kind === 'ready',
  },
];

/** The app's entry module, whose styles every server-rendered page needs. */
export const APP_MODULE = 'src/main.tsx';

/**
 * What the server's page tells the browser: for whom it rendered it (the browser hydrates only when
 * it would have rendered the same: same language, country, cart token and, for a diner's page, the
 * same login state), the catalogue groups its words came from, and the loaders' data.
 */
export interface HydrationBlock {
  language: string;
  country: string;
  cartToken: string;
  /** A diner's page (`asDiner`): the `signed_in` state it was rendered for ('' for none). */
  signedIn?: string;
  /** Catalogue groups beyond the start one that the render used (`later`). */
  namespaces?: string[];
  state: HydrationState;
}
