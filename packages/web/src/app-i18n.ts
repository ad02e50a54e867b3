import i18next from 'i18next';
import type { BackendModule, i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions, isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';

type Words = Readonly<Record<string, string>>;

/** Loads one language's words: an app passes `() => import('virtual:santap-catalogue/en')`. */
export type CatalogueLoader = () => Promise<{ default: Words }>;

/**
 * Where an app's words come from: one chunk per language (`translation`, `virtual:santap-catalogue/<lang>`
 * of `@santap/vite-config`) and, optionally, the legal pages' text (`legal`, `…/<lang>/legal`) and
 * each deferred group of words no first screen shows (`…/<lang>/<group>`: the app's `catalogueGroups`,
 * e.g. the diner's `later` and `tab`). The loaders are the app's, because only an app's build
 * resolves the virtual modules.
 */
export interface AppCatalogues {
  translation: Record<SupportedLanguage, CatalogueLoader>;
  legal?: Record<SupportedLanguage, CatalogueLoader>;
  later?: Record<SupportedLanguage, CatalogueLoader>;
  [group: string]: Record<SupportedLanguage, CatalogueLoader> | undefined;
}

/** A catalogue group fetched after the start (`legal`, `later`, `tab`, …): its own i18next namespace. */
export type CatalogueGroup = string;

let current: I18n | undefined;
/** The instance `createCatalogueI18n` is making, for group loads asked for before it is ready. */
let starting: Promise<I18n> | undefined;

/** Registers the app's i18n instance (`createCatalogueI18n` does), or clears it (tests). */
export function setAppI18n(instance: I18n | undefined) {
  current = instance;
  if (!instance) starting = undefined;
}

/**
 * Loads catalogue groups before a route renders: each group is its own i18next namespace, fetched
 * once (and again on a language change); several are fetched side by side. `legal` is loaded by the
 * legal pages; the diner's `later` by every route but the first screens, and in the background once
 * a first screen has rendered; its `tab` by the table tab's screens. A route may ask before the app's
 * instance is ready (the router starts beside the start catalogue): the load then waits for it.
 * Without an app instance (tests render with the whole catalogue) there is nothing to load.
 */
export async function loadCatalogueGroup(group: CatalogueGroup | readonly CatalogueGroup[]): Promise<null> {
  const instance = current ?? (await starting?.catch(() => undefined));
  if (instance) await instance.loadNamespaces(group as string | string[]);
  return null;
}

/**
 * A loader (a route's `lazy`, a lazy component's import) that also waits for catalogue groups, all
 * fetched at once: the screen never renders before its words are there.
 *
 * @example
 * ```ts
 * { path: '/login', lazy: withCatalogueGroup('later', () => import('../features/auth/routes/login')) }
 * { path: '/tab/:tabId/pay', lazy: withCatalogueGroup(['later', 'tab'], () => import('./pay-page')) }
 * ```
 */
export function withCatalogueGroup<T>(
  group: CatalogueGroup | readonly CatalogueGroup[],
  load: () => Promise<T>,
): () => Promise<T> {
  return async () => (await Promise.all([load(), loadCatalogueGroup(group)]))[0];
}

/** The words of `key` in the app's current language, or undefined without an app instance. */
export function appWords(key: string): string | undefined {
  if (!current) return undefined;
  for (const namespace of ['translation', ...[current.options.fallbackNS || []].flat()]) {
    const words: unknown = current.getResource(current.language, namespace, key);
    if (typeof words === 'string') return words;
  }
  return undefined;
}

function chunkBackend(catalogues: AppCatalogues): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      if (!isSupportedLanguage(language)) {
        callback(new Error(`unsupported language ${language}`), null);
        return;
      }
      const group = catalogues[namespace];
      if (!group) {
        callback(null, {});
        return;
      }
      group[language]().then(
        (module) => callback(null, module.default),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}

/**
 * An app's i18n instance, started with one language's catalogue (the others are fetched when the
 * diner switches language: `changeLanguage` loads the chunk before switching). No fallback language:
 * every catalogue is complete (typed against English), so loading English beside Indonesian or Malay
 * would only cost bytes. Keys of the `legal` and deferred groups resolve from their namespaces once
 * loaded (`loadCatalogueGroup`). The instance is registered for `appWords`.
 */
export function createCatalogueI18n(language: SupportedLanguage, catalogues: AppCatalogues): Promise<I18n> {
  const made = makeCatalogueI18n(language, catalogues);
  starting = made;
  return made;
}

async function makeCatalogueI18n(language: SupportedLanguage, catalogues: AppCatalogues): Promise<I18n> {
  const catalogue = await catalogues.translation[language]();
  const instance = i18next.createInstance();
  await instance
    .use(chunkBackend(catalogues))
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      // Own arrays: i18next adds each namespace it loads to `ns` in place, which would leak into the
      // next instance made from the shared options (a test's, or a second app on the page).
      ns: ['translation'],
      supportedLngs: [...(i18nOptions.supportedLngs || [])],
      lng: language,
      resources: { [language]: { translation: catalogue.default } },
      partialBundledLanguages: true,
      fallbackLng: false,
      // Every group's namespace: a key resolves from whichever group holds it, once loaded.
      fallbackNS: Object.keys(catalogues).filter((namespace) => namespace !== 'translation'),
    });
  setAppI18n(instance);
  return instance;
}
