/**
 * The server render of the diner's first screens (README "Server rendering"): `apps/api` loads the
 * build of this module (`dist-ssr/entry-server.js`, `vite build --ssr`) at start and calls `render`
 * for a page request. Made by `createServerRender` of `@santap/ui/server` (shared with the food court)
 * from this app's route tree, its first screens and its i18n.
 */
import { createServerRender } from '@santap/ui/server';
import { createAppI18n } from './app/i18n';
import { routes } from './app/router';
import { APP_MODULE, SERVER_RENDERED } from './app/server-rendered';

export { HYDRATION_ID } from '@santap/ui/server';
export type { RenderInput, RenderResult } from '@santap/ui/server';

export const { rendersOnServer, actsAsDiner, render } = createServerRender({
  routes,
  screens: SERVER_RENDERED,
  appModule: APP_MODULE,
  i18n: createAppI18n,
});
