import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { gateway, setLiveSocketFactory } from '@santap/web';
import type { LiveSocketFactory } from '@santap/web';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubHandler } from '../../../lib/testing/render-route';
import type { ShareRequest, TabView } from '../api/tab-types';
import { FakeSocket, quoteFor, tabFixture } from '../testing/fixtures';
import { Component as PayPage, loader } from './pay-page';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/tab/:tabId/pay', Component: PayPage, loader },
  { path: '/tab/:tabId', element: <p>tab page</p> },
];

const methods = {
  online_methods: ['Wallet', 'Card'],
  channels: [],
  providers: ['simulator'],
  speed_modes: ['secure'],
  pay_later_allowed: false,
  pay_later_order_types: [],
};

/** What the server answers: the tab, the methods, and a quote of what each request would settle. */
function stubTab(tab: TabView, extra: Record<string, StubHandler> = {}) {
  return stubApi({
    'tabs.get': () => ({ tab }),
    'payments.methods': () => methods,
    'tabs.quote': (input) => {
      const request = input.body!.request as ShareRequest;
      const settles =
        request.kind === 'amount'
          ? request.amount
          : request.kind === 'equal'
            ? Math.ceil((request.of ?? tab.left) / request.parts)
            : request.kind === 'lines'
              ? request.line_ids.length * 1000
              : tab.left;
      return quoteFor(request, settles, (input.body!.tip as number | undefined) ?? 0);
    },
    ...extra,
  });
}

const quoteRequests = (spy: ReturnType<typeof stubApi>) =>
  callsTo(spy, 'tabs.quote').map(([input]) => input.body!.request as ShareRequest);

describe('/tab/:tabId/pay', () => {
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

  it("pick dishes: Aisyah's Nasi Lemak (held) -> 'Being paid by', a tap refused with why, never asked for; the paid Teh Tarik ticked off", async () => {
    const api = stubTab(tabFixture());
    const { user } = renderRoute(routes, '/tab/42/pay');
    await user.click(await screen.findByRole('radio', { name: /Pick dishes/ }));

    const list = screen.getByRole('group', { name: 'Dishes you pay for' });
    const held = within(list).getByRole('checkbox', { name: /Nasi Lemak/ });
    expect(held.closest('label')?.textContent).toContain('Being paid by 🍜 Aisyah');
    const paid = within(list).getByRole('checkbox', { name: /Teh Tarik/ }) as HTMLInputElement;
    expect(paid.checked).toBe(true);
    expect(paid.disabled).toBe(true);

    await user.click(held);
    expect((held as HTMLInputElement).checked).toBe(false);
    expect(
      await within(list).findByText("🍜 Aisyah is paying Nasi Lemak right now, so you can't pick it."),
    ).toBeTruthy();

    await user.click(within(list).getByRole('checkbox', { name: /Roti Canai/ }));
    await user.click(within(list).getByRole('checkbox', { name: /Mee Goreng/ }));
    expect(await screen.findByRole('button', { name: 'Pay RM 20.00' })).toBeTruthy();
    const asked = quoteRequests(api).filter((request) => request.kind === 'lines');
    expect(asked.at(-1)).toEqual({ kind: 'lines', line_ids: ['13', '21'] });
    expect(asked.some((request) => request.kind === 'lines' && request.line_ids.includes('11'))).toBe(false);
  });

  it('a ticked dish someone starts paying (live) -> off the list with a note, the quote asked again without it', async () => {
    const tab = tabFixture();
    let current = tab;
    const api = stubTab(tab, { 'tabs.get': () => ({ tab: current }) });
    const { user } = renderRoute(routes, '/tab/42/pay');
    await user.click(await screen.findByRole('radio', { name: /Pick dishes/ }));
    const list = screen.getByRole('group', { name: 'Dishes you pay for' });
    await user.click(within(list).getByRole('checkbox', { name: /Roti Canai/ }));
    await user.click(within(list).getByRole('checkbox', { name: /Mee Goreng/ }));
    await screen.findByRole('button', { name: 'Pay RM 20.00' });

    current = {
      ...tab,
      lines: tab.lines.map((one) =>
        one.line_id === '13' ? { ...one, pending: 1500, left: 0, held_by: 3 } : one,
      ),
    };
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.push({ type: 'event', event: { topics: ['tab:42'], type: 'tab.changed', data: { tab_id: 42 } } });

    expect(
      await within(list).findByText('Ben just started paying Roti Canai, so it is off your list.'),
    ).toBeTruthy();
    expect((within(list).getByRole('checkbox', { name: /Roti Canai/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    await screen.findByRole('button', { name: 'Pay RM 10.00' });
    expect(quoteRequests(api).at(-1)).toEqual({ kind: 'lines', line_ids: ['21'] });
  });

  it('equal split under way (4 parts of RM 40.00, parts 1 and 2 taken) -> part 3 with its of; paid through the gateway', async () => {
    const tab = tabFixture({
      splits: [{ kind: 'equal', line_id: null, parts: 4, of: 4000, taken: [1, 2] }],
    });
    const open = vi.spyOn(gateway, 'open').mockImplementation(() => undefined);
    const api = stubTab(tab, {
      'tabs.payShare': (input) => ({
        share: { ...tab.shares[0]!, share_id: 8, member_id: 2, kind: 'equal', settles: 1000, amount: 1000 },
        quote: quoteFor(input.body!.request as ShareRequest, 1000),
        payment: {
          payment_id: 91,
          reference: 'SNTP-91',
          redirect_url: 'https://pay.example/checkout/91',
          qr_string: null,
          state: 'processing',
          page_state: 'processing',
          amount: 1000,
          currency: 'MYR',
          provider: 'simulator',
          speed_mode: 'secure',
          resumed: false,
          lock: { locked: true, can_unlock: false, seconds_left: 60 },
        },
      }),
    });
    const { user } = renderRoute(routes, '/tab/42/pay');
    await user.click(await screen.findByRole('radio', { name: /Split the bill equally/ }));

    expect(screen.getByText('Your table is already splitting this 4 ways.')).toBeTruthy();
    expect(screen.getByText('You pay part 3 of 4')).toBeTruthy();
    // No count to choose: the split's own stays.
    expect(screen.queryByRole('group', { name: 'Split between' })).toBeNull();
    const pay = await screen.findByRole('button', { name: 'Pay RM 10.00' });
    expect(quoteRequests(api).at(-1)).toEqual({ kind: 'equal', parts: 4, part: 3, of: 4000 });

    await user.click(pay);
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example/checkout/91'));
    const [input, options] = callsTo(api, 'tabs.payShare')[0]!;
    expect(input.params).toEqual({ tabId: 42 });
    expect(input.body).toEqual({
      request: { kind: 'equal', parts: 4, part: 3, of: 4000 },
      tip: 0,
      method: 'Wallet',
      speed_mode: 'secure',
    });
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('equal split with every part taken -> says so, asks nothing, no pay button to press', async () => {
    const api = stubTab(
      tabFixture({ splits: [{ kind: 'equal', line_id: null, parts: 2, of: 4000, taken: [1, 2] }] }),
    );
    const { user } = renderRoute(routes, '/tab/42/pay');
    await user.click(await screen.findByRole('radio', { name: /Split the bill equally/ }));
    expect(screen.getAllByText('Every part is paid or being paid.').length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: 'Pay my share' }) as HTMLButtonElement).disabled).toBe(true);
    expect(quoteRequests(api).filter((request) => request.kind === 'equal')).toEqual([]);
  });

  it('a new equal split -> between the table (4), changed to 3: part 1 of 3, no of', async () => {
    const api = stubTab(tabFixture());
    const { user } = renderRoute(routes, '/tab/42/pay');
    await user.click(await screen.findByRole('radio', { name: /Split the bill equally/ }));
    expect(screen.getByText('You pay part 1 of 4')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'One less: Split between' }));
    expect(screen.getByText('You pay part 1 of 3')).toBeTruthy();
    await waitFor(() => expect(quoteRequests(api).at(-1)).toEqual({ kind: 'equal', parts: 3, part: 1 }));
  });

  it("amount above what is left -> the server's words on the field at once, nothing asked; kept when switching away and back", async () => {
    const api = stubTab(tabFixture());
    const { user } = renderRoute(routes, '/tab/42/pay');
    await user.click(await screen.findByRole('radio', { name: /Another amount/ }));
    const field = screen.getByRole('textbox', { name: 'Amount to pay' });
    await user.type(field, '45');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(field.getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
    expect(error.textContent).toContain('RM 40.00');
    expect(quoteRequests(api).filter((request) => request.kind === 'amount')).toEqual([]);
    expect((screen.getByRole('button', { name: 'Pay my share' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('radio', { name: /Everything left/ }));
    await user.click(screen.getByRole('radio', { name: /Another amount/ }));
    expect((screen.getByRole('textbox', { name: 'Amount to pay' }) as HTMLInputElement).value).toBe('45');
  });

  it('amount below the minimum (RM 0.50 of RM 1.00) -> said once the diner leaves the field; RM 12.50 -> quoted and payable', async () => {
    const api = stubTab(tabFixture());
    const { user } = renderRoute(routes, '/tab/42/pay');
    await user.click(await screen.findByRole('radio', { name: /Another amount/ }));
    const field = screen.getByRole('textbox', { name: 'Amount to pay' });
    await user.type(field, '0.50');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toContain('RM 1.00');

    await user.clear(field);
    await user.type(field, '12.50');
    expect(await screen.findByRole('button', { name: 'Pay RM 12.50' })).toBeTruthy();
    expect(quoteRequests(api).filter((request) => request.kind === 'amount')).toEqual([
      { kind: 'amount', amount: 1250 },
    ]);
  });

  it('the server refuses the amount anyway -> its message on the field, the amount typed kept', async () => {
    stubTab(tabFixture(), {
      'tabs.quote': () => {
        throw new ServerMessage('Only RM 30.00 is left to pay now.', 'tab.error.splitAmountAboveLeft', 409);
      },
    });
    const { user } = renderRoute(routes, '/tab/42/pay');
    await user.click(await screen.findByRole('radio', { name: /Another amount/ }));
    const field = screen.getByRole('textbox', { name: 'Amount to pay' });
    await user.type(field, '35');
    expect(await screen.findByText('Only RM 30.00 is left to pay now.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('35');
  });

  it('tips on -> a tip of RM 2.00 is priced with the share; tips off -> no tip choice', async () => {
    const api = stubTab(tabFixture({ tips: true }));
    const { user } = renderRoute(routes, '/tab/42/pay');
    await user.click(await screen.findByRole('radio', { name: 'RM 2.00' }));
    expect(await screen.findByRole('button', { name: 'Pay RM 42.00' })).toBeTruthy();
    expect(callsTo(api, 'tabs.quote').at(-1)![0].body).toEqual({ request: { kind: 'rest' }, tip: 200 });

    cleanup();
    stubTab(tabFixture({ tips: false }));
    renderRoute(routes, '/tab/42/pay');
    await screen.findByRole('button', { name: 'Pay RM 40.00' });
    expect(screen.queryByRole('group', { name: 'A tip for the staff' })).toBeNull();
  });

  it('my dishes: the option says what is left of mine (RM 25.00) and asks for mine', async () => {
    const api = stubTab(tabFixture());
    const { user } = renderRoute(routes, '/tab/42/pay');
    const mine = await screen.findByRole('radio', { name: /My dishes/ });
    expect(mine.closest('label')?.textContent).toContain('RM 25.00');
    await user.click(mine);
    await waitFor(() => expect(quoteRequests(api).at(-1)).toEqual({ kind: 'mine' }));
  });

  /** The tab as phone 4 sees it once phone 3's share for everything left holds it all (RM 40.00). */
  const restHeldByBen = (tab: TabView): TabView => ({
    ...tab,
    shares: [
      {
        ...tab.shares[0]!,
        share_id: 10,
        member_id: 3,
        kind: 'rest',
        settles: 4000,
        amount: 4000,
        created_epoch: 1_790_002_000,
      },
      ...tab.shares,
    ],
    lines: tab.lines.map((one) => (one.left > 0 ? { ...one, pending: one.left, left: 0 } : one)),
    pending: tab.pending + 4000,
    left: 0,
  });
  const tabChanged = () =>
    FakeSocket.all[0]!.push({
      type: 'event',
      event: { topics: ['tab:42'], type: 'tab.changed', data: { tab_id: 42 } },
    });

  it("two phones pay the rest at once, this one refused (422 beingPaid) -> the server's words, 'someone is paying the rest', never 'everything is paid'; their payment lands -> everything is paid", async () => {
    const tab = tabFixture();
    let current = tab;
    const api = stubTab(tab, {
      'tabs.get': () => ({ tab: current }),
      'tabs.payShare': () => {
        // The other phone's share took the rest a moment earlier.
        current = restHeldByBen(tab);
        throw new ServerMessage(
          'Someone at the table is paying this right now. Try again in a moment.',
          'tab.error.beingPaid',
          422,
        );
      },
    });
    const { user } = renderRoute(routes, '/tab/42/pay');
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    act(() => FakeSocket.all[0]!.open());
    await user.click(await screen.findByRole('button', { name: 'Pay RM 40.00' }));
    // The server publishes the other phone's share as it starts.
    act(() => tabChanged());

    expect(
      await screen.findByText('Someone at the table is paying this right now. Try again in a moment.'),
    ).toBeTruthy();
    // The refusal reads the tab again: the rest is held by another phone, nothing left to choose.
    expect(await screen.findByText('Someone at the table is paying the rest right now.')).toBeTruthy();
    expect(screen.queryByText('Everything is paid. Thank you!')).toBeNull();
    expect(screen.queryByRole('radio', { name: /Everything left/ })).toBeNull();
    expect(callsTo(api, 'tabs.payShare')).toHaveLength(1);

    // Their payment goes through: the tab is paid, and only now says so.
    current = {
      ...current,
      shares: current.shares.map((share) => ({ ...share, state: 'paid' as const })),
      lines: current.lines.map((one) => ({ ...one, paid: one.amount, pending: 0, held_by: null })),
      paid: 6000,
      pending: 0,
    };
    act(() => tabChanged());
    expect(await screen.findByText('Everything is paid. Thank you!')).toBeTruthy();
    expect(screen.queryByText('Someone at the table is paying the rest right now.')).toBeNull();
    expect(
      screen.queryByText('Someone at the table is paying this right now. Try again in a moment.'),
    ).toBeNull();
  });

  it('the rest held by another phone and their payment fails -> back to the choices (live), the stale refusal gone', async () => {
    const tab = tabFixture();
    let current = restHeldByBen(tab);
    stubTab(tab, { 'tabs.get': () => ({ tab: current }) });
    renderRoute(routes, '/tab/42/pay');
    expect(await screen.findByText('Someone at the table is paying the rest right now.')).toBeTruthy();
    expect(screen.queryByText('Everything is paid. Thank you!')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the tab' }).getAttribute('href')).toBe('/tab/42');
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    act(() => FakeSocket.all[0]!.open());

    current = tab;
    act(() => tabChanged());
    expect(await screen.findByRole('radio', { name: /Everything left/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay RM 40.00' })).toBeTruthy();
    expect(screen.queryByText('Someone at the table is paying the rest right now.')).toBeNull();
  });

  it('the rest held by another phone whose hold runs out (no event comes) -> read again within 20 s, the choices back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const tab = tabFixture();
      let current = restHeldByBen(tab);
      const api = stubTab(tab, { 'tabs.get': () => ({ tab: current }) });
      renderRoute(routes, '/tab/42/pay');
      expect(await screen.findByText('Someone at the table is paying the rest right now.')).toBeTruthy();
      const reads = callsTo(api, 'tabs.get').length;

      current = tab;
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(await screen.findByRole('button', { name: 'Pay RM 40.00' })).toBeTruthy();
      expect(callsTo(api, 'tabs.get').length).toBe(reads + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('in Malay, the rest held by another phone -> said in Malay', async () => {
    stubTab(restHeldByBen(tabFixture()));
    renderRoute(routes, '/tab/42/pay', 'my');
    expect(await screen.findByText('Seseorang di meja sedang membayar baki sekarang.')).toBeTruthy();
  });

  it('in Malay -> the choices in Malay', async () => {
    stubTab(tabFixture());
    renderRoute(routes, '/tab/42/pay', 'my');
    expect(await screen.findByRole('radio', { name: /Bagi rata/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bayar bahagian saya' })).toBeTruthy();
  });
});
