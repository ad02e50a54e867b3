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
 * of `@santap/vite-config`) and, optionally, the legal pages' text (`legal`, `…/<lang>/legal`).
 * The loaders are the app's, because only an app's build resolves the virtual modules.
 */
export interface AppCatalogues {
  translation: Record<SupportedLanguage, CatalogueLoader>;
  legal?: Record<SupportedLanguage, CatalogueLoader>;
}

let current: I18n | undefined;

/** Registers the app's i18n instance (`createCatalogueI18n` does), or clears it (tests). */
export function setAppI18n(instance: I18n | undefined) {
  current = instance;
}

/**
 * Loads a catalogue group before a route renders: the legal pages' text is its own i18next namespace,
 * fetched by those routes only and again on a language change. Without an app instance (tests
 * render with the whole catalogue) there is nothing to load.
 */
export async function loadCatalogueGroup(group: 'legal'): Promise<null> {
  if (current) await current.loadNamespaces(group);
  return null;
}

/** The words of `key` in the app's current language, or undefined without an app instance. */
export function appWords(key: string): string | undefined {
  if (!current) return undefined;
  const words: unknown = current.getResource(current.language, 'translation', key);
  return typeof words === 'string' ? words : undefined;
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
      const group = namespace === 'legal' ? catalogues.legal : catalogues.translation;
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
 * would only cost bytes. Keys of the legal pages resolve from the `legal` namespace once a legal route
 * has loaded it (`loadCatalogueGroup`). The instance is registered for `appWords`.
 */
export async function createCatalogueI18n(
  language: SupportedLanguage,
  catalogues: AppCatalogues,
): Promise<I18n> {
  const catalogue = await catalogues.translation[language]();
  const instance = i18next.createInstance();
  await instance
    .use(chunkBackend(catalogues))
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      lng: language,
      resources: { [language]: { translation: catalogue.default } },
      partialBundledLanguages: true,
      fallbackLng: false,
      fallbackNS: 'legal',
    });
  setAppI18n(instance);
  return instance;
}
