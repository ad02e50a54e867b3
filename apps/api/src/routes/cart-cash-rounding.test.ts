import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart, orders } from '@santap/contract';
import type { Bill } from '@santap/contract';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import type { Client } from '../../test/journeys';
import { addPlainItem, scanTable } from '../../test/journeys';

/**
 * The amount on the cart's 'Place order' is the order's (spec §9): the cart's bill is computed before
 * the payment mode is chosen, so it carries what paying at the counter adds (`cash_rounding`, the
 * restaurant's rounding to 5 sen), and the order created to pay later comes to exactly that.
 */
describe.each(ENGINES)('cash rounding seen before ordering, on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The total an order paid at the counter comes to, as the cart shows it. */
  const atCounter = (bill: Bill) => bill.total + (bill.cash_rounding?.amount ?? 0);

  /**
   * One plain dish of `restaurant` in the cart, its quantity raised until the cart's bill for that
   * outlet ends in a sen amount cash rounding changes (not a multiple of 5).
   */
  async function cartNeedingRounding(client: Client, scope: string, restaurant: number | string) {
    await addPlainItem(client, scope, restaurant);
    const view = await client.call(cart.cartGet, { query: { scope } });
    const line = view.items.at(-1)!;
    for (let quantity = 1; quantity <= 20; quantity += 1) {
      await client.call(cart.cartUpdate, { body: { scope, cart_item_id: line.cart_item_id, quantity } });
      const bills = await client.call(cart.cartBill, { query: { scope } });
      const own = bills.by_restaurant.find((part) => part.restaurant_id === line.restaurant_id)!;
      if (own.bill.total % 5 !== 0) return bills;
    }
    throw new Error('no quantity of the demo dish gives a bill to round');
  }

  async function dineInAtKopitiamAli(client: Client) {
    await scanTable(client, 1001, 5003);
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    return cartNeedingRounding(client, 'kopitiam-ali', 'kopitiam-ali');
  }

  it("dine-in at a restaurant rounding cash to 5 sen, pay later -> the cart's total with its rounding line is the order's amount and total", async () => {
    const client = server.client();
    const { bill, by_restaurant } = await dineInAtKopitiamAli(client);
    const rounding = bill.cash_rounding!;
    expect(rounding).toMatchObject({ key: 'bill.rounding', label: 'Rounding adjustment' });
    expect(rounding.amount).not.toBe(0);
    expect(Math.abs(rounding.amount)).toBeLessThanOrEqual(2);
    expect(atCounter(bill) % 5).toBe(0);
    // The cart's own bill is still the exact one: the rounding only comes with paying at the counter.
    expect(bill.lines.map((line) => line.key)).not.toContain('bill.rounding');
    expect(by_restaurant[0]!.bill.cash_rounding).toEqual(rounding);

    const created = await client.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
    });
    expect(created.amount).toBe(atCounter(bill));
    const order = await client.call(orders.orderDetails, { query: { order_id: created.order_id } });
    expect(order.total).toBe(atCounter(bill));
    expect(order.bill.lines.find((line) => line.key === 'bill.rounding')?.amount).toBe(rounding.amount);
    expect(order.bill.lines.filter((line) => line.key !== 'bill.rounding')).toEqual(bill.lines);
  });

  it("the same cart paid online -> the cart's total as it is, no rounding", async () => {
    const client = server.client();
    const { bill } = await dineInAtKopitiamAli(client);
    expect(bill.cash_rounding).toBeDefined();
    const created = await client.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'online' },
    });
    expect(created.amount).toBe(bill.total);
    const order = await client.call(orders.orderDetails, { query: { order_id: created.order_id } });
    expect(order.bill.lines.map((line) => line.key)).not.toContain('bill.rounding');
  });

  it("a food court paid later at two outlets' counters -> each outlet's order is its share with its rounding; the cart's total is their sum", async () => {
    const client = server.client();
    await addPlainItem(client, 'mall-demo', 1013);
    await client.call(cart.cartDetails, {
      body: { scope: 'mall-demo', context: { orderType: 3, pickupType: 'pickup' } },
    });
    const { bill, by_restaurant } = await cartNeedingRounding(client, 'mall-demo', 1011);
    expect(by_restaurant).toHaveLength(2);
    expect(by_restaurant.find((part) => part.restaurant_id === 1011)!.bill.cash_rounding).toBeDefined();
    expect(atCounter(bill)).toBe(by_restaurant.reduce((sum, part) => sum + atCounter(part.bill), 0));

    const created = await client.call(orders.foodCourtOrderCreate, {
      body: { scope: 'mall-demo', payment_mode: 'pay_later' },
    });
    const placed = await Promise.all(
      created.order_ids.map((orderId) => client.call(orders.orderDetails, { query: { order_id: orderId } })),
    );
    expect(placed.map((order) => [order.restaurant_id, order.total]).sort()).toEqual(
      by_restaurant.map((part) => [part.restaurant_id, atCounter(part.bill)]).sort(),
    );
    expect(placed.reduce((sum, order) => sum + order.total, 0)).toBe(atCounter(bill));
  });
});
