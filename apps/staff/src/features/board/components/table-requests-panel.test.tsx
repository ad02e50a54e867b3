import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import type { TableRequest } from '@santap/api-client';
import { startI18n } from '../../../app/i18n';
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
import { chime } from '../lib/alert';
import { setBoardSocketFactory } from '../../../lib/board-socket';

vi.mock('../lib/alert', () => ({ chime: vi.fn() }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  FakeSocket.last = undefined;
  setBoardSocketFactory((url) => new FakeSocket(url));
  window.history.replaceState(null, '', '/');
  setStaffToken('tok-kitchen');
  vi.mocked(chime).mockClear();
});
afterEach(() => {
  setStaffToken(null);
});

const now = () => Math.floor(Date.now() / 1000);
const request = (id: number, patch: Partial<TableRequest> = {}): TableRequest => ({
  request_id: id,
  order_id: 1,
  restaurant_id: 1001,
  kind: 'waiter',
  table_no: 'T3',
  table_label: 'Table 3',
  created_epoch: now() - 150,
  acknowledged_epoch: null,
  ...patch,
});

const panel = () => screen.findByRole('region', { name: 'Table requests' });

describe('table requests on the board', () => {
  it("an open 'call waiter' at Table 3 -> its row with kind, age and order; Acknowledge -> the call, the row leaves", async () => {
    let open = [request(900)];
    const server = stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/orders': () => ok({ orders: [testOrder(1)] }),
      'GET /api/staff/table-requests': () => ok({ requests: open }),
      'POST /api/staff/table-requests/900/acknowledge': () => {
        const done = { ...open[0]!, acknowledged_epoch: now() };
        open = [];
        return ok(done);
      },
    });
    render(<AppProviders i18n={i18n} />);
    const row = await within(await panel()).findByRole('listitem', { name: 'Table 3: Calls waiter' });
    expect(within(row).getByText('2 min ago')).toBeTruthy();
    expect(within(row).getByText('Order #1')).toBeTruthy();
    await openBoardSocket('restaurant:1001');

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Acknowledge' }));
    expect(server.calls.some((call) => call.path === '/api/staff/table-requests/900/acknowledge')).toBe(true);
    await expect.poll(() => screen.queryByRole('region', { name: 'Table requests' })).toBeNull();
    // The initial read is not "new": no chime for what was already waiting.
    expect(chime).not.toHaveBeenCalled();
  });

  it('a table.request event -> the list is read again, the new bill request shows and chimes; no order card is refetched', async () => {
    let open: TableRequest[] = [];
    const server = stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/orders': () => ok({ orders: [testOrder(1)] }),
      'GET /api/staff/table-requests': () => ok({ requests: open }),
    });
    render(<AppProviders i18n={i18n} />);
    await screen.findByRole('article', { name: 'Order #1' });
    expect(screen.queryByRole('region', { name: 'Table requests' })).toBeNull();
    const socket = FakeSocket.last!;
    act(() => socket.open('restaurant:1001'));
    const ordersReads = () => server.calls.filter((call) => call.path === '/api/staff/orders').length;
    // Subscribed: the board reads its orders again (what changed before the subscription sent no event).
    await waitFor(() => expect(ordersReads()).toBe(2));
    const before = ordersReads();

    open = [request(901, { kind: 'bill', table_label: null, table_no: 'T5', created_epoch: now() })];
    act(() =>
      socket.receive({
        type: 'event',
        event: {
          type: 'table.request',
          data: { request_id: 901, order_id: 1, kind: 'bill', acknowledged: false },
        },
      }),
    );
    const row = await within(await panel()).findByRole('listitem', { name: 'Table T5: Asks for the bill' });
    expect(within(row).getByText('just now')).toBeTruthy();
    expect(chime).toHaveBeenCalledTimes(1);
    expect(ordersReads()).toBe(before);
  });

  it('acknowledged meanwhile elsewhere / refused -> the reason in a toast and the list is read again', async () => {
    let open = [request(902)];
    stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/orders': () => ok({ orders: [] }),
      'GET /api/staff/table-requests': () => ok({ requests: open }),
      'POST /api/staff/table-requests/902/acknowledge': () => {
        open = [];
        return refused(404, 'Not found', 'errors.notFound');
      },
    });
    render(<AppProviders i18n={i18n} />);
    const row = await within(await panel()).findByRole('listitem', { name: 'Table 3: Calls waiter' });
    await openBoardSocket('restaurant:1001');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText(/Not found/)).toBeTruthy();
    await expect.poll(() => screen.queryByRole('region', { name: 'Table requests' })).toBeNull();
  });
});
