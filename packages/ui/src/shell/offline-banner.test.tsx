import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import { renderIn } from '../test/render';
import { OfflineBanner } from './offline-banner';
import { TranslationProvider } from '../i18n/translation';

const SLOW_WORDS = 'Your connection is slow. Please check your internet and try again';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// When a call counts as slow (8 s) is `watchSlowCall` of `@santap/web`, tested there.
describe('OfflineBanner network status', () => {
  it('online with a call waiting over 8 s -> the slow-connection notice; answered -> gone', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const i18n = createI18n('en');
    const { rerender } = renderIn(<OfflineBanner onRetry={() => Promise.resolve()} />);
    expect(screen.queryByText(SLOW_WORDS)).toBeNull();
    rerender(
      <TranslationProvider i18n={i18n}>
        <OfflineBanner onRetry={() => Promise.resolve()} slow />
      </TranslationProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain(SLOW_WORDS);
    rerender(
      <TranslationProvider i18n={i18n}>
        <OfflineBanner onRetry={() => Promise.resolve()} slow={false} />
      </TranslationProvider>,
    );
    expect(screen.queryByText(SLOW_WORDS)).toBeNull();
  });

  it('offline and slow -> only No Internet Connection (offline says more)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderIn(<OfflineBanner onRetry={() => Promise.resolve()} slow />);
    expect(screen.getByText('No Internet Connection')).toBeTruthy();
    expect(screen.queryByText(SLOW_WORDS)).toBeNull();
  });
});
