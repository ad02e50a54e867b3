import { startApp } from '@santap/ui';
import { browserSession } from '@santap/web';
import '@santap/ui/styles.css';
import { setHostMall } from './config/paths';
import { createAppI18n } from './app/i18n';
import { AppProviders, appStartLanguage, startRouter } from './app/providers';
import { appRoutes } from './app/router';
import { country } from './lib/api';
import { mallOfHost } from './lib/mall';

// A mall host (`mall-demo.santap.my`) shows its food court at `/`.
setHostMall(mallOfHost(window.location));
const language = appStartLanguage();
// The server rendered this page for this browser (README "Server rendering"): `startApp` hydrates its
// HTML with the loaders' data it came with, no loader runs again. Otherwise the page is rendered here;
// the first page's code and data start downloading beside the start language's catalogue.
await startApp({
  root: document.getElementById('root')!,
  routes: appRoutes(),
  language,
  country: country(),
  session: browserSession,
  i18n: createAppI18n(language),
  router: () => startRouter(language),
  App: AppProviders,
});
