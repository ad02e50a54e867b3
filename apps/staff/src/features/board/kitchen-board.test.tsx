import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import type { StaffOrder } from '@santap/api-client';
import { startI18n } from '../../app/i18n';
import { AppProviders } from '../../app/providers';
import { setStaffToken } from '../../lib/session';
import { FakeSocket, KITCHEN_ME, ok, stubServer, testOrder, openBoardSocket } from '../../lib/testing';
import { setBoardSocketFactory } from '../../lib/board-socket';
import { tickListeners } from './lib/ticker';

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  FakeSocket.last = undefined;
  setBoardSocketFactory((url) => new FakeSocket(url));
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  setStaffToken('tok-kitchen');
});
afterEach(() => {
  setStaffToken(null);
});

const nowEpoch = () => Math.floor(Date.now() / 1000);
const card = (id: number) => screen.findByRole('article', { name: `Order #${id}` });
const column = (name: string) => screen.getByRole('region', { name });

/** A board with `orders`; POST .../kitchen answers the order with the marks applied. */
function board(orders: StaffOrder[]) {
  const byId = new Map(orders.map((order) => [order.order_id, order]));
  const server = stubServer({
    'GET /api/staff/me': () => ok(KITCHEN_ME),
    'GET /api/staff/orders': (request) => {
      const id = new URL(request.url).searchParams.get('order_id');
      return ok({ orders: id ? [byId.get(Number(id))].filter(Boolean) : [...byId.values()] });
    },
  });
  return { server, byId };
}

describe('kitchen display', () => {
  it('age clocks in the restaurant colours (fresh, amber at 10, red at 20 minutes), one shared ticker; allergies on the card', async () => {
    const allergic = testOrder(3, { created_epoch: nowEpoch() - 25 * 60 });
    allergic.kitchen.allergies = [
      { category: 'nuts', severity: 'severe' },
      { category: 'gluten', severity: 'avoid' },
    ];
    board([
      testOrder(1, { created_epoch: nowEpoch() - 60 }),
      testOrder(2, { created_epoch: nowEpoch() - 12 * 60 }),
      allergic,
    ]);
    render(<AppProviders i18n={i18n} />);
    const clock = async (id: number) => within(await card(id)).getByRole('timer');
    expect((await clock(1)).dataset.level).toBe('fresh');
    expect((await clock(1)).textContent).toMatch(/^1:0\d$/);
    expect((await clock(2)).dataset.level).toBe('amber');
    expect((await clock(3)).dataset.level).toBe('red');
    expect(tickListeners()).toBe(3); // three labels on one interval
    expect(within(await card(3)).getByRole('note').textContent).toBe(
      'Allergy: Nuts (severe), Gluten (wheat, barley)',
    );
    expect(within(await card(1)).queryByRole('note')).toBeNull();
    // No added batch: nothing marked 'Added'.
    expect(within(await card(1)).queryByText('Added')).toBeNull();
  });

  it("dishes added to a running order (the latest batch) -> marked 'Added'", async () => {
    const more = testOrder(5, { status: 14, status_key: 'status.moreItemsAdded' });
    more.items[1]!.batch = 2;
    board([more]);
    render(<AppProviders i18n={i18n} />);
    const ticket = await card(5);
    expect(within(ticket).getByRole('button', { name: /Roti Tisu Added/ })).toBeTruthy();
    expect(within(ticket).getByRole('button', { name: /^1× Nasi Goreng Kampung$/ })).toBeTruthy();
  });

  it('station picker: Kitchen shows its dishes only, kept on the device; All day counts follow it', async () => {
    const drinks = testOrder(2);
    drinks.items = [{ ...drinks.items[1]!, name: 'Teh Tarik', quantity: 2 }];
    drinks.kitchen.lines = [
      { order_item_id: drinks.items[0]!.order_item_id, category_id: 100103, done: false },
    ];
    board([testOrder(1), drinks]);
    const { unmount } = render(<AppProviders i18n={i18n} />);
    const first = await card(1);
    const user = userEvent.setup();
    const allDayButton = screen.getByRole('button', { name: 'All day' });
    if (allDayButton.getAttribute('aria-pressed') !== 'true') await user.click(allDayButton);
    const allDay = () => within(screen.getByRole('complementary', { name: 'All day' }));
    expect(allDay().getByText('Teh Tarik')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Station'), 'Kitchen');
    expect(within(first).queryByText('Roti Tisu')).toBeNull();
    expect(within(first).getByText(/Nasi Goreng Kampung/)).toBeTruthy();
    // The drinks-only ticket has nothing for the kitchen.
    await expect.poll(() => screen.queryByRole('article', { name: 'Order #2' })).toBeNull();
    expect(allDay().queryByText('Teh Tarik')).toBeNull();
    expect(localStorage.getItem('santap.staff.station')).toBe('Kitchen');
    unmount();
    render(<AppProviders i18n={i18n} />);
    await card(1);
    expect((screen.getByLabelText('Station') as HTMLSelectElement).value).toBe('Kitchen');
    await user.selectOptions(screen.getByLabelText('Station'), 'Bar');
    expect(await card(2)).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Order #1' })).toBeNull();
  });

  it('tap a dish -> struck off through the server (POST kitchen lines); rush -> pinned first; a live event from another tablet updates the card', async () => {
    const { server, byId } = board([testOrder(1), testOrder(2)]);
    server.calls.length = 0;
    stubServerKitchen(byId, server.calls);
    render(<AppProviders i18n={i18n} />);
    const first = await card(1);
    await openBoardSocket('restaurant:1001');
    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: /Nasi Goreng Kampung/, pressed: false }));
    expect(
      await within(await card(1)).findByRole('button', { name: /Nasi Goreng Kampung/, pressed: true }),
    ).toBeTruthy();
    expect(server.calls.find((call) => call.path === '/api/staff/orders/1/kitchen')?.body).toEqual({
      lines: [{ order_item_id: 11, done: true }],
    });

    // Order 2 is newer; rush puts it first (oldest first otherwise).
    const waiting = () =>
      within(column('Waiting'))
        .getAllByRole('article')
        .map((article) => article.dataset.orderId);
    expect(waiting()).toEqual(['1', '2']);
    await user.click(within(await card(2)).getByRole('button', { name: 'Rush' }));
    await expect.poll(waiting).toEqual(['2', '1']);
    expect(within(await card(2)).getByRole('button', { name: 'Rush', pressed: true })).toBeTruthy();

    // Another tablet strikes Roti Tisu of order 2: the event refetches the card.
    byId.get(2)!.kitchen.lines[1]!.done = true;
    byId.set(2, structuredClone(byId.get(2)!));
    act(() =>
      FakeSocket.last!.receive({ type: 'event', event: { type: 'order.kitchen', data: { order_id: 2 } } }),
    );
    expect(
      await within(await card(2)).findByRole('button', { name: /Roti Tisu/, pressed: true }),
    ).toBeTruthy();
  });

  it('bump -> the next move and "Recently bumped"; Recall (no move back in the rules) -> shown again here, pinned, "Recalled"', async () => {
    const { server, byId } = board([testOrder(1, { status: 2, status_key: 'status.preparing' })]);
    stubServerKitchen(byId, server.calls);
    render(<AppProviders i18n={i18n} />);
    const ticket = await card(1);
    await openBoardSocket('restaurant:1001');
    const user = userEvent.setup();
    // Preparing: the bump is 'Prepared', then 'Ready' moves it to the ready column.
    await user.click(within(ticket).getByRole('button', { name: 'Prepared' }));
    await user.click(within(await card(1)).getByRole('button', { name: 'Ready' }));
    await expect
      .poll(() => within(column('Ready')).queryByRole('article', { name: 'Order #1' }))
      .toBeTruthy();
    const strip = screen.getByRole('region', { name: 'Recently bumped' });
    await user.click(within(strip).getByRole('button', { name: 'Recall order #1' }));
    // Ready -> prepared is not in the rules: no call, the ticket stands again in the cooking column.
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { status: 9 },
      { status: 3 },
    ]);
    const recalled = await within(column('Confirmed / preparing')).findByRole('article', {
      name: 'Order #1',
    });
    expect(within(recalled).getByText('Recalled')).toBeTruthy();
    await user.click(within(recalled).getByRole('button', { name: 'Clear' }));
    await expect
      .poll(() => within(column('Ready')).queryByRole('article', { name: 'Order #1' }))
      .toBeTruthy();
  });

  it('an online order not paid yet is not in the kitchen columns ("1 awaiting payment"); once paid, it appears', async () => {
    const unpaid = testOrder(2, { prepay: true, payment_mode: 'online' });
    unpaid.kitchen.awaiting_payment = true;
    const { byId } = board([testOrder(1), unpaid]);
    render(<AppProviders i18n={i18n} />);
    await card(1);
    expect(screen.queryByRole('article', { name: 'Order #2' })).toBeNull();
    expect(screen.getByText('1 awaiting payment')).toBeTruthy();
    await openBoardSocket('restaurant:1001');
    byId.set(2, testOrder(2, { prepay: true, payment_mode: 'online', payment_status: 'paid' }));
    act(() =>
      FakeSocket.last!.receive({ type: 'event', event: { type: 'order.payment', data: { order_id: 2 } } }),
    );
    expect(await card(2)).toBeTruthy();
  });

  it("an order placed between the board's first read and its subscription -> read when subscribed, no event needed", async () => {
    const { byId } = board([testOrder(1)]);
    render(<AppProviders i18n={i18n} />);
    await card(1);
    // The device went offline before the socket subscribed; meanwhile a diner ordered (no event reaches
    // the board). Its first subscription, once back, must read the orders again.
    byId.set(2, testOrder(2));
    await openBoardSocket('restaurant:1001');
    expect(await card(2)).toBeTruthy();
  });

  it('ready screen (/ready): pickup and queue numbers, preparing and ready, numbers only', async () => {
    window.history.replaceState(null, '', '/ready');
    const { byId } = board([
      testOrder(41, { order_type: 3, status: 3, table_no: null, table_label: null }),
      testOrder(42, { queue_no: 7, status: 2, table_no: null, table_label: null }),
      testOrder(43, { status: 3 }), // dine-in at a table: brought to the table, not called
    ]);
    render(<AppProviders i18n={i18n} />);
    const ready = await screen.findByRole('region', { name: 'Ready to collect' });
    await expect
      .poll(() =>
        within(ready)
          .queryAllByRole('listitem')
          .map((li) => li.textContent),
      )
      .toEqual(['41']);
    const preparing = screen.getByRole('region', { name: 'Preparing' });
    expect(
      within(preparing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['7']);
    const text = document.querySelector('.staff-ready')!.textContent!;
    expect(text).not.toMatch(/Nasi|Table|candle|Kopitiam/);
    // On the screen at load: not flashing. One that becomes ready later: stands out.
    expect(within(ready).getByText('41').className).toBe('');
    await openBoardSocket('restaurant:1001');
    byId.set(42, testOrder(42, { queue_no: 7, status: 3, table_no: null, table_label: null }));
    act(() =>
      FakeSocket.last!.receive({ type: 'event', event: { type: 'order.status', data: { order_id: 42 } } }),
    );
    expect((await within(ready).findByText('7')).className).toBe('staff-ready__new');
  });
});

/** Adds POST status and kitchen handlers over `byId` to the stub server. */
function stubServerKitchen(
  byId: Map<number, StaffOrder>,
  calls: { method: string; path: string; body: unknown }[],
) {
  const previous = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const match = /^\/api\/staff\/orders\/(\d+)\/(kitchen|status)$/.exec(url.pathname);
    if (request.method !== 'POST' || !match) return previous(input, init);
    const body = (await request.json()) as {
      rush?: boolean;
      lines?: { order_item_id: number; done: boolean }[];
      status?: number;
    };
    calls.push({ method: 'POST', path: url.pathname, body });
    const order = structuredClone(byId.get(Number(match[1]))!);
    if (body.rush !== undefined) order.kitchen.rush = body.rush;
    for (const line of body.lines ?? [])
      order.kitchen.lines.find((l) => l.order_item_id === line.order_item_id)!.done = line.done;
    if (body.status !== undefined) order.status = body.status;
    byId.set(order.order_id, order);
    return ok(order);
  }) as typeof fetch;
}
