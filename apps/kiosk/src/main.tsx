import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@santap/ui/styles.css';
import './app/kiosk.css';
import { startI18n } from './lib/i18n';
import { AppProviders } from './app/providers';
import { startLanguage } from './lib/start-language';

// The service worker keeps the app shell, so a kiosk that reloads with no network still starts
// (its settings, menus and queued orders are in IndexedDB). Built apps only: Vite serves dev files.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const base = import.meta.env.BASE_URL;
  void navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => undefined);
}

const i18n = await startI18n(startLanguage());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders i18n={i18n} />
  </StrictMode>,
);
