import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { setBoardSocketFactory } from '../lib/board-socket';
import { setStaffToken } from '../lib/session';
import { FakeSocket, KITCHEN_ME, ok, refused, stubServer, testOrder, openBoardSocket } from '../lib/testing';
import { startI18n } from './i18n';
import { AppProviders } from './providers';

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  FakeSocket.last = undefined;
  setBoardSocketFactory((url) => new FakeSocket(url));
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  setStaffToken(null);
});

const orderCard = (id: number) => screen.findByRole('article', { name: `Order #${id}` });

describe('staff console', () => {
  it('no token -> login; a wrong password -> "Wrong username or password"; the right one -> the board with the order by name', async () => {
    let attempts = 0;
    const server = stubServer({
      'POST /api/staff/login': () =>
        ++attempts === 1
          ? refused(403, "You don't have access to this", 'errors.forbidden')
          : ok({ token: 'tok-kitchen', staff: KITCHEN_ME.staff }),
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/orders': () => ok({ orders: [testOrder(1)] }),
    });
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'kopitiam-ali-kitchen');
    await user.type(screen.getByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong username or password')).toBeTruthy();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'santap-demo');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const card = await orderCard(1);
    expect(within(card).getByText('Table 3')).toBeTruthy();
    expect(within(card).getByText('Spice level: Medium')).toBeTruthy();
    expect(within(card).getByText('Extras: Fried egg')).toBeTruthy();
    expect(within(card).getByText('Note: no onions')).toBeTruthy();
    expect(within(card).getByText('Request: birthday, please bring a candle')).toBeTruthy();
    expect(within(card).getByText('Unpaid')).toBeTruthy();
    // The kitchen's moves on a waiting order: confirm or decline, nothing it may not do.
    expect(within(card).getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Decline order' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Served / picked up' })).toBeNull();
    expect(server.calls.filter((call) => call.path === '/api/staff/login').at(-1)?.body).toEqual({
      username: 'kopitiam-ali-kitchen',
      password: 'santap-demo',
    });
  });

  it('the diner cancelled meanwhile: Confirm -> "changed meanwhile" and the card is refreshed (gone)', async () => {
    setStaffToken('tok-kitchen');
    let cancelled = false;
    stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/orders': () => ok({ orders: cancelled ? [] : [testOrder(1)] }),
      'POST /api/staff/orders/1/status': () => {
        cancelled = true;
        return refused(422, 'This order cannot be updated right now', 'errors.invalidTransition');
      },
    });
    render(<AppProviders i18n={i18n} />);
    const card = await orderCard(1);
    await openBoardSocket('restaurant:1001');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'Order #1 changed meanwhile: This order cannot be updated right now The card now shows it as it is.',
      ),
    ).toBeTruthy();
    await expect.poll(() => screen.queryByRole('article', { name: 'Order #1' })).toBeNull();
  });

  it('the socket drops -> "Offline" banner and a tap is refused without a call; a new order event -> card, count in the title', async () => {
    setStaffToken('tok-kitchen');
    const server = stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/orders': (request) =>
        ok({
          orders: new URL(request.url).searchParams.get('order_id') === '2' ? [testOrder(2)] : [testOrder(1)],
        }),
    });
    render(<AppProviders i18n={i18n} />);
    const card = await orderCard(1);
    const socket = FakeSocket.last!;
    act(() => socket.open('restaurant:1001'));
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'auth', staff_token: 'tok-kitchen' });

    act(() => socket.receive({ type: 'event', event: { type: 'order.created', data: { order_id: 2 } } }));
    expect(await orderCard(2)).toBeTruthy();
    await expect.poll(() => document.title).toBe('(1) Orders');

    act(() => socket.drop());
    expect(await screen.findByText(/^Offline: actions are paused/)).toBeTruthy();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Confirm' }));
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(await screen.findAllByText(/^Offline: actions are paused/)).toHaveLength(2);
  });
});
