import type { ServerScreen } from '@santap/ui/server';

/**
 * The routes the server renders (`entry-server.tsx`): the first screen of a table QR, the menu. Each
 * with its route module (the server puts that module's styles into the page, with the app's own:
 * the HTML must not paint unstyled). Every other route is rendered in the browser, as before.
 */
export const SERVER_RENDERED: readonly ServerScreen[] = [
  { path: '/r/:name/:ot?/:pickupType?', module: 'src/features/menu/routes/menu-page.tsx' },
];

/** The app's entry module, whose styles every server-rendered page needs. */
export const APP_MODULE = 'src/main.tsx';
