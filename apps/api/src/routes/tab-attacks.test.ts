/**
 * A table's tab under attack (apps/api docs/tabs.md, docs/security.md): a diner at another table or at
 * home with an old link, a friend on the tab trying to pay less or make others pay, a guest who logs in
 * mid-meal, join-code guessing, forged amounts and tips, staff of another restaurant, cross-site posts,
 * idempotency keys reused with another body. Each refusal is asserted so no sweep can regress it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq, sql } from 'drizzle-orm';
import { auth, cart, orders, payments as paymentApi, restaurants, staff, tabs } from '@santap/contract';
import type { ShareRequestInput, TabView } from '@santap/contract';
import { MESSAGE, SPLIT_MESSAGE, TAB_MESSAGE } from '@santap/domain';
import {
  orders as ordersTable,
  refunds,
  restaurants as restaurantsTable,
  tabMembers,
  tabShares,
  tableTabs,
  users,
} from '../db/schema';
import { TAB_SHARE_HOLD_SECONDS } from '../services/model/tab-shares';
import { PRODUCTION_LIMITS } from '../lib/limits';
import { DEMO, DEMO_STAFF_PASSWORD, demoQrSecret } from '../seed/ids';
import { dynamicQrText } from '../services/flows/tables/scan';
import type { SimulatorProvider } from '../services/adapters/payments/gateways/simulator/simulator';
import { ENGINES, LUNCHTIME, RELAXED_LIMITS, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { menuOf } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { freshPhone } from '../../test/phones';
import { refusal } from '../../test/refusal';

interface Place {
  scope: string;
  restaurantId: number;
}
/** Static QR stickers: reading or joining a tab needs its code. */
const ALI: Place = { scope: 'kopitiam-ali', restaurantId: DEMO.kopitiamAli };
/** Takes static and signed (dynamic) QRs: a signed scan joins the newest open tab by itself. */
const BESAR: Place = { scope: 'menu-besar', restaurantId: DEMO.menuBesar };
const PHONE_BLOCK = '+60177';

describe.each(ENGINES)('tab attacks on %s', (engine) => {
  let server: TestServer;
  let simulator: SimulatorProvider;

  beforeAll(async () => {
    // Production's limit on wrong join codes; every other rule relaxed.
    server = await startTestServer(engine, {
      config: {
        limits: {
          ...RELAXED_LIMITS,
          tabCodeFailuresPerTableIp: PRODUCTION_LIMITS.tabCodeFailuresPerTableIp,
        },
      },
    });
    simulator = server.app.santap.payments.simulator;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    simulator.configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
    server.clock.set(LUNCHTIME);
  });

  const db = () => server.db.database.db;
  const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);

  /** The table check of a scan: static, or a signed QR valid `validFor` seconds from now. */
  const scan = (diner: Client, place: Place, tableId: number, validFor?: number) => {
    let query = {};
    if (validFor !== undefined) {
      const url = new URL(
        dynamicQrText(
          'http://localhost:3000',
          demoQrSecret(place.restaurantId),
          { kind: 'table', restaurantId: String(place.restaurantId), tableId: String(tableId) },
          nowSeconds() + validFor,
        ),
      );
      query = { v: url.searchParams.get('v')!, sig: url.searchParams.get('sig')! };
    }
    return diner.call(restaurants.restaurantTable, {
      params: { restaurantId: place.restaurantId, tableId },
      query,
    });
  };

  /** A dine-in pay-later order of the `picks`-th plain dishes at `tableId` after a scan (signed with `validFor`). */
  async function order(
    diner: Client,
    place: Place,
    tableId: number,
    options: { validFor?: number; picks?: number[]; rescan?: boolean } = {},
  ) {
    const dishes = (await menuOf(diner, place.scope)).items.filter(
      (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
    );
    for (const index of options.picks ?? [0]) {
      await diner.call(cart.cartUpdate, {
        body: { scope: place.scope, item_id: dishes[index]!.id, quantity: 1 },
      });
    }
    if (options.rescan !== false) await scan(diner, place, tableId, options.validFor);
    await diner.call(cart.cartDetails, { body: { scope: place.scope, context: { orderType: 1, tableId } } });
    return diner.call(orders.orderCreate, { body: { scope: place.scope, payment_mode: 'pay_later' } });
  }

  const tabOf = async (diner: Client, orderId: number): Promise<TabView> => {
    const { tab } = await diner.call(tabs.tabOfOrder, { query: { order_id: orderId } });
    expect(tab).not.toBeNull();
    return tab!;
  };

  /** A friend at a static-QR table: scans, types the code. */
  async function joinByCode(diner: Client, place: Place, tableId: number, code: string) {
    await scan(diner, place, tableId);
    return diner.call(tabs.tabJoin, { body: { restaurant_id: place.restaurantId, table_id: tableId, code } });
  }

  const pay = (
    diner: Client,
    tabId: number,
    request: ShareRequestInput,
    options: { key?: string; tip?: number } = {},
  ) =>
    diner.call(
      tabs.tabPayShare,
      {
        params: { tabId },
        body: {
          request,
          method: 'Wallet',
          channel: 'grab_pay_app',
          ...(options.tip !== undefined ? { tip: options.tip } : {}),
        },
      },
      options.key ? { idempotencyKey: options.key } : {},
    );

  async function staffClient(username: string) {
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username, password: DEMO_STAFF_PASSWORD } });
    return server.client({ authToken: session.token });
  }

  /** A raw POST as a browser page of `origin` sends it (the API client sends no Origin). */
  const postFrom = (origin: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...headers },
      body: JSON.stringify(body),
    });

  const setBesarTips = async (on: boolean) => {
    await db()
      .update(restaurantsTable)
      .set({
        settings: sql`jsonb_set(coalesce(${restaurantsTable.settings}, '{}'::jsonb), '{tabTips}', ${on ? 'true' : 'false'}::jsonb)`,
      })
      .where(eq(restaurantsTable.id, BESAR.restaurantId));
  };

  /** The payer on the simulator's hosted page, as a browser submits it. */
  async function payOnPage(redirectUrl: string | null) {
    const page = new URL(redirectUrl ?? '');
    const response = await fetch(`${server.baseUrl}${page.pathname}${page.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'grab_pay_app', outcome: 'success' }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
  }

  /** The gateway's notification of a capture, arriving late. */
  async function notifySuccess(reference: string) {
    const notification = simulator.signedNotification(reference, 'success');
    const response = await fetch(`${server.baseUrl}/api/payments/webhook/simulator`, {
      method: 'POST',
      headers: notification.headers,
      body: notification.body,
    });
    expect(response.status).toBe(200);
  }

  const orderRow = async (orderId: number) =>
    (await db().select().from(ordersTable).where(eq(ordersTable.id, orderId)))[0]!;

  it('a stranger with the tab id or an order id reads and touches nothing of it: 404 on every diner call', async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5001);
    const tab = await tabOf(ana, placed.order_id);
    // A diner at another table with a tab of their own.
    const eve = server.client();
    const evePlaced = await order(eve, ALI, 5002);
    const eveTab = await tabOf(eve, evePlaced.order_id);
    const notFound = { statusCode: 404, code: MESSAGE.notFound };
    const tabId = tab.tab_id;
    expect(await refusal(eve.call(tabs.tabGet, { params: { tabId } }))).toMatchObject(notFound);
    expect(await refusal(eve.call(tabs.tabOfOrder, { query: { order_id: placed.order_id } }))).toMatchObject(
      notFound,
    );
    expect(
      await refusal(eve.call(tabs.tabQuote, { params: { tabId }, body: { request: { kind: 'rest' } } })),
    ).toMatchObject(notFound);
    expect(await refusal(pay(eve, tabId, { kind: 'rest' }))).toMatchObject(notFound);
    expect(
      await refusal(eve.call(tabs.tabSetMe, { params: { tabId }, body: { name: 'Eve' } })),
    ).toMatchObject(notFound);
    // Ana's lines named on Eve's own tab are no dishes of it.
    const anaLine = tab.lines[0]!.line_id;
    expect(
      await refusal(
        eve.call(tabs.tabQuote, {
          params: { tabId: eveTab.tab_id },
          body: { request: { kind: 'lines', line_ids: [anaLine] } },
        }),
      ),
    ).toMatchObject({ code: MESSAGE.invalidInput });
    expect(
      await refusal(
        eve.call(tabs.tabQuote, {
          params: { tabId: eveTab.tab_id },
          body: { request: { kind: 'dish_part', line_id: anaLine, parts: 2, part: 1 } },
        }),
      ),
    ).toMatchObject({ code: MESSAGE.invalidInput });
    // Ana's tab is untouched.
    const after = await tabOf(ana, placed.order_id);
    expect(after).toMatchObject({ paid: 0, pending: 0, left: placed.amount, shares: [] });
    expect(after.members).toHaveLength(1);
  });

  it("a friend on the tab: another member's share cannot be let go of nor read as a receipt (404); staff's counter share neither", async () => {
    const ana = server.client();
    const placed = await order(ana, BESAR, 5301, { validFor: 600, picks: [0, 1] });
    const tab = await tabOf(ana, placed.order_id);
    const ben = server.client();
    await order(ben, BESAR, 5301, { validFor: 600, picks: [2] });
    const started = await pay(ana, tab.tab_id, { kind: 'lines', line_ids: [tab.lines[0]!.line_id] });
    const shareId = started.share.share_id;
    const params = { tabId: tab.tab_id, shareId };
    expect(await refusal(ben.call(tabs.tabCancelShare, { params }))).toMatchObject({ statusCode: 404 });
    expect(await refusal(ben.call(tabs.tabShareReceipt, { params }))).toMatchObject({ statusCode: 404 });
    // Still Ana's, still pending.
    const [row] = await db().select().from(tabShares).where(eq(tabShares.id, shareId));
    expect(row!.state).toBe('pending');
    // Ben cannot take the dish Ana is paying.
    expect(
      await refusal(pay(ben, tab.tab_id, { kind: 'lines', line_ids: [tab.lines[0]!.line_id] })),
    ).toMatchObject({ code: SPLIT_MESSAGE.lineLocked });
    // A share of this tab named under another tab's id: 404 even for its payer.
    const other = server.client();
    const otherPlaced = await order(other, BESAR, 5302, { validFor: 600 });
    const otherTab = await tabOf(other, otherPlaced.order_id);
    expect(
      await refusal(ana.call(tabs.tabShareReceipt, { params: { tabId: otherTab.tab_id, shareId } })),
    ).toMatchObject({ statusCode: 404 });
    expect(
      await refusal(ana.call(tabs.tabCancelShare, { params: { tabId: otherTab.tab_id, shareId } })),
    ).toMatchObject({ statusCode: 404 });
  });

  it('amounts: 0, a fraction, a huge number or a negative tip -> 400; 1 sen -> below the minimum; above what is left -> refused; never a 500', async () => {
    const ana = server.client();
    const placed = await order(ana, BESAR, 5303, { validFor: 600 });
    const tab = await tabOf(ana, placed.order_id);
    const quote = (body: unknown) =>
      refusal(ana.call(tabs.tabQuote, { params: { tabId: tab.tab_id }, body: body as never }));
    for (const amount of [0, -100, 1.5, 1e20, '500']) {
      expect(await quote({ request: { kind: 'amount', amount } })).toMatchObject({ statusCode: 400 });
    }
    expect(await quote({ request: { kind: 'rest' }, tip: -1 })).toMatchObject({ statusCode: 400 });
    expect(await quote({ request: { kind: 'equal', parts: 2, part: 1, of: 0 } })).toMatchObject({
      statusCode: 400,
    });
    expect(await quote({ request: { kind: 'equal', parts: 21, part: 1 } })).toMatchObject({
      statusCode: 400,
    });
    expect(await quote({ request: { kind: 'equal', parts: 2, part: 3 } })).toMatchObject({
      statusCode: 400,
      code: MESSAGE.invalidInput,
    });
    expect(await quote({ request: { kind: 'amount', amount: 1 } })).toMatchObject({
      statusCode: 422,
      code: SPLIT_MESSAGE.amountBelowMinimum,
    });
    expect(await quote({ request: { kind: 'amount', amount: placed.amount + 1 } })).toMatchObject({
      statusCode: 422,
      code: SPLIT_MESSAGE.amountAboveLeft,
    });
    // A tip where the restaurant takes none.
    expect(await quote({ request: { kind: 'rest' }, tip: 100 })).toMatchObject({
      code: TAB_MESSAGE.tipsOff,
    });
    expect(await refusal(pay(ana, tab.tab_id, { kind: 'rest' }, { tip: 100 }))).toMatchObject({
      code: TAB_MESSAGE.tipsOff,
    });
    expect(await db().select().from(tabShares).where(eq(tabShares.tabId, tab.tab_id))).toEqual([]);
  });

  it('equal split with a forged `of`: larger than the bill never pays more than is left; an `of` the tab never had is refused', async () => {
    const ana = server.client();
    const placed = await order(ana, BESAR, 5304, { validFor: 600, picks: [0, 1] });
    const tab = await tabOf(ana, placed.order_id);
    const quote = (request: ShareRequestInput) =>
      ana.call(tabs.tabQuote, { params: { tabId: tab.tab_id }, body: { request } });
    // An honest first part names the bill; its `of` is what is left.
    const honest = await quote({ kind: 'equal', parts: 2, part: 1 });
    expect(honest.request).toMatchObject({ of: placed.amount });
    // Larger than the bill: refused, so no split of a bill that does not exist shows on the phones.
    expect(await refusal(quote({ kind: 'equal', parts: 2, part: 1, of: placed.amount * 10 }))).toMatchObject({
      statusCode: 400,
      code: MESSAGE.invalidInput,
    });
    const line = tab.lines[0]!;
    expect(
      await refusal(
        quote({ kind: 'dish_part', line_id: line.line_id, parts: 2, part: 1, of: line.amount + 1 }),
      ),
    ).toMatchObject({ statusCode: 400, code: MESSAGE.invalidInput });
    // At most what is left, whatever is asked.
    const all = await quote({ kind: 'equal', parts: 2, part: 1, of: placed.amount });
    expect(all.settles).toBeLessThanOrEqual(placed.amount);
  });

  it('tips: a huge tip is refused (never a 500, never a charge of millions); a tip up to the share itself is taken', async () => {
    await setBesarTips(true);
    try {
      const ana = server.client();
      const placed = await order(ana, BESAR, 5305, { validFor: 600 });
      const tab = await tabOf(ana, placed.order_id);
      for (const tip of [3_000_000_000, Number.MAX_SAFE_INTEGER, placed.amount + 1]) {
        const refused = await refusal(pay(ana, tab.tab_id, { kind: 'rest' }, { tip }));
        expect([refused.statusCode, refused.code, tip]).toEqual([400, MESSAGE.invalidInput, tip]);
      }
      expect(await db().select().from(tabShares).where(eq(tabShares.tabId, tab.tab_id))).toEqual([]);
      const tipped = await pay(ana, tab.tab_id, { kind: 'rest' }, { tip: placed.amount });
      expect(tipped.share).toMatchObject({ tip: placed.amount, amount: 2 * placed.amount });
    } finally {
      await setBesarTips(false);
    }
  });

  it("staff of another restaurant: the tab's cash, close and admit are 404; kitchen 403; nothing moves", async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5003);
    const tab = await tabOf(ana, placed.order_id);
    const elsewhere = await staffClient('warung-sari-manager');
    const params = { tabId: tab.tab_id };
    expect(
      await refusal(elsewhere.call(tabs.staffTabCash, { params, body: { method: 'Cash' } })),
    ).toMatchObject({ statusCode: 404 });
    expect(
      await refusal(elsewhere.call(tabs.staffTabClose, { params, body: { force: true } })),
    ).toMatchObject({ statusCode: 404 });
    expect(
      await refusal(elsewhere.call(tabs.staffTabAdmit, { params: { tabId: tab.tab_id, memberId: tab.me! } })),
    ).toMatchObject({ statusCode: 404 });
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    expect(
      await refusal(kitchen.call(tabs.staffTabCash, { params, body: { method: 'Cash' } })),
    ).toMatchObject({ statusCode: 403 });
    expect(await refusal(kitchen.call(tabs.staffTabClose, { params, body: { force: true } }))).toMatchObject({
      statusCode: 403,
    });
    // A diner's token is no staff token.
    expect(await refusal(ana.call(tabs.staffTabCash, { params, body: { method: 'Cash' } }))).toMatchObject({
      statusCode: 401,
    });
    expect(await tabOf(ana, placed.order_id)).toMatchObject({ status: 'open', paid: 0, left: placed.amount });
  });

  it('idempotency: a key reused with another body is refused (payShare and the counter), the same body answers the same share', async () => {
    const ana = server.client();
    const placed = await order(ana, BESAR, 5306, { validFor: 600, picks: [0, 1] });
    const tab = await tabOf(ana, placed.order_id);
    const [first, second] = tab.lines;
    const started = await pay(ana, tab.tab_id, { kind: 'lines', line_ids: [first!.line_id] }, { key: 'k-1' });
    const again = await pay(ana, tab.tab_id, { kind: 'lines', line_ids: [first!.line_id] }, { key: 'k-1' });
    expect(again.share.share_id).toBe(started.share.share_id);
    expect(again.payment.payment_id).toBe(started.payment.payment_id);
    const reused = await refusal(
      pay(ana, tab.tab_id, { kind: 'lines', line_ids: [second!.line_id] }, { key: 'k-1' }),
    );
    expect(reused.statusCode).toBeGreaterThanOrEqual(400);
    expect(reused.statusCode).toBeLessThan(500);
    expect(
      (await db().select().from(tabShares).where(eq(tabShares.tabId, tab.tab_id))).map((s) => s.id),
    ).toEqual([started.share.share_id]);

    const manager = await staffClient('menu-besar-manager');
    const cash = (amount: number) =>
      manager.call(
        tabs.staffTabCash,
        { params: { tabId: tab.tab_id }, body: { method: 'Cash', amount } },
        { idempotencyKey: 'cash-1' },
      );
    const taken = await cash(100);
    const replay = await cash(100);
    expect(replay.share.share_id).toBe(taken.share.share_id);
    const other = await refusal(cash(200));
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
    const counter = (await db().select().from(tabShares).where(eq(tabShares.tabId, tab.tab_id))).filter(
      (share) => share.memberId === null,
    );
    expect(counter.map((share) => share.settles)).toEqual([100]);
  });

  it('cross-site posts to the tab calls are refused (403) before anything is read, cookie or not', async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5004);
    const tab = await tabOf(ana, placed.order_id);
    const ticket = ana.tableTicket()!;
    const headers = { 'cart-token': ana.cartToken, cookie: `table_ticket=${ticket}` };
    const evil = 'https://evil.example';
    const calls: [string, unknown][] = [
      ['/api/tabs/join', { restaurant_id: ALI.restaurantId, table_id: 5004, code: tab.join_code }],
      ['/api/tabs/ask-to-join', { restaurant_id: ALI.restaurantId, table_id: 5004, name: 'x' }],
      [`/api/tabs/${tab.tab_id}/me`, { name: 'pwned' }],
      [`/api/tabs/${tab.tab_id}/quote`, { request: { kind: 'rest' } }],
      [`/api/tabs/${tab.tab_id}/shares`, { request: { kind: 'rest' } }],
      [`/api/tabs/${tab.tab_id}/shares/1/cancel`, {}],
      [`/api/staff/tabs/${tab.tab_id}/cash`, { method: 'Cash' }],
      [`/api/staff/tabs/${tab.tab_id}/close`, { force: true }],
      [`/api/staff/tabs/${tab.tab_id}/members/1/admit`, {}],
    ];
    for (const [path, body] of calls) {
      const response = await postFrom(evil, path, body, headers);
      expect(response.status, path).toBe(403);
      expect(((await response.json()) as { code?: string }).code, path).toBe(MESSAGE.crossSiteRequest);
    }
    const after = await tabOf(ana, placed.order_id);
    expect(after.members.find((m) => m.me)!.name).toBe('');
    expect(after.shares).toEqual([]);
    // Our own page's post goes through.
    const own = await postFrom(`${server.baseUrl}`, `/api/tabs/${tab.tab_id}/me`, { name: 'Ana' }, headers);
    expect(own.status).toBe(200);
  });

  it("a closed tab's code joins nothing; at the table's next tab the old code is wrong", async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5005);
    const tab = await tabOf(ana, placed.order_id);
    const manager = await staffClient('kopitiam-ali-manager');
    await manager.call(tabs.staffTabClose, {
      params: { tabId: tab.tab_id },
      body: { force: true, approval: { reason: 'Walked out' } },
    });
    const eve = server.client();
    expect(await refusal(joinByCode(eve, ALI, 5005, tab.join_code!))).toMatchObject({
      code: TAB_MESSAGE.noOpenTab,
    });
    const next = server.client();
    await order(next, ALI, 5005);
    expect(await refusal(joinByCode(eve, ALI, 5005, tab.join_code!))).toMatchObject({
      statusCode: 422,
      code: TAB_MESSAGE.codeWrong,
    });
    expect(await refusal(eve.call(tabs.tabGet, { params: { tabId: tab.tab_id } }))).toMatchObject({
      statusCode: 404,
    });
  });

  it('join code guessing: twenty wrong codes sent at once from one address -> at most 5 are tried, the rest 429', async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5006);
    const tab = await tabOf(ana, placed.order_id);
    const guesser = server.client();
    await scan(guesser, ALI, 5006);
    const wrong = (i: number) => {
      const code = `ZZZZ${'23456789'[i % 8]}${'ABCDEFGH'[Math.floor(i / 8)]}`;
      return code === tab.join_code ? 'ZZZZZZ' : code;
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refusal(
          guesser.call(tabs.tabJoin, {
            body: { restaurant_id: ALI.restaurantId, table_id: 5006, code: wrong(i) },
          }),
        ),
      ),
    );
    const judged = answers.filter((answer) => answer.code === TAB_MESSAGE.codeWrong).length;
    const limited = answers.filter((answer) => answer.code === TAB_MESSAGE.codeTooManyTries).length;
    expect(judged + limited).toBe(20);
    expect(judged).toBeLessThanOrEqual(PRODUCTION_LIMITS.tabCodeFailuresPerTableIp.max);
    // And the right code now waits too.
    expect(
      await refusal(
        guesser.call(tabs.tabJoin, {
          body: { restaurant_id: ALI.restaurantId, table_id: 5006, code: tab.join_code! },
        }),
      ),
    ).toMatchObject({ statusCode: 429 });
  });

  it("a signed QR's scan joins by itself only while that QR is valid: an old scan's ticket (an old link at home) needs the code", async () => {
    const ana = server.client();
    const placed = await order(ana, BESAR, 5307, { validFor: 600 });
    const tab = await tabOf(ana, placed.order_id);
    // Mallory scanned the table's signed QR (valid 5 minutes) and went home.
    const mallory = server.client();
    await scan(mallory, BESAR, 5307, 300);
    server.clock.advance(30 * 60);
    // The QR itself is no longer accepted...
    expect(await refusal(scan(server.client(), BESAR, 5307, -1))).toMatchObject({ statusCode: 410 });
    // ...and the ticket its scan gave joins nothing by itself any more.
    expect(
      await mallory.call(tabs.tabAtTable, { query: { restaurant_id: BESAR.restaurantId, table_id: 5307 } }),
    ).toEqual({ tab: null, joinable: 'code' });
    expect(
      await refusal(
        mallory.call(tabs.tabJoin, { body: { restaurant_id: BESAR.restaurantId, table_id: 5307 } }),
      ),
    ).toMatchObject({ code: TAB_MESSAGE.codeWrong });
    // An order with that ticket opens a tab of its own: it never lands on Ana's bill.
    const sneaked = await order(mallory, BESAR, 5307, { rescan: false });
    const sneakedTab = await tabOf(mallory, sneaked.order_id);
    expect(sneakedTab.tab_id).not.toBe(tab.tab_id);
    const anas = await tabOf(ana, placed.order_id);
    expect(anas.orders.map((o) => o.order_id)).toEqual([placed.order_id]);
    expect(anas.members).toHaveLength(1);
    // A friend who scans the QR now, at the table, still joins by the scan.
    const friend = server.client();
    await scan(friend, BESAR, 5307, 300);
    const joined = await friend.call(tabs.tabJoin, {
      body: { restaurant_id: BESAR.restaurantId, table_id: 5307 },
    });
    expect(joined.tab.tab_id).toBe(sneakedTab.tab_id);
  });

  it('a guest who logs in mid-meal stays on the tab: reads it, pays and lets go of their share', async () => {
    const guestSession = await server.client().call(auth.registerGuest, {});
    const ana = server.client({ authToken: guestSession.token });
    const placed = await order(ana, BESAR, 5308, { validFor: 600, picks: [0, 1] });
    const tab = await tabOf(ana, placed.order_id);
    const started = await pay(ana, tab.tab_id, { kind: 'lines', line_ids: [tab.lines[0]!.line_id] });

    const phone = freshPhone(PHONE_BLOCK);
    await ana.call(auth.sendOtp, { body: { phone } });
    const { messages } = await ana.call(auth.devInbox, { query: { recipient: phone } });
    const otp = /\b(\d{6})\b/.exec(messages[0]!.body)![1]!;
    const session = await ana.call(auth.verifyOtp, {
      body: { phone, otp, guest_token: guestSession.token },
    });
    ana.setAuthToken(session.token);

    const after = await tabOf(ana, placed.order_id);
    expect(after.tab_id).toBe(tab.tab_id);
    expect(after.me).toBe(tab.me);
    expect((await ana.call(tabs.tabGet, { params: { tabId: tab.tab_id } })).tab.me).toBe(tab.me);
    const let_go = await ana.call(tabs.tabCancelShare, {
      params: { tabId: tab.tab_id, shareId: started.share.share_id },
    });
    expect(let_go.tab.pending).toBe(0);
    const [member] = await db().select().from(tabMembers).where(eq(tabMembers.id, tab.me!));
    const [user] = await db().select().from(users).where(eq(users.phone, phone));
    expect(member!.userId).toBe(user!.id);
    // The old guest session reads nothing any more.
    const old = server.client({ authToken: guestSession.token });
    expect(await refusal(old.call(tabs.tabGet, { params: { tabId: tab.tab_id } }))).toMatchObject({
      statusCode: 401,
    });
  });

  it('a share under way and staff closing the table: close refused while it is pending; the order`s own checkout waits for it', async () => {
    const ana = server.client();
    const placed = await order(ana, BESAR, 5309, { validFor: 600, picks: [0, 1] });
    const tab = await tabOf(ana, placed.order_id);
    await pay(ana, tab.tab_id, { kind: 'equal', parts: 2, part: 1 });
    const manager = await staffClient('menu-besar-manager');
    expect(
      await refusal(manager.call(tabs.staffTabClose, { params: { tabId: tab.tab_id }, body: {} })),
    ).toMatchObject({ code: TAB_MESSAGE.notSettled });
    expect(
      await refusal(
        ana.call(paymentApi.paymentInitiate, {
          body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
        }),
      ),
    ).toMatchObject({ code: TAB_MESSAGE.beingPaid });
    const [row] = await db().select().from(tableTabs).where(eq(tableTabs.id, tab.tab_id));
    expect(row!.status).toBe('open');
  });
  it("another table's ticket, or none, joins and asks nothing; a diner waiting for staff reads and pays nothing (404)", async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5007);
    const tab = await tabOf(ana, placed.order_id);
    const eve = server.client();
    await scan(eve, ALI, 5008);
    const here = { restaurant_id: ALI.restaurantId, table_id: 5007 };
    for (const call of [
      () => eve.call(tabs.tabJoin, { body: { ...here, code: tab.join_code! } }),
      () => eve.call(tabs.tabAskToJoin, { body: { ...here, name: 'Eve' } }),
      () => eve.call(tabs.tabAtTable, { query: here }),
    ]) {
      expect(await refusal(call())).toMatchObject({ code: MESSAGE.scanTableQr });
    }
    await scan(eve, ALI, 5007);
    await eve.call(tabs.tabAskToJoin, { body: { ...here, name: 'Eve' } });
    const tabId = tab.tab_id;
    for (const call of [
      () => eve.call(tabs.tabGet, { params: { tabId } }),
      () => eve.call(tabs.tabQuote, { params: { tabId }, body: { request: { kind: 'rest' } } }),
      () => pay(eve, tabId, { kind: 'rest' }),
      () => eve.call(tabs.tabSetMe, { params: { tabId }, body: { name: 'Eve' } }),
    ]) {
      expect(await refusal(call())).toMatchObject({ statusCode: 404 });
    }
    expect(await eve.call(tabs.tabAtTable, { query: here })).toEqual({ tab: null, joinable: 'code' });
  });

  it("a friend's share whose hold ended, then the order's own checkout pays the dish: the share's late capture is given back whole, the order paid once", async () => {
    const ana = server.client();
    const placed = await order(ana, BESAR, 5310, { validFor: 600, picks: [0, 1] });
    const tab = await tabOf(ana, placed.order_id);
    const ben = server.client();
    await scan(ben, BESAR, 5310, 600);
    await ben.call(tabs.tabJoin, { body: { restaurant_id: BESAR.restaurantId, table_id: 5310 } });
    const late = await pay(ben, tab.tab_id, { kind: 'lines', line_ids: [tab.lines[0]!.line_id] });
    server.clock.advance(TAB_SHARE_HOLD_SECONDS + 1);
    const own = await ana.call(paymentApi.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    expect(own.amount).toBe(placed.amount);
    // While the order's own checkout is under way, its dishes are held from the friends' shares.
    expect(
      await refusal(pay(ben, tab.tab_id, { kind: 'lines', line_ids: [tab.lines[1]!.line_id] })),
    ).toMatchObject({ code: SPLIT_MESSAGE.lineLocked });
    await payOnPage(own.redirect_url);
    expect(await orderRow(placed.order_id)).toMatchObject({ paidAmount: placed.amount });

    await notifySuccess(late.payment.reference);
    const given = await db().select().from(refunds).where(eq(refunds.paymentId, late.payment.payment_id));
    expect(given.map((refund) => [refund.reason, refund.amount])).toEqual([
      ['duplicate_payment', late.payment.amount],
    ]);
    const [share] = await db().select().from(tabShares).where(eq(tabShares.id, late.share.share_id));
    expect(share!.state).toBe('void');
    expect(await orderRow(placed.order_id)).toMatchObject({ paidAmount: placed.amount });
    expect(await tabOf(ana, placed.order_id)).toMatchObject({ paid: placed.amount, left: 0 });
  });

  it('a share captured after the manager forced the table clear: paid on the orders it took (they still owed it), nothing refunded', async () => {
    const ana = server.client();
    // A static scan at a table with another group's open tab: a tab of Ana's own.
    const placed = await order(ana, BESAR, 5302, { picks: [0, 1] });
    const tab = await tabOf(ana, placed.order_id);
    expect(tab.orders.map((o) => o.order_id)).toEqual([placed.order_id]);
    const started = await pay(ana, tab.tab_id, { kind: 'lines', line_ids: [tab.lines[0]!.line_id] });
    const manager = await staffClient('menu-besar-manager');
    const closed = await manager.call(tabs.staffTabClose, {
      params: { tabId: tab.tab_id },
      body: { force: true, approval: { reason: 'Walked out' } },
    });
    expect(closed.tab.status).toBe('closed');
    expect(await refusal(pay(ana, tab.tab_id, { kind: 'rest' }))).toMatchObject({ code: TAB_MESSAGE.closed });
    await payOnPage(started.payment.redirect_url);
    const [share] = await db().select().from(tabShares).where(eq(tabShares.id, started.share.share_id));
    expect(share!.state).toBe('paid');
    expect(await orderRow(placed.order_id)).toMatchObject({ paidAmount: started.share.settles });
    expect(
      await db().select().from(refunds).where(eq(refunds.paymentId, started.payment.payment_id)),
    ).toEqual([]);
  });
  it("live: tab:<id> is refused to a diner waiting for staff, to another group's member at the same table and to a stranger; a member hears it", async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5009);
    const tab = await tabOf(ana, placed.order_id);
    const eve = server.client();
    await scan(eve, ALI, 5009);
    await eve.call(tabs.tabAskToJoin, {
      body: { restaurant_id: ALI.restaurantId, table_id: 5009, name: 'Eve' },
    });
    // Another group at the same static-QR table: a tab of its own.
    const ben = server.client();
    const benPlaced = await order(ben, ALI, 5009);
    expect((await tabOf(ben, benPlaced.order_id)).tab_id).not.toBe(tab.tab_id);
    const topic = `tab:${tab.tab_id}`;

    /** The first answer to subscribing to `topic` on a socket of `cartToken`. */
    const answer = async (cartToken: string) => {
      const url = new URL('/ws', server.baseUrl.replace('http', 'ws'));
      url.searchParams.set('cart_token', cartToken);
      const socket = new WebSocket(url);
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        const reply = new Promise<{ type: string; code?: string }>((resolve) =>
          socket.on('message', (data) => {
            const message = JSON.parse(String(data)) as { type: string; code?: string; topic?: string };
            if (message.topic === topic && (message.type === 'error' || message.type === 'subscribed'))
              resolve(message);
          }),
        );
        socket.send(JSON.stringify({ type: 'subscribe', topic }));
        return await reply;
      } finally {
        socket.close();
      }
    };
    for (const cartToken of [eve.cartToken, ben.cartToken, server.client().cartToken]) {
      expect(await answer(cartToken)).toMatchObject({ type: 'error', code: MESSAGE.forbidden });
    }
    expect(await answer(ana.cartToken)).toMatchObject({ type: 'subscribed' });
  });
});
