import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { TranslationProvider } from '@santap/ui';
import { startI18n } from '../../../app/i18n';
import { AgeClock } from '../components/order-card';
import { tickListeners } from './ticker';

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  vi.useFakeTimers({
    now: new Date('2026-11-27T12:00:00Z'),
    toFake: ['setInterval', 'clearInterval', 'Date'],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('shared ticker', () => {
  it('300 age labels tick on one interval; the component around them does not re-render; none left after unmount', () => {
    const start = Math.floor(Date.now() / 1000) - 9 * 60 - 58;
    let outerRenders = 0;
    function Board() {
      outerRenders += 1;
      return (
        <div>
          {Array.from({ length: 300 }, (_, i) => (
            <AgeClock key={i} start={start} thresholds={{ amber_minutes: 10, red_minutes: 20 }} />
          ))}
        </div>
      );
    }
    const { unmount } = render(
      <TranslationProvider i18n={i18n}>
        <Board />
      </TranslationProvider>,
    );
    expect(tickListeners()).toBe(300);
    expect(vi.getTimerCount()).toBe(1);
    const first = () => screen.getAllByRole('timer')[0]!;
    expect(first().textContent).toBe('9:58');
    expect(first().dataset.level).toBe('fresh');
    act(() => vi.advanceTimersByTime(2000));
    expect(first().textContent).toBe('10:00');
    expect(first().dataset.level).toBe('amber');
    expect(screen.getAllByRole('timer').every((timer) => timer.textContent === '10:00')).toBe(true);
    expect(outerRenders).toBe(1);
    unmount();
    expect(tickListeners()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
