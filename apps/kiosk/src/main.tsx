import '@santap/ui/styles.css';
import './app/kiosk.css';
import { startApp } from '@santap/ui';
import { browserSession } from '@santap/web';
import { startI18n } from './lib/i18n';
import { AppProviders } from './app/providers';
import { BASENAME, routes, startRouter } from './app/router';
import { apiDevice } from './lib/api';
import { startCountry, startLanguage } from './lib/start-language';

// The service worker keeps the app shell, so a kiosk that reloads with no network still starts
// (its settings, menus and queued orders are in IndexedDB). Built apps only: Vite serves dev files.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const base = import.meta.env.BASE_URL;
  void navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => undefined);
}

const language = startLanguage();
// The server rendered this page for this kiosk (README "Server rendering": its device, language and
// country): `startApp` hydrates its HTML, the kiosk's context takes the page's data (no second
// fetch). Otherwise the page is rendered here, its data from the server or the offline cache.
await startApp({
  root: document.getElementById('root')!,
  routes,
  basename: BASENAME,
  language,
  country: startCountry(),
  session: browserSession,
  device: apiDevice()?.id,
  i18n: startI18n(language),
  router: startRouter,
  App: ({ i18n }) => <AppProviders i18n={i18n} router={startRouter()} />,
});
