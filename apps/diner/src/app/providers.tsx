import type { i18n as I18n } from 'i18next';
import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { AppRoot } from '@santap/ui';
import { applyHtmlLang, startLanguage as startLanguageIn, useLanguageReload } from '@santap/web';
import { setApiLanguage } from '../lib/api';
import { forgetRestaurants } from '../lib/restaurant';
import { country } from '../lib/session';
import { createRouter } from './router';

type AppRouter = ReturnType<typeof createRouter>;

/**
 * The start-up language: `?language=` (the login redirect and shared links carry it) wins over the
 * language cookie and the browser's languages (`startLanguage` of `@santap/web`).
 */
export const startLanguage = (): SupportedLanguage => startLanguageIn(country());

function applyLanguage(language: SupportedLanguage) {
  applyHtmlLang(language);
  setApiLanguage(language);
}

let router: AppRouter | undefined;
let routerLanguage: SupportedLanguage | undefined;

/**
 * The page's one router, made with the API already speaking `language`: making it starts the first
 * route's loaders. main.tsx calls this before the start catalogue has loaded, so the menu's data and
 * its words download together instead of one after the other.
 */
export function startRouter(language: SupportedLanguage): AppRouter {
  if (!router) {
    applyLanguage(language);
    routerLanguage = language;
    router = createRouter();
  }
  return router;
}

/**
 * The router and the i18n instance main.tsx made. Should the instance have started in another
 * language than the router's data (it never does today), the data follows the words.
 */
function appInstance(i18n: I18n) {
  const language = isSupportedLanguage(i18n.language) ? i18n.language : startLanguage();
  const started = router !== undefined;
  const appRouter = startRouter(language);
  if (started && routerLanguage !== language) {
    applyLanguage(language);
    routerLanguage = language;
    forgetRestaurants();
    void appRouter.revalidate();
  }
  return { i18n, router: appRouter };
}

/**
 * The app: i18n (`<html lang>` follows the language, `my` -> `ms`; the API's accept-language too),
 * toasts, and the router of every lazy route. A language change is remembered in the language cookie
 * (10 minutes) and reloads the current route's data, whose names come in the diner's language.
 */
export function AppProviders({ i18n: started }: { i18n: I18n }) {
  const { i18n, router } = appInstance(started);
  useLanguageReload(i18n, router, (language) => {
    setApiLanguage(language);
    forgetRestaurants();
  });
  return <AppRoot i18n={i18n} router={router} />;
}
