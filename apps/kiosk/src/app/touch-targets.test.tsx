import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The stylesheets main.tsx loads (the test config loads CSS instead of blanking it).
import '@santap/ui/styles.css';
import './kiosk.css';
import { setApiDevice } from '../lib/api';
import { saveDevice } from '../lib/device';
import { MENU, SETTINGS, ok, stubServer } from '../lib/testing';
import { startI18n } from '../lib/i18n';
import { AppProviders } from './providers';

const DEVICE = { id: 'kopitiam-ali-k1', secret: 's3cret' };

async function renderKiosk() {
  saveDevice(DEVICE);
  setApiDevice(DEVICE);
  stubServer({
    'GET /api/kiosk/settings': () => ok(SETTINGS),
    'GET /api/menu': () => ok(MENU),
    'POST /api/kiosk/quote': () =>
      ok({ bill: { currency: 'MYR', subtotal: 650, total: 650, lines: [] }, by_restaurant: [] }),
  });
  window.history.replaceState(null, '', '/');
  render(<AppProviders i18n={await startI18n('en')} />);
}

/** The smallest side a target keeps, from its computed min-height / height (px; 0 when unset). */
const minSide = (element: Element) => {
  const style = getComputedStyle(element);
  const px = (value: string) => (value.endsWith('px') ? Number.parseFloat(value) : 0);
  return Math.max(px(style.minHeight), px(style.height));
};

/** Each button in `scope` (and each choice row) with the height it keeps, for a readable failure. */
const targets = (scope: HTMLElement) => [
  ...within(scope)
    .getAllByRole('button')
    .map((button) => ({
      name: button.getAttribute('aria-label') ?? button.textContent,
      px: minSide(button),
    })),
  ...within(scope)
    .queryAllByRole('radio')
    .map((radio) => ({
      name: radio.closest('label')?.textContent ?? '',
      px: minSide(radio.closest('label')!),
    })),
];
const tooSmall = (scope: HTMLElement) => targets(scope).filter((target) => target.px < 64);

beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('test over')));
});

describe('kiosk touch targets', () => {
  // happy-dom lays nothing out, so the size read is the stylesheet's min-height (or height) as
  // computed, with the kiosk's 64 px override of --santap-target resolved: what a finger gets.
  it('attract, menu, options popup and order screens -> every button and choice at least 64 px high', async () => {
    await renderKiosk();
    await screen.findByRole('heading', { name: 'Welcome to Kopitiam Ali' });
    expect(targets(document.body).length).toBeGreaterThanOrEqual(5);
    expect(tooSmall(document.body)).toEqual([]);
    // The order type tiles are the kiosk's biggest targets.
    expect(minSide(screen.getByRole('button', { name: /Eat here/ }))).toBeGreaterThanOrEqual(96);

    await userEvent.click(screen.getByRole('button', { name: /Eat here/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Nasi Lemak' }));
    expect(tooSmall(document.body)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Choose options for Teh Tarik' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teh Tarik' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    // The preset notes are buttons too: covered by the 64 px check.
    expect(within(dialog).getByRole('button', { name: 'Less spicy' })).toBeTruthy();
    expect(tooSmall(dialog)).toEqual([]);
    // Kiosk-size controls and words, not the phone's 22 px radio.
    const radio = within(dialog).getAllByRole('radio')[0]!;
    expect(getComputedStyle(radio).width).toBe('36px');
    expect(dialog.classList.contains('kiosk-options')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: /Close/ }));

    await userEvent.click(screen.getByRole('button', { name: /Review order/ }));
    await screen.findByRole('heading', { name: 'How would you like to pay?' });
    expect(screen.getByRole('button', { name: 'One more: Nasi Lemak' })).toBeTruthy();
    expect(tooSmall(document.body)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: /Pay at the counter/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Pay RM 6.50 at the counter?' });
    expect(tooSmall(confirm)).toEqual([]);
    expect(minSide(within(confirm).getByRole('button', { name: 'Confirm' }))).toBeGreaterThanOrEqual(80);
  });
});
