import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The stylesheets main.tsx loads (the test config loads CSS instead of blanking it).
import '@santap/ui/styles.css';
import '../app/kiosk.css';
import { startI18n } from '../lib/i18n';
import { AppProviders } from '../app/providers';
import { setApiDevice } from '../lib/api';
import { saveDevice } from '../lib/device';
import { MENU, SETTINGS, ok, stubServer } from '../lib/testing';
import type { Handler } from '../lib/testing';

const DEVICE = { id: 'kopitiam-ali-k1', secret: 's3cret' };

async function renderKiosk(settings: Handler) {
  saveDevice(DEVICE);
  setApiDevice(DEVICE);
  const server = stubServer({
    'GET /api/kiosk/settings': settings,
    'GET /api/menu': () => ok(MENU),
    'POST /api/kiosk/quote': () =>
      ok({ bill: { currency: 'MYR', subtotal: 650, total: 650, lines: [] }, by_restaurant: [] }),
  });
  window.history.replaceState(null, '', '/');
  render(<AppProviders i18n={await startI18n('en')} />);
  return server;
}

/** The notice that sends the diner to the counter, once it shows. */
const counterNotice = (name = 'Please order at the counter') => screen.findByRole('region', { name });

/** The button's min-height as the stylesheets compute it (happy-dom lays nothing out). */
const minHeight = (element: Element) => Number.parseFloat(getComputedStyle(element).minHeight) || 0;

beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  // Background work of the last test (caching the other languages) meets a closed network.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('test over')));
});

describe('a kiosk whose settings offer nothing to pick -> order at the counter', () => {
  it.each([
    ['no order type', []],
    ['only delivery, which a kiosk does not take', [2]],
  ])(
    '%s -> no empty tile list: "Please order at the counter"; in Bahasa Indonesia too; Try again reads the settings afresh',
    async (_case, orderTypes) => {
      let settings = { ...SETTINGS, order_types: orderTypes };
      const server = await renderKiosk(() => ok(settings));
      expect(await screen.findByRole('heading', { name: 'Welcome to Kopitiam Ali' })).toBeTruthy();
      const notice = await counterNotice();
      expect(notice.textContent).toContain(
        'This kiosk is not taking orders right now. Our staff at the counter will gladly take your order.',
      );
      expect(screen.queryByRole('heading', { name: 'Where will you eat?' })).toBeNull();
      expect(screen.queryByText('Touch to start your order')).toBeNull();
      expect(screen.queryByRole('button', { name: /Eat here|Take away/ })).toBeNull();
      const retry = within(notice).getByRole('button', { name: 'Try again' });
      expect(minHeight(retry)).toBeGreaterThanOrEqual(64);

      // The diner's own language: the picker stays.
      await userEvent.click(screen.getByRole('button', { name: 'Bahasa Indonesia' }));
      const indonesian = await counterNotice('Silakan pesan di kasir');
      expect(indonesian.textContent).toContain(
        'Kios ini sedang tidak menerima pesanan. Staf kami di kasir siap mencatat pesanan Anda.',
      );

      // Staff turn take away back on: the next look at the settings shows its tile.
      settings = { ...SETTINGS, order_types: [3] };
      const reads = server.calls.filter((call) => call.path === '/api/kiosk/settings').length;
      await userEvent.click(within(indonesian).getByRole('button', { name: 'Coba lagi' }));
      expect(await screen.findByRole('button', { name: /Bawa pulang/ })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Silakan pesan di kasir' })).toBeNull();
      expect(server.calls.filter((call) => call.path === '/api/kiosk/settings').length).toBeGreaterThan(
        reads,
      );
    },
  );

  it('no payment method -> said on the start screen, before any order: no tiles; Try again reads the settings afresh', async () => {
    let settings: object = { ...SETTINGS, payment_methods: [], qr_channel: null };
    const server = await renderKiosk(() => ok(settings));
    expect(await screen.findByRole('heading', { name: 'Welcome to Kopitiam Ali' })).toBeTruthy();
    const notice = await counterNotice();
    expect(notice.textContent).toContain(
      'This kiosk cannot take payment right now. Please order and pay at the counter; our staff will help you.',
    );
    expect(screen.queryByRole('button', { name: /Eat here|Take away/ })).toBeNull();
    const retry = within(notice).getByRole('button', { name: 'Try again' });
    expect(minHeight(retry)).toBeGreaterThanOrEqual(64);

    // Staff turn pay-at-the-counter back on: the tiles come back, and nothing was ever sent.
    settings = { ...SETTINGS };
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: /Eat here/ })).toBeTruthy();
    expect(server.calls.some((call) => call.path === '/api/kiosk/orders')).toBe(false);
  });

  it('no payment method, in Bahasa Melayu -> the notice in Malay on the start screen', async () => {
    await renderKiosk(() => ok({ ...SETTINGS, payment_methods: [], qr_channel: null }));
    await screen.findByRole('heading', { name: 'Welcome to Kopitiam Ali' });
    await counterNotice();
    await userEvent.click(screen.getByRole('button', { name: 'Bahasa Melayu' }));
    const notice = await counterNotice('Sila pesan di kaunter');
    expect(notice.textContent).toContain(
      'Kiosk ini tidak dapat menerima bayaran buat masa ini. Sila pesan dan bayar di kaunter; kakitangan kami sedia membantu.',
    );
    expect(within(notice).getByRole('button', { name: 'Cuba lagi' })).toBeTruthy();
  });
});
