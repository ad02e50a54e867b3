import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create as encodeQr } from 'qrcode';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startI18n } from '../../../lib/i18n';
import { AppProviders } from '../../../app/providers';
import { setApiDevice } from '../../../lib/api';
import { saveDevice } from '../../../lib/device';
import { MENU, SETTINGS, ok, placed, stubServer } from '../../../lib/testing';
import type { Handler } from '../../../lib/testing';

const DEVICE = { id: 'kopitiam-ali-k1', secret: 's3cret' };

/** A QRIS string as Midtrans's Core API QRIS charge answers it (EMVCo TLV, CRC last). */
const QRIS =
  '00020101021226610014COM.GO-JEK.WWW01189360091400000000010210G0000000000303UMI51440014ID.CO.QRIS.WWW0215ID10260000000010303UMI52045812530336054061000005802ID5911Warung Demo6015JAKARTA SELATAN61051219062130509SNTP-10426304D135';
/** A DuitNow QR as Razer's Direct Server API answers it (PayNet's AID in tag 26, MYR, CRC last). */
const DUITNOW =
  '00020101021226720014A00000061500010106890087022800000000000000000000000915070308SNTP2051520458125303458540538.505802MY5912KOPITIAM ALI6012KUALA LUMPUR62150111SNTP-2051-k6304847B';
const DOKU_PAGE = 'https://sandbox.doku.com/checkout-link-v2/e3a1c0b4d2f64f7d9c1b8a7e6d5c4b3a';
const SIMULATOR_PAGE = 'http://localhost:3000/simulator/pay/SNTP-9-abc';

/** The reply of `POST /api/kiosk/orders/601/pay` for a payment with these QR fields. */
const started = (
  paymentId: number,
  qr: { qr_string: string | null; redirect_url: string | null; provider: string },
) =>
  ok({
    payment_id: paymentId,
    reference: `SNTP-${paymentId}-abc`,
    ...qr,
    state: 'processing',
    page_state: 'processing',
    amount: 1515,
    currency: 'MYR',
    speed_mode: 'fast',
    resumed: false,
    lock: { locked: true, can_unlock: false, seconds_left: 60 },
    order_id: 601,
    fc_order_id: null,
    is_kiosk: true,
  });

/** The reply of `GET /api/kiosk/orders/601`: the order still owed, its latest attempt in this state. */
const orderWith = (paymentId: number, pageState: 'processing' | 'failed') =>
  ok({
    order_id: 601,
    fc_order_id: null,
    status: 1,
    status_key: 'status.waitingConfirmation',
    payment_status: pageState === 'failed' ? 'failed' : 'processing',
    payment: 'online',
    amount: 1515,
    currency: 'MYR',
    tickets: placed(601, 3, 1515).tickets,
    latest_payment: {
      payment_id: paymentId,
      state: pageState,
      page_state: pageState,
      result: pageState === 'failed' ? 2 : 0,
    },
    is_kiosk: true,
  });

async function renderPayScreen(routes: Record<string, Handler>, language: 'en' | 'id' | 'my' = 'en') {
  saveDevice(DEVICE);
  setApiDevice(DEVICE);
  const server = stubServer({
    'GET /api/kiosk/settings': () => ok(SETTINGS),
    'GET /api/menu': () => ok(MENU),
    ...routes,
  });
  window.history.replaceState(null, '', '/pay/601');
  render(<AppProviders i18n={await startI18n(language)} />);
  return server;
}

/** The SVG path QrMatrix draws for this text: which text the QR on screen holds. */
function qrPathOf(text: string): string {
  const { modules } = encodeQr(text, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col]) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
  }
  return d;
}

const drawnPath = (qr: HTMLElement) => qr.querySelector('path')?.getAttribute('d');

beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  cleanup();
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('test over')));
});

describe('kiosk pay screen: which QR, and what it says', () => {
  it('a QRIS qr_string (Midtrans QRIS charge) -> that string drawn, "Scan with any QRIS / e-wallet app."', async () => {
    await renderPayScreen({
      'POST /api/kiosk/orders/601/pay': () =>
        started(9, { qr_string: QRIS, redirect_url: null, provider: 'midtrans' }),
      'GET /api/kiosk/orders/601': () => orderWith(9, 'processing'),
    });
    const qr = await screen.findByRole('img', { name: 'Payment QR code for RM 15.15' });
    expect(drawnPath(qr)).toBe(qrPathOf(QRIS));
    expect(screen.getByText('Scan with any QRIS / e-wallet app.')).toBeTruthy();
    expect(screen.queryByText('Scan to open the payment page on your phone.')).toBeNull();
  });

  it('a DuitNow QR qr_string (Razer, a Malaysian kiosk) -> that string drawn, "Scan with any DuitNow QR banking or e-wallet app."', async () => {
    await renderPayScreen({
      'POST /api/kiosk/orders/601/pay': () =>
        started(9, { qr_string: DUITNOW, redirect_url: null, provider: 'razer' }),
      'GET /api/kiosk/orders/601': () => orderWith(9, 'processing'),
    });
    const qr = await screen.findByRole('img', { name: 'Payment QR code for RM 15.15' });
    expect(drawnPath(qr)).toBe(qrPathOf(DUITNOW));
    expect(screen.getByText('Scan with any DuitNow QR banking or e-wallet app.')).toBeTruthy();
    expect(screen.queryByText('Scan with any QRIS / e-wallet app.')).toBeNull();
  });

  it('only a page URL (DOKU, GrabPay: no QR API) -> the URL drawn, "Scan to open the payment page on your phone."', async () => {
    await renderPayScreen({
      'POST /api/kiosk/orders/601/pay': () =>
        started(9, { qr_string: null, redirect_url: DOKU_PAGE, provider: 'doku' }),
      'GET /api/kiosk/orders/601': () => orderWith(9, 'processing'),
    });
    const qr = await screen.findByRole('img', { name: 'Payment QR code for RM 15.15' });
    expect(drawnPath(qr)).toBe(qrPathOf(DOKU_PAGE));
    expect(screen.getByText('Scan to open the payment page on your phone.')).toBeTruthy();
    expect(screen.queryByText('Scan with any QRIS / e-wallet app.')).toBeNull();
  });

  it("a qr_string that is a URL (the simulator's hosted page) -> a page, not a QRIS code", async () => {
    await renderPayScreen({
      'POST /api/kiosk/orders/601/pay': () =>
        started(9, { qr_string: SIMULATOR_PAGE, redirect_url: SIMULATOR_PAGE, provider: 'simulator' }),
      'GET /api/kiosk/orders/601': () => orderWith(9, 'processing'),
    });
    const qr = await screen.findByRole('img', { name: 'Payment QR code for RM 15.15' });
    expect(drawnPath(qr)).toBe(qrPathOf(SIMULATOR_PAGE));
    expect(screen.getByText('Scan to open the payment page on your phone.')).toBeTruthy();
  });

  it.each([
    ['id', 'a QRIS string', 'Pindai dengan aplikasi QRIS / dompet digital apa pun.', QRIS],
    ['id', 'a page URL', 'Pindai untuk membuka halaman pembayaran di ponsel Anda.', DOKU_PAGE],
    ['my', 'a QRIS string', 'Imbas dengan mana-mana aplikasi QRIS / e-dompet.', QRIS],
    ['my', 'a page URL', 'Imbas untuk membuka halaman pembayaran di telefon anda.', DOKU_PAGE],
  ] as const)('in %s, %s -> "%s"', async (language, _kind, words, text) => {
    const isPage = text.startsWith('https://');
    await renderPayScreen(
      {
        'POST /api/kiosk/orders/601/pay': () =>
          started(9, {
            qr_string: isPage ? null : text,
            redirect_url: isPage ? text : null,
            provider: isPage ? 'doku' : 'midtrans',
          }),
        'GET /api/kiosk/orders/601': () => orderWith(9, 'processing'),
      },
      language,
    );
    expect(await screen.findByText(words)).toBeTruthy();
  });
});

describe('kiosk pay screen: a failed payment', () => {
  it("the attempt fails -> 'Sorry, Payment Failed', no QR; Try again -> a new payment and its new code", async () => {
    let attempt = 0;
    const server = await renderPayScreen({
      'POST /api/kiosk/orders/601/pay': () => {
        attempt += 1;
        return attempt === 1
          ? started(9, { qr_string: QRIS, redirect_url: null, provider: 'midtrans' })
          : started(10, { qr_string: DOKU_PAGE, redirect_url: DOKU_PAGE, provider: 'doku' });
      },
      // The first attempt is reported failed; the second one is still waiting for the payer.
      'GET /api/kiosk/orders/601': () =>
        attempt === 1 ? orderWith(9, 'failed') : orderWith(10, 'processing'),
    });
    const first = await screen.findByRole('img', { name: 'Payment QR code for RM 15.15' });
    expect(drawnPath(first)).toBe(qrPathOf(QRIS));

    expect(await screen.findByText('Sorry, Payment Failed')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Payment QR code/ })).toBeNull();
    expect(screen.queryByText('Scan with any QRIS / e-wallet app.')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const second = await screen.findByRole('img', { name: 'Payment QR code for RM 15.15' });
    expect(drawnPath(second)).toBe(qrPathOf(DOKU_PAGE));
    expect(screen.queryByText('Sorry, Payment Failed')).toBeNull();
    expect(screen.getByText('Scan to open the payment page on your phone.')).toBeTruthy();
    expect(server.calls.filter((call) => call.path === '/api/kiosk/orders/601/pay')).toHaveLength(2);
  });

  it("an earlier attempt's failure (another payment id) -> no failure shown for the new code", async () => {
    const server = await renderPayScreen({
      'POST /api/kiosk/orders/601/pay': () =>
        started(10, { qr_string: QRIS, redirect_url: null, provider: 'midtrans' }),
      'GET /api/kiosk/orders/601': () => orderWith(9, 'failed'),
    });
    await screen.findByRole('img', { name: 'Payment QR code for RM 15.15' });
    const polls = () =>
      server.calls.filter((call) => call.method === 'GET' && call.path === '/api/kiosk/orders/601');
    await vi.waitFor(() => expect(polls().length).toBeGreaterThan(0), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Sorry, Payment Failed')).toBeNull();
    expect(screen.getByRole('img', { name: 'Payment QR code for RM 15.15' })).toBeTruthy();
  });
});
