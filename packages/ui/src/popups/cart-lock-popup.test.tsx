import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { CartLockPopup } from './cart-lock-popup';

const STARTED = new Date('2025-03-14T12:00:00Z');
let elapsedMs = 0;
const now = () => new Date(STARTED.getTime() + elapsedMs);

beforeEach(() => {
  vi.useFakeTimers();
  elapsedMs = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Moves the injected clock and the interval timer together. */
function advance(seconds: number) {
  act(() => {
    elapsedMs += seconds * 1000;
    vi.advanceTimersByTime(seconds * 1000);
  });
}

describe('CartLockPopup', () => {
  it('0 s -> unlock disabled, "unlock in 30 s"; 29 s -> still disabled; 30 s -> enabled and announced', () => {
    const onUnlock = vi.fn();
    renderIn(<CartLockPopup open startedAt={STARTED} now={now} onUnlock={onUnlock} />);
    const unlock = screen.getByRole('button', { name: 'Unlock cart' }) as HTMLButtonElement;
    expect(screen.getByRole('alertdialog', { name: 'Payment in progress' })).toBeTruthy();
    expect(unlock.disabled).toBe(true);
    expect(screen.getByRole('timer').textContent).toBe('You can unlock the cart in 30 s');
    advance(29);
    expect(unlock.disabled).toBe(true);
    expect(screen.getByRole('timer').textContent).toBe('You can unlock the cart in 1 s');
    advance(1);
    expect(unlock.disabled).toBe(false);
    expect(screen.getByRole('timer').textContent).toBe('Processing ends in 30 s');
    expect(
      screen.getByText('If you closed the payment page, you can unlock the cart and try again.'),
    ).toBeTruthy();
    act(() => unlock.click());
    expect(onUnlock).toHaveBeenCalledTimes(1);
  });

  it('Escape -> stays (not dismissible)', () => {
    renderIn(<CartLockPopup open startedAt={STARTED} now={now} onUnlock={vi.fn()} />);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('60 s -> onExpire called once', () => {
    const onExpire = vi.fn();
    renderIn(<CartLockPopup open startedAt={STARTED} now={now} onUnlock={vi.fn()} onExpire={onExpire} />);
    advance(59);
    expect(onExpire).not.toHaveBeenCalled();
    advance(1);
    advance(5);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('in Indonesian at 10 s -> "dalam 20 detik"', () => {
    elapsedMs = 10_000;
    renderIn(<CartLockPopup open startedAt={STARTED} now={now} onUnlock={vi.fn()} />, 'id');
    expect(screen.getByRole('timer').textContent).toBe('Anda bisa membuka kunci keranjang dalam 20 detik');
  });
});
