/**
 * The kitchen display's part of the staff calls (apps/staff README 'Kitchen display'): rush and dish
 * done marks (`POST /api/staff/orders/:orderId/kitchen`), the `kitchen` part of every staff order
 * (menu category per line, allergies, awaiting payment) and the kitchen settings of `GET /api/staff/me`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { account, staff } from '@santap/contract';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import { menuItems, orderEvents, restaurants } from '../db/schema';
import type { LiveEvent } from '../lib/live-events';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { placeDineInOrder, placeOnlineOrder } from '../../test/journeys';
import { login } from '../../test/promotions-kit';
import { eventually } from '../../test/eventually';

const DEMO_PASSWORD = 'santap-demo';

describe.each(ENGINES)('kitchen display calls on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function staffClient(username: string) {
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username, password: DEMO_PASSWORD } });
    return server.client({ authToken: session.token });
  }
  const mark = (
    client: ReturnType<TestServer['client']>,
    orderId: number,
    body: { rush?: boolean; lines?: { order_item_id: number; done: boolean }[] },
  ) => client.call(staff.staffOrderKitchen, { params: { orderId }, body });
  const listed = async (client: ReturnType<TestServer['client']>, orderId: number) =>
    (await client.call(staff.staffOrders, { query: { running: '1', order_id: orderId } })).orders[0];

  it('kitchen marks rush and strikes a dish done -> every staff list shows it, order_events and an order.kitchen event', async () => {
    const { order_id: orderId } = await placeDineInOrder(server.client());
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    const manager = await staffClient('kopitiam-ali-manager');
    const before = await listed(manager, orderId);
    expect(before?.kitchen).toMatchObject({ rush: false, awaiting_payment: false, allergies: [] });
    const line = before!.kitchen.lines[0]!;
    expect(line.done).toBe(false);
    // The line's category is the dish's menu category (what stations filter on).
    const [dish] = await server.db.database.db
      .select({ categoryId: menuItems.categoryId })
      .from(menuItems)
      .where(eq(menuItems.id, before!.items[0]!.item_id));
    expect(line.category_id).toBe(dish!.categoryId);

    const received: LiveEvent[] = [];
    const unsubscribe = server.app.santap.events.subscribe('restaurant:1001', (event) =>
      received.push(event),
    );
    try {
      const rushed = await mark(kitchen, orderId, { rush: true });
      expect(rushed.kitchen.rush).toBe(true);
      const struck = await mark(kitchen, orderId, {
        lines: [{ order_item_id: line.order_item_id, done: true }],
      });
      expect(struck.kitchen.lines.find((l) => l.order_item_id === line.order_item_id)?.done).toBe(true);
      expect(struck.kitchen.rush).toBe(true);
      await eventually(() =>
        expect(received.filter((event) => event.type === 'order.kitchen')).toEqual([
          { topics: ['restaurant:1001'], type: 'order.kitchen', data: { order_id: orderId } },
          { topics: ['restaurant:1001'], type: 'order.kitchen', data: { order_id: orderId } },
        ]),
      );
    } finally {
      unsubscribe();
    }
    // Another tablet (the manager's) reads the same marks.
    const seen = await listed(manager, orderId);
    expect(seen?.kitchen.rush).toBe(true);
    expect(seen?.kitchen.lines.find((l) => l.order_item_id === line.order_item_id)?.done).toBe(true);
    // Back again: not done, not rush.
    const undone = await mark(manager, orderId, {
      rush: false,
      lines: [{ order_item_id: line.order_item_id, done: false }],
    });
    expect(undone.kitchen.rush).toBe(false);
    expect(undone.kitchen.lines.every((l) => !l.done)).toBe(true);
    const trail = await server.db.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'kitchen')));
    expect(trail.map((event) => event.actor)).toEqual([
      'staff:kopitiam-ali-kitchen',
      'staff:kopitiam-ali-kitchen',
      'staff:kopitiam-ali-manager',
    ]);
    // A move keeps the kitchen part in its reply (the board replaces the card with it).
    const confirmed = await kitchen.call(staff.staffOrderStatus, {
      params: { orderId },
      body: { status: ORDER_STATUS.CONFIRMED },
    });
    expect(confirmed.kitchen.lines).toHaveLength(before!.items.length);
  });

  it("another restaurant's order -> 404; a line of another order -> 404; server role -> 403; nothing to change or bad input -> 400; finished -> 422", async () => {
    const { order_id: orderId } = await placeDineInOrder(server.client());
    const { order_id: otherId } = await placeDineInOrder(server.client());
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    const elsewhere = await staffClient('warung-sari-manager');
    const otherLine = (await listed(kitchen, otherId))!.kitchen.lines[0]!.order_item_id;

    expect(await refusal(mark(elsewhere, orderId, { rush: true }))).toMatchObject({ statusCode: 404 });
    expect(
      await refusal(mark(kitchen, orderId, { lines: [{ order_item_id: otherLine, done: true }] })),
    ).toMatchObject({ statusCode: 404, code: MESSAGE.notFound });
    const username = `kds-server-${Math.random().toString(36).slice(2, 8)}`;
    await (
      await staffClient('kopitiam-ali-manager')
    ).call(staff.staffCreateAccount, { body: { username, password: 'server-pass-1', role: 'server' } });
    const serverRole = server.client({
      authToken: (
        await server.client().call(staff.staffLogin, { body: { username, password: 'server-pass-1' } })
      ).token,
    });
    expect(await refusal(mark(serverRole, orderId, { rush: true }))).toMatchObject({ statusCode: 403 });
    for (const body of [{}, { lines: [] }, { rush: 'yes' }, { lines: [{ order_item_id: -1, done: true }] }]) {
      const response = await fetch(`${server.baseUrl}/api/staff/orders/${orderId}/kitchen`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${
            (
              await server.client().call(staff.staffLogin, {
                body: { username: 'kopitiam-ali-kitchen', password: DEMO_PASSWORD },
              })
            ).token
          }`,
        },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    // Nothing changed by the refusals.
    expect((await listed(kitchen, orderId))?.kitchen.rush).toBe(false);
    expect((await listed(kitchen, otherId))?.kitchen.lines[0]?.done).toBe(false);

    const manager = await staffClient('kopitiam-ali-manager');
    await manager.call(staff.staffOrderStatus, {
      params: { orderId },
      body: { status: ORDER_STATUS.CANCELLED },
    });
    expect(await refusal(mark(kitchen, orderId, { rush: true }))).toMatchObject({
      statusCode: 422,
      code: MESSAGE.invalidTransition,
    });
  });

  it('an unpaid online (prepay) order -> awaiting_payment; a pay-later order -> not', async () => {
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    const online = await placeOnlineOrder(server.client());
    const later = await placeOnlineOrder(server.client(), 'pay_later');
    expect((await listed(kitchen, online.order_id))?.kitchen.awaiting_payment).toBe(true);
    expect((await listed(kitchen, later.order_id))?.kitchen.awaiting_payment).toBe(false);
  });

  it("a diner's allergies (their account) -> on the staff order, category and severity only", async () => {
    const { client } = await login(server);
    await client.call(account.allergyAdd, {
      body: { category: 'nuts', severity: 'severe', note: 'peanuts' },
    });
    await client.call(account.allergyAdd, { body: { category: 'gluten' } });
    const { order_id: orderId } = await placeDineInOrder(client);
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    expect((await listed(kitchen, orderId))?.kitchen.allergies).toEqual([
      { category: 'nuts', severity: 'severe' },
      { category: 'gluten', severity: 'avoid' },
    ]);
  });

  it("staff me -> kitchen settings: defaults 10 and 20 minutes, no stations; the restaurant's own when set", async () => {
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    expect((await kitchen.call(staff.staffMe, {})).kitchen).toEqual({
      amber_minutes: 10,
      red_minutes: 20,
      stations: [],
    });
    const db = server.db.database.db;
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, 1001));
    const settings = row!.settings;
    await db
      .update(restaurants)
      .set({
        settings: {
          ...settings,
          kitchen: { amberMinutes: 5, redMinutes: 12, stations: [{ name: 'Bar', categoryIds: [7, 8] }] },
        },
      })
      .where(eq(restaurants.id, 1001));
    try {
      expect((await kitchen.call(staff.staffMe, {})).kitchen).toEqual({
        amber_minutes: 5,
        red_minutes: 12,
        stations: [{ name: 'Bar', category_ids: [7, 8] }],
      });
    } finally {
      await db.update(restaurants).set({ settings }).where(eq(restaurants.id, 1001));
    }
  });
});
