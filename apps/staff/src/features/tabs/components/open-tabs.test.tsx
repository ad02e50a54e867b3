import { readFileSync } from 'node:fs';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { startI18n, switchLanguage } from '../../../app/i18n';
import { AppProviders } from '../../../app/providers';
import { setBoardSocketFactory } from '../../../lib/board-socket';
import { setStaffToken } from '../../../lib/session';
import {
  FakeSocket,
  KITCHEN_ME,
  ok,
  openBoardSocket,
  refused,
  stubServer,
  testOrder,
} from '../../../lib/testing';
import type { Handler } from '../../../lib/testing';
import { testTab } from '../testing';
import type { TabView } from '../lib/types';

const SERVER_ME = {
  ...KITCHEN_ME,
  staff: { staff_id: 3, restaurant_id: 1001, role: 'server', username: 'kopitiam-ali-floor' },
  moves: [10, 11, 12, 4],
};
const MANAGER_ME = {
  ...KITCHEN_ME,
  staff: { staff_id: 1, restaurant_id: 1001, role: 'manager', username: 'kopitiam-ali-manager' },
};
const BUSINESS_ME = {
  ...KITCHEN_ME,
  staff: { staff_id: 4, restaurant_id: 1001, role: 'business', username: 'kopitiam-ali-office' },
  moves: [],
};

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  FakeSocket.last = undefined;
  setBoardSocketFactory((url) => new FakeSocket(url));
  window.history.replaceState(null, '', '/');
  setStaffToken('tok-staff');
});
afterEach(async () => {
  setStaffToken(null);
  await switchLanguage(i18n, 'en');
});

/** The board's other reads, answered; `routes` add or override. */
function board(me: unknown, routes: Record<string, Handler>) {
  return stubServer({
    'GET /api/staff/me': () => ok(me),
    'GET /api/staff/orders': () => ok({ orders: [testOrder(41)] }),
    'GET /api/staff/table-requests': () => ok({ requests: [] }),
    'GET /api/staff/printers': () => ok({ printers: [] }),
    ...routes,
  });
}

const tablesPanel = () => screen.findByRole('region', { name: /Open tables/ });
const card = async (name: string) => within(await tablesPanel()).findByRole('article', { name });
const tabsReads = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/staff/tabs').length;

async function openDetails(user: ReturnType<typeof userEvent.setup>, table: string) {
  await user.click(within(await card(table)).getByRole('button', { name: 'Bill and payments' }));
  return screen.findByRole('dialog', { name: table });
}

describe('open tables on the board', () => {
  it("Table 5 at a glance: code, members, paid / being paid / left; Dewi's 'Let in' -> admit, she is at the table", async () => {
    let tab = testTab();
    const server = board(SERVER_ME, {
      'GET /api/staff/tabs': () => ok({ tabs: [tab] }),
      'POST /api/staff/tabs/7/members/13/admit': () => {
        tab = testTab({ members: tab.members.map((m) => ({ ...m, waiting: false })) });
        return ok({ tab });
      },
    });
    render(<AppProviders i18n={i18n} />);
    const table = await card('Table 5');
    expect(within(table).getByText('K7P2QX')).toBeTruthy();
    expect(within(table).getByText('🍜 Aisyah')).toBeTruthy();
    expect(within(table).getByText('Budi')).toBeTruthy();
    // Paid, being paid and left as the server counted them.
    const figures = table.querySelector('.staff-tab-money__figures')!;
    expect(figures.textContent).toContain('PaidRM 22.80');
    expect(figures.textContent).toContain('Being paidRM 10.60');
    expect(figures.textContent).toContain('Left to payRM 21.38');
    const ask = within(table).getByText('🌸 Dewi asks to join').closest('li')!;
    await openBoardSocket('restaurant:1001');

    await userEvent.setup().click(within(ask as HTMLElement).getByRole('button', { name: 'Let in' }));
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.method === 'POST' && c.path === '/api/staff/tabs/7/members/13/admit'),
      ).toBe(true),
    );
    expect(await screen.findByText('Dewi joined Table 5')).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText('🌸 Dewi asks to join')).toBeNull());
    expect(within(table).getByText('🌸 Dewi')).toBeTruthy();
  });

  it('the dialog: every dish paid, being paid by whom, part left or unpaid; every payment with who and how', async () => {
    const tab = testTab();
    tab.members.push({ member_id: 14, name: '', emoji: '🍤', me: false, waiting: false });
    // Paid in part by an amount under way that holds no dish: being paid, by no one dish-holder.
    tab.lines.push({ ...tab.lines[3]!, line_id: '505', name: 'Kopi O', amount: 400, pending: 400, left: 0 });
    board(SERVER_ME, { 'GET /api/staff/tabs': () => ok({ tabs: [tab] }) });
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    const dialog = await openDetails(user, 'Table 5');
    const dish = (id: string) => dialog.querySelector(`[data-line-id="${id}"]`)!.textContent;
    expect(dish('501')).toContain('Paid');
    expect(dish('502')).toContain('Budi is paying');
    expect(dish('503')).toContain('RM 6.90 of RM 13.80 left');
    expect(dish('504')).toContain('Unpaid');
    expect(dish('505')).toContain('Being paid');
    // A diner who gave no name: 'Diner' and their place among the members, as their phones say it
    // (Dewi, still waiting to be let in, is on no phone: she takes no place).
    expect(within(dialog).getByText('🍤 Diner 3')).toBeTruthy();
    const share = (id: number) => dialog.querySelector(`[data-share-id="${id}"]`)!.textContent;
    expect(share(901)).toContain('🍜 Aisyah');
    expect(share(901)).toContain('Own dishes · E-wallet');
    expect(share(903)).toMatch(/Under way, until \d\d:\d\d/);
    expect(within(dialog).getByText('Roti Canai split 2 ways: 1 paid or paying')).toBeTruthy();
  });

  it('diners without a name are named as on their phones in each language: Diner / Tamu / Tetamu and their place, one waiting to be let in taking none', async () => {
    const tab = testTab({
      members: [
        { member_id: 11, name: 'Aisyah', emoji: '🍜', me: false, waiting: false },
        { member_id: 12, name: 'Dewi', emoji: '🌸', me: false, waiting: true },
        { member_id: 13, name: '', emoji: '🍤', me: false, waiting: false },
        { member_id: 14, name: ' ', emoji: null, me: false, waiting: false },
      ],
    });
    board(SERVER_ME, { 'GET /api/staff/tabs': () => ok({ tabs: [tab] }) });
    const { unmount } = render(<AppProviders i18n={i18n} />);
    const members = async () =>
      [
        ...(await screen.findByRole('article', { name: 'Table 5' })).querySelectorAll(
          '.staff-tab__members li',
        ),
      ].map((li) => li.textContent);
    await waitFor(async () => expect(await members()).toEqual(['🍜 Aisyah', '🍤 Diner 2', 'Diner 3']));
    unmount();

    for (const [language, word] of [
      ['id', 'Tamu'],
      ['my', 'Tetamu'],
    ] as const) {
      await switchLanguage(i18n, language);
      const view = render(<AppProviders i18n={i18n} />);
      await waitFor(async () => expect(await members()).toEqual(['🍜 Aisyah', `🍤 ${word} 2`, `${word} 3`]));
      view.unmount();
    }
  });

  it('the splits under way read as information, not as a link: plain weight in the muted colour', async () => {
    // The console's stylesheets, as main.tsx and the board load them (tests blank CSS imports).
    const style = document.createElement('style');
    style.textContent = ['../../../app/staff.css', '../tabs.css']
      .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
      .join('\n');
    document.head.append(style);
    try {
      board(SERVER_ME, { 'GET /api/staff/tabs': () => ok({ tabs: [testTab()] }) });
      render(<AppProviders i18n={i18n} />);
      const dialog = await openDetails(userEvent.setup(), 'Table 5');
      const split = within(dialog).getByText('Roti Canai split 2 ways: 1 paid or paying');
      const shown = getComputedStyle(split);
      const token = (name: string) =>
        getComputedStyle(document.documentElement).getPropertyValue(name).trim();
      expect(token('--staff-info')).toBe('#1d4ed8');
      // Not the blue bold of a link: the weight of text, the colour of the dialog's other notes.
      expect(['normal', '400']).toContain(shown.fontWeight);
      expect(shown.color).toBe(token('--staff-muted'));
    } finally {
      style.remove();
    }
  });

  it("'Take the rest' in cash -> staff.tabCash with an idempotency key; the reply's rounded cash amount is shown", async () => {
    let tab = testTab();
    const keys: (string | null)[] = [];
    const server = board(SERVER_ME, {
      'GET /api/staff/tabs': () => ok({ tabs: [tab] }),
      'POST /api/staff/tabs/7/cash': (request) => {
        keys.push(request.headers.get('idempotency-key'));
        tab = testTab({
          paid: 4418,
          left: 0,
          lines: tab.lines.map((l) => ({ ...l, paid: l.amount - l.pending, left: 0 })),
        });
        const share = {
          ...tab.shares[0]!,
          share_id: 904,
          member_id: null,
          kind: 'counter' as const,
          method: 'Cash',
          settles: 2138,
          amount: 2140,
          payment_id: 3904,
        };
        tab = { ...tab, shares: [...tab.shares, share] };
        return ok({ tab, share });
      },
    });
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    const dialog = await openDetails(user, 'Table 5');
    await openBoardSocket('restaurant:1001');
    await user.click(within(dialog).getByRole('button', { name: 'Take the rest' }));
    const form = within(dialog).getByRole('form', { name: 'Take the rest' });
    expect(within(form).getByRole('radio', { name: 'Cash' })).toHaveProperty('checked', true);
    await user.click(within(form).getByRole('button', { name: 'Take RM 21.38 in cash' }));

    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toContain('Recorded: RM 21.40 in cash');
    expect(status.textContent).toContain('RM 21.38 rounded to RM 21.40 for cash');
    expect(status.textContent).toContain('Left now: RM 0.00');
    const cash = server.calls.filter((c) => c.path === '/api/staff/tabs/7/cash');
    expect(cash.map((c) => c.body)).toEqual([{ method: 'Cash' }]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    // The counter's share is listed with the payments, and nothing is left to take.
    expect(dialog.querySelector('[data-share-id="904"]')!.textContent).toContain('Counter');
    expect(within(dialog).queryByRole('button', { name: 'Take the rest' })).toBeNull();
  });

  it('an amount above what is left is refused before sending; a typed amount by card is sent as minor units', async () => {
    const server = board(SERVER_ME, {
      'GET /api/staff/tabs': () => ok({ tabs: [testTab()] }),
      'POST /api/staff/tabs/7/cash': () =>
        ok({
          tab: testTab({ paid: 3280, left: 1138 }),
          share: {
            ...testTab().shares[0]!,
            share_id: 905,
            member_id: null,
            kind: 'counter',
            method: 'Card',
            settles: 1000,
            amount: 1000,
          },
        }),
    });
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    const dialog = await openDetails(user, 'Table 5');
    await openBoardSocket('restaurant:1001');
    await user.click(within(dialog).getByRole('button', { name: 'Take the rest' }));
    const form = within(dialog).getByRole('form', { name: 'Take the rest' });
    await user.click(within(form).getByRole('radio', { name: 'Card' }));
    const amount = within(form).getByRole('textbox', { name: 'Amount (empty: all that is left)' });
    await user.type(amount, '30');
    expect(within(form).getByText('Only RM 21.38 is left')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Take RM 30.00 by card' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(within(form).getByRole('button', { name: 'Take RM 10.00 by card' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain('Recorded: RM 10.00 by card');
    expect(server.calls.filter((c) => c.path === '/api/staff/tabs/7/cash').map((c) => c.body)).toEqual([
      { method: 'Card', amount: 1000 },
    ]);
  });

  it("a server's 'Close table' with money left -> the server's refusal in place, no force", async () => {
    const server = board(SERVER_ME, {
      'GET /api/staff/tabs': () => ok({ tabs: [testTab()] }),
      'POST /api/staff/tabs/7/close': () =>
        refused(409, 'Masih ada RM 21.38 yang belum dibayar di meja ini', 'tab.error.notSettled'),
    });
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    const dialog = await openDetails(user, 'Table 5');
    await openBoardSocket('restaurant:1001');
    await user.click(within(dialog).getByRole('button', { name: 'Close table' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Masih ada RM 21.38 yang belum dibayar di meja ini',
    );
    expect(server.calls.filter((c) => c.path === '/api/staff/tabs/7/close').map((c) => c.body)).toEqual([
      { force: false },
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Close anyway' })).toBeNull();
    // Still open, still on the board.
    expect(await card('Table 5')).toBeTruthy();
  });

  it('a manager, refused, closes anyway after a confirmation that the orders stay owing -> force, the table leaves', async () => {
    let tabs: TabView[] = [
      testTab(),
      testTab({ tab_id: 8, table_id: 6, table_label: 'Table 6', join_code: 'M3QR9T' }),
    ];
    const server = board(MANAGER_ME, {
      'GET /api/staff/tabs': () => ok({ tabs }),
      'POST /api/staff/tabs/7/close': (_request, body) => {
        if (!(body as { force: boolean }).force)
          return refused(409, 'There is still RM 21.38 to pay at this table', 'tab.error.notSettled');
        // A forced close takes the manager's reason (apps/api docs/audit.md, "Manager approval").
        if (!(body as { approval?: unknown }).approval)
          return new Response(
            JSON.stringify({
              status: 0,
              statusCode: 400,
              message: 'Give a reason for this.',
              code: 'approval.error.reasonNeeded',
              details: { approval: 'reason' },
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          );
        const closed = { ...tabs[0]!, status: 'closed' as const, join_code: null };
        tabs = tabs.slice(1);
        return ok({ tab: closed });
      },
    });
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    const dialog = await openDetails(user, 'Table 5');
    await openBoardSocket('restaurant:1001');
    await user.click(within(dialog).getByRole('button', { name: 'Close table' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'There is still RM 21.38 to pay at this table',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close anyway' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Close Table 5 with RM 31.98 unpaid?' });
    expect(confirm.textContent).toContain('Its orders stay owing');
    await user.click(within(confirm).getByRole('button', { name: 'Close anyway' }));
    const reason = await screen.findByRole('dialog', { name: 'Reason needed' });
    await user.type(within(reason).getByLabelText('Reason'), 'Walked out');
    await user.click(within(reason).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Table 5 is closed')).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/api/staff/tabs/7/close').map((c) => c.body)).toEqual([
      { force: false },
      { force: true },
      { force: true, approval: { reason: 'Walked out' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Table 5' })).toBeNull());
    const panel = await tablesPanel();
    expect(within(panel).queryByRole('article', { name: 'Table 5' })).toBeNull();
    expect(within(panel).getByRole('article', { name: 'Table 6' })).toBeTruthy();
  });

  it.each([
    ['kitchen', KITCHEN_ME],
    ['business', BUSINESS_ME],
  ])('%s account: no tables, no money actions, and staff.tabs is never asked', async (_role, me) => {
    const server = board(me, { 'GET /api/staff/tabs': () => ok({ tabs: [testTab()] }) });
    render(<AppProviders i18n={i18n} />);
    await screen.findByRole('article', { name: 'Order #41' });
    await openBoardSocket('restaurant:1001');
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/api/staff/orders').length).toBe(2));
    expect(screen.queryByRole('region', { name: /Open tables/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take the rest' })).toBeNull();
    expect(tabsReads(server.calls)).toBe(0);
  });

  it('a burst of tab.changed events -> one more read of the tabs (not one per event); the new ask shows live', async () => {
    let tab = testTab({ members: testTab().members.filter((m) => !m.waiting) });
    const server = board(SERVER_ME, { 'GET /api/staff/tabs': () => ok({ tabs: [tab] }) });
    render(<AppProviders i18n={i18n} />);
    await card('Table 5');
    const socket = await openBoardSocket('restaurant:1001');
    // The subscription reads them once more (what changed before it sent no event).
    await waitFor(() => expect(tabsReads(server.calls)).toBe(2));

    tab = testTab();
    for (let i = 0; i < 5; i += 1)
      act(() => socket.receive({ type: 'event', event: { type: 'tab.changed', data: { tab_id: 7 } } }));
    expect(await within(await card('Table 5')).findByText('🌸 Dewi asks to join')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(tabsReads(server.calls)).toBe(3);
    // A tab event refetches no order.
    expect(server.calls.filter((c) => c.path === '/api/staff/orders').length).toBe(2);
  });

  it('the open tab closed on another device -> the dialog says so and offers no action; the card leaves', async () => {
    let tabs = [testTab()];
    board(SERVER_ME, { 'GET /api/staff/tabs': () => ok({ tabs }) });
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    const dialog = await openDetails(user, 'Table 5');
    const socket = await openBoardSocket('restaurant:1001');
    tabs = [];
    act(() => socket.receive({ type: 'event', event: { type: 'tab.changed', data: { tab_id: 7 } } }));
    expect(await within(dialog).findByText('This table’s bill is closed')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Take the rest' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Close table' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Let in' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Table 5' })).toBeNull();
  });

  it('in Indonesian: the panel and the dialog speak it', async () => {
    await switchLanguage(i18n, 'id');
    board(SERVER_ME, { 'GET /api/staff/tabs': () => ok({ tabs: [testTab()] }) });
    render(<AppProviders i18n={i18n} />);
    const panel = await screen.findByRole('region', { name: /Meja terbuka/ });
    // The table's label is the restaurant's own ('Table 5'); the words around it are the console's.
    const table = await within(panel).findByRole('article', { name: 'Table 5' });
    expect(within(table).getByText('🌸 Dewi minta bergabung')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Izinkan' })).toBeTruthy();
    expect(within(table).getByText('Kode gabung')).toBeTruthy();
  });
});

describe('open tables on the counter', () => {
  it('the counter shows the tables too, and says when none is open', async () => {
    window.history.replaceState(null, '', '/counter');
    stubServer({
      'GET /api/staff/me': () => ok(SERVER_ME),
      'GET /api/staff/orders': () => ok({ orders: [] }),
      'GET /api/staff/tabs': () => ok({ tabs: [] }),
    });
    render(<AppProviders i18n={i18n} />);
    expect(within(await tablesPanel()).getByText('No open tables')).toBeTruthy();
  });
});
