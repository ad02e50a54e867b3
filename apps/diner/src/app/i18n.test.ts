import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@santap/i18n';
import { loadCatalogueGroup, setAppI18n } from '@santap/web';
import { createAppI18n } from './i18n';

// The build serves these from vite.config.ts (catalogueSplit); here: the source catalogues, split
// the same way (the legal pages' text apart), and a record of what was fetched.
const fetched: string[] = [];
const isLegalPageKey = (key: string) =>
  key.startsWith('legal.') && key !== 'legal.otherPolicies' && !key.endsWith('.title');
const part = (lang: 'en' | 'id' | 'my', legal: boolean) => {
  fetched.push(legal ? `${lang}/legal` : lang);
  return {
    default: Object.fromEntries(
      Object.entries(resources[lang].translation).filter(([key]) => isLegalPageKey(key) === legal),
    ),
  };
};
vi.mock('virtual:santap-catalogue/en', () => part('en', false));
vi.mock('virtual:santap-catalogue/id', () => part('id', false));
vi.mock('virtual:santap-catalogue/my', () => part('my', false));
vi.mock('virtual:santap-catalogue/en/legal', () => part('en', true));
vi.mock('virtual:santap-catalogue/id/legal', () => part('id', true));
vi.mock('virtual:santap-catalogue/my/legal', () => part('my', true));

describe('createAppI18n', () => {
  afterEach(() => setAppI18n(undefined));

  it("'id' at start -> Indonesian words, only the Indonesian catalogue fetched", async () => {
    const i18n = await createAppI18n('id');
    expect(i18n.t('errors.invalidQr')).toBe(resources.id.translation['errors.invalidQr']);
    expect(fetched).toEqual(['id']);
  });

  it("changeLanguage('my') -> fetches Malay before switching, then Malay words", async () => {
    const i18n = await createAppI18n('en');
    await i18n.changeLanguage('my');
    expect(i18n.language).toBe('my');
    expect(fetched).toContain('my');
    expect(i18n.t('errors.invalidQr')).toBe(resources.my.translation['errors.invalidQr']);
  });

  it('legal group -> legal text only after loadCatalogueGroup, and follows a language change', async () => {
    const i18n = await createAppI18n('en');
    expect(i18n.exists('legal.privacy.collectBody')).toBe(false);
    await loadCatalogueGroup('legal');
    expect(i18n.t('legal.privacy.collectBody')).toBe(resources.en.translation['legal.privacy.collectBody']);
    await i18n.changeLanguage('id');
    expect(i18n.t('legal.privacy.collectBody')).toBe(resources.id.translation['legal.privacy.collectBody']);
  });
});
