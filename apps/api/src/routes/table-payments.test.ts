/**
 * Paying a table's orders together (spec §2 `/payments/:order_id/:price/:orderIds`, §5 "own order
 * cannot be deselected when merging orders"): one payment for several orders at one table; refunds
 * and payment history stay per order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart, orders, payments, staff } from '@santap/contract';
import { DEMO_STAFF_PASSWORD } from '../seed/ids';
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

  it('two diners at T3, one at T4 -> the table list shows own first and the friend, not T4; one payment pays both; history per order', async () => {
    const me = server.client();
    const friend = server.client();
    const elsewhere = server.client();
    const mine = await dineIn(me, 5003, 'online');
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
    await manager.call(staff.staffOrderStatus, { params: { orderId: theirs.order_id }, body: { status: 5 } });
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
});
