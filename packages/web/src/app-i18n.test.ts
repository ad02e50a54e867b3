import { afterEach, describe, expect, it } from 'vitest';
import type { SupportedLanguage } from '@santap/i18n';
import {
  appWords,
  createCatalogueI18n,
  loadCatalogueGroup,
  setAppI18n,
  withCatalogueGroup,
} from './app-i18n';
import type { AppCatalogues, CatalogueLoader } from './app-i18n';

type Words = Record<string, string>;

/** Loaders per language that record what was fetched, and resolve when the test lets them. */
function catalogues(
  words: Record<'translation' | 'later' | 'legal' | 'tab', Record<SupportedLanguage, Words>>,
) {
  const fetched: string[] = [];
  const gates: (() => void)[] = [];
  const loader =
    (group: string, language: SupportedLanguage, held: boolean): CatalogueLoader =>
    () => {
      fetched.push(`${group}/${language}`);
      const module = { default: words[group as keyof typeof words][language] };
      if (!held) return Promise.resolve(module);
      return new Promise((resolve) => gates.push(() => resolve(module)));
    };
  const group = (name: string, held = false) =>
    Object.fromEntries(
      (['en', 'id', 'my'] as const).map((language) => [language, loader(name, language, held)]),
    ) as Record<SupportedLanguage, CatalogueLoader>;
  return {
    fetched,
    release: () => gates.splice(0).forEach((open) => open()),
    sources: (held = false): AppCatalogues => ({
      translation: group('translation'),
      later: group('later', held),
      legal: group('legal'),
      tab: group('tab'),
    }),
  };
}

const words = {
  translation: {
    en: { 'menu.title': 'Menu' },
    id: { 'menu.title': 'Menu' },
    my: { 'menu.title': 'Menu' },
  },
  later: {
    en: { 'auth.login.title': 'Log in' },
    id: { 'auth.login.title': 'Masuk' },
    my: { 'auth.login.title': 'Log masuk' },
  },
  legal: {
    en: { 'legal.privacy.body': 'Privacy' },
    id: { 'legal.privacy.body': 'Privasi' },
    my: { 'legal.privacy.body': 'Privasi' },
  },
  tab: {
    en: { 'tab.title': 'Your table' },
    id: { 'tab.title': 'Meja Anda' },
    my: { 'tab.title': 'Meja anda' },
  },
};

afterEach(() => setAppI18n(undefined));

describe('createCatalogueI18n with a later group', () => {
  it('starts with the start group only; a later key resolves once its group is loaded', async () => {
    const source = catalogues(words);
    const i18n = await createCatalogueI18n('en', source.sources());
    expect(source.fetched).toEqual(['translation/en']);
    expect(i18n.t('menu.title')).toBe('Menu');
    expect(i18n.exists('auth.login.title')).toBe(false);

    await loadCatalogueGroup('later');
    expect(source.fetched).toEqual(['translation/en', 'later/en']);
    expect(i18n.t('auth.login.title')).toBe('Log in');
    expect(appWords('auth.login.title')).toBe('Log in');
  });

  it('language switch after the group was loaded -> the later words of the new language come too', async () => {
    const source = catalogues(words);
    const i18n = await createCatalogueI18n('en', source.sources());
    await loadCatalogueGroup('later');
    await i18n.changeLanguage('id');
    expect(i18n.t('auth.login.title')).toBe('Masuk');
    expect(i18n.t('menu.title')).toBe('Menu');
    expect(source.fetched).toContain('later/id');
    expect(source.fetched).not.toContain('legal/id');
  });

  it('withCatalogueGroup -> the loader resolves only when the module and the group are both there', async () => {
    const source = catalogues(words);
    const i18n = await createCatalogueI18n('my', source.sources(true));
    let resolved: string | undefined;
    const load = withCatalogueGroup('later', () => Promise.resolve('login route'));
    const pending = load().then((module) => {
      resolved = module;
      return module;
    });
    await new Promise((tick) => setTimeout(tick, 10));
    expect(resolved).toBeUndefined();
    source.release();
    expect(await pending).toBe('login route');
    expect(i18n.t('auth.login.title')).toBe('Log masuk');
  });

  it('a group asked for while the instance is still being made -> waits for it, then loads the group', async () => {
    const source = catalogues(words);
    const making = createCatalogueI18n('id', source.sources());
    const login = withCatalogueGroup('later', () => Promise.resolve('login route'))();
    expect(await login).toBe('login route');
    const i18n = await making;
    expect(source.fetched).toEqual(['translation/id', 'later/id']);
    expect(i18n.t('auth.login.title')).toBe('Masuk');
  });

  it('no app instance (unit tests render with the whole catalogue) -> nothing to load, the loader still resolves', async () => {
    await expect(loadCatalogueGroup('later')).resolves.toBeNull();
    await expect(withCatalogueGroup(['later', 'tab'], () => Promise.resolve(7))()).resolves.toBe(7);
  });
});

describe('named groups beside later (the diner: tab)', () => {
  it("loading 'later' -> the tab's words not fetched; 'tab' alone -> its own chunk, its key resolves", async () => {
    const source = catalogues(words);
    const i18n = await createCatalogueI18n('id', source.sources());
    await loadCatalogueGroup('later');
    expect(source.fetched).toEqual(['translation/id', 'later/id']);
    expect(i18n.exists('tab.title')).toBe(false);
    await loadCatalogueGroup('tab');
    expect(source.fetched).toEqual(['translation/id', 'later/id', 'tab/id']);
    expect(i18n.t('tab.title')).toBe('Meja Anda');
    expect(appWords('tab.title')).toBe('Meja Anda');
  });

  it("withCatalogueGroup(['later', 'tab']) -> resolves once both groups and the module are there; a switch brings both", async () => {
    const source = catalogues(words);
    const i18n = await createCatalogueI18n('my', source.sources(true));
    let resolved: string | undefined;
    const pending = withCatalogueGroup(['later', 'tab'], () => Promise.resolve('pay page'))().then(
      (module) => (resolved = module),
    );
    await new Promise((tick) => setTimeout(tick, 10));
    // 'tab' is there, 'later' is held: the route waits.
    expect(source.fetched).toEqual(['translation/my', 'later/my', 'tab/my']);
    expect(resolved).toBeUndefined();
    source.release();
    expect(await pending).toBe('pay page');
    expect(i18n.t('auth.login.title')).toBe('Log masuk');
    expect(i18n.t('tab.title')).toBe('Meja anda');
    const switching = i18n.changeLanguage('en');
    await new Promise((tick) => setTimeout(tick, 10));
    source.release();
    await switching;
    expect(i18n.t('tab.title')).toBe('Your table');
    expect(i18n.t('auth.login.title')).toBe('Log in');
  });

  it('an app without groups (the kiosk) -> a group load fetches nothing and its keys stay missing', async () => {
    const source = catalogues(words);
    const i18n = await createCatalogueI18n('en', { translation: source.sources().translation });
    await loadCatalogueGroup('tab');
    expect(source.fetched).toEqual(['translation/en']);
    expect(i18n.exists('tab.title')).toBe(false);
  });
});
