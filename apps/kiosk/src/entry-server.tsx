/**
 * The server render of the kiosk's first screens (README "Server rendering"): `apps/api` loads the
 * build of this module (`dist-ssr/entry-server.js`, `vite build --ssr`) at start and calls `render`
 * for a page request of a checked device (its page cookie). Made by `createServerRender` of
 * `@santap/ui/server` (shared with the diner and the food court) from this app's route tree under its
 * mount, its first screens, its i18n and the providers that hold the kiosk's data.
 */
import { createServerRender } from '@santap/ui/server';
import { createAppI18n } from './lib/i18n';
import { KioskServerProviders } from './app/providers';
import { BASENAME, routes } from './app/router';
import { APP_MODULE, SERVER_RENDERED } from './app/server-rendered';
import { menuOrderType } from './config/paths';

export { HYDRATION_ID } from '@santap/ui/server';
export type { RenderInput, RenderResult } from '@santap/ui/server';

export const { rendersOnServer, render } = createServerRender({
  routes,
  basename: BASENAME,
  screens: SERVER_RENDERED,
  appModule: APP_MODULE,
  i18n: createAppI18n,
  Providers: KioskServerProviders,
  // The menu without an order type (a reload of the menu after 'Add more'): the browser sends the
  // customer back to the start, as before.
  inBrowser: (url) =>
    url.pathname.replace(/\/$/, '') === `${BASENAME}/menu` && menuOrderType(url.searchParams) === null,
});
