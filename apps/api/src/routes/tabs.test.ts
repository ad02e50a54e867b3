import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { cart, orders, payments, restaurants, staff, tabs } from '@santap/contract';
import type { TabView } from '@santap/contract';
import { MESSAGE, ORDER_STATUS, TAB_MESSAGE } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import { orders as ordersTable, tabMembers, tableTabs } from '../db/schema';
import { PRODUCTION_LIMITS } from '../lib/limits';
import { DEMO, DEMO_STAFF_PASSWORD, demoQrSecret } from '../seed/ids';
import { dynamicQrText } from '../services/flows/tables/scan';
import { closeIdleTabs } from '../services/model/tabs';
import { ENGINES, LUNCHTIME, RELAXED_LIMITS, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { menuOf } from '../../test/journeys';
import type { Client } from '../../test/journeys';

const ALI: Place = { scope: 'kopitiam-ali', restaurantId: DEMO.kopitiamAli };
/** menu-besar's plan takes static and dynamic QRs: a signed scan joins by itself, a static one does not. */
const BESAR: Place = { scope: 'menu-besar', restaurantId: DEMO.menuBesar };
interface Place {
  scope: string;
  restaurantId: number;
}

const words = (lang: 'en' | 'id' | 'my', key: string, values?: Record<string, string | number>) =>
  createTranslator(lang)(key as TranslationKey, values);

describe.each(ENGINES)('table tabs on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    // Production's limits on join codes and asks; every other rule relaxed.
    server = await startTestServer(engine, {
      config: {
        limits: {
          ...RELAXED_LIMITS,
          tabCodeFailuresPerTableIp: PRODUCTION_LIMITS.tabCodeFailuresPerTableIp,
          tabAsksPerTableIp: PRODUCTION_LIMITS.tabAsksPerTableIp,
        },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);

  /** The v and sig of menu-besar's signed (dynamic) QR of `tableId`, valid an hour. */
  const signed = (tableId: number) => {
    const url = new URL(
      dynamicQrText(
        'http://localhost:3000',
        demoQrSecret(BESAR.restaurantId),
        { kind: 'table', restaurantId: String(BESAR.restaurantId), tableId: String(tableId) },
        nowSeconds() + 3600,
      ),
    );
    return { v: url.searchParams.get('v')!, sig: url.searchParams.get('sig')! };
  };

  /** The table check of a scan (static, or signed with `dynamic`): the browser keeps its ticket. */
  const scan = (diner: Client, place: Place, tableId: number, dynamic = false) =>
    diner.call(restaurants.restaurantTable, {
      params: { restaurantId: place.restaurantId, tableId },
      query: dynamic ? signed(tableId) : {},
    });

  /** Plain dishes of a menu (no required choice), in menu order. */
  const plainDishes = async (diner: Client, place: Place) =>
    (await menuOf(diner, place.scope)).items.filter(
      (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
    );

  /** A dine-in pay-later order of the `picks`-th plain dishes at `tableId` (or a round added to `addTo`). */
  async function order(
    diner: Client,
    place: Place,
    tableId: number,
    options: { dynamic?: boolean; picks?: number[]; addTo?: number } = {},
  ) {
    const dishes = await plainDishes(diner, place);
    for (const index of options.picks ?? [0]) {
      await diner.call(cart.cartUpdate, {
        body: { scope: place.scope, item_id: dishes[index]!.id, quantity: 1 },
      });
    }
    await scan(diner, place, tableId, options.dynamic);
    await diner.call(cart.cartDetails, { body: { scope: place.scope, context: { orderType: 1, tableId } } });
    return diner.call(orders.orderCreate, {
      body: {
        scope: place.scope,
        payment_mode: 'pay_later',
        ...(options.addTo !== undefined ? { add_to_order_id: options.addTo } : {}),
      },
    });
  }

  const tabOf = async (diner: Client, orderId: number): Promise<TabView> => {
    const { tab } = await diner.call(tabs.tabOfOrder, { query: { order_id: orderId } });
    expect(tab).not.toBeNull();
    return tab!;
  };

  async function staffClient(username: string, password = DEMO_STAFF_PASSWORD) {
    const session = await server.client().call(staff.staffLogin, { body: { username, password } });
    return server.client({ authToken: session.token });
  }

  /** A kopitiam-ali account of `role` made by the manager (the demo has only managers and kitchens). */
  async function aliStaff(role: 'server' | 'business') {
    const manager = await staffClient('kopitiam-ali-manager');
    const username = `ali-${role}-${engine}-${Math.random().toString(36).slice(2, 8)}`;
    await manager.call(staff.staffCreateAccount, { body: { username, password: 'tabs-password-1', role } });
    return staffClient(username, 'tabs-password-1');
  }

  it('first order at a table -> a tab with its diner as first member, every dish priced; a round added -> the same tab, its dishes after the first', async () => {
    const ana = server.client();
    const first = await order(ana, ALI, 5005, { picks: [0, 1] });
    const tab = await tabOf(ana, first.order_id);
    expect(tab).toMatchObject({
      restaurant_id: ALI.restaurantId,
      table_id: 5005,
      status: 'open',
      currency: 'MYR',
      joins_by_scan: false,
      tips: false,
      minimum: 100,
      total: first.amount,
      paid: 0,
      pending: 0,
      left: first.amount,
      shares: [],
      splits: [],
    });
    expect(tab.join_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    expect(tab.members).toEqual([
      { member_id: tab.me, name: '', emoji: expect.any(String), me: true, waiting: false },
    ]);
    expect(tab.orders.map((o) => [o.order_id, o.member_id])).toEqual([[first.order_id, tab.me]]);
    expect(tab.lines).toHaveLength(2);
    expect(tab.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(first.amount);
    expect(tab.lines.every((line) => line.member_id === tab.me && line.held_by === null)).toBe(true);

    const round = await order(ana, ALI, 5005, { picks: [2], addTo: first.order_id });
    expect(round.order_id).toBe(first.order_id);
    const after = await tabOf(ana, first.order_id);
    expect(after.tab_id).toBe(tab.tab_id);
    expect(after.lines.map((line) => line.line_id).slice(0, 2)).toEqual(
      tab.lines.map((line) => line.line_id),
    );
    expect(after.lines).toHaveLength(3);
    const [row] = await server.db.database.db
      .select()
      .from(ordersTable)
      .where(eq(ordersTable.id, first.order_id));
    expect(after.total).toBe(row!.total);
    expect(after.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(row!.total);
  });

  it('a takeaway order -> on no tab', async () => {
    const diner = server.client();
    const dishes = await plainDishes(diner, ALI);
    await diner.call(cart.cartUpdate, { body: { scope: ALI.scope, item_id: dishes[0]!.id, quantity: 1 } });
    await diner.call(cart.cartDetails, {
      body: { scope: ALI.scope, context: { orderType: 3, pickupType: 'takeaway' } },
    });
    const placed = await diner.call(orders.orderCreate, {
      body: { scope: ALI.scope, payment_mode: 'online' },
    });
    expect(await diner.call(tabs.tabOfOrder, { query: { order_id: placed.order_id } })).toEqual({
      tab: null,
    });
  });

  it("dynamic-QR restaurant: a second phone's order after a signed scan -> joins the first tab (scan) and reads both orders", async () => {
    const ana = server.client();
    const ben = server.client();
    const first = await order(ana, BESAR, 5302, { dynamic: true });
    const tab = await tabOf(ana, first.order_id);
    expect(tab.joins_by_scan).toBe(false); // menu-besar takes both kinds of QR: only a signed scan joins.

    // Before ordering, a signed scan says the tab may be joined by scan.
    await scan(ben, BESAR, 5302, true);
    expect(
      await ben.call(tabs.tabAtTable, { query: { restaurant_id: BESAR.restaurantId, table_id: 5302 } }),
    ).toEqual({ tab: null, joinable: 'scan' });

    const second = await order(ben, BESAR, 5302, { dynamic: true, picks: [1] });
    const seen = await tabOf(ben, second.order_id);
    expect(seen.tab_id).toBe(tab.tab_id);
    expect(seen.orders.map((o) => o.order_id)).toEqual([first.order_id, second.order_id]);
    expect(seen.members.map((m) => m.me)).toEqual([false, true]);
    expect(seen.total).toBe(first.amount + second.amount);
    const [member] = await server.db.database.db.select().from(tabMembers).where(eq(tabMembers.id, seen.me!));
    expect(member!.joinedVia).toBe('scan');
    // Ana reads Ben's dishes too.
    expect((await tabOf(ana, first.order_id)).lines).toHaveLength(2);
  });

  it("static-QR restaurant: a second phone's order -> a tab of its own; it reads nothing of the first (404), a third phone sees only 'code'", async () => {
    const ana = server.client();
    const ben = server.client();
    const first = await order(ana, ALI, 5006);
    const anaTab = await tabOf(ana, first.order_id);
    const second = await order(ben, ALI, 5006, { picks: [1] });
    const benTab = await tabOf(ben, second.order_id);
    expect(benTab.tab_id).not.toBe(anaTab.tab_id);
    expect(benTab.orders.map((o) => o.order_id)).toEqual([second.order_id]);
    expect(benTab.lines.every((line) => line.order_id === second.order_id)).toBe(true);

    expect(await refusal(ben.call(tabs.tabGet, { params: { tabId: anaTab.tab_id } }))).toMatchObject({
      statusCode: 404,
      code: MESSAGE.notFound,
    });
    expect(await refusal(ben.call(tabs.tabOfOrder, { query: { order_id: first.order_id } }))).toMatchObject({
      statusCode: 404,
    });
    // At the table, Ben reads his own tab only.
    const atTable = await ben.call(tabs.tabAtTable, {
      query: { restaurant_id: ALI.restaurantId, table_id: 5006 },
    });
    expect(atTable.tab?.tab_id).toBe(benTab.tab_id);

    const cara = server.client();
    await scan(cara, ALI, 5006);
    expect(
      await cara.call(tabs.tabAtTable, { query: { restaurant_id: ALI.restaurantId, table_id: 5006 } }),
    ).toEqual({ tab: null, joinable: 'code' });
    // Without the table's ticket: the scan is asked for.
    expect(
      await refusal(
        server.client().call(tabs.tabAtTable, { query: { restaurant_id: ALI.restaurantId, table_id: 5006 } }),
      ),
    ).toMatchObject({ code: MESSAGE.scanTableQr });
  });

  it("join: the right code (as typed, lower case) -> a member reading the tab; a wrong code -> 422 in the caller's language; 5 wrong -> 429, 10 minutes later again", async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5007);
    const tab = await tabOf(ana, placed.order_id);

    const dewi = server.client({ language: 'id' });
    await scan(dewi, ALI, 5007);
    const wrong = await refusal(
      dewi.call(tabs.tabJoin, { body: { restaurant_id: ALI.restaurantId, table_id: 5007, code: 'AAAAAA' } }),
    );
    expect(wrong).toMatchObject({ statusCode: 422, code: TAB_MESSAGE.codeWrong });
    expect(wrong.message).toBe(words('id', TAB_MESSAGE.codeWrong));
    expect(wrong.message).not.toBe(words('en', TAB_MESSAGE.codeWrong));
    for (let i = 0; i < 4; i++) {
      expect(
        await refusal(
          dewi.call(tabs.tabJoin, {
            body: { restaurant_id: ALI.restaurantId, table_id: 5007, code: 'BBBBBB' },
          }),
        ),
      ).toMatchObject({ statusCode: 422, code: TAB_MESSAGE.codeWrong });
    }
    // Five wrong: even the right code waits now.
    const blocked = await refusal(
      dewi.call(tabs.tabJoin, {
        body: { restaurant_id: ALI.restaurantId, table_id: 5007, code: tab.join_code! },
      }),
    );
    expect(blocked).toMatchObject({ statusCode: 429, code: TAB_MESSAGE.codeTooManyTries });
    expect(blocked.message).toBe(words('id', TAB_MESSAGE.codeTooManyTries, { minutes: 10 }));

    server.clock.advance(10 * 60 + 1);
    try {
      await scan(dewi, ALI, 5007);
      const typed = `${tab.join_code!.slice(0, 3).toLowerCase()}-${tab.join_code!.slice(3).toLowerCase()}`;
      const joined = await dewi.call(tabs.tabJoin, {
        body: { restaurant_id: ALI.restaurantId, table_id: 5007, code: typed, name: 'Dewi', emoji: '🍵' },
      });
      expect(joined.tab.tab_id).toBe(tab.tab_id);
      expect(joined.tab.members.find((m) => m.me)).toMatchObject({ name: 'Dewi', emoji: '🍵' });
      expect(joined.tab.lines.map((line) => line.order_id)).toEqual([placed.order_id]);
      // Joining again answers the tab; tabs.get reads it.
      const again = await dewi.call(tabs.tabJoin, {
        body: { restaurant_id: ALI.restaurantId, table_id: 5007 },
      });
      expect(again.tab.me).toBe(joined.tab.me);
      expect((await dewi.call(tabs.tabGet, { params: { tabId: tab.tab_id } })).tab.members).toHaveLength(2);
      const renamed = await dewi.call(tabs.tabSetMe, {
        params: { tabId: tab.tab_id },
        body: { name: 'Dee' },
      });
      expect(renamed.tab.members.find((m) => m.me)).toMatchObject({ name: 'Dee', emoji: '🍵' });
    } finally {
      server.clock.set(LUNCHTIME);
    }
  });

  it('ask to join -> waiting (reads nothing), on the board; staff let them in -> a member; another restaurant 404, kitchen 403', async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5008);
    const tab = await tabOf(ana, placed.order_id);
    const eko = server.client();
    await scan(eko, ALI, 5008);
    expect(
      await eko.call(tabs.tabAskToJoin, {
        body: { restaurant_id: ALI.restaurantId, table_id: 5008, name: 'Eko' },
      }),
    ).toEqual({ waiting: true });
    expect(await refusal(eko.call(tabs.tabGet, { params: { tabId: tab.tab_id } }))).toMatchObject({
      statusCode: 404,
    });
    // Members read only members; the board shows who waits.
    expect((await tabOf(ana, placed.order_id)).members).toHaveLength(1);
    const manager = await staffClient('kopitiam-ali-manager');
    const board = await manager.call(tabs.staffTabs, {});
    const onBoard = board.tabs.find((t) => t.tab_id === tab.tab_id)!;
    const waiting = onBoard.members.find((m) => m.waiting)!;
    expect(waiting).toMatchObject({ name: 'Eko', me: false });
    expect(onBoard.me).toBeNull();

    const elsewhere = await staffClient('warung-sari-manager');
    expect((await elsewhere.call(tabs.staffTabs, {})).tabs.map((t) => t.tab_id)).not.toContain(tab.tab_id);
    const admit = (client: Client) =>
      client.call(tabs.staffTabAdmit, { params: { tabId: tab.tab_id, memberId: waiting.member_id } });
    expect(await refusal(admit(elsewhere))).toMatchObject({ statusCode: 404, code: MESSAGE.notFound });
    expect(
      await refusal(elsewhere.call(tabs.staffTabClose, { params: { tabId: tab.tab_id }, body: {} })),
    ).toMatchObject({ statusCode: 404 });
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    expect(await refusal(kitchen.call(tabs.staffTabs, {}))).toMatchObject({ statusCode: 403 });
    expect(await refusal(admit(kitchen))).toMatchObject({ statusCode: 403, code: MESSAGE.forbidden });
    const business = await aliStaff('business');
    expect(await refusal(business.call(tabs.staffTabs, {}))).toMatchObject({ statusCode: 403 });

    const admitted = await admit(manager);
    expect(admitted.tab.members.find((m) => m.member_id === waiting.member_id)).toMatchObject({
      waiting: false,
    });
    const read = await eko.call(tabs.tabGet, { params: { tabId: tab.tab_id } });
    expect(read.tab.me).toBe(waiting.member_id);
    expect((await tabOf(ana, placed.order_id)).members).toHaveLength(2);
  });

  it('clear the table: money left -> refused (what is left, in words), a server forcing -> 403, the manager forcing -> closed; paid at the counter -> closed by a server', async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5009);
    const tab = await tabOf(ana, placed.order_id);
    const server_ = await aliStaff('server');
    // Forcing takes a manager's reason (docs/audit.md, "Manager approval"); a server's needs the PIN too.
    const close = (client: Client, force?: boolean) =>
      client.call(tabs.staffTabClose, {
        params: { tabId: tab.tab_id },
        body: force ? { force, approval: { reason: 'Walked out' } } : {},
      });
    const refused = await refusal(close(server_));
    expect(refused).toMatchObject({ statusCode: 422, code: TAB_MESSAGE.notSettled });
    expect(refused.message).toContain((placed.amount / 100).toFixed(2));
    expect(await refusal(close(server_, true))).toMatchObject({ statusCode: 403 });
    const manager = await staffClient('kopitiam-ali-manager');
    const closed = await close(manager, true);
    expect(closed.tab).toMatchObject({ status: 'closed', join_code: null, left: placed.amount });
    const [row] = await server.db.database.db.select().from(tableTabs).where(eq(tableTabs.id, tab.tab_id));
    expect(row!.closedBy).toBe('staff:kopitiam-ali-manager');
    expect((await tabOf(ana, placed.order_id)).status).toBe('closed');
    // A closed tab takes no one; the table's next first order opens a new tab.
    expect((await close(manager)).tab.status).toBe('closed');
    const next = await order(server.client(), ALI, 5009);
    expect(
      (await server.db.database.db.select().from(ordersTable).where(eq(ordersTable.id, next.order_id)))[0]!
        .tabId,
    ).not.toBe(tab.tab_id);

    // Paid at the counter (outside shares): nothing left, a server clears the table.
    const bea = server.client();
    const paidOrder = await order(bea, ALI, 5010);
    const paidTab = await tabOf(bea, paidOrder.order_id);
    await server_.call(payments.directPayment, { body: { order_id: paidOrder.order_id, method: 'Cash' } });
    const settled = await tabOf(bea, paidOrder.order_id);
    expect(settled).toMatchObject({ paid: paidOrder.amount, left: 0 });
    expect(settled.lines.every((line) => line.left === 0 && line.paid === line.amount)).toBe(true);
    expect(
      (await server_.call(tabs.staffTabClose, { params: { tabId: paidTab.tab_id }, body: {} })).tab.status,
    ).toBe('closed');
  });

  it('idle close: settled, every order ended, idle past tabIdleMinutes (120) -> closed by the sweep; a running order or money left -> stays open', async () => {
    const db = server.db.database.db;
    const settledDiner = server.client();
    const settledOrder = await order(settledDiner, ALI, 5011);
    const owingDiner = server.client();
    const owingOrder = await order(owingDiner, ALI, 5012);
    const settledTab = await tabOf(settledDiner, settledOrder.order_id);
    const owingTab = await tabOf(owingDiner, owingOrder.order_id);
    // The meal is over at both tables; only one paid.
    await db
      .update(ordersTable)
      .set({ status: ORDER_STATUS.COMPLETED, paidAmount: settledOrder.amount, paymentStatus: 'paid' })
      .where(eq(ordersTable.id, settledOrder.order_id));
    await db
      .update(ordersTable)
      .set({ status: ORDER_STATUS.COMPLETED })
      .where(eq(ordersTable.id, owingOrder.order_id));
    const statusOf = async (tabId: number) =>
      (await db.select().from(tableTabs).where(eq(tableTabs.id, tabId)))[0]!;
    try {
      server.clock.advance(119 * 60);
      await closeIdleTabs(server.app.santap);
      expect((await statusOf(settledTab.tab_id)).status).toBe('open');
      server.clock.advance(2 * 60);
      expect(await closeIdleTabs(server.app.santap)).toBeGreaterThanOrEqual(1);
      expect(await statusOf(settledTab.tab_id)).toMatchObject({ status: 'closed', closedBy: 'idle' });
      expect((await statusOf(owingTab.tab_id)).status).toBe('open');
    } finally {
      server.clock.set(LUNCHTIME);
    }
  });

  it('live: tab:<id> -> a member subscribes and hears a friend join; a non-member is refused', async () => {
    const ana = server.client();
    const placed = await order(ana, ALI, 5004);
    const tab = await tabOf(ana, placed.order_id);
    const topic = `tab:${tab.tab_id}`;

    const connect = async (cartToken: string) => {
      const url = new URL('/ws', server.baseUrl.replace('http', 'ws'));
      url.searchParams.set('cart_token', cartToken);
      const socket = new WebSocket(url);
      const messages: {
        type: string;
        topic?: string;
        code?: string;
        event?: { type: string; data: unknown };
      }[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data))));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const next = async (match: (m: (typeof messages)[number]) => boolean) => {
        const deadline = Date.now() + 5000;
        for (;;) {
          const found = messages.find(match);
          if (found) return found;
          if (Date.now() > deadline) throw new Error(`no such message in ${JSON.stringify(messages)}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      return { socket, next };
    };

    const stranger = await connect(server.client().cartToken);
    try {
      stranger.socket.send(JSON.stringify({ type: 'subscribe', topic }));
      expect(await stranger.next((m) => m.type === 'error' || m.type === 'subscribed')).toMatchObject({
        type: 'error',
        code: MESSAGE.forbidden,
        topic,
      });
    } finally {
      stranger.socket.close();
    }

    const member = await connect(ana.cartToken);
    try {
      member.socket.send(JSON.stringify({ type: 'subscribe', topic }));
      expect(await member.next((m) => m.type === 'subscribed' || m.type === 'error')).toEqual({
        type: 'subscribed',
        topic,
      });
      const friend = server.client();
      await scan(friend, ALI, 5004);
      await friend.call(tabs.tabJoin, {
        body: { restaurant_id: ALI.restaurantId, table_id: 5004, code: tab.join_code! },
      });
      const event = await member.next((m) => m.type === 'event');
      expect(event.event).toMatchObject({ type: 'tab.changed', data: { tab_id: tab.tab_id } });
    } finally {
      member.socket.close();
    }
  });
});
