import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cart, orders } from '@santap/contract';
import type { ServerMessage } from '@santap/api-client';
import { AuthRequired } from '@santap/api-client';
import { menuItems } from '../db/schema';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { addPlainItem, menuOf, placeDineInOrder } from '../../test/journeys';

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as ServerMessage,
  );

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
    const missing = await errorOf(
      client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: withVariant.id, quantity: 1 } }),
    );
    expect(missing?.message).toBe('Please select any one option');
    const withLimit = items.find(
      (i) => i.in_stock && i.option_groups.some((g) => g.kind === 'upTo' && g.options.length > (g.max ?? 0)),
    )!;
    const group = withLimit.option_groups.find((g) => g.kind === 'upTo')!;
    const selections: Record<string, string[]> = {
      [group.id]: group.options.slice(0, (group.max ?? 0) + 1).map((o) => o.id),
    };
    for (const other of withLimit.option_groups.filter((g) => g.required && g.id !== group.id))
      selections[other.id] = [other.options[0]!.id];
    const over = await errorOf(
      client.call(cart.cartUpdate, {
        body: { scope: 'kopitiam-ali', item_id: withLimit.id, quantity: 1, selections },
      }),
    );
    expect(over?.message).toBe('You have reached the maximum limit for this section/add-on');
  });

  it('out-of-stock item -> refused; item of another restaurant -> 404', async () => {
    const client = server.client();
    const { items } = await menuOf(client, 'kopitiam-ali');
    const gone = items.find((i) => !i.in_stock)!;
    expect(
      (
        await errorOf(
          client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: gone.id, quantity: 1 } }),
        )
      )?.code,
    ).toBe('errors.outOfStock');
    const other = (await menuOf(client, 'warung-sari')).items[0]!;
    expect(
      (
        await errorOf(
          client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: other.id, quantity: 1 } }),
        )
      )?.statusCode,
    ).toBe(404);
  });

  it('price changes after adding -> Price Warning; order refused until prices accepted', async () => {
    const client = server.client();
    const item = await addPlainItem(client, 'kopitiam-ali');
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
      const refused = await errorOf(
        client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } }),
      );
      expect(refused?.message).toBe('Price Warning');
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
    const refused = await errorOf(
      client.call(cart.cartDetails, {
        body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5101 } },
      }),
    );
    expect(refused?.message).toBe('Wrong table for dinein order! Please scan again');
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
    const stranger = await errorOf(
      server.client().call(orders.orderDetails, { query: { order_id: created.order_id } }),
    );
    expect(stranger?.statusCode).toBe(404);
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
    const other = await errorOf(
      client.call(
        orders.orderCreate,
        { body: { scope: 'kopitiam-ali', payment_mode: 'online' } },
        { idempotencyKey: 'key-1' },
      ),
    );
    expect(other?.code).toBe('errors.idempotencyConflict');
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
    await client.call(cart.cartDetails, {
      body: { scope: 'mall-demo', context: { orderType: 1, tableId: 6001 } },
    });
    const match = await client.call(orders.matchRunningOrders, { body: { scope: 'mall-demo' } });
    expect(match.conflict).toBe(true);
    const refused = await errorOf(
      client.call(orders.foodCourtOrderCreate, { body: { scope: 'mall-demo', payment_mode: 'online' } }),
    );
    expect(refused?.message).toBe('Already running dinein order in different restaurant');
  });

  it('cancel while waiting -> cancelled; cancel again -> refused', async () => {
    const client = server.client();
    const created = await placeDineInOrder(client);
    const cancelled = await client.call(orders.orderCancel, { body: { order_id: created.order_id } });
    expect(cancelled.status).toBe(6);
    expect(
      (await errorOf(client.call(orders.orderCancel, { body: { order_id: created.order_id } })))?.code,
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
      const closed = await errorOf(
        client.call(orders.orderCreate, { body: { scope: 'coto-makassar', payment_mode: 'online' } }),
      );
      expect(closed?.message).toBe('Restaurant is closed for current order type and date!');
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
      const payLater = await errorOf(
        client.call(orders.scheduleOrderCreate, {
          body: { scope: 'coto-makassar', payment_mode: 'pay_later' },
        }),
      );
      expect(payLater?.code).toBe('errors.scheduledMustPrepay');
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
    const refused = await errorOf(
      client.call(cart.cartDetails, {
        body: {
          scope: 'coto-makassar',
          context: { orderType: 3, orderTime: 'SCHEDULED', epoch: Date.parse('2026-11-23T07:00:00Z') / 1000 },
        },
      }),
    );
    expect(refused?.code).toBe('errors.invalidSlot');
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
    expect((await errorOf(client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali' } })))?.code).toBe(
      'validation.addressRequired',
    );
    await client.call(cart.cartDetails, {
      body: {
        scope: 'kopitiam-ali',
        context: { orderType: 2 },
        address: { line: 'Jalan Jauh', location: [103.8, 1.35] },
      },
    });
    expect((await errorOf(client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali' } })))?.code).toBe(
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
    const refused = await errorOf(client.call(orders.foodCourtOrderCreate, { body: { scope: 'mall-demo' } }));
    expect(refused?.message).toBe('Delivery Not Supported');
  });

  it('a bearer token that is not valid -> invalid token (go to login)', async () => {
    const client = server.client({ authToken: 'not-a-real-token' });
    const error = await client
      .call(cart.cartGet, { query: { scope: 'kopitiam-ali' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequired);
  });

  it('a malformed cart token -> 400, not a 500', async () => {
    const response = await fetch(`${server.baseUrl}/api/orders/cart/get.php?scope=kopitiam-ali`, {
      headers: { 'cart-token': 'x' },
    });
    expect(response.status).toBe(400);
  });
});
