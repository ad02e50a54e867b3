import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiDevice } from '../lib/api';
import { saveDevice } from '../lib/device';
import { MENU, SETTINGS, networkDown, ok, placed, refused, stubServer } from '../lib/testing';
import type { Handler } from '../lib/testing';
import { startI18n } from '../lib/i18n';
import { AppProviders } from './providers';

const DEVICE = { id: 'kopitiam-ali-k1', secret: 's3cret' };
const QUOTE = {
  bill: {
    currency: 'MYR',
    subtotal: 1300,
    total: 1515,
    lines: [
      { key: 'bill.subtotal', label: 'Subtotal', amount: 1300 },
      { key: 'bill.serviceCharge', label: 'Service Charge 10%', amount: 130, rate: 1000 },
      { key: 'bill.sst', label: 'SST 6%', amount: 86, rate: 600 },
      { key: 'bill.rounding', label: 'Rounding', amount: -1 },
    ],
  },
  by_restaurant: [],
};

async function renderKiosk(routes: Record<string, Handler>, device: typeof DEVICE | null = DEVICE) {
  if (device) saveDevice(device);
  setApiDevice(device);
  const server = stubServer({
    'GET /api/kiosk/settings': () => ok(SETTINGS),
    'GET /api/menu': () => ok(MENU),
    'POST /api/kiosk/quote': () => ok(QUOTE),
    ...routes,
  });
  window.history.replaceState(null, '', '/');
  const i18n = await startI18n('en');
  render(<AppProviders i18n={i18n} />);
  return server;
}

/** The order screen's 'How would you like to pay?' section, once it shows. */
async function payChoices() {
  return (await screen.findByRole('heading', { name: 'How would you like to pay?' })).closest('section')!;
}

async function orderTwoNasiLemak() {
  await userEvent.click(await screen.findByRole('button', { name: /Eat here/ }));
  // The order summary is on screen from the start: empty, then the count and the food total.
  const summary = await screen.findByRole('region', { name: 'Your order' });
  expect(summary.textContent).toContain('Tap a dish to add it to your order.');
  expect(within(summary).queryByRole('button', { name: /Review order/ })).toBeNull();
  await userEvent.click(await screen.findByRole('button', { name: 'Add Nasi Lemak' }));
  await userEvent.click(screen.getByRole('button', { name: 'Add Nasi Lemak' }));
  // The menu's own live region (the toasts' region, empty, is the other status).
  expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
    'Nasi Lemak added to your order',
  );
  expect(within(summary).getByText('Items: 2')).toBeTruthy();
  expect(summary.textContent).toContain('RM 13.00');
  await userEvent.click(screen.getByRole('button', { name: /Review order/ }));
  await screen.findByText('RM 15.15');
}

/** 'Pay at the counter', then 'Confirm' in the question it asks ('Pay RM 15.15 at the counter?'). */
async function payAtCounter(title: string | RegExp = /at the counter\?$/, tile = /Pay at the counter/) {
  await userEvent.click(screen.getByRole('button', { name: tile }));
  const confirm = await screen.findByRole('dialog', { name: title });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
}

/** A food court's kiosk settings: two stalls. */
const FOOD_COURT_SETTINGS = {
  ...SETTINGS,
  device_id: 'mall-demo-k1',
  place: { ...SETTINGS.place, kind: 'mall', scope: 'mall-demo', name: 'Mall Demo Food Court' },
  outlets: [
    { restaurant_id: 1011, nameid: 'mall-demo-nasi-lemak', name: 'Nasi Lemak Corner' },
    { restaurant_id: 1013, nameid: 'mall-demo-roti-canai', name: 'Roti Canai Stall' },
  ],
};

/** A food court's kiosk with two stalls, one dish each (the settings and menus it is answered). */
const FOOD_COURT: Record<string, Handler> = (() => {
  const settings = FOOD_COURT_SETTINGS;
  const stallMenu = (restaurantId: number, itemId: number, name: string) => ({
    ...MENU,
    restaurant_id: restaurantId,
    categories: [{ id: restaurantId, name: 'Food', item_ids: [itemId] }],
    items: [{ ...MENU.items[0]!, id: itemId, restaurant_id: restaurantId, name, price: 900 }],
  });
  return {
    'GET /api/kiosk/settings': () => ok(settings),
    'GET /api/menu': (request) =>
      ok(
        new URL(request.url).searchParams.get('restaurant_id') === 'mall-demo-nasi-lemak'
          ? stallMenu(1011, 1011001, 'Nasi Lemak Special')
          : stallMenu(1013, 1013001, 'Roti Canai Kosong'),
      ),
  };
})();

beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  cleanup();
  // Background work of the last test (caching the other languages) meets a closed network.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('test over')));
});

describe('kiosk app', () => {
  it('cash order online -> the order number and the amount to pay at the counter, where the number is called', async () => {
    const server = await renderKiosk({ 'POST /api/kiosk/orders': () => ok(placed(501, 12, 1515)) });
    expect(await screen.findByRole('heading', { name: 'Welcome to Kopitiam Ali' })).toBeTruthy();
    await orderTwoNasiLemak();
    await payAtCounter('Pay RM 15.15 at the counter?');
    const number = await screen.findByRole('region', { name: 'Your order number' });
    expect(number.textContent).toContain('12');
    expect(screen.getByText('Please pay RM 15.15 at the counter.')).toBeTruthy();
    expect(screen.getByText('We will call your number at the counter when your food is ready.')).toBeTruthy();
    const order = server.calls.find((call) => call.path === '/api/kiosk/orders')!;
    expect(order.body).toMatchObject({
      order_type: 1,
      payment: 'cash_kiosk',
      items: [{ item_id: 1001001, quantity: 2 }],
    });
    expect(order.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.headers.get('kiosk-device')).toBe('kopitiam-ali-k1');
  });

  it("'Pay at the counter' -> 'Pay RM 15.15 at the counter?' and nothing sent; Back -> the order, two equal tiles, none pressed; Confirm -> placed once", async () => {
    const server = await renderKiosk({ 'POST /api/kiosk/orders': () => ok(placed(503, 14, 1515)) });
    await orderTwoNasiLemak();
    const howToPay = await payChoices();
    const tiles = within(howToPay).getAllByRole('button');
    expect(tiles.map((tile) => tile.className)).toEqual([
      expect.stringContaining('st-kiosk-tile--plain'),
      expect.stringContaining('st-kiosk-tile--plain'),
    ]);
    expect(tiles.every((tile) => tile.getAttribute('aria-pressed') === null)).toBe(true);
    await userEvent.click(within(howToPay).getByRole('button', { name: /Pay at the counter/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Pay RM 15.15 at the counter?' });
    expect(server.calls.filter((call) => call.path === '/api/kiosk/orders')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your order' })).toBeTruthy();
    expect(server.calls.filter((call) => call.path === '/api/kiosk/orders')).toHaveLength(0);
    await payAtCounter('Pay RM 15.15 at the counter?');
    expect((await screen.findByRole('region', { name: 'Your order number' })).textContent).toContain('14');
    expect(server.calls.filter((call) => call.path === '/api/kiosk/orders')).toHaveLength(1);
  });

  it("options popup in Bahasa Melayu -> preset notes as toggles, no text field; the chosen ones are the line's note, in Malay", async () => {
    const server = await renderKiosk({ 'POST /api/kiosk/orders': () => ok(placed(504, 15, 330)) });
    await screen.findByRole('heading', { name: 'Welcome to Kopitiam Ali' });
    await userEvent.click(screen.getByRole('button', { name: 'Bahasa Melayu' }));
    await userEvent.click(await screen.findByRole('button', { name: /Makan di sini/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Teh Tarik/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Teh Tarik' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    const notes = within(dialog).getByRole('group', { name: 'Nota untuk dapur' });
    expect(
      within(notes)
        .getAllByRole('button')
        .map((chip) => [chip.textContent, chip.getAttribute('aria-pressed')]),
    ).toEqual([
      ['Kurang pedas', 'false'],
      ['Tanpa bawang', 'false'],
      ['Kurang manis', 'false'],
      ['Bungkus', 'false'],
    ]);
    await userEvent.click(within(notes).getByRole('button', { name: 'Bungkus' }));
    await userEvent.click(within(notes).getByRole('button', { name: 'Kurang pedas' }));
    await userEvent.click(within(notes).getByRole('button', { name: 'Tanpa bawang' }));
    await userEvent.click(within(notes).getByRole('button', { name: 'Tanpa bawang' }));
    expect(within(notes).getByRole('button', { name: 'Kurang pedas' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await userEvent.click(within(dialog).getByRole('radio', { name: /Iced/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Tambah ke troli/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Semak pesanan/ }));
    // The order shows the note; it goes to the kitchen in the menu's order of the presets.
    expect(await screen.findByText('Kurang pedas, Bungkus')).toBeTruthy();
    await screen.findByText('RM 15.15');
    await userEvent.click(screen.getByRole('button', { name: /Bayar di kaunter/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Bayar RM 15.15 di kaunter?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sahkan' }));
    await screen.findByRole('region', { name: 'Nombor pesanan anda' });
    expect(server.calls.find((call) => call.path === '/api/kiosk/orders')?.body).toMatchObject({
      items: [{ item_id: 1001026, quantity: 1, notes: 'Kurang pedas, Bungkus' }],
    });
  });

  it('network down when paying -> ticket and "saved"; queue says 1 waiting; back online -> the number, sent once', async () => {
    let orders: Handler = networkDown;
    const server = await renderKiosk({ 'POST /api/kiosk/orders': (...args) => orders(...args) });
    await orderTwoNasiLemak();
    await payAtCounter();
    expect(await screen.findByRole('heading', { name: 'Your order is saved' })).toBeTruthy();
    const ticket = within(screen.getByRole('region', { name: 'Your ticket' })).getByText(/^[0-9A-F]{4}$/);
    expect(screen.getByText('Please pay RM 15.15 at the counter.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Orders on this kiosk' }).textContent).toContain(
      'Orders waiting to be sent: 1',
    );

    orders = () => ok(placed(502, 7, 1515));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    const number = await screen.findByRole('region', { name: 'Your order number' });
    expect(number.textContent).toContain('7');
    expect(screen.getByText(`Ticket ${ticket.textContent}`)).toBeTruthy();
    // The done screen names the ticket the customer was shown (the staff see it on the order too).
    expect(screen.getByText(`Your ticket ${ticket.textContent} is now in the kitchen.`)).toBeTruthy();
    const sent = server.calls.filter((call) => call.path === '/api/kiosk/orders');
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((call) => call.headers.get('idempotency-key'))).size).toBe(1);
  });

  it('offline (no quote) -> food total, charges at the counter, Scan to pay off; cash still taken', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    await renderKiosk({ 'POST /api/kiosk/orders': networkDown });
    await userEvent.click(await screen.findByRole('button', { name: /Eat here/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Nasi Lemak' }));
    await userEvent.click(screen.getByRole('button', { name: /Review order/ }));
    expect(await screen.findByText('Service charge and tax are added at the counter.')).toBeTruthy();
    const qr = screen.getByRole('button', { name: /Scan to pay/ }) as HTMLButtonElement;
    expect(qr.disabled).toBe(true);
    expect(qr.textContent).toContain('Scan to pay needs the internet. Please pay at the counter.');
    await userEvent.click(screen.getByRole('button', { name: /Pay at the counter/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Pay RM 6.50 at the counter?' });
    expect(confirm.textContent).toContain(
      'Food total RM 6.50: service charge and tax are added when you pay.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Your order is saved' })).toBeTruthy();
    expect(
      screen.getByText('Food total RM 6.50. Service charge and tax are added at the counter.'),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Orders on this kiosk' }).textContent).toContain('Offline');
  });

  it("food-court kiosk offline (no quote) -> the charges, the ticket and the payment at the food court's cashier, never 'the counter'", async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    await renderKiosk({ ...FOOD_COURT, 'POST /api/kiosk/orders': networkDown });
    await userEvent.click(await screen.findByRole('button', { name: /Take away/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Nasi Lemak Special' }));
    await userEvent.click(screen.getByRole('button', { name: /Review order/ }));
    expect(
      await screen.findByText("Service charge and tax are added at the food court's cashier."),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Scan to pay/ }).textContent).toContain(
      "Scan to pay needs the internet. Please pay at the food court's cashier.",
    );
    await payAtCounter("Pay RM 9.00 at the food court's cashier?", /^Pay at the food court's cashier/);
    expect(await screen.findByRole('heading', { name: 'Your order is saved' })).toBeTruthy();
    expect(
      screen.getByText(
        "The kiosk is offline. Your order goes to the stalls as soon as the connection is back. Show this ticket at the food court's cashier.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText("Food total RM 9.00. Service charge and tax are added at the food court's cashier."),
    ).toBeTruthy();
  });

  it('a dish with a required choice -> the options popup; the line shows the choice and its price', async () => {
    await renderKiosk({});
    await userEvent.click(await screen.findByRole('button', { name: /Eat here/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Choose options for Teh Tarik' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teh Tarik' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Iced/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Add/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Review order/ }));
    expect(await screen.findByText(/Iced/)).toBeTruthy();
    expect(screen.getAllByText('RM 3.30').length).toBeGreaterThan(0);
  });

  it('scan to pay -> the QR of the payment on screen; paid -> the order number', async () => {
    let paid = false;
    const server = await renderKiosk({
      'POST /api/kiosk/orders': () => ok({ ...placed(601, 3, 1515), payment: 'online', prepay: true }),
      'POST /api/kiosk/orders/601/pay': () =>
        ok({
          payment_id: 9,
          reference: 'SNTP-9-abc',
          redirect_url: 'http://localhost:3000/simulator/pay/SNTP-9-abc',
          qr_string: 'http://localhost:3000/simulator/pay/SNTP-9-abc',
          state: 'processing',
          page_state: 'processing',
          amount: 1515,
          currency: 'MYR',
          provider: 'simulator',
          speed_mode: 'fast',
          resumed: false,
          lock: { locked: true, can_unlock: false, seconds_left: 60 },
          order_id: 601,
          fc_order_id: null,
          is_kiosk: true,
        }),
      'GET /api/kiosk/orders/601': () =>
        ok({
          order_id: 601,
          fc_order_id: null,
          status: 1,
          status_key: 'status.waitingConfirmation',
          payment_status: paid ? 'paid' : 'processing',
          payment: 'online',
          amount: 1515,
          currency: 'MYR',
          tickets: placed(601, 3, 1515).tickets,
          latest_payment: {
            payment_id: 9,
            state: paid ? 'success' : 'processing',
            page_state: paid ? 'success' : 'processing',
            result: paid ? 1 : 0,
          },
          is_kiosk: true,
        }),
    });
    await orderTwoNasiLemak();
    await userEvent.click(screen.getByRole('button', { name: /Scan to pay/ }));
    expect(await screen.findByRole('img', { name: 'Payment QR code for RM 15.15' })).toBeTruthy();
    expect(server.calls.find((call) => call.path === '/api/kiosk/orders')?.body).toMatchObject({
      payment: 'online',
    });
    paid = true;
    const number = await screen.findByRole('region', { name: 'Your order number' });
    expect(number.textContent).toContain('3');
    expect(screen.getByText('Paid RM 15.15. Thank you!')).toBeTruthy();
  });

  it("food-court kiosk -> stalls to pick from; one order paid at the food court's cashier, one number per stall saying which stall's counter to collect it at", async () => {
    const server = await renderKiosk({
      ...FOOD_COURT,
      'POST /api/kiosk/orders': () =>
        ok({
          ...placed(701, 4, 900),
          order_ids: [701, 702],
          fc_order_id: 55,
          tickets: [
            { order_id: 701, restaurant_id: 1011, restaurant_name: 'Nasi Lemak Corner', queue_no: 4 },
            { order_id: 702, restaurant_id: 1013, restaurant_name: 'Roti Canai Stall', queue_no: 9 },
          ],
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: /Take away/ }));
    const stalls = await screen.findByRole('navigation', { name: 'Stalls' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Nasi Lemak Special' }));
    await userEvent.click(within(stalls).getByRole('button', { name: 'Roti Canai Stall' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Roti Canai Kosong' }));
    await userEvent.click(screen.getByRole('button', { name: /Review order/ }));
    await screen.findByText('RM 15.15');
    // The order grouped by stall, each under its name.
    const nasiLemak = screen.getByRole('region', { name: 'Nasi Lemak Corner' });
    expect(within(nasiLemak).getByText('Nasi Lemak Special')).toBeTruthy();
    expect(within(nasiLemak).queryByText('Roti Canai Kosong')).toBeNull();
    const roti = screen.getByRole('region', { name: 'Roti Canai Stall' });
    expect(within(roti).getByText('Roti Canai Kosong')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay at the counter/ })).toBeNull();
    // The confirmation says where the order goes: the stalls, not a kitchen.
    await userEvent.click(screen.getByRole('button', { name: /^Pay at the food court's cashier/ }));
    const confirm = await screen.findByRole('dialog', { name: "Pay RM 15.15 at the food court's cashier?" });
    expect(
      within(confirm).getByText('Your order goes to the stalls now. Pay with your order number.'),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const numbers = await screen.findByRole('region', { name: 'Your order number' });
    expect(
      within(numbers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Collect at the Nasi Lemak Corner counter#4', 'Collect at the Roti Canai Stall counter#9']);
    expect(screen.getByText("Please pay RM 9.00 at the food court's cashier.")).toBeTruthy();
    expect(screen.getByText('Each stall will call its number when your food is ready.')).toBeTruthy();
    expect(server.calls.find((call) => call.path === '/api/kiosk/orders')?.body).toMatchObject({
      order_type: 3,
      items: [
        { item_id: 1011001, quantity: 1 },
        { item_id: 1013001, quantity: 1 },
      ],
    });
  });

  it("food-court kiosk with no way to pay -> 'Please order at the stalls', paying at the food court's cashier; in Malay too", async () => {
    await renderKiosk({
      ...FOOD_COURT,
      'GET /api/kiosk/settings': () => ok({ ...FOOD_COURT_SETTINGS, payment_methods: [], qr_channel: null }),
    });
    const notice = await screen.findByRole('region', { name: 'Please order at the stalls' });
    expect(notice.textContent).toContain(
      "This kiosk cannot take payment right now. Please order at a stall and pay at the food court's cashier.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Bahasa Melayu' }));
    const malay = await screen.findByRole('region', { name: 'Sila pesan terus di gerai' });
    expect(malay.textContent).toContain('bayar di kaunter juruwang medan selera');
  });

  it('no registration -> setup; a wrong secret -> the server words; the right one -> the attract screen', async () => {
    let settings: Handler = () =>
      refused(
        401,
        'This kiosk is not registered. Please ask the staff to set it up',
        'errors.kioskNotRegistered',
      );
    await renderKiosk({ 'GET /api/kiosk/settings': (...args) => settings(...args) }, null);
    await userEvent.type(await screen.findByLabelText('Device code'), 'kopitiam-ali-k1');
    await userEvent.type(screen.getByLabelText('Device secret'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Save and start' }));
    expect(
      await screen.findByText('This kiosk is not registered. Please ask the staff to set it up'),
    ).toBeTruthy();
    expect(localStorage.getItem('santap-kiosk-device')).toBeNull();
    settings = () => ok(SETTINGS);
    await userEvent.click(screen.getByRole('button', { name: 'Save and start' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Kopitiam Ali' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('santap-kiosk-device')!)).toEqual({
      id: 'kopitiam-ali-k1',
      secret: 'wrong',
    });
  });

  it('language picker: Bahasa Melayu -> Malay words and <html lang="ms">', async () => {
    await renderKiosk({});
    await screen.findByRole('heading', { name: 'Welcome to Kopitiam Ali' });
    await userEvent.click(screen.getByRole('button', { name: 'Bahasa Melayu' }));
    expect(await screen.findByRole('heading', { name: 'Selamat datang ke Kopitiam Ali' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Makan di sini/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ms');
  });
});

describe("the kiosk's settings from the server", () => {
  it('takeaway only, cash only -> one Take away tile, no order type switch, only Pay at the counter; the order is takeaway', async () => {
    const server = await renderKiosk({
      'GET /api/kiosk/settings': () =>
        ok({ ...SETTINGS, order_types: [3], payment_methods: ['Cash kiosk'], qr_channel: null }),
      'POST /api/kiosk/orders': () => ok(placed(801, 21, 1515)),
    });
    await screen.findByRole('heading', { name: 'Welcome to Kopitiam Ali' });
    const choices = screen.getByRole('heading', { name: 'Where will you eat?' }).nextElementSibling!;
    expect(
      within(choices as HTMLElement)
        .getAllByRole('button')
        .map((tile) => tile.textContent),
    ).toEqual([expect.stringMatching(/^Take away/)]);
    expect(screen.queryByRole('button', { name: /Eat here/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Take away/ }));
    await screen.findByRole('button', { name: 'Add Nasi Lemak' });
    // No order type to change to: the summary offers none, the brand band says which it is.
    const summary = screen.getByRole('region', { name: 'Your order' });
    expect(within(summary).queryByRole('button', { name: /Order type/ })).toBeNull();
    expect(within(screen.getByRole('banner')).getByText('Order here · Take away')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add Nasi Lemak' }));
    await userEvent.click(screen.getByRole('button', { name: /Review order/ }));
    const howToPay = await payChoices();
    expect(
      within(howToPay)
        .getAllByRole('button')
        .map((tile) => tile.textContent),
    ).toEqual([expect.stringMatching(/^Pay at the counter/)]);
    expect(screen.queryByRole('button', { name: /Scan to pay/ })).toBeNull();
    await payAtCounter();
    expect((await screen.findByRole('region', { name: 'Your order number' })).textContent).toContain('21');
    expect(server.calls.find((call) => call.path === '/api/kiosk/orders')?.body).toMatchObject({
      order_type: 3,
      payment: 'cash_kiosk',
    });
  });

  it('dine-in only, QR only -> one Eat here tile, only Scan to pay', async () => {
    await renderKiosk({
      'GET /api/kiosk/settings': () => ok({ ...SETTINGS, order_types: [1], payment_methods: ['Wallet'] }),
    });
    await screen.findByRole('heading', { name: 'Welcome to Kopitiam Ali' });
    expect(screen.queryByRole('button', { name: /Take away/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Eat here/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Nasi Lemak' }));
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: /Order type/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Review order/ }));
    const howToPay = await payChoices();
    expect(
      within(howToPay)
        .getAllByRole('button')
        .map((tile) => tile.textContent),
    ).toEqual([expect.stringMatching(/^Scan to pay/)]);
    expect(screen.queryByRole('button', { name: /Pay at the counter/ })).toBeNull();
  });

  it('QR only and offline -> Scan to pay off, and no word of a counter this kiosk does not offer', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    await renderKiosk({
      'GET /api/kiosk/settings': () => ok({ ...SETTINGS, order_types: [1], payment_methods: ['Wallet'] }),
      'POST /api/kiosk/orders': networkDown,
    });
    await userEvent.click(await screen.findByRole('button', { name: /Eat here/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Nasi Lemak' }));
    await userEvent.click(screen.getByRole('button', { name: /Review order/ }));
    const qr = (await screen.findByRole('button', { name: /Scan to pay/ })) as HTMLButtonElement;
    expect(qr.disabled).toBe(true);
    expect(qr.textContent).toContain(
      'Scan to pay needs the internet. It is back in a moment; our staff can help meanwhile.',
    );
    expect(qr.textContent).not.toContain('counter');
  });

  it('both order types -> the menu offers to change to the other one', async () => {
    await renderKiosk({});
    await userEvent.click(await screen.findByRole('button', { name: /Eat here/ }));
    const change = await screen.findByRole('button', { name: 'Order type: Eat here. Change' });
    await userEvent.click(change);
    expect(await screen.findByRole('button', { name: 'Order type: Take away. Change' })).toBeTruthy();
  });
});
