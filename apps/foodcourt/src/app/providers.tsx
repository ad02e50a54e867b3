import type { i18n as I18n } from 'i18next';
import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { AppRoot } from '@santap/ui';
import { applyHtmlLang, startLanguage, useLanguageReload } from '@santap/web';
import { country, setApiLanguage } from '../lib/api';
import { forgetMalls } from '../lib/mall';
import { createRouter } from './router';

/** The start-up language: `?language=`, else the language cookie, else the browser's. */
export const appStartLanguage = () => startLanguage(country());

type AppRouter = ReturnType<typeof createRouter>;

let router: AppRouter | undefined;

/**
 * The page's one router, made with the API already speaking `language`: making it starts the first
 * route's loaders (unless the page is hydrated with the server's data). main.tsx calls this before the
 * start catalogue has loaded, so the page's data and its words download together.
 */
export function startRouter(language: SupportedLanguage): AppRouter {
  if (!router) {
    applyHtmlLang(language);
    setApiLanguage(language);
    router = createRouter();
  }
  return router;
}

/** One router for the page, in the language of the i18n instance main.tsx made. */
function appInstance(i18n: I18n) {
  const language = isSupportedLanguage(i18n.language) ? i18n.language : appStartLanguage();
  return { i18n, router: startRouter(language) };
}

/**
 * The app: i18n (`<html lang>` follows the language, `my` -> `ms`; the API's accept-language too),
 * toasts, the router, and the reload prompt when a page's code hangs for 120 s. A language change is
 * remembered in the language cookie (10 minutes) and reloads the page's data (names are translated).
 */
export function AppProviders({ i18n: started }: { i18n: I18n }) {
  const { i18n, router } = appInstance(started);
  useLanguageReload(i18n, router, (language) => {
    setApiLanguage(language);
    forgetMalls();
  });
  return <AppRoot i18n={i18n} router={router} />;
}
