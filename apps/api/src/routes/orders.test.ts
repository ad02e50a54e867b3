import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { cart, orders, payments, staff } from '@santap/contract';
import type { ServerMessage } from '@santap/api-client';
import { AuthRequired } from '@santap/api-client';
import { diningTables, malls, menuItems, orders as ordersTable, restaurants } from '../db/schema';
import { SCOPE_CACHE_MS } from '../services/flows/ordering/cart';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import type { Client } from '../../test/journeys';
import { addPlainItem, menuOf, placeDineInOrder, placeFoodCourtOrder, scanTable } from '../../test/journeys';

describe.each(ENGINES)('cart and orders on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('add item with a choose-one variant and add-ons -> priced line and bill with service charge and SST', async () => {
    const client = server.client();
    const { items } = await menuOf(client, 'kopitiam-ali');
    const item = items.find(
      (i) => i.in_stock && i.option_groups.some((g) => g.kind === 'one' && g.required),
    )!;
    const variant = item.option_groups.find((g) => g.kind === 'one')!;
    const selections = { [variant.id]: [variant.options.find((o) => o.available)!.id] };
    const view = await client.call(cart.cartUpdate, {
      body: { scope: 'kopitiam-ali', item_id: item.id, quantity: 2, selections },
    });
    const line = view.items[0]!;
    expect(line.unit_price).toBe(item.price + variant.options.find((o) => o.available)!.price);
    expect(line.line_total).toBe(line.unit_price * 2);
    await scanTable(client, 1001, 5003);
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const { bill } = await client.call(cart.cartBill, { query: { scope: 'kopitiam-ali' } });
    expect(bill.lines.map((l) => l.label)).toEqual(expect.arrayContaining(['Service Charge 10%', 'SST 6%']));
    expect(bill.lines.filter((l) => !l.included).reduce((sum, l) => sum + l.amount, 0)).toBe(bill.total);
  });

  it('required variant missing -> Please select any one option; over the add-on limit -> limit message', async () => {
    const client = server.client();
    const { items } = await menuOf(client, 'kopitiam-ali');
    const withVariant = items.find(
      (i) => i.in_stock && i.option_groups.some((g) => g.kind === 'one' && g.required),
    )!;
    const missing = await refusal(
      client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: withVariant.id, quantity: 1 } }),
    );
    expect(missing.message).toBe('Please select any one option');
    const withLimit = items.find(
      (i) => i.in_stock && i.option_groups.some((g) => g.kind === 'upTo' && g.options.length > (g.max ?? 0)),
    )!;
    const group = withLimit.option_groups.find((g) => g.kind === 'upTo')!;
    const selections: Record<string, string[]> = {
      [group.id]: group.options.slice(0, (group.max ?? 0) + 1).map((o) => o.id),
    };
    for (const other of withLimit.option_groups.filter((g) => g.required && g.id !== group.id))
      selections[other.id] = [other.options[0]!.id];
    const over = await refusal(
      client.call(cart.cartUpdate, {
        body: { scope: 'kopitiam-ali', item_id: withLimit.id, quantity: 1, selections },
      }),
    );
    expect(over.message).toBe('You have reached the maximum limit for this section/add-on');
  });

  it('out-of-stock item -> refused; item of another restaurant -> 404', async () => {
    const client = server.client();
    const { items } = await menuOf(client, 'kopitiam-ali');
    const gone = items.find((i) => !i.in_stock)!;
    expect(
      (
        await refusal(
          client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: gone.id, quantity: 1 } }),
        )
      ).code,
    ).toBe('errors.outOfStock');
    const other = (await menuOf(client, 'warung-sari')).items[0]!;
    expect(
      (
        await refusal(
          client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: other.id, quantity: 1 } }),
        )
      ).statusCode,
    ).toBe(404);
  });

  it('price changes after adding -> Price Warning; order refused until prices accepted', async () => {
    const client = server.client();
    const item = await addPlainItem(client, 'kopitiam-ali');
    await scanTable(client, 1001, 5004);
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5004 } },
    });
    await server.app.santap.db
      .update(menuItems)
      .set({ price: item.price + 100 })
      .where(eq(menuItems.id, item.id));
    try {
      const view = await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
      expect(view.warnings).toContain('errors.priceWarning');
      const refused = await refusal(
        client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } }),
      );
      expect(refused.message).toBe('Price Warning');
      const accepted = await client.call(cart.cartRemoveUnavailable, { body: { scope: 'kopitiam-ali' } });
      expect(accepted.warnings).toEqual([]);
    } finally {
      await server.app.santap.db
        .update(menuItems)
        .set({ price: item.price })
        .where(eq(menuItems.id, item.id));
    }
  });

  it('dine-in at a table of another restaurant -> wrong table message', async () => {
    const client = server.client();
    const refused = await refusal(
      client.call(cart.cartDetails, {
        body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5101 } },
      }),
    );
    expect(refused.message).toBe('Wrong table for dinein order! Please scan again');
  });

  it('pay-later dine-in order -> waiting for confirmation, cart emptied, details readable by owner only', async () => {
    const client = server.client();
    const created = await placeDineInOrder(client);
    expect(created.prepay).toBe(false);
    expect(created.amount % 5).toBe(0); // cash rounding to 5 sen for pay later in MY
    const order = await client.call(orders.orderDetails, { query: { order_id: created.order_id } });
    expect(order).toMatchObject({
      status: 0,
      status_key: 'status.waitingConfirmation',
      table_no: 'T3',
      can_cancel: true,
    });
    expect((await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } })).items).toEqual([]);
    const stranger = await refusal(
      server.client().call(orders.orderDetails, { query: { order_id: created.order_id } }),
    );
    expect(stranger.statusCode).toBe(404);
  });

  it('same idempotency key twice -> same order; same key other body -> error', async () => {
    const client = server.client();
    const first = await placeDineInOrder(client, { idempotencyKey: 'key-1' });
    const again = await client.call(
      orders.orderCreate,
      { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } },
      { idempotencyKey: 'key-1' },
    );
    expect(again.order_id).toBe(first.order_id);
    const other = await refusal(
      client.call(
        orders.orderCreate,
        { body: { scope: 'kopitiam-ali', payment_mode: 'online' } },
        { idempotencyKey: 'key-1' },
      ),
    );
    expect(other.code).toBe('errors.idempotencyConflict');
  });

  it('ten concurrent creates for one cart -> exactly one order', async () => {
    const client = server.client();
    await addPlainItem(client, 'kopitiam-ali');
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 3, pickupType: 'pickup' } },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'online' } }),
      ),
    );
    const created = results.filter((r) => r.status === 'fulfilled');
    expect(created).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r.reason as ServerMessage).code).toBe('errors.cartEmpty');
    const list = await client.call(orders.ordersList, { query: {} });
    expect(list.orders).toHaveLength(1);
  });

  it('running dine-in at one restaurant -> a dine-in elsewhere is refused', async () => {
    const client = server.client();
    await placeDineInOrder(client);
    await addPlainItem(client, 'mall-demo', 1011);
    await scanTable(client, 'mall-demo', 6001);
    await client.call(cart.cartDetails, {
      body: { scope: 'mall-demo', context: { orderType: 1, tableId: 6001 } },
    });
    const match = await client.call(orders.matchRunningOrders, { body: { scope: 'mall-demo' } });
    expect(match.conflict).toBe(true);
    const refused = await refusal(
      client.call(orders.foodCourtOrderCreate, { body: { scope: 'mall-demo', payment_mode: 'online' } }),
    );
    expect(refused.message).toBe('Already running dinein order in different restaurant');
  });

  it('cancel while waiting -> cancelled; cancel again -> refused', async () => {
    const client = server.client();
    const created = await placeDineInOrder(client);
    const cancelled = await client.call(orders.orderCancel, { body: { order_id: created.order_id } });
    expect(cancelled.status).toBe(6);
    expect(
      (await refusal(client.call(orders.orderCancel, { body: { order_id: created.order_id } }))).code,
    ).toBe('errors.cancelNotAllowed');
  });

  it('coto-makassar closed at 15:00 -> ASAP refused, scheduled slot accepted but must be prepaid', async () => {
    server.clock.set('2026-11-23T07:00:00Z');
    try {
      const client = server.client({ country: 'ID' });
      await addPlainItem(client, 'coto-makassar');
      await client.call(cart.cartDetails, {
        body: { scope: 'coto-makassar', context: { orderType: 3, pickupType: 'pickup' } },
      });
      const closed = await refusal(
        client.call(orders.orderCreate, { body: { scope: 'coto-makassar', payment_mode: 'online' } }),
      );
      expect(closed.message).toBe('Restaurant is closed for current order type and date!');
      const slot = Date.parse('2026-11-23T09:30:00Z') / 1000; // 17:30 Makassar
      await client.call(cart.cartDetails, {
        body: {
          scope: 'coto-makassar',
          context: {
            orderType: 3,
            pickupType: 'pickup',
            orderTime: 'SCHEDULED',
            date: '2026-11-23',
            time: '17:30',
            epoch: slot,
          },
        },
      });
      const payLater = await refusal(
        client.call(orders.scheduleOrderCreate, {
          body: { scope: 'coto-makassar', payment_mode: 'pay_later' },
        }),
      );
      expect(payLater.code).toBe('errors.scheduledMustPrepay');
      const created = await client.call(orders.scheduleOrderCreate, {
        body: { scope: 'coto-makassar', payment_mode: 'online' },
      });
      const order = await client.call(orders.orderDetails, { query: { order_id: created.order_id } });
      expect(order).toMatchObject({ order_time: 'SCHEDULED', scheduled_epoch: slot, status: 7 });
    } finally {
      server.clock.set('2026-11-23T04:00:00Z');
    }
  });

  it('slot not offered by the schedule -> refused', async () => {
    const client = server.client({ country: 'ID' });
    const refused = await refusal(
      client.call(cart.cartDetails, {
        body: {
          scope: 'coto-makassar',
          context: { orderType: 3, orderTime: 'SCHEDULED', epoch: Date.parse('2026-11-23T07:00:00Z') / 1000 },
        },
      }),
    );
    expect(refused.code).toBe('errors.invalidSlot');
  });

  it('dine-in requested in Indonesia -> stored as pickup', async () => {
    const client = server.client({ country: 'ID' });
    const view = await client.call(cart.cartDetails, {
      body: { scope: 'warung-sari', context: { orderType: 1 } },
    });
    expect(view.context.orderType).toBe(3);
  });

  it('delivery without an address -> refused; too far -> refused', async () => {
    const client = server.client();
    await addPlainItem(client, 'kopitiam-ali');
    await client.call(cart.cartDetails, { body: { scope: 'kopitiam-ali', context: { orderType: 2 } } });
    expect((await refusal(client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali' } }))).code).toBe(
      'validation.addressRequired',
    );
    await client.call(cart.cartDetails, {
      body: {
        scope: 'kopitiam-ali',
        context: { orderType: 2 },
        address: { line: 'Jalan Jauh', location: [103.8, 1.35] },
      },
    });
    expect((await refusal(client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali' } }))).code).toBe(
      'validation.addressTooFar',
    );
  });

  it('food-court cart with two outlets -> two orders under one food-court order and one amount', async () => {
    const client = server.client();
    await addPlainItem(client, 'mall-demo', 1011);
    await addPlainItem(client, 'mall-demo', 1013);
    await client.call(cart.cartDetails, {
      body: { scope: 'mall-demo', context: { orderType: 3, pickupType: 'pickup' } },
    });
    const created = await client.call(orders.foodCourtOrderCreate, {
      body: { scope: 'mall-demo', payment_mode: 'online' },
    });
    expect(created.order_ids).toHaveLength(2);
    expect(created.fc_order_id).not.toBeNull();
    const fc = await client.call(orders.foodCourtOrders, { query: { fc_order_id: created.fc_order_id! } });
    expect(fc.orders.map((o) => o.restaurant_id).sort()).toEqual([1011, 1013]);
    expect(fc.orders.reduce((sum, o) => sum + o.total, 0)).toBe(created.amount);
  });

  it('delivery of a gift voucher only -> placed as takeaway: no delivery fee, no SST, table_no pickup', async () => {
    const client = server.client();
    const { items } = await menuOf(client, 'kopitiam-ali');
    const voucher = items.find((i) => i.is_voucher)!;
    await client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: voucher.id, quantity: 1 } });
    await client.call(cart.cartDetails, {
      body: {
        scope: 'kopitiam-ali',
        context: { orderType: 2 },
        address: { line: 'Jalan Tun Perak 1', location: [101.6869, 3.139] },
      },
    });
    const { bill } = await client.call(cart.cartBill, { query: { scope: 'kopitiam-ali' } });
    expect(bill.lines.map((l) => l.key)).toEqual(['bill.subtotal']);
    expect(bill.total).toBe(voucher.price);
    const created = await client.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'online' },
    });
    expect(created).toMatchObject({ order_type: 3, pickup_type: 'takeaway', amount: voucher.price });
    const order = await client.call(orders.orderDetails, { query: { order_id: created.order_id } });
    expect(order.table_no).toBe('pickup');
    expect(order.total).toBe(voucher.price);
    expect(order.bill.lines.map((l) => l.key)).toEqual(['bill.subtotal']);
    const payment = await client.call(payments.paymentInitiate, {
      body: { order_id: created.order_id, method: 'Card' },
    });
    expect(payment.amount).toBe(voucher.price);
  });

  it('food-court delivery with the non-delivering outlet -> Delivery Not Supported', async () => {
    const client = server.client();
    await addPlainItem(client, 'mall-demo', 1012);
    await client.call(cart.cartDetails, {
      body: {
        scope: 'mall-demo',
        context: { orderType: 2 },
        address: { line: 'Mid Valley', location: [101.677, 3.118] },
      },
    });
    const refused = await refusal(client.call(orders.foodCourtOrderCreate, { body: { scope: 'mall-demo' } }));
    expect(refused.message).toBe('Delivery Not Supported');
  });

  it('a bearer token that is not valid -> invalid token (go to login)', async () => {
    const client = server.client({ authToken: 'not-a-real-token' });
    const error = await refusal(client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } }));
    expect(error).toBeInstanceOf(AuthRequired);
  });

  it('a malformed cart token -> 400, not a 500', async () => {
    const response = await fetch(`${server.baseUrl}/api/orders/cart/get.php?scope=kopitiam-ali`, {
      headers: { 'cart-token': 'x' },
    });
    expect(response.status).toBe(400);
  });

  /** A staff member of a demo restaurant ('kopitiam-ali-manager', …), logged in through the staff call. */
  async function staffMember(username: string) {
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username, password: 'santap-demo' } });
    return server.client({ authToken: session.token });
  }

  /** Moves an order through `statuses` with the staff call, as the restaurant would. */
  /** Online orders are taken on only once paid: marked paid here where the payment is not the point. */
  const markPaid = (orderIds: number[]) =>
    server.db.database.db
      .update(ordersTable)
      .set({ paymentStatus: 'paid' })
      .where(inArray(ordersTable.id, orderIds));

  /** A manager's moves; declining a paid order takes their reason (docs/audit.md, "Manager approval"). */
  async function walk(member: Client, orderId: number, statuses: number[]) {
    for (const status of statuses)
      await member.call(staff.staffOrderStatus, {
        params: { orderId },
        body: { status, ...(status === 5 ? { approval: { reason: 'Sold out' } } : {}) },
      });
  }

  const tableOf = async (client: Client, orderId: number) =>
    (await client.call(orders.orderDetails, { query: { order_id: orderId } })).table_no;

  it('table change at kopitiam-ali T3 -> T4 moves the order; table of warung-sari or of the food court -> wrong table', async () => {
    const client = server.client();
    const created = await placeDineInOrder(client);
    await scanTable(client, 1001, 5004);
    const moved = await client.call(orders.userTableUpdate, {
      body: { order_id: created.order_id, table_id: 5004 },
    });
    expect(moved).toMatchObject({ order_id: created.order_id, table_no: 'T4', restaurant_id: 1001 });
    expect(await tableOf(client, created.order_id)).toBe('T4');
    for (const table_id of [5101, 6001]) {
      const refused = await refusal(
        client.call(orders.userTableUpdate, { body: { order_id: created.order_id, table_id } }),
      );
      expect(refused.message).toBe('Wrong table for dinein order! Please scan again');
    }
    const unknown = await refusal(
      client.call(orders.userTableUpdate, { body: { order_id: created.order_id, table_id: 99_999 } }),
    );
    expect(unknown).toMatchObject({ message: 'Invalid QR code.', statusCode: 404 });
    expect(await tableOf(client, created.order_id)).toBe('T4');
  });

  it("food-court dine-in at F1 -> F2 of its own mall moves; another mall's table or a restaurant table -> wrong table", async () => {
    await server.app.santap.db
      .insert(malls)
      .values({
        id: 9901,
        slug: 'other-mall',
        name: { en: 'Other Mall', id: 'Mal Lain', my: 'Mall Lain' },
        country: 'MY',
        timeZone: 'Asia/Kuala_Lumpur',
        currency: 'MYR',
      })
      .onConflictDoNothing();
    await server.app.santap.db
      .insert(diningTables)
      .values({ id: 9901, mallId: 9901, tableNo: 'F1', displayName: 'Table F1' })
      .onConflictDoNothing();
    const client = server.client();
    await addPlainItem(client, 'mall-demo', 1011);
    await scanTable(client, 'mall-demo', 6001);
    await client.call(cart.cartDetails, {
      body: { scope: 'mall-demo', context: { orderType: 1, tableId: 6001 } },
    });
    const created = await client.call(orders.foodCourtOrderCreate, {
      body: { scope: 'mall-demo', payment_mode: 'online' },
    });
    await scanTable(client, 'mall-demo', 6002);
    const moved = await client.call(orders.userTableUpdate, {
      body: { order_id: created.order_id, table_id: 6002 },
    });
    expect(moved).toMatchObject({
      order_id: created.order_id,
      fc_order_id: created.fc_order_id,
      table_no: 'F2',
    });
    for (const table_id of [9901, 5003]) {
      const refused = await refusal(
        client.call(orders.userTableUpdate, { body: { order_id: created.order_id, table_id } }),
      );
      expect(refused.message).toBe('Wrong table for dinein order! Please scan again');
    }
    expect(await tableOf(client, created.order_id)).toBe('F2');
  });

  it("food-court table change of one outlet's part -> every running part of that food-court order moves; a declined part stays", async () => {
    const client = server.client();
    await addPlainItem(client, 'mall-demo', 1011);
    await addPlainItem(client, 'mall-demo', 1013);
    await scanTable(client, 'mall-demo', 6003);
    await client.call(cart.cartDetails, {
      body: { scope: 'mall-demo', context: { orderType: 1, tableId: 6003 } },
    });
    const created = await client.call(orders.foodCourtOrderCreate, {
      body: { scope: 'mall-demo', payment_mode: 'online' },
    });
    expect(created.order_ids).toHaveLength(2);
    const [first, second] = created.order_ids as [number, number];
    await scanTable(client, 'mall-demo', 6005);
    await client.call(orders.userTableUpdate, { body: { order_id: second, table_id: 6005 } });
    expect(await tableOf(client, first)).toBe('F5');
    expect(await tableOf(client, second)).toBe('F5');
    // One outlet declines its part: that part is over and stays where it was served from.
    const declining = await staffMember('mall-demo-roti-canai-manager');
    const rotiPart = (
      await Promise.all(
        [first, second].map(async (id) => ({
          id,
          restaurant: (await client.call(orders.orderDetails, { query: { order_id: id } })).restaurant_id,
        })),
      )
    ).find((part) => part.restaurant === 1013)!.id;
    const otherPart = rotiPart === first ? second : first;
    await walk(declining, rotiPart, [5]);
    await scanTable(client, 'mall-demo', 6007);
    await client.call(orders.userTableUpdate, { body: { order_id: otherPart, table_id: 6007 } });
    expect(await tableOf(client, otherPart)).toBe('F7');
    expect(await tableOf(client, rotiPart)).toBe('F5');
  });

  it('table change of a cancelled or a completed order -> refused, the table stays', async () => {
    const client = server.client();
    const cancelled = await placeDineInOrder(client);
    await client.call(orders.orderCancel, { body: { order_id: cancelled.order_id } });
    const manager = await staffMember('kopitiam-ali-manager');
    const diner = server.client();
    const completed = await placeDineInOrder(diner);
    await walk(manager, completed.order_id, [1, 2, 3, 10, 4]);
    for (const [owner, orderId] of [
      [client, cancelled.order_id],
      [diner, completed.order_id],
    ] as const) {
      const refused = await refusal(
        owner.call(orders.userTableUpdate, { body: { order_id: orderId, table_id: 5005 } }),
      );
      expect(refused.message).toBe('This order cannot be updated right now');
      expect(await tableOf(owner, orderId)).toBe('T3');
    }
  });

  it("table change of another diner's order -> 404, the order stays at its table", async () => {
    const owner = server.client();
    const created = await placeDineInOrder(owner);
    const refused = await refusal(
      server.client().call(orders.userTableUpdate, { body: { order_id: created.order_id, table_id: 5006 } }),
    );
    expect(refused.statusCode).toBe(404);
    expect(await tableOf(owner, created.order_id)).toBe('T3');
  });

  it('running orders -> the running one only (not the cancelled one); another diner -> none', async () => {
    const client = server.client();
    const cancelled = await placeDineInOrder(client);
    await client.call(orders.orderCancel, { body: { order_id: cancelled.order_id } });
    const running = await placeDineInOrder(client);
    const reply = await client.call(orders.ordersGet, {});
    expect(reply.orders.map((o) => o.order_id)).toEqual([running.order_id]);
    expect(reply.orders[0]).toMatchObject({
      restaurant_id: 1001,
      nameid: 'kopitiam-ali',
      order_type: 1,
      table_no: 'T3',
      status: 0,
      can_cancel: true,
      total: running.amount,
    });
    expect((await server.client().call(orders.ordersGet, {})).orders).toEqual([]);
  });

  it("orders by table 1001/T3 -> the caller's running order there; T4 or another diner -> none", async () => {
    const client = server.client();
    const created = await placeDineInOrder(client);
    const atTable = await client.call(orders.ordersByTable, {
      query: { restaurant_id: 1001, table_id: 5003 },
    });
    expect(atTable.orders.map((o) => o.order_id)).toEqual([created.order_id]);
    expect(atTable.orders[0]?.items.length).toBeGreaterThan(0);
    expect(
      (await client.call(orders.ordersByTable, { query: { restaurant_id: 1001, table_id: 5004 } })).orders,
    ).toEqual([]);
    expect(
      (await server.client().call(orders.ordersByTable, { query: { restaurant_id: 1001, table_id: 5003 } }))
        .orders,
    ).toEqual([]);
  });

  it('scheduled orders -> the upcoming scheduled one with its slot, not ASAP orders; another diner -> none', async () => {
    const client = server.client({ country: 'ID' });
    await addPlainItem(client, 'coto-makassar');
    await client.call(cart.cartDetails, {
      body: { scope: 'coto-makassar', context: { orderType: 3, pickupType: 'pickup' } },
    });
    await client.call(orders.orderCreate, { body: { scope: 'coto-makassar', payment_mode: 'online' } });
    const slot = Date.parse('2026-11-23T09:30:00Z') / 1000; // 17:30 Makassar, same day
    await addPlainItem(client, 'coto-makassar');
    await client.call(cart.cartDetails, {
      body: {
        scope: 'coto-makassar',
        context: { orderType: 3, pickupType: 'pickup', orderTime: 'SCHEDULED', epoch: slot },
      },
    });
    const scheduled = await client.call(orders.scheduleOrderCreate, {
      body: { scope: 'coto-makassar', payment_mode: 'online' },
    });
    const reply = await client.call(orders.scheduleOrdersGet, {});
    expect(reply.orders).toHaveLength(1);
    expect(reply.orders[0]).toMatchObject({
      order_id: scheduled.order_id,
      order_time: 'SCHEDULED',
      scheduled_epoch: slot,
      time_zone: 'Asia/Makassar',
      status: 7,
      status_key: 'status.scheduled',
    });
    expect((await server.client().call(orders.scheduleOrdersGet, {})).orders).toEqual([]);
    server.clock.set('2026-11-23T10:00:00Z'); // the slot has passed
    try {
      expect((await client.call(orders.scheduleOrdersGet, {})).orders).toEqual([]);
    } finally {
      server.clock.set('2026-11-23T04:00:00Z');
    }
  });

  it('food-court order: one outlet ready, the other confirmed -> all_ready false; both ready -> true', async () => {
    const client = server.client();
    const created = await placeFoodCourtOrder(client);
    const [nasiLemak, rotiCanai] = created.order_ids as [number, number];
    await markPaid(created.order_ids);
    const nasiLemakManager = await staffMember('mall-demo-nasi-lemak-manager');
    const rotiCanaiManager = await staffMember('mall-demo-roti-canai-manager');
    const view = () => client.call(orders.foodCourtOrders, { query: { fc_order_id: created.fc_order_id! } });
    expect(await view()).toMatchObject({
      fc_order_id: created.fc_order_id,
      mall: 'mall-demo',
      total: created.amount,
      all_ready: false,
    });
    await walk(nasiLemakManager, nasiLemak, [1, 2, 3]);
    await walk(rotiCanaiManager, rotiCanai, [1]);
    const half = await view();
    expect(half.orders.map((o) => o.status)).toEqual([3, 1]);
    expect(half.all_ready).toBe(false);
    await walk(rotiCanaiManager, rotiCanai, [2, 3]);
    expect((await view()).all_ready).toBe(true);
    const stranger = await refusal(
      server.client().call(orders.foodCourtOrders, { query: { fc_order_id: created.fc_order_id! } }),
    );
    expect(stranger.statusCode).toBe(404);
  });

  it('food-court order: one outlet declined, the other ready -> all_ready true (declined parts do not wait)', async () => {
    const client = server.client();
    const created = await placeFoodCourtOrder(client);
    const [nasiLemak, rotiCanai] = created.order_ids as [number, number];
    await markPaid(created.order_ids);
    await walk(await staffMember('mall-demo-nasi-lemak-manager'), nasiLemak, [5]);
    const rotiCanaiManager = await staffMember('mall-demo-roti-canai-manager');
    await walk(rotiCanaiManager, rotiCanai, [1, 2]);
    const view = () => client.call(orders.foodCourtOrders, { query: { fc_order_id: created.fc_order_id! } });
    expect((await view()).all_ready).toBe(false);
    await walk(rotiCanaiManager, rotiCanai, [3]);
    expect((await view()).all_ready).toBe(true);
  });

  it('running takeaway at kopitiam-ali -> a takeaway at menu-besar is refused with its message, nothing created', async () => {
    const client = server.client();
    await addPlainItem(client, 'kopitiam-ali');
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 3, pickupType: 'takeaway' } },
    });
    const first = await client.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'online' },
    });
    await addPlainItem(client, 'menu-besar');
    await client.call(cart.cartDetails, {
      body: { scope: 'menu-besar', context: { orderType: 3, pickupType: 'takeaway' } },
    });
    const match = await client.call(orders.matchRunningOrders, { body: { scope: 'menu-besar' } });
    expect(match).toMatchObject({
      conflict: true,
      message: 'Already running takeaway order in different restaurant',
    });
    expect(match.orders.map((o) => o.order_id)).toEqual([first.order_id]);
    const refused = await refusal(
      client.call(orders.orderCreate, { body: { scope: 'menu-besar', payment_mode: 'online' } }),
    );
    expect(refused.code).toBe('errors.runningTakeawayElsewhere');
    expect(refused.message).toBe('Already running takeaway order in different restaurant');
    expect((await client.call(orders.ordersList, { query: {} })).orders.map((o) => o.order_id)).toEqual([
      first.order_id,
    ]);
    expect((await client.call(cart.cartGet, { query: { scope: 'menu-besar' } })).items).toHaveLength(1);
  });

  it('a dish goes out of stock after it was added -> create refused (Items not available), nothing created; removed -> order placed', async () => {
    const client = server.client();
    const { items } = await menuOf(client, 'kopitiam-ali');
    const [kept, gone] = items
      .filter((i) => i.in_stock && !i.is_voucher && i.option_groups.every((g) => !g.required))
      .slice(1, 3);
    for (const item of [kept!, gone!])
      await client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: item.id, quantity: 1 } });
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 3, pickupType: 'pickup' } },
    });
    await server.app.santap.db.update(menuItems).set({ inStock: false }).where(eq(menuItems.id, gone!.id));
    try {
      const refused = await refusal(
        client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'online' } }),
      );
      expect(refused.code).toBe('errors.itemsNotAvailable');
      expect(refused.message).toBe('Items not available');
      expect((await client.call(orders.ordersList, { query: {} })).orders).toEqual([]);
      const view = await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
      expect(view.warnings).toContain('errors.itemsNotAvailable');
      expect(view.items.map((l) => [l.item_id, l.available])).toEqual(
        expect.arrayContaining([
          [kept!.id, true],
          [gone!.id, false],
        ]),
      );
      const cleaned = await client.call(cart.cartRemoveUnavailable, { body: { scope: 'kopitiam-ali' } });
      expect(cleaned.items.map((l) => l.item_id)).toEqual([kept!.id]);
      expect(cleaned.warnings).toEqual([]);
      const created = await client.call(orders.orderCreate, {
        body: { scope: 'kopitiam-ali', payment_mode: 'online' },
      });
      const order = await client.call(orders.orderDetails, { query: { order_id: created.order_id } });
      expect(order.items.map((i) => i.item_id)).toEqual([kept!.id]);
    } finally {
      await server.app.santap.db.update(menuItems).set({ inStock: true }).where(eq(menuItems.id, gone!.id));
    }
  });

  it('the manager confirmed the order -> the diner cancel is refused with its message, the order stays confirmed', async () => {
    const client = server.client();
    const created = await placeDineInOrder(client);
    await walk(await staffMember('kopitiam-ali-manager'), created.order_id, [1]);
    const refused = await refusal(client.call(orders.orderCancel, { body: { order_id: created.order_id } }));
    expect(refused.code).toBe('errors.cancelNotAllowed');
    expect(refused.message).toBe(
      'This order can no longer be cancelled because the restaurant has accepted it',
    );
    expect(await client.call(orders.orderDetails, { query: { order_id: created.order_id } })).toMatchObject({
      status: 1,
      status_key: 'status.confirmed',
      can_cancel: false,
    });
  });

  it('status history: placed, confirmed, preparing, each with when it happened; a declined item adds nothing', async () => {
    const start = server.clock.now();
    try {
      const client = server.client();
      const created = await placeDineInOrder(client);
      const placedAt = Math.floor(server.clock.now().getTime() / 1000);
      const manager = await staffMember('kopitiam-ali-manager');
      server.clock.advance(90);
      await walk(manager, created.order_id, [1]);
      server.clock.advance(240);
      await walk(manager, created.order_id, [2]);
      const details = await client.call(orders.orderDetails, { query: { order_id: created.order_id } });
      await manager.call(staff.staffDeclineItem, {
        params: { orderId: created.order_id, orderItemId: details.items[0]!.order_item_id },
      });
      const order = await client.call(orders.orderDetails, { query: { order_id: created.order_id } });
      expect(order.status_history).toEqual([
        { status: 0, at: placedAt },
        { status: 1, at: placedAt + 90 },
        { status: 2, at: placedAt + 330 },
      ]);
    } finally {
      server.clock.set(start);
    }
  });

  it('declined order -> its own history only, ending with the decline', async () => {
    const client = server.client();
    const created = await placeDineInOrder(client);
    await walk(await staffMember('kopitiam-ali-manager'), created.order_id, [5]);
    const order = await client.call(orders.orderDetails, { query: { order_id: created.order_id } });
    expect(order.status).toBe(5);
    expect(order.status_history?.map((change) => change.status)).toEqual([0, 5]);
  });
});

/**
 * Rules that need a restaurant's settings changed while a diner's cart is open: on a server of their
 * own, so the change cannot leak into other tests. Restaurant rows are cached for SCOPE_CACHE_MS
 * (services/flows/ordering/cart/scope.ts); the monotonic clock that cache reads is moved past that window instead of waiting.
 */
describe.each(ENGINES)('order type rules on %s', (engine) => {
  let server: TestServer;
  let offset = 0;
  beforeAll(async () => {
    server = await startTestServer(engine);
    const real = performance.now.bind(performance);
    vi.spyOn(performance, 'now').mockImplementation(() => real() + offset);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
  });

  const setOrderTypes = async (restaurantId: number, mask: number) => {
    await server.app.santap.db
      .update(restaurants)
      .set({ orderTypeMask: mask })
      .where(eq(restaurants.id, restaurantId));
    offset += SCOPE_CACHE_MS;
  };

  it('delivery chosen, then kopitiam-ali stops delivering -> create refused (order type not enabled), cart kept', async () => {
    const client = server.client();
    await addPlainItem(client, 'kopitiam-ali');
    await client.call(cart.cartDetails, {
      body: {
        scope: 'kopitiam-ali',
        context: { orderType: 2 },
        address: { line: 'Jalan Tun Perak 1', location: [101.687, 3.14] },
      },
    });
    await setOrderTypes(1001, 0b101); // dine-in and pickup
    try {
      const refused = await refusal(
        client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'online' } }),
      );
      expect(refused.code).toBe('errors.orderTypeNotEnabled');
      expect(refused.message).toBe('This order type is not available at this restaurant');
      expect((await client.call(orders.ordersList, { query: {} })).orders).toEqual([]);
      const kept = await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
      expect(kept.items).toHaveLength(1);
      expect(kept.context.orderType).toBe(2);
    } finally {
      await setOrderTypes(1001, 0b111);
    }
  });

  it('food-court dine-in, then an outlet in the cart stops dine-in -> create refused (order type not enabled)', async () => {
    const client = server.client();
    await addPlainItem(client, 'mall-demo', 1011);
    await addPlainItem(client, 'mall-demo', 1013);
    await scanTable(client, 'mall-demo', 6003);
    await client.call(cart.cartDetails, {
      body: { scope: 'mall-demo', context: { orderType: 1, tableId: 6003 } },
    });
    await setOrderTypes(1013, 0b100); // pickup only
    try {
      const refused = await refusal(
        client.call(orders.foodCourtOrderCreate, { body: { scope: 'mall-demo', payment_mode: 'online' } }),
      );
      expect(refused.code).toBe('errors.orderTypeNotEnabled');
      expect(refused.message).toBe('This order type is not available at this restaurant');
      expect((await client.call(orders.ordersList, { query: {} })).orders).toEqual([]);
      expect((await client.call(cart.cartGet, { query: { scope: 'mall-demo' } })).items).toHaveLength(2);
    } finally {
      await setOrderTypes(1013, 0b101);
    }
  });
});
