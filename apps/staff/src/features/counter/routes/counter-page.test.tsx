import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { startI18n, switchLanguage } from '../../../app/i18n';
import { AppProviders } from '../../../app/providers';
import { setStaffToken } from '../../../lib/session';
import {
  FakeSocket,
  KITCHEN_ME,
  ok,
  refused,
  stubServer,
  testOrder,
  openBoardSocket,
} from '../../../lib/testing';
import { setBoardSocketFactory } from '../../../lib/board-socket';

const SERVER_ME = {
  ...KITCHEN_ME,
  staff: { staff_id: 3, restaurant_id: 1001, role: 'server', username: 'kopitiam-ali-server' },
  moves: [10, 11, 12, 4],
};
const MANAGER_ME = {
  ...KITCHEN_ME,
  staff: { staff_id: 1, restaurant_id: 1001, role: 'manager', username: 'kopitiam-ali-manager' },
};

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  FakeSocket.last = undefined;
  setBoardSocketFactory((url) => new FakeSocket(url));
  window.history.replaceState(null, '', '/counter');
  setStaffToken('tok-staff');
});
afterEach(async () => {
  cleanup();
  setStaffToken(null);
  await switchLanguage(i18n, 'en');
});

/** A kiosk order taken offline: queue number 42, ticket K7-3F9Q, 'Cash kiosk', no table. */
const kioskOrder = testOrder(7, {
  order_type: 3,
  table_no: null,
  table_label: null,
  queue_no: 42,
  kiosk_ticket: 'K7-3F9Q',
  payment_mode: 'cash_kiosk',
  total: 2350,
  paid_amount: 0,
  status: 1,
});

describe('counter screen', () => {
  it('lists what is owed (table, queue number, kiosk ticket; not online or paid orders); cash received -> change; records the payment', async () => {
    let paid = false;
    const server = stubServer({
      'GET /api/staff/me': () => ok(SERVER_ME),
      'GET /api/staff/orders': () =>
        ok({
          orders: [
            kioskOrder,
            testOrder(1, { paid_amount: paid ? 1390 : 0, payment_status: paid ? 'paid' : 'unpaid' }),
            testOrder(2, { payment_mode: 'online' }),
            testOrder(3, { paid_amount: 1390, payment_status: 'paid' }),
            testOrder(4, { status: 6 }),
          ],
        }),
      'POST /api/orders/billing/direct_payment.php': () => {
        paid = true;
        return ok({ payment_id: 90, order_id: 1, amount: 1390, currency: 'MYR', payment_status: 'paid' });
      },
    });
    render(<AppProviders i18n={i18n} />);
    expect(await screen.findByRole('heading', { name: 'Counter payments' })).toBeTruthy();
    await openBoardSocket('restaurant:1001');

    const kiosk = await screen.findByRole('article', { name: 'Order #7' });
    expect(within(kiosk).getByText('No. 42')).toBeTruthy();
    expect(within(kiosk).getByText('Ticket K7-3F9Q')).toBeTruthy();
    expect(within(kiosk).getByText(/Cash kiosk/)).toBeTruthy();
    expect(within(kiosk).getByText('RM 23.50')).toBeTruthy();
    const table = screen.getByRole('article', { name: 'Order #1' });
    expect(within(table).getByText('Table 3')).toBeTruthy();
    expect(within(table).getByText(/Pay later/)).toBeTruthy();
    for (const id of [2, 3, 4]) expect(screen.queryByRole('article', { name: `Order #${id}` })).toBeNull();
    // The nav shows the server's screens, not the manager's.
    expect(screen.getByRole('link', { name: 'Counter' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Accounts' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Take payment for order #1' }));
    const form = within(table).getByRole('form', { name: 'Take payment for order #1' });
    const record = within(form).getByRole('button', { name: 'Record cash RM 13.90' });
    expect((record as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(form).getByLabelText('Cash received'), '10');
    expect(within(form).getByText('Short by RM 3.90')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'RM 20.00' }));
    expect(within(form).getByText('Change to give').parentElement?.textContent).toBe(
      'Change to give RM 6.10',
    );
    await user.clear(within(form).getByLabelText('Cash received'));
    await user.type(within(form).getByLabelText('Cash received'), '20.555');
    expect(within(form).getByText('Type the amount received, for example 20.00')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Cash received'));
    await user.type(within(form).getByLabelText('Cash received'), '50');
    expect(within(form).getByText('RM 36.10')).toBeTruthy();
    await user.click(record);

    expect(await screen.findByText('Order #1 is paid: RM 13.90')).toBeTruthy();
    await expect.poll(() => screen.queryByRole('article', { name: 'Order #1' })).toBeNull();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      order_id: 1,
      method: 'Cash',
      amount: 1390,
    });
  });

  it('card payment; a refusal is shown in the language of the console; offline -> banner and no call', async () => {
    await switchLanguage(i18n, 'my');
    const server = stubServer({
      'GET /api/staff/me': () => ok(SERVER_ME),
      'GET /api/staff/orders': () => ok({ orders: [kioskOrder] }),
      'POST /api/orders/billing/direct_payment.php': (request) =>
        request.headers.get('accept-language') === 'my'
          ? refused(422, 'Pesanan ini sudah dibayar', 'errors.paymentAlreadyPaid')
          : refused(422, 'This order is already paid', 'errors.paymentAlreadyPaid'),
    });
    render(<AppProviders i18n={i18n} />);
    const row = await screen.findByRole('article', { name: 'Pesanan #7' });
    await openBoardSocket('restaurant:1001');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Terima bayaran pesanan #7' }));
    await user.click(within(row).getByRole('radio', { name: 'Kad' }));
    expect(within(row).queryByLabelText('Wang tunai diterima')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Rekod kad RM 23.50' }));
    expect(await within(row).findByRole('alert')).toHaveProperty('textContent', 'Pesanan ini sudah dibayar');
    expect(server.calls.filter((call) => call.method === 'POST').at(-1)?.body).toMatchObject({
      method: 'Card',
    });

    act(() => FakeSocket.last!.drop());
    expect(await screen.findByText(/^Luar talian/)).toBeTruthy();
    const posts = server.calls.filter((call) => call.method === 'POST').length;
    await user.click(within(row).getByRole('button', { name: 'Rekod kad RM 23.50' }));
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(posts);
  });

  it('manager refunds part of a completed order: the server says what is refundable; too much is refused before sending; the result shows', async () => {
    const completed = testOrder(5, {
      status: 4,
      payment_status: 'paid',
      paid_amount: 1390,
      payment_mode: 'online',
    });
    let refundable = 1390;
    const server = stubServer({
      'GET /api/staff/me': () => ok(MANAGER_ME),
      'GET /api/staff/orders': (request) =>
        new URL(request.url).searchParams.get('order_id') === '5'
          ? ok({ orders: [{ ...completed, refundable_amount: refundable }] })
          : ok({ orders: [completed] }),
      'POST /api/staff/orders/5/refund': (request, body) => {
        expect(request.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
        const amount = (body as { amount?: number }).amount ?? refundable;
        refundable -= amount;
        return ok({
          order_id: 5,
          payment_status: 'paid',
          currency: 'MYR',
          amount,
          refundable_amount: refundable,
          refunds: [
            {
              refund_id: 1,
              payment_id: 9,
              order_id: 5,
              order_item_id: null,
              amount,
              currency: 'MYR',
              reason: 'staff_refund',
              state: 'refund_initiated',
              wording_key: 'refund.bank',
              wording: '3-5 days',
              created_epoch: 1_800_000_100,
            },
          ],
        });
      },
    });
    render(<AppProviders i18n={i18n} />);
    const row = await screen.findByRole('article', { name: 'Order #5' });
    await openBoardSocket('restaurant:1001');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Refund order #5' }));
    expect(await within(row).findByText('Refundable: RM 13.90')).toBeTruthy();
    await user.type(within(row).getByLabelText('Amount (empty: all that is refundable)'), '20');
    expect(within(row).getByText('At most RM 13.90 can be refunded')).toBeTruthy();
    await user.clear(within(row).getByLabelText('Amount (empty: all that is refundable)'));
    await user.type(within(row).getByLabelText('Amount (empty: all that is refundable)'), '4.50');
    await user.type(within(row).getByLabelText('Reason'), 'Missing sambal');
    await user.click(within(row).getByRole('button', { name: 'Refund RM 4.50' }));
    expect(await within(row).findByText('Refund initiated: RM 4.50. Still refundable: RM 9.40')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Missing sambal',
      amount: 450,
    });
  });

  it('a server is not offered refunds; nothing owed says so', async () => {
    stubServer({
      'GET /api/staff/me': () => ok(SERVER_ME),
      'GET /api/staff/orders': () =>
        ok({ orders: [testOrder(5, { status: 4, payment_status: 'paid', paid_amount: 1390 })] }),
    });
    render(<AppProviders i18n={i18n} />);
    expect(await screen.findByText('Nothing is owed right now')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Completed orders: refunds' })).toBeNull();
  });
});
