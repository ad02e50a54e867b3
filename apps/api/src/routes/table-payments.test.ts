/**
 * Paying a table's orders together (spec §2 `/payments/:order_id/:price/:orderIds`, §5 "own order
 * cannot be deselected when merging orders"): one payment for several orders at one table; refunds
 * and payment history stay per order. Only orders on one tab (docs/tabs.md) are listed and paid together:
 * two phones at one table of a static-QR restaurant are two tabs unless one joins the other's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cart, orders, payments, restaurants as restaurantsApi, staff, tabs } from '@santap/contract';
import { diningTables, restaurants } from '../db/schema';
import { dynamicQrText } from '../services/flows/tables/scan';
import { DEMO_STAFF_PASSWORD, demoQrSecret } from '../seed/ids';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { eventually } from '../../test/eventually';
import { addPlainItem, scanTable } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { refusal } from '../../test/refusal';

describe.each(ENGINES)("a table's orders paid together on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  /** A dine-in order at kopitiam-ali table `tableId` of `quantity` plain dishes. */
  async function dineIn(client: Client, tableId: number, mode: 'online' | 'pay_later', quantity = 1) {
    await addPlainItem(client, 'kopitiam-ali', 'kopitiam-ali', quantity);
    await scanTable(client, 1001, tableId);
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId } },
    });
    return client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: mode } });
  }

  /**
   * `guest` joins the tab of `host`'s order at kopitiam-ali `tableId` as a friend does at a static-QR
   * restaurant: the table's scan, then the tab's code that `host` sees (tabs.join).
   */
  async function joinByCode(host: Client, hostOrderId: number, guest: Client, tableId: number) {
    const { tab } = await host.call(tabs.tabOfOrder, { query: { order_id: hostOrderId } });
    await scanTable(guest, 1001, tableId);
    await guest.call(tabs.tabJoin, {
      body: { restaurant_id: 1001, table_id: tableId, code: tab!.join_code! },
    });
  }

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

  it('two diners on one tab at T3, one at T4 -> the table list shows own first and the friend, not T4; one payment pays both; history per order', async () => {
    const me = server.client();
    const friend = server.client();
    const elsewhere = server.client();
    const mine = await dineIn(me, 5003, 'online');
    await joinByCode(me, mine.order_id, friend, 5003);
    const theirs = await dineIn(friend, 5003, 'pay_later', 2);
    const other = await dineIn(elsewhere, 5004, 'pay_later');

    const table = await me.call(orders.tableOrders, { query: { order_id: mine.order_id } });
    expect(table.orders.map((o) => [o.order_id, o.own, o.owed])).toEqual([
      [mine.order_id, true, mine.amount],
      [theirs.order_id, false, theirs.amount],
    ]);
    expect(table.orders[1]!.items[0]).toMatchObject({ quantity: 2 });
    expect(table.orders.map((o) => o.order_id)).not.toContain(other.order_id);

    const started = await me.call(payments.paymentInitiate, {
      body: {
        order_id: mine.order_id,
        order_ids: [mine.order_id, theirs.order_id],
        amount: mine.amount + theirs.amount,
        method: 'Wallet',
        channel: 'grab_pay_app',
      },
    });
    expect(started.amount).toBe(mine.amount + theirs.amount);
    await payOnPage(started.redirect_url);

    const myHistory = await me.call(payments.orderPayments, { params: { orderId: mine.order_id } });
    expect(myHistory).toMatchObject({ payment_status: 'paid', paid_amount: mine.amount });
    expect(myHistory.payments[0]!.order_ids).toEqual([mine.order_id, theirs.order_id]);
    const theirHistory = await friend.call(payments.orderPayments, {
      params: { orderId: theirs.order_id },
    });
    expect(theirHistory).toMatchObject({ payment_status: 'paid', paid_amount: theirs.amount });
    expect(theirHistory.payments.map((p) => p.payment_id)).toEqual([started.payment_id]);
    // Nothing left to pay at the table.
    const after = await me.call(orders.tableOrders, { query: { order_id: mine.order_id } });
    expect(after.orders.map((o) => [o.order_id, o.owed])).toEqual([[mine.order_id, 0]]);

    // The friend's order is declined: only its part comes back, the payer's order stays paid.
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD } });
    const manager = server.client({ authToken: session.token });
    // Declining a paid order takes the manager's reason (docs/audit.md, "Manager approval").
    await manager.call(staff.staffOrderStatus, {
      params: { orderId: theirs.order_id },
      body: { status: 5, approval: { reason: 'Out of stock' } },
    });
    await eventually(async () => {
      const declined = await friend.call(payments.orderPayments, { params: { orderId: theirs.order_id } });
      expect(declined.refunds.map((r) => r.amount)).toEqual([theirs.amount]);
    });
    const stillMine = await me.call(payments.orderPayments, { params: { orderId: mine.order_id } });
    expect(stillMine.payment_status).toBe('paid');
    expect(stillMine.refunds).toEqual([]);
  });

  it('own order left out, an order at another table, a wrong amount, a stranger -> refused with words, no payment', async () => {
    const me = server.client();
    const friend = server.client();
    const elsewhere = server.client();
    const mine = await dineIn(me, 5003, 'online');
    await joinByCode(me, mine.order_id, friend, 5003);
    const theirs = await dineIn(friend, 5003, 'pay_later');
    const other = await dineIn(elsewhere, 5004, 'pay_later');
    const initiate = (orderIds: number[], amount?: number) =>
      me.call(payments.paymentInitiate, {
        body: {
          order_id: mine.order_id,
          order_ids: orderIds,
          ...(amount !== undefined ? { amount } : {}),
          method: 'Wallet',
          channel: 'grab_pay_app',
        },
      });
    expect((await refusal(initiate([theirs.order_id]))).message).toBe('Your own order cannot be deselected');
    expect((await refusal(initiate([mine.order_id, other.order_id]))).code).toBe('errors.tableOrdersInvalid');
    expect((await refusal(initiate([mine.order_id, 2_000_000]))).code).toBe('errors.tableOrdersInvalid');
    expect((await refusal(initiate([mine.order_id, theirs.order_id], mine.amount))).code).toBe(
      'errors.paymentAmountMismatch',
    );
    const stranger = server.client();
    expect(
      (await refusal(stranger.call(orders.tableOrders, { query: { order_id: mine.order_id } }))).statusCode,
    ).toBe(404);
    const history = await me.call(payments.orderPayments, { params: { orderId: mine.order_id } });
    expect(history.payments).toEqual([]);
  });

  it('two phones at T3 of a static-QR restaurant, not on one tab -> each lists only its own order and cannot pay the other', async () => {
    const me = server.client();
    const stranger = server.client();
    const mine = await dineIn(me, 5003, 'online');
    const theirs = await dineIn(stranger, 5003, 'pay_later');
    const listed = await me.call(orders.tableOrders, { query: { order_id: mine.order_id } });
    expect(listed.orders.map((o) => [o.order_id, o.own])).toEqual([[mine.order_id, true]]);
    const theirList = await stranger.call(orders.tableOrders, { query: { order_id: theirs.order_id } });
    expect(theirList.orders.map((o) => o.order_id)).toEqual([theirs.order_id]);
    const refused = await refusal(
      me.call(payments.paymentInitiate, {
        body: {
          order_id: mine.order_id,
          order_ids: [mine.order_id, theirs.order_id],
          amount: mine.amount + theirs.amount,
          method: 'Wallet',
          channel: 'grab_pay_app',
        },
      }),
    );
    expect(refused.code).toBe('errors.tableOrdersInvalid');
    // Alone, their own order is theirs to pay as ever.
    const alone = await me.call(payments.paymentInitiate, {
      body: {
        order_id: mine.order_id,
        order_ids: [mine.order_id],
        method: 'Wallet',
        channel: 'grab_pay_app',
      },
    });
    expect(alone.amount).toBe(mine.amount);
  });

  it("a dynamic-QR restaurant: two phones scan T5's QR signed over its token -> the second's order joins the first's tab, each lists both; a static scan there stands alone", async () => {
    const db = server.db.database.db;
    await db.update(restaurants).set({ qrPlan: 2 }).where(eq(restaurants.id, 1001));
    try {
      const [table] = await db
        .select({ token: diningTables.token })
        .from(diningTables)
        .where(eq(diningTables.id, 5005));
      const url = new URL(
        dynamicQrText(
          'http://localhost:3000',
          demoQrSecret(1001),
          { kind: 'table', restaurantId: '1001', tableId: table!.token },
          Math.floor(server.clock.now().getTime() / 1000) + 600,
        ),
      );
      const scanDynamic = (client: Client) =>
        client.call(restaurantsApi.restaurantTable, {
          params: { restaurantId: 1001, tableId: table!.token },
          query: { v: url.searchParams.get('v')!, sig: url.searchParams.get('sig')! },
        });
      /** A dine-in pay-later order at T5 after `scan`. */
      const orderAtT5 = async (client: Client, scan: () => Promise<unknown>) => {
        await addPlainItem(client, 'kopitiam-ali', 'kopitiam-ali');
        await scan();
        await client.call(cart.cartDetails, {
          body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5005 } },
        });
        return client.call(orders.orderCreate, {
          body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
        });
      };
      const first = server.client();
      const second = server.client();
      const bystander = server.client();
      const a = await orderAtT5(first, () => scanDynamic(first));
      const b = await orderAtT5(second, () => scanDynamic(second));
      const c = await orderAtT5(bystander, () => scanTable(bystander, 1001, 5005));
      for (const [client, own] of [
        [first, a],
        [second, b],
      ] as const) {
        const listed = await client.call(orders.tableOrders, { query: { order_id: own.order_id } });
        expect(listed.orders.map((o) => o.order_id).sort()).toEqual([a.order_id, b.order_id].sort());
        expect(listed.orders[0]!.order_id).toBe(own.order_id);
      }
      const alone = await bystander.call(orders.tableOrders, { query: { order_id: c.order_id } });
      expect(alone.orders.map((o) => o.order_id)).toEqual([c.order_id]);
    } finally {
      await db.update(restaurants).set({ qrPlan: 0 }).where(eq(restaurants.id, 1001));
    }
  });
});
