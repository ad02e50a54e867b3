import type { ServerScreen } from '@santap/ui/server';

/**
 * The kiosk's screens the server renders (`entry-server.tsx`; README "Server rendering"): the attract
 * screen and the menu, for the device whose page cookie the API checked, with its settings and menus
 * in its own language. Never stored (`noStore`): a page holds one device's data. Every other screen
 * is rendered in the browser, as before.
 */
export const SERVER_RENDERED: readonly ServerScreen[] = [
  { path: '/', module: 'src/features/attract/routes/attract-page.tsx', noStore: true },
  { path: '/menu', module: 'src/features/menu/routes/menu-page.tsx', noStore: true },
];

/** The app's entry module, whose styles every server-rendered page needs. */
export const APP_MODULE = 'src/main.tsx';
