/**
 * The server render of the food court's first screens (README "Server rendering"): `apps/api` loads
 * the build of this module (`dist-ssr/entry-server.js`, `vite build --ssr`) at start and calls
 * `render` for a page request. Made by `createServerRender` of `@santap/ui/server` (shared with the
 * diner) from this app's route tree under `/fc/{mall}`, its first screens and its i18n.
 */
import { createServerRender } from '@santap/ui/server';
import { createAppI18n } from './app/i18n';
import { routesFor } from './app/router';
import { APP_MODULE, SERVER_RENDERED } from './app/server-rendered';

export { HYDRATION_ID } from '@santap/ui/server';
export type { RenderInput, RenderResult } from '@santap/ui/server';

export const { rendersOnServer, render } = createServerRender({
  // The public host's tree: a mall host's pages (at its root) are rendered in the browser.
  routes: routesFor(undefined),
  screens: SERVER_RENDERED,
  appModule: APP_MODULE,
  i18n: createAppI18n,
  // A table QR's first visit: its table check sets the table's ticket cookie, which only the
  // browser's own call brings to the browser.
  inBrowser: (url) => url.searchParams.has('tid'),
});
