import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderIn } from '../test/render';
import { LanguageButton } from './app-shell';
import { LanguageShell } from './app-language';
import { useUiTranslation } from '../i18n/translation';

afterEach(() => cleanup());

function Followed() {
  const { i18n } = useUiTranslation();
  return (
    <>
      <span data-testid="language">{i18n.language}</span>
      <LanguageButton />
    </>
  );
}

// What follows the switch (<html lang>, the cookie, the app's API client) is `useLanguageFollow` of
// `@santap/web`, tested there.
describe('LanguageShell', () => {
  it('header button -> the language popup; Bahasa Indonesia -> the i18n instance switches', async () => {
    renderIn(
      <LanguageShell>
        <Followed />
      </LanguageShell>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'EN Language: English. Change language' }));
    const popup = await screen.findByRole('dialog');
    await userEvent.click(popup.querySelector('[lang="id"]')!.closest('button')!);
    expect(screen.getByTestId('language').textContent).toBe('id');
    expect(await screen.findByRole('button', { name: /Ganti bahasa/ })).toBeTruthy();
  });
});
