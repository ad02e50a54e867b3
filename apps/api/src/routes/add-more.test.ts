/**
 * Spec §4 'More items added' (status 14): items added to a running dine-in order join it as a new
 * batch, and spec §5 for a food court: its outlets are one place for the one-running-order rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart, orders, payments, staff } from '@santap/contract';
import { and, eq } from 'drizzle-orm';
import { carts, orderItems } from '../db/schema';
import { DEMO_STAFF_PASSWORD } from '../seed/ids';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { addPlainItem, menuOf, placeDineInOrder, placeOnlineOrder, scanTable } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { refusal } from '../../test/refusal';

describe.each(ENGINES)('adding items to a running order on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  async function kitchen() {
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD } });
    return server.client({ authToken: session.token });
  }
  const move = (member: Client, orderId: number, status: number) =>
    member.call(staff.staffOrderStatus, { params: { orderId }, body: { status } });

  /** Two of the plain dish into the kopitiam-ali cart at `tableId`, sent as more items for `orderId`. */
  async function addMore(client: Client, orderId: number, tableId = 5003) {
    await addPlainItem(client, 'kopitiam-ali', 'kopitiam-ali', 2);
    await scanTable(client, 1001, tableId);
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId } },
    });
    return client.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later', add_to_order_id: orderId },
    });
  }

  it('pay-later dine-in being prepared + 2 more -> the same order, batch 2, More items added, bill of both; kitchen confirms -> Confirmed', async () => {
    const client = server.client();
    const first = await placeDineInOrder(client);
    const manager = await kitchen();
    await move(manager, first.order_id, 1);
    await move(manager, first.order_id, 2);

    const added = await addMore(client, first.order_id);
    expect(added).toMatchObject({ order_id: first.order_id, order_ids: [first.order_id], batch: 2 });
    const order = await client.call(orders.orderDetails, { query: { order_id: first.order_id } });
    expect(order.status).toBe(14);
    expect(order.status_key).toBe('status.moreItemsAdded');
    expect(order.items.map((item) => [item.quantity, item.batch])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    const unit = order.items[0]!.unit_price;
    expect(order.bill.subtotal).toBe(unit * 3);
    expect(order.total).toBe(order.bill.total);
    expect(order.total).toBeGreaterThan(first.amount);
    expect(added.amount).toBe(order.total);
    // One order at the table, not two.
    expect((await client.call(orders.ordersList, { query: {} })).orders.map((o) => o.order_id)).toEqual([
      first.order_id,
    ]);
    expect((await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } })).items).toEqual([]);

    const confirmed = await move(manager, first.order_id, 1);
    expect(confirmed.status).toBe(1);
  });

  it('a round added later with a chosen option -> its lines keep the option and group names in every language, as the first order does', async () => {
    const client = server.client();
    const first = await placeDineInOrder(client);
    const { items } = await menuOf(client, 'kopitiam-ali');
    const dish = items.find(
      (i) => i.in_stock && i.option_groups.some((g) => g.kind === 'one' && g.required),
    )!;
    const selections = Object.fromEntries(
      dish.option_groups.filter((g) => g.required).map((g) => [g.id, [g.options[0]!.id]]),
    );
    await client.call(cart.cartUpdate, {
      body: { scope: 'kopitiam-ali', item_id: dish.id, quantity: 1, selections },
    });
    await scanTable(client, 1001, 5003);
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const added = await client.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later', add_to_order_id: first.order_id },
    });
    expect(added.batch).toBe(2);
    const [line] = await server.db.database.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, first.order_id), eq(orderItems.batch, 2)));
    const group = dish.option_groups.find((g) => g.required)!;
    const kept = line!.options.find((option) => option.groupId === group.id)!;
    expect(kept.optionId).toBe(group.options[0]!.id);
    for (const language of ['en', 'id', 'my'] as const) {
      expect(kept.name?.[language]).toEqual(expect.any(String));
      expect(kept.group?.[language]).toEqual(expect.any(String));
    }
    expect(kept.name?.en).toBe(group.options[0]!.name);
  });

  it('paid online order + more items -> partly paid, owes only the batch; the batch waits for its payment, then is confirmed', async () => {
    const client = server.client();
    const first = await placeOnlineOrder(client);
    const started = await client.call(payments.paymentInitiate, {
      body: { order_id: first.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    const pay = async (redirectUrl: string | null) => {
      const page = new URL(redirectUrl ?? '');
      const response = await fetch(`${server.baseUrl}${page.pathname}${page.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ channel: 'grab_pay_app', outcome: 'success' }).toString(),
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
    };
    await pay(started.redirect_url);
    const manager = await kitchen();
    await move(manager, first.order_id, 1);

    const added = await addMore(client, first.order_id);
    const order = await client.call(orders.orderDetails, { query: { order_id: first.order_id } });
    expect(order.payment_status).toBe('partial_paid');
    expect(added.amount).toBe(order.total - first.amount);
    expect(added.prepay).toBe(true);
    expect((await refusal(move(manager, first.order_id, 1))).code).toBe('errors.orderAwaitingPayment');

    const second = await client.call(payments.paymentInitiate, {
      body: { order_id: first.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    expect(second.amount).toBe(added.amount);
    await pay(second.redirect_url);
    const history = await client.call(payments.orderPayments, { params: { orderId: first.order_id } });
    expect(history).toMatchObject({ payment_status: 'paid', paid_amount: order.total });
    expect((await move(manager, first.order_id, 1)).status).toBe(1);
  });

  it("more items for another table, a completed order or another diner's order -> refused with words, nothing added", async () => {
    const client = server.client();
    const first = await placeDineInOrder(client);
    expect((await refusal(addMore(client, first.order_id, 5004))).message).toBe(
      'Wrong table for dinein order! Please scan again',
    );
    const stranger = server.client();
    expect((await refusal(addMore(stranger, first.order_id))).statusCode).toBe(404);
    const manager = await kitchen();
    for (const status of [1, 2, 3, 10, 4]) await move(manager, first.order_id, status);
    expect((await refusal(addMore(client, first.order_id))).code).toBe('errors.addMoreClosed');
    const order = await client.call(orders.orderDetails, { query: { order_id: first.order_id } });
    expect(order.items).toHaveLength(1);
  });

  it('more items with a coupon in the cart -> refused: a coupon is for a new order', async () => {
    const client = server.client();
    const first = await placeDineInOrder(client);
    // The cart's coupon as the coupon call would leave it (its checks are not the point here).
    await server.db.database.db
      .update(carts)
      .set({ discountCode: 'WELCOME10' })
      .where(and(eq(carts.token, client.cartToken), eq(carts.scope, 'kopitiam-ali')));
    const refused = await refusal(addMore(client, first.order_id));
    expect(refused.code).toBe('errors.addMoreNoCoupon');
  });

  it('food court: dine-in running at one outlet -> a dine-in at another outlet of the same mall is placed; pre-check agrees', async () => {
    const client = server.client();
    await addPlainItem(client, 'mall-demo', 1011);
    await scanTable(client, 'mall-demo', 6001);
    await client.call(cart.cartDetails, {
      body: { scope: 'mall-demo', context: { orderType: 1, tableId: 6001 } },
    });
    const first = await client.call(orders.foodCourtOrderCreate, {
      body: { scope: 'mall-demo', payment_mode: 'online' },
    });
    await addPlainItem(client, 'mall-demo', 1013);
    const match = await client.call(orders.matchRunningOrders, { body: { scope: 'mall-demo' } });
    expect(match).toMatchObject({ conflict: false, message: null, orders: [] });
    const second = await client.call(orders.foodCourtOrderCreate, {
      body: { scope: 'mall-demo', payment_mode: 'online' },
    });
    expect(second.order_id).not.toBe(first.order_id);
    // An outlet's own page (restaurant scope, same food court) is the same place too.
    const outlet = await client.call(orders.matchRunningOrders, { body: { scope: 'mall-demo-roti-canai' } });
    expect(outlet.conflict).toBe(false);
    // Another restaurant is still another place.
    const elsewhere = await client.call(orders.matchRunningOrders, { body: { scope: 'kopitiam-ali' } });
    expect(elsewhere.message).toBe('Already running dinein order in different restaurant');
  });
});
