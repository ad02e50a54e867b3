import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { setLiveSocketFactory } from '@santap/web';
import type { LiveSocketFactory } from '@santap/web';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { TabView } from '../api/tab-types';
import { FakeSocket, tabFixture } from '../testing/fixtures';
import { Component as TabPage, loader } from './tab-page';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/tab/:tabId', Component: TabPage, loader },
  { path: '/tab/order/:order_id', Component: TabPage, loader },
  { path: '/tab/:tabId/pay', element: <p>pay page</p> },
  { path: '/orderstatus/order_id/:order_id', element: <p>order page</p> },
];

const dish = (name: string) => screen.getByText(name).closest('li')!;

describe('/tab/:tabId', () => {
  let previousFactory: LiveSocketFactory;
  beforeEach(() => {
    FakeSocket.all = [];
    previousFactory = setLiveSocketFactory((url) => new FakeSocket(url));
  });
  afterEach(() => {
    cleanup();
    setLiveSocketFactory(previousFactory);
    vi.restoreAllMocks();
  });

  it('four friends -> who is there, the code, every dish by round with its state, the totals, the payments', async () => {
    stubApi({ 'tabs.get': () => ({ tab: tabFixture() }) });
    renderRoute(routes, '/tab/42');

    expect(await screen.findByRole('heading', { name: 'Table tab · Table 5' })).toBeTruthy();
    const people = screen.getByRole('region', { name: 'At the table' });
    expect(
      within(people)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['🍜 Aisyah', '🍛 Diner 2 (you)', 'Ben', 'Diner 4']);
    expect(screen.getByText('Friends join with this code')).toBeTruthy();
    expect(screen.getByText('K7M2QP')).toBeTruthy();
    expect(screen.getByText('Join code: K 7 M 2 Q P')).toBeTruthy();

    const totals = screen.getByRole('region', { name: 'Table tab' });
    expect(totals.textContent).toContain('TotalRM 60.00');
    expect(totals.textContent).toContain('PaidRM 5.00');
    expect(totals.textContent).toContain('Left to payRM 40.00');
    expect(totals.textContent).toContain('Being paid now: RM 15.00');

    expect(screen.getByRole('heading', { name: 'Round 1 · 🍜 Aisyah' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Round 2 · 🍛 Diner 2' })).toBeTruthy();
    expect(dish('Nasi Lemak').textContent).toContain('Being paid by 🍜 Aisyah');
    expect(dish('Teh Tarik').textContent).toContain('✓ Paid');
    expect(dish('3 × Roti Canai').textContent).toContain('Extra dhal');
    expect(dish('3 × Roti Canai').textContent).toContain('RM 15.00');

    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['🍜 Aisyah is paying RM 15.00…Picked dishes', 'Ben paid RM 5.00Picked dishes']);
    expect(screen.getByRole('link', { name: 'Pay my share' }).getAttribute('href')).toBe('/tab/42/pay');
  });

  it('tab.changed on tab:42 -> the tab is read again within the event: Aisyah paid, her dish ticked off', async () => {
    const first = tabFixture();
    const paid: TabView = {
      ...first,
      lines: first.lines.map((line) =>
        line.line_id === '11' ? { ...line, pending: 0, paid: 1500, held_by: null } : line,
      ),
      shares: first.shares.map((share) => (share.share_id === 7 ? { ...share, state: 'paid' } : share)),
      paid: 2000,
      pending: 0,
    };
    const replies = [first, paid];
    const api = stubApi({ 'tabs.get': () => ({ tab: replies.shift() ?? paid }) });
    renderRoute(routes, '/tab/42');
    await screen.findByText('Being paid by 🍜 Aisyah');
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    expect(socket.sent).toContainEqual({ type: 'subscribe', topic: 'tab:42' });
    act(() =>
      socket.push({
        type: 'event',
        event: { topics: ['tab:42'], type: 'tab.changed', data: { tab_id: 42 } },
      }),
    );
    await waitFor(() => expect(dish('Nasi Lemak').textContent).toContain('✓ Paid'));
    expect(screen.getByText('🍜 Aisyah paid RM 15.00')).toBeTruthy();
    expect(callsTo(api, 'tabs.get').length).toBeGreaterThanOrEqual(2);
  });

  it('a dish taken whole by a share that holds nothing (everything left, an amount) -> Being paid now, not paid', async () => {
    const tab = tabFixture();
    stubApi({
      'tabs.get': () => ({
        tab: {
          ...tab,
          lines: tab.lines.map((line) => (line.line_id === '22' ? { ...line, pending: 700, left: 0 } : line)),
        },
      }),
    });
    renderRoute(routes, '/tab/42');
    await screen.findByText('Milo Ais');
    expect(dish('Milo Ais').textContent).toContain('Being paid now');
    expect(dish('Milo Ais').textContent).not.toContain('Paid');
    expect(dish('Teh Tarik').textContent).toContain('✓ Paid');
  });

  it("a dynamic-QR restaurant -> 'Friends scan the table's QR to join', no code", async () => {
    stubApi({ 'tabs.get': () => ({ tab: tabFixture({ joins_by_scan: true }) }) });
    renderRoute(routes, '/tab/42');
    expect(await screen.findByText("Friends scan the table's QR to join")).toBeTruthy();
    expect(screen.queryByText('K7M2QP')).toBeNull();
  });

  it('my share under way -> Stop this payment lets it go; my paid share -> its receipt', async () => {
    const tab = tabFixture();
    const mine = {
      ...tab.shares[0]!,
      share_id: 9,
      member_id: 2,
      settles: 700,
      amount: 700,
      created_epoch: 1_790_002_000,
    };
    const withMine = { ...tab, shares: [mine, ...tab.shares] };
    const api = stubApi({
      'tabs.get': () => ({ tab: withMine }),
      'tabs.cancelShare': () => ({ tab }),
    });
    const { user } = renderRoute(routes, '/tab/42');
    await user.click(await screen.findByRole('button', { name: 'Stop this payment' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop this payment' })).toBeNull());
    expect(callsTo(api, 'tabs.cancelShare')[0]![0].params).toEqual({ tabId: 42, shareId: 9 });

    cleanup();
    stubApi({ 'tabs.get': () => ({ tab: { ...tab, shares: [{ ...mine, state: 'paid' }] } }) });
    renderRoute(routes, '/tab/42');
    expect((await screen.findByRole('link', { name: 'Receipt' })).getAttribute('href')).toBe(
      '/tab/42/receipt/9',
    );
  });

  it('set my name and emoji -> sent, shown; a refusal -> its words, what was typed kept', async () => {
    const tab = tabFixture();
    let refuse = true;
    const api = stubApi({
      'tabs.get': () => ({ tab }),
      'tabs.setMe': (input) => {
        if (refuse) throw new ServerMessage('This table’s tab is closed.', 'tab.error.closed', 409);
        const body = input.body as { name: string; emoji: string | null };
        return {
          tab: {
            ...tab,
            members: tab.members.map((member) => (member.me ? { ...member, ...body } : member)),
          },
        };
      },
    });
    const { user } = renderRoute(routes, '/tab/42');
    await user.click(await screen.findByRole('button', { name: 'Set your name' }));
    const name = screen.getByRole('textbox', { name: 'Your name at this table' }) as HTMLInputElement;
    await user.type(name, 'Wei Ling');
    await user.click(screen.getByRole('radio', { name: '🐼' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This table’s tab is closed.')).toBeTruthy();
    expect(name.value).toBe('Wei Ling');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('🐼 Wei Ling (you)')).toBeTruthy();
    expect(callsTo(api, 'tabs.setMe').at(-1)![0].body).toEqual({ name: 'Wei Ling', emoji: '🐼' });
  });

  it('/tab/order/502 -> the tab of that order; an order on no tab -> says so, back to the order', async () => {
    const api = stubApi({ 'tabs.ofOrder': () => ({ tab: tabFixture() }) });
    renderRoute(routes, '/tab/order/502');
    expect(await screen.findByText('K7M2QP')).toBeTruthy();
    expect(callsTo(api, 'tabs.ofOrder')[0]![0].query).toEqual({ order_id: 502 });

    cleanup();
    stubApi({ 'tabs.ofOrder': () => ({ tab: null }) });
    renderRoute(routes, '/tab/order/502');
    expect(await screen.findByText('This order is not on a shared table tab.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe(
      '/orderstatus/order_id/502',
    );
  });

  it('not on the tab (404) -> not found, nothing of the tab', async () => {
    stubApi({
      'tabs.get': () => {
        throw new ServerMessage('Not found', 'errors.notFound', 404);
      },
    });
    renderRoute(routes, '/tab/42');
    expect(
      await screen.findByText("We couldn't find this tab. Only the people on it can see it."),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay my share' })).toBeNull();
  });

  it('back from the gateway with a failure (?payment=2) -> says nothing was taken, another try', async () => {
    stubApi({ 'tabs.get': () => ({ tab: tabFixture() }) });
    renderRoute(routes, '/tab/42?payment=2');
    expect(
      await screen.findByText('Your payment did not go through. Nothing was taken off the tab.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/tab/42/pay');
  });

  it('back from the gateway paid (?payment=1) -> one banner: thanks while money is left, only "everything is paid" once the last payment settles it', async () => {
    const tab = tabFixture();
    stubApi({ 'tabs.get': () => ({ tab }) });
    renderRoute(routes, '/tab/42?payment=1');
    expect(await screen.findByText('Thank you! Your payment went through.')).toBeTruthy();
    expect(screen.queryByText('Everything is paid. Thank you!')).toBeNull();

    cleanup();
    const settled: TabView = {
      ...tab,
      lines: tab.lines.map((line) => ({ ...line, paid: line.amount, pending: 0, left: 0, held_by: null })),
      shares: tab.shares.map((share) => ({ ...share, state: 'paid' as const })),
      paid: 6000,
      pending: 0,
      left: 0,
    };
    stubApi({ 'tabs.get': () => ({ tab: settled }) });
    renderRoute(routes, '/tab/42?payment=1');
    expect(await screen.findByText('Everything is paid. Thank you!')).toBeTruthy();
    expect(screen.queryByText('Thank you! Your payment went through.')).toBeNull();
  });

  it('the payments say what each covered: my dishes, their own, part of a dish and an equal split (their splits known), an amount, everything left, the counter', async () => {
    const tab = tabFixture();
    let at = 1_790_003_000;
    const paid = (
      memberId: number | null,
      kind: TabView['shares'][number]['kind'],
      settles: number,
    ): TabView['shares'][number] => ({
      ...tab.shares[1]!,
      share_id: at,
      member_id: memberId,
      kind,
      settles,
      amount: settles,
      created_epoch: at--,
    });
    stubApi({
      'tabs.get': () => ({
        tab: {
          ...tab,
          shares: [
            paid(2, 'mine', 2500),
            paid(3, 'mine', 500),
            paid(1, 'dish_part', 500),
            paid(4, 'equal', 1000),
            paid(4, 'equal', 777),
            paid(3, 'amount', 300),
            paid(null, 'counter', 200),
            paid(1, 'rest', 100),
          ],
          splits: [
            { kind: 'dish_part', line_id: '13', parts: 3, of: 1500, taken: [1] },
            { kind: 'equal', line_id: null, parts: 4, of: 4001, taken: [1] },
          ],
        },
      }),
    });
    renderRoute(routes, '/tab/42');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.tab-line__sub')?.textContent),
    ).toEqual([
      'My dishes',
      'Their own dishes',
      'Part of 3 × Roti Canai, split 3 ways',
      'Equal split, 4 ways',
      // Not a part of the split listed (RM 10.00 / RM 10.01 of RM 40.01): not said to be of it.
      'Equal split',
      'An amount',
      'At the counter',
      'Everything left',
    ]);
    expect(within(payments).getAllByRole('listitem')[0]!.textContent).toBe(
      '🍛 Diner 2 (you) paid RM 25.00My dishesReceipt',
    );
  });

  it('in Malay -> the tab in Malay', async () => {
    stubApi({ 'tabs.get': () => ({ tab: tabFixture() }) });
    renderRoute(routes, '/tab/42', 'my');
    expect(await screen.findByText('Rakan menyertai dengan kod ini')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bayar bahagian saya' })).toBeTruthy();
    expect(screen.getByText('Sedang dibayar oleh 🍜 Aisyah')).toBeTruthy();
  });
});
