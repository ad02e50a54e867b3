import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import '@santap/ui/styles.css';
// The app's own styles, here with the entry's: one stylesheet for the first screen, not two.
import './app/app.css';
import { createAppI18n } from './app/i18n';
import { AppProviders, startLanguage, startRouter } from './app/providers';
import { routes } from './app/router';

// The first page's code starts downloading now, beside the start language's catalogue, instead of
// after it: the router asks for the same modules once it exists, and gets them from this fetch.
for (const { route } of matchRoutes(routes, window.location) ?? []) {
  if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
}

// The start language's catalogue is fetched before the first render (the others on a switch); the
// router starts the page's loaders meanwhile, so the data does not wait for the words.
const language = startLanguage();
const starting = createAppI18n(language);
startRouter(language);
const i18n = await starting;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders i18n={i18n} />
  </StrictMode>,
);
