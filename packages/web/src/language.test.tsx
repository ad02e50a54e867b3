import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { deviceLanguage, rememberDeviceLanguage, startLanguage, useLanguageFollow } from './language';

afterEach(() => {
  cleanup();
  document.cookie = 'language=; path=/; max-age=0';
});

describe('startLanguage', () => {
  it("?language=my -> 'my', remembered in the language cookie", () => {
    expect(startLanguage('MY', '?language=my')).toBe('my');
    expect(document.cookie).toContain('language=my');
  });

  it('no query, an Indonesian host and no cookie -> the browser language or Indonesian', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    expect(startLanguage('ID', '')).toBe('id');
    vi.restoreAllMocks();
  });
});

function Followed({ i18n, onChange }: { i18n: I18n; onChange: (language: string) => void }) {
  useLanguageFollow(i18n, onChange);
  return null;
}

describe('useLanguageFollow', () => {
  it('the i18n instance switches to Bahasa Indonesia -> <html lang>, cookie and the app follow', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: {} });
    const onChange = vi.fn();
    render(<Followed i18n={i18n} onChange={onChange} />);
    await act(() => i18n.changeLanguage('id'));
    expect(onChange).toHaveBeenCalledWith('id');
    expect(document.documentElement.lang).toBe('id');
    expect(document.cookie).toContain('language=id');
  });
});

describe('deviceLanguage / rememberDeviceLanguage', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('nothing kept -> en; "id" remembered under the key -> id; another key -> still en', () => {
    expect(deviceLanguage('santap-test-language')).toBe('en');
    rememberDeviceLanguage('santap-test-language', 'id');
    expect(localStorage.getItem('santap-test-language')).toBe('id');
    expect(deviceLanguage('santap-test-language')).toBe('id');
    expect(deviceLanguage('santap-other-language')).toBe('en');
  });

  it('a kept word that is no product language ("fr") -> en; storage off -> en, and remembering throws nothing', () => {
    localStorage.setItem('santap-test-language', 'fr');
    expect(deviceLanguage('santap-test-language')).toBe('en');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('storage off');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('storage off');
    });
    expect(deviceLanguage('santap-test-language')).toBe('en');
    expect(() => rememberDeviceLanguage('santap-test-language', 'my')).not.toThrow();
  });
});
