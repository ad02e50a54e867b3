import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import '@santap/ui/styles.css';
import { setHostMall } from './config/paths';
import { createAppI18n } from './app/i18n';
import { AppProviders, appStartLanguage } from './app/providers';
import { routesFor } from './app/router';
import { mallOfHost } from './lib/mall';

// A mall host (`mall-demo.santap.my`) shows its food court at `/`.
const hostMall = mallOfHost(window.location);
setHostMall(hostMall);
// The first page's code starts downloading now, beside the start language's catalogue.
for (const { route } of matchRoutes(routesFor(hostMall), window.location) ?? []) {
  if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
}
// The start language's catalogue is fetched before the first render (the others on a switch).
const i18n = await createAppI18n(appStartLanguage());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders i18n={i18n} />
  </StrictMode>,
);
