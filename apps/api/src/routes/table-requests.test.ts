import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cart, orders, staff, tableRequests } from '@santap/contract';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import { tableRequests as tableRequestsTable } from '../db/schema';
import { PRODUCTION_LIMITS } from '../lib/limits';
import type { LiveEvent } from '../lib/live-events';
import { DEMO_STAFF_PASSWORD } from '../seed/ids';
import { ENGINES, RELAXED_LIMITS, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { addPlainItem, scanTable } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { eventually } from '../../test/eventually';

describe.each(ENGINES)('table requests on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    // Production's per-table limit (6 new requests in 10 minutes); every other rule relaxed.
    server = await startTestServer(engine, {
      config: {
        limits: { ...RELAXED_LIMITS, tableRequestsPerTable: PRODUCTION_LIMITS.tableRequestsPerTable },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function staffClient(username: string) {
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username, password: DEMO_STAFF_PASSWORD } });
    return server.client({ authToken: session.token });
  }

  /** A fresh diner's dine-in pay-later order at kopitiam-ali (1001) at table `tableId` (T3 is 5003). */
  async function dineIn(tableId: number, diner: Client = server.client()) {
    await addPlainItem(diner, 'kopitiam-ali');
    await scanTable(diner, 1001, tableId);
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId } },
    });
    const placed = await diner.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
    });
    return { diner, orderId: placed.order_id };
  }

  const press = (diner: Client, orderId: number, kind: 'waiter' | 'bill') =>
    diner.call(tableRequests.tableRequestCreate, { body: { order_id: orderId, kind } });
  const acknowledge = (client: Client, requestId: number) =>
    client.call(tableRequests.staffAcknowledgeTableRequest, { params: { requestId } });

  it("diner calls a waiter at T3 -> one open request on the board with 'Table 3'; pressing again -> the same request", async () => {
    const { diner, orderId } = await dineIn(5003);
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    const received: LiveEvent[] = [];
    const offOrder = server.app.santap.events.subscribe(`order:${orderId}`, (event) => received.push(event));
    try {
      const first = await press(diner, orderId, 'waiter');
      expect(first).toMatchObject({
        order_id: orderId,
        restaurant_id: 1001,
        kind: 'waiter',
        table_no: 'T3',
        table_label: 'Table 3',
        acknowledged_epoch: null,
      });
      expect(first.created_epoch).toBe(Math.floor(server.clock.now().getTime() / 1000));
      const again = await press(diner, orderId, 'waiter');
      expect(again.request_id).toBe(first.request_id);
      await eventually(() =>
        expect(received).toContainEqual({
          topics: [`order:${orderId}`, 'restaurant:1001'],
          type: 'table.request',
          data: { request_id: first.request_id, order_id: orderId, kind: 'waiter', acknowledged: false },
        }),
      );
      // The second press published nothing new.
      expect(received.filter((event) => event.type === 'table.request')).toHaveLength(1);

      const board = await kitchen.call(tableRequests.staffTableRequests, {});
      expect(board.requests.filter((request) => request.order_id === orderId)).toEqual([first]);
      const rows = await server.db.database.db
        .select()
        .from(tableRequestsTable)
        .where(eq(tableRequestsTable.orderId, orderId));
      expect(rows).toHaveLength(1);
    } finally {
      offOrder();
    }
  });

  it('kitchen acknowledges -> the diner sees it acknowledged (live event), it leaves the board; acknowledging again -> the same reply, one event', async () => {
    const { diner, orderId } = await dineIn(5003);
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    const manager = await staffClient('kopitiam-ali-manager');
    const bill = await press(diner, orderId, 'bill');
    const received: LiveEvent[] = [];
    let done: Awaited<ReturnType<typeof acknowledge>>;
    // Acknowledgements only: on PostgreSQL the press's own event comes through NOTIFY and may still
    // arrive after this subscription starts.
    const off = server.app.santap.events.subscribe('restaurant:1001', (event) => {
      if (
        event.type === 'table.request' &&
        event.data.request_id === bill.request_id &&
        event.data.acknowledged === true
      ) {
        received.push(event);
      }
    });
    try {
      server.clock.advance(90);
      done = await acknowledge(kitchen, bill.request_id);
      expect(done).toMatchObject({ request_id: bill.request_id, kind: 'bill' });
      expect(done.acknowledged_epoch).toBe(Math.floor(server.clock.now().getTime() / 1000));
      server.clock.advance(30);
      const twice = await acknowledge(manager, bill.request_id);
      expect(twice).toEqual(done);
      await eventually(() => expect(received).toHaveLength(1));
      expect(received[0]!.data).toMatchObject({ acknowledged: true, order_id: orderId });
    } finally {
      off();
    }
    const [row] = await server.db.database.db
      .select()
      .from(tableRequestsTable)
      .where(eq(tableRequestsTable.id, bill.request_id));
    expect(row!.acknowledgedBy).toBe('staff:kopitiam-ali-kitchen');

    const seen = await diner.call(tableRequests.orderTableRequests, { query: { order_id: orderId } });
    expect(seen.requests).toEqual([done]);
    const board = await kitchen.call(tableRequests.staffTableRequests, {});
    expect(board.requests.map((request) => request.request_id)).not.toContain(bill.request_id);

    // Once acknowledged, a new press is a new request; the diner's list shows the latest of each kind.
    const billAgain = await press(diner, orderId, 'bill');
    expect(billAgain.request_id).not.toBe(bill.request_id);
    const waiter = await press(diner, orderId, 'waiter');
    const latest = await diner.call(tableRequests.orderTableRequests, { query: { order_id: orderId } });
    expect(latest.requests).toEqual([waiter, billAgain]);
  });

  it("another diner's order -> 404 for create and list; another restaurant's staff -> not on their board, acknowledge 404; business -> 403", async () => {
    const { diner, orderId } = await dineIn(5003);
    const request = await press(diner, orderId, 'waiter');
    const other = server.client();
    expect(await refusal(press(other, orderId, 'bill'))).toMatchObject({
      statusCode: 404,
      code: MESSAGE.notFound,
    });
    expect(
      await refusal(other.call(tableRequests.orderTableRequests, { query: { order_id: orderId } })),
    ).toMatchObject({ statusCode: 404 });

    const elsewhere = await staffClient('warung-sari-manager');
    const theirs = await elsewhere.call(tableRequests.staffTableRequests, {});
    expect(theirs.requests.map((r) => r.request_id)).not.toContain(request.request_id);
    expect(await refusal(acknowledge(elsewhere, request.request_id))).toMatchObject({
      statusCode: 404,
      code: MESSAGE.notFound,
    });

    const manager = await staffClient('kopitiam-ali-manager');
    const username = `ali-books-${engine}`;
    await manager.call(staff.staffCreateAccount, {
      body: { username, password: 'books-password-1', role: 'business' },
    });
    const business = server.client({
      authToken: (
        await server.client().call(staff.staffLogin, { body: { username, password: 'books-password-1' } })
      ).token,
    });
    expect(await refusal(acknowledge(business, request.request_id))).toMatchObject({ statusCode: 403 });
    // A diner's token on the staff calls -> refused; nothing was acknowledged.
    expect(await refusal(acknowledge(diner, request.request_id))).toMatchObject({ statusCode: 401 });
    const still = await diner.call(tableRequests.orderTableRequests, { query: { order_id: orderId } });
    expect(still.requests[0]!.acknowledged_epoch).toBeNull();
  });

  it('bad input -> 400: an unknown kind, a missing order, an id that is not one; nothing stored', async () => {
    const { diner, orderId } = await dineIn(5003);
    const post = (body: unknown) =>
      fetch(`${server.baseUrl}/api/orders/table-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cart-token': diner.cartToken },
        body: JSON.stringify(body),
      });
    for (const body of [
      { order_id: orderId, kind: 'dessert' },
      { order_id: orderId },
      { kind: 'waiter' },
      { order_id: 'abc', kind: 'waiter' },
      { order_id: orderId, kind: ['waiter'] },
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ status: 0, statusCode: 400 });
    }
    const ack = await fetch(`${server.baseUrl}/api/staff/table-requests/x1/acknowledge`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(await server.client().call(staff.staffLogin, { body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD } })).token}`,
      },
    });
    expect(ack.status).toBe(400);
    const rows = await server.db.database.db
      .select()
      .from(tableRequestsTable)
      .where(eq(tableRequestsTable.orderId, orderId));
    expect(rows).toHaveLength(0);
  });

  it('an order that is not dine-in, or no longer running -> errors.tableRequestNotRunning (422)', async () => {
    const online = server.client();
    const { order_id: pickupId } = await (async () => {
      await addPlainItem(online, 'kopitiam-ali');
      await online.call(cart.cartDetails, {
        body: { scope: 'kopitiam-ali', context: { orderType: 3, pickupType: 'pickup' } },
      });
      return online.call(orders.orderCreate, {
        body: { scope: 'kopitiam-ali', payment_mode: 'online' },
      });
    })();
    expect(await refusal(press(online, pickupId, 'waiter'))).toMatchObject({
      statusCode: 422,
      code: MESSAGE.tableRequestNotRunning,
    });

    const { diner, orderId } = await dineIn(5003);
    await diner.call(orders.orderCancel, { body: { order_id: orderId } });
    const refused = await refusal(press(diner, orderId, 'bill'));
    expect(refused).toMatchObject({ statusCode: 422, code: MESSAGE.tableRequestNotRunning });
    expect(refused.message).toBe('Staff can be called from a dine-in order that is still running');
    const details = await diner.call(orders.orderDetails, { query: { order_id: orderId } });
    expect(details.status).toBe(ORDER_STATUS.CANCELLED);
  });

  it('an open request of an order that then ends (cancelled) -> no longer on the board', async () => {
    const { diner, orderId } = await dineIn(5003);
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    const request = await press(diner, orderId, 'bill');
    const ids = async () =>
      (await kitchen.call(tableRequests.staffTableRequests, {})).requests.map((r) => r.request_id);
    expect(await ids()).toContain(request.request_id);
    await diner.call(orders.orderCancel, { body: { order_id: orderId } });
    expect(await ids()).not.toContain(request.request_id);
  });

  it('rate limit: 6 new requests from T4 in 10 minutes, the 7th -> 429 in the diner’s language with Retry-After; T5 goes on; 10 minutes later T4 again', async () => {
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    const first = await dineIn(5004, server.client({ language: 'id' }));
    const second = await dineIn(5004);
    // Six new requests over two orders of the table, each acknowledged so the next press is new.
    for (const { diner, orderId } of [first, second, first]) {
      for (const kind of ['waiter', 'bill'] as const) {
        const request = await press(diner, orderId, kind);
        // A press while it is open is not counted.
        await press(diner, orderId, kind);
        await acknowledge(kitchen, request.request_id);
      }
    }
    const limited = await refusal(press(first.diner, first.orderId, 'waiter'));
    expect(limited).toMatchObject({ statusCode: 429, code: MESSAGE.tableRequestsTooMany });
    expect(limited.message).toBe(
      'Staf sudah beberapa kali dipanggil dari meja ini. Silakan tunggu 10 menit, atau lambaikan tangan',
    );
    const raw = await fetch(`${server.baseUrl}/api/orders/table-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cart-token': second.diner.cartToken },
      body: JSON.stringify({ order_id: second.orderId, kind: 'bill' }),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(500);

    const elsewhere = await dineIn(5005);
    expect(await press(elsewhere.diner, elsewhere.orderId, 'waiter')).toMatchObject({ table_no: 'T5' });

    server.clock.advance(10 * 60 + 1);
    expect(await press(first.diner, first.orderId, 'waiter')).toMatchObject({ table_no: 'T4' });
  });
});
