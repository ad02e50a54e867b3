import { startApp } from '@santap/ui';
import { browserSession } from '@santap/web';
import '@santap/ui/styles.css';
// The app's own styles, here with the entry's: one stylesheet for the first screen, not two.
import './app/app.css';
import { createAppI18n } from './app/i18n';
import { AppProviders, startLanguage, startRouter } from './app/providers';
import { routes } from './app/router';
import { dropEarlyReplies, pageEarlyReplies } from './lib/api';
import { country } from './lib/session';

const language = startLanguage();
// The server rendered this page for this browser (README "Server rendering"): `startApp` hydrates its
// HTML with the loaders' data it came with, no loader runs again. Otherwise the page is rendered here;
// the router starts the page's loaders while the start language's catalogue loads.
await startApp({
  root: document.getElementById('root')!,
  routes,
  language,
  country: country(),
  session: browserSession,
  i18n: createAppI18n(language),
  router: () => startRouter(language),
  App: AppProviders,
  // What loads again after hydration takes what it can from the page's early replies; then they are
  // forgotten (a later call must not get the page's old cart).
  hydrated: dropEarlyReplies,
  earlyReplies: () => pageEarlyReplies()?.replies,
});
