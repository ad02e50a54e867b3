import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTranslation } from 'react-i18next';
import { renderIn } from '../test/render';
import { LanguageButton } from './app-shell';
import { LanguageShell, startLanguage, useLanguageFollow } from './app-language';

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

function Followed({ onChange }: { onChange: (language: string) => void }) {
  const { i18n } = useTranslation();
  useLanguageFollow(i18n, onChange);
  return <LanguageButton />;
}

describe('LanguageShell', () => {
  it('header button -> the language popup; Bahasa Indonesia -> i18n, <html lang>, cookie and the app follow', async () => {
    const onChange = vi.fn();
    renderIn(
      <LanguageShell>
        <Followed onChange={onChange} />
      </LanguageShell>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'EN Language: English. Change language' }));
    const popup = await screen.findByRole('dialog');
    await userEvent.click(popup.querySelector('[lang="id"]')!.closest('button')!);
    expect(onChange).toHaveBeenCalledWith('id');
    expect(document.documentElement.lang).toBe('id');
    expect(document.cookie).toContain('language=id');
    expect(await screen.findByRole('button', { name: /Ganti bahasa/ })).toBeTruthy();
  });
});
