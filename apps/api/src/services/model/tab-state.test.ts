import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { cart, orders as orderApi, restaurants } from '@santap/contract';
import { BILL_LINE_KEY, SPLIT_MESSAGE, TAB_MESSAGE, splitShare } from '@santap/domain';
import { TRANSLATION_KEYS } from '@santap/i18n';
import { orderItems, orders, payments, tabShares, tableTabs } from '../../db/schema';
import { ENGINES, startTestServer } from '../../../test/harness';
import type { TestServer } from '../../../test/harness';
import { menuOf } from '../../../test/journeys';
import type { Client } from '../../../test/journeys';
import { ORDER_PAYMENT_HOLDER, loadTabState, lockTab } from './tabs';
import type { TabRow } from './tabs';

describe('tab.error keys', () => {
  it('the catalogue -> words for exactly the keys TAB_MESSAGE and SPLIT_MESSAGE emit', () => {
    expect(TRANSLATION_KEYS.filter((key) => key.startsWith('tab.error.')).sort()).toEqual(
      [...Object.values(TAB_MESSAGE), ...Object.values(SPLIT_MESSAGE)].sort(),
    );
  });
});

describe.each(ENGINES)('loadTabState on %s', (engine) => {
  let server: TestServer;
  const db = () => server.db.database.db;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A dine-in pay-later order at kopitiam-ali `tableId` of the `picks`-th plain dishes (a round with `addTo`). */
  async function order(diner: Client, tableId: number, picks: number[], addTo?: number) {
    const { items } = await menuOf(diner, 'kopitiam-ali');
    const plain = items.filter(
      (i) => i.in_stock && !i.is_voucher && i.option_groups.every((g) => !g.required),
    );
    for (const index of picks) {
      await diner.call(cart.cartUpdate, {
        body: { scope: 'kopitiam-ali', item_id: plain[index]!.id, quantity: index + 1 },
      });
    }
    await diner.call(restaurants.restaurantTable, { params: { restaurantId: 1001, tableId }, query: {} });
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId } },
    });
    return diner.call(orderApi.orderCreate, {
      body: {
        scope: 'kopitiam-ali',
        payment_mode: 'pay_later',
        ...(addTo !== undefined ? { add_to_order_id: addTo } : {}),
      },
    });
  }

  const tabOfOrder = async (orderId: number): Promise<TabRow> => {
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    const [tab] = await db().select().from(tableTabs).where(eq(tableTabs.id, row!.tabId!));
    return tab!;
  };
  const stateOf = (tab: TabRow) =>
    db().transaction(async (tx) => loadTabState(tx, (await lockTab(tx, tab.id))!, server.clock.now()));

  it('two rounds -> one line per dish in the bill order (first round, then the round added), each carrying its own price', async () => {
    const diner = server.client();
    const first = await order(diner, 5001, [0, 1]);
    await order(diner, 5001, [2], first.order_id);
    const state = await stateOf(await tabOfOrder(first.order_id));
    const items = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, first.order_id))
      .orderBy(asc(orderItems.batch), asc(orderItems.id));
    expect(items.map((item) => item.batch)).toEqual([1, 1, 2]);
    expect(state.items.map((item) => item.lineId)).toEqual(items.map((item) => String(item.id)));
    expect(state.items.every((item) => !item.wholeOrder)).toBe(true);
    // Each dish's own part is its price times its quantity: the bill's lineTotals line up with the items.
    const dishPart = state.balance.lines.map(
      (line) => line.parts.find((part) => part.key === BILL_LINE_KEY.subtotal)?.amount,
    );
    expect(dishPart).toEqual(items.map((item) => item.unitPrice * item.quantity));
    expect(new Set(dishPart).size).toBe(3);
    const [row] = await db().select().from(orders).where(eq(orders.id, first.order_id));
    expect(state.balance.total).toBe(row!.total);
    expect(state.balance.lines.map((line) => line.by)).toEqual(Array(3).fill(String(row!.tabMemberId)));
    expect(state.balance).toMatchObject({ paid: 0, pending: 0, left: row!.total });
  });

  it('money paid on the order outside shares -> a paid share on what is left of its dishes, the same every read; with a paid share -> only the rest', async () => {
    const diner = server.client();
    const placed = await order(diner, 5002, [0, 1, 2]);
    const tab = await tabOfOrder(placed.order_id);
    const before = await stateOf(tab);
    const [line0, line1, line2] = before.balance.lines;

    // A share of the first dish, paid (as the share payments write it, with the order's paid amount).
    const share = splitShare(before.balance, { kind: 'lines', lineIds: [line0!.id] }, { payer: '1' });
    if (!share.ok) throw new Error(share.refusal.key);
    await db()
      .insert(tabShares)
      .values({
        tabId: tab.id,
        memberId: null,
        state: 'paid',
        request: { kind: 'lines', line_ids: [line0!.id] },
        allocation: share.share.allocation,
        lines: share.share.lines,
        settles: share.share.settles,
        amount: share.share.amount,
        currency: 'MYR',
        method: 'Cash',
      });
    // And 300 sen more at the counter, outside any share.
    await db()
      .update(orders)
      .set({ paidAmount: share.share.settles + 300 })
      .where(eq(orders.id, placed.order_id));

    const state = await stateOf(tab);
    expect(state.balance.paid).toBe(share.share.settles + 300);
    expect(state.balance.left).toBe(before.balance.total - share.share.settles - 300);
    const [paid0, paid1, paid2] = state.balance.lines;
    expect(paid0).toMatchObject({ paid: line0!.amount, left: 0 });
    // The 300 over the other two dishes in proportion to what is left of each.
    expect(paid1!.paid + paid2!.paid).toBe(300);
    expect(Math.abs(paid1!.paid / 300 - line1!.amount / (line1!.amount + line2!.amount))).toBeLessThan(0.01);
    expect(state.paid).toHaveLength(2);
    expect((await stateOf(tab)).paid).toEqual(state.paid);

    // Paid in full outside shares: every dish settled.
    await db().update(orders).set({ paidAmount: before.balance.total }).where(eq(orders.id, placed.order_id));
    const all = await stateOf(tab);
    expect(all.balance).toMatchObject({ paid: before.balance.total, left: 0 });
    expect(all.balance.lines.every((line) => line.left === 0 && line.leftParts.length === 0)).toBe(true);
  });

  it('a live payment of the order outside shares -> holds its dishes (payer order); a share payment, or one past its hold -> holds nothing', async () => {
    const diner = server.client();
    const placed = await order(diner, 5003, [0, 1]);
    const tab = await tabOfOrder(placed.order_id);
    const now = server.clock.now();
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.order_id));
    const payment = (data: Record<string, unknown>, until: Date) => ({
      orderId: placed.order_id,
      cartToken: diner.cartToken,
      provider: 'simulator',
      method: 'Wallet',
      amount: placed.amount,
      currency: 'MYR',
      state: 'processing',
      processingUntil: until,
      data,
    });
    const [share] = await db()
      .insert(payments)
      .values(payment({ tab_share_id: 1 }, new Date(now.getTime() + 60_000)))
      .returning();
    const [stale] = await db()
      .insert(payments)
      .values(payment({}, new Date(now.getTime() - 1000)))
      .returning();
    expect((await stateOf(tab)).locks).toEqual({});

    const [live] = await db()
      .insert(payments)
      .values(payment({}, new Date(now.getTime() + 60_000)))
      .returning();
    const state = await stateOf(tab);
    const lineIds = state.items.map((item) => item.lineId);
    expect(state.locks).toEqual(Object.fromEntries(lineIds.map((id) => [id, ORDER_PAYMENT_HOLDER])));
    expect(Object.values(state.holders)).toEqual([row!.tabMemberId, row!.tabMemberId]);
    for (const id of [share!.id, stale!.id, live!.id])
      await db().update(payments).set({ state: 'failed' }).where(eq(payments.id, id));
  });

  it('a pending share -> counted pending and holding its picked dish; past its hold -> expired, nothing held', async () => {
    const diner = server.client();
    const placed = await order(diner, 5010, [0, 1]);
    const tab = await tabOfOrder(placed.order_id);
    const before = await stateOf(tab);
    const pick = before.balance.lines[1]!;
    const share = splitShare(before.balance, { kind: 'lines', lineIds: [pick.id] }, { payer: '7' });
    if (!share.ok) throw new Error(share.refusal.key);
    const holdUntil = new Date(server.clock.now().getTime() + 5 * 60_000);
    const [row] = await db()
      .insert(tabShares)
      .values({
        tabId: tab.id,
        memberId: before.members[0]!.id,
        state: 'pending',
        request: { kind: 'lines', line_ids: [pick.id] },
        allocation: share.share.allocation,
        lines: share.share.lines,
        settles: share.share.settles,
        amount: share.share.amount,
        currency: 'MYR',
        method: 'Wallet',
        holdUntil,
      })
      .returning();
    const held = await stateOf(tab);
    expect(held.balance.pending).toBe(pick.amount);
    expect(held.locks).toEqual({ [pick.id]: String(before.members[0]!.id) });
    expect(held.expired).toEqual([]);

    server.clock.advance(5 * 60 + 1);
    try {
      const over = await stateOf(tab);
      expect(over.expired.map((s) => s.id)).toEqual([row!.id]);
      expect(over.balance.pending).toBe(0);
      expect(over.locks).toEqual({});
    } finally {
      server.clock.advance(-(5 * 60 + 1));
    }
  });

  it("an order whose bill cannot be read by dish -> one line '0<order id>' carrying its total", async () => {
    const diner = server.client();
    const placed = await order(diner, 5011, [0, 1]);
    await db()
      .update(orders)
      .set({ bill: {} as never })
      .where(eq(orders.id, placed.order_id));
    const state = await stateOf(await tabOfOrder(placed.order_id));
    expect(state.items).toEqual([
      expect.objectContaining({ lineId: `0${placed.order_id}`, orderId: placed.order_id, wholeOrder: true }),
    ]);
    expect(state.items[0]!.items).toHaveLength(2);
    expect(state.balance.lines.map((line) => line.amount)).toEqual([placed.amount]);
  });
});
