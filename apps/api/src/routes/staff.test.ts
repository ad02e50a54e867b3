import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auth, orders, payments, staff } from '@santap/contract';
import { AuthRequired } from '@santap/api-client';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import {
  menuItems as menuItemsTable,
  orderEvents,
  orderItems as orderItemsTable,
  orders as ordersTable,
  refunds,
} from '../db/schema';
import type { LiveEvent } from '../lib/live-events';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { placeDineInOrder, placeOnlineOrder } from '../../test/journeys';
import { eventually } from '../../test/eventually';

const DEMO_PASSWORD = 'santap-demo';

describe.each(ENGINES)('staff on %s', (engine) => {
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
    return { session, client: server.client({ authToken: session.token }) };
  }

  /** A fresh diner's dine-in pay-later order at kopitiam-ali (1001), placed through the real calls. */
  async function dinerOrder() {
    const diner = server.client();
    const placed = await placeDineInOrder(diner);
    return { diner, orderId: placed.order_id };
  }

  const setStatus = (client: ReturnType<TestServer['client']>, orderId: number, status: number) =>
    client.call(staff.staffOrderStatus, { params: { orderId }, body: { status } });

  it('login as kopitiam-ali-manager -> a token for restaurant 1001 with the manager role', async () => {
    const { session } = await staffClient('kopitiam-ali-manager');
    expect(session.staff).toMatchObject({
      restaurant_id: 1001,
      role: 'manager',
      username: 'kopitiam-ali-manager',
    });
    expect(session.token.length).toBeGreaterThan(30);
  });

  it('wrong password and unknown username -> the same 403 refusal', async () => {
    const client = server.client();
    const wrongPassword = await refusal(
      client.call(staff.staffLogin, { body: { username: 'kopitiam-ali-manager', password: 'guess' } }),
    );
    const unknownUser = await refusal(
      client.call(staff.staffLogin, { body: { username: 'nobody-manager', password: DEMO_PASSWORD } }),
    );
    expect(wrongPassword).toMatchObject({ statusCode: 403, code: MESSAGE.forbidden });
    expect(unknownUser).toMatchObject({
      statusCode: 403,
      code: wrongPassword.code,
      message: wrongPassword.message,
    });
  });

  it("a diner's token or none on a staff call -> 'invalid token'; a staff token expires after 12 hours", async () => {
    const guest = await server.client().call(auth.registerGuest, {});
    const asDiner = await refusal(
      server.client({ authToken: guest.token }).call(staff.staffOrders, { query: {} }),
    );
    expect(asDiner).toBeInstanceOf(AuthRequired);
    expect(await refusal(server.client().call(staff.staffOrders, { query: {} }))).toMatchObject({
      statusCode: 401,
    });

    const { client } = await staffClient('kopitiam-ali-kitchen');
    await client.call(staff.staffOrders, { query: {} });
    server.clock.advance(12 * 60 * 60 + 1);
    expect(await refusal(client.call(staff.staffOrders, { query: {} }))).toMatchObject({
      message: 'invalid token',
    });
    server.clock.advance(-(12 * 60 * 60 + 1));
  });

  it('kitchen cancelling or deleting -> 403; kitchen confirms -> confirmed; then moves it to preparing', async () => {
    const { diner, orderId } = await dinerOrder();
    const kitchen = (await staffClient('kopitiam-ali-kitchen')).client;
    for (const to of [ORDER_STATUS.CANCELLED, ORDER_STATUS.DELETED]) {
      expect(await refusal(setStatus(kitchen, orderId, to))).toMatchObject({
        statusCode: 403,
        code: MESSAGE.forbidden,
      });
    }
    const confirmed = await setStatus(kitchen, orderId, ORDER_STATUS.CONFIRMED);
    expect(confirmed).toMatchObject({
      order_id: orderId,
      status: ORDER_STATUS.CONFIRMED,
      status_key: 'status.confirmed',
    });
    const preparing = await setStatus(kitchen, orderId, ORDER_STATUS.PREPARING);
    expect(preparing.status).toBe(ORDER_STATUS.PREPARING);
    // The diner sees it, and can no longer cancel.
    const seen = await diner.call(orders.orderDetails, { query: { order_id: orderId } });
    expect(seen).toMatchObject({ status: ORDER_STATUS.PREPARING, can_cancel: false });
    // Every move is in the audit trail with its actor.
    const trail = await server.db.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId));
    expect(trail.map((e) => [e.toStatus, e.actor])).toEqual([
      [ORDER_STATUS.WAITING_CONFIRMATION, 'diner'],
      [ORDER_STATUS.CONFIRMED, 'staff:kopitiam-ali-kitchen'],
      [ORDER_STATUS.PREPARING, 'staff:kopitiam-ali-kitchen'],
    ]);
  });

  // The move, its history row and its event are one statement, and the reply's kitchen part comes
  // from the lines the diner's view read (services/flows/ordering/orders/transitions.ts, views.ts).
  it("a move -> its reply holds it in the status history and each line's category and done mark; one order.status event, the history row from -> to", async () => {
    const { orderId } = await dinerOrder();
    const { client: kitchen } = await staffClient('kopitiam-ali-kitchen');
    const [line] = await server.db.database.db
      .select({ id: orderItemsTable.id, categoryId: menuItemsTable.categoryId })
      .from(orderItemsTable)
      .innerJoin(menuItemsTable, eq(menuItemsTable.id, orderItemsTable.itemId))
      .where(eq(orderItemsTable.orderId, orderId));
    await kitchen.call(staff.staffOrderKitchen, {
      params: { orderId },
      body: { lines: [{ order_item_id: line!.id, done: true }] },
    });
    const received: LiveEvent[] = [];
    const unsubscribe = server.app.santap.events.subscribe(`order:${orderId}`, (event) =>
      received.push(event),
    );
    // A dine-in order at a table is on the table's tab: its events reach the tab's phones too.
    const [{ tabId } = { tabId: null }] = await server.db.database.db
      .select({ tabId: ordersTable.tabId })
      .from(ordersTable)
      .where(eq(ordersTable.id, orderId));
    expect(tabId).not.toBeNull();
    try {
      const confirmed = await setStatus(kitchen, orderId, ORDER_STATUS.CONFIRMED);
      expect(confirmed.status_history?.map((step) => step.status)).toEqual([
        ORDER_STATUS.WAITING_CONFIRMATION,
        ORDER_STATUS.CONFIRMED,
      ]);
      expect(confirmed.kitchen.lines).toEqual([
        { order_item_id: line!.id, category_id: line!.categoryId, done: true },
      ]);
      await eventually(() =>
        expect(received).toEqual([
          {
            topics: [`order:${orderId}`, 'restaurant:1001', `tab:${tabId}`],
            type: 'order.status',
            data: { order_id: orderId, status: ORDER_STATUS.CONFIRMED, status_key: 'status.confirmed' },
          },
        ]),
      );
    } finally {
      unsubscribe();
    }
    const [moved] = await server.db.database.db
      .select()
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.orderId, orderId),
          eq(orderEvents.kind, 'status'),
          eq(orderEvents.toStatus, ORDER_STATUS.CONFIRMED),
        ),
      );
    expect(moved).toMatchObject({
      fromStatus: ORDER_STATUS.WAITING_CONFIRMATION,
      actor: 'staff:kopitiam-ali-kitchen',
    });
  });

  it('waiting -> completed (not in the transition table) -> 422; an unknown status code -> 400', async () => {
    const { orderId } = await dinerOrder();
    const manager = (await staffClient('kopitiam-ali-manager')).client;
    expect(await refusal(setStatus(manager, orderId, ORDER_STATUS.COMPLETED))).toMatchObject({
      statusCode: 422,
      code: MESSAGE.invalidTransition,
    });
    expect(await refusal(setStatus(manager, orderId, 42))).toMatchObject({
      statusCode: 400,
      code: MESSAGE.invalidInput,
    });
  });

  it('staff of 1002 -> an order of 1001 is 404 for status and decline, and absent from their list', async () => {
    const { orderId } = await dinerOrder();
    const other = (await staffClient('warung-sari-manager')).client;
    expect(await refusal(setStatus(other, orderId, ORDER_STATUS.CONFIRMED))).toMatchObject({
      statusCode: 404,
      code: MESSAGE.notFound,
    });
    const { orders: listed } = await other.call(staff.staffOrders, { query: {} });
    expect(listed.map((o) => o.order_id)).not.toContain(orderId);
    expect(
      await refusal(other.call(staff.staffDeclineItem, { params: { orderId, orderItemId: 1 } })),
    ).toMatchObject({ statusCode: 404 });
  });

  it('orders list -> running first, newest first; running=1 -> only running ones', async () => {
    const manager = (await staffClient('kopitiam-ali-manager')).client;
    const older = await dinerOrder();
    const declined = await dinerOrder();
    const newer = await dinerOrder();
    await setStatus(manager, declined.orderId, ORDER_STATUS.DECLINED);
    const { orders: all } = await manager.call(staff.staffOrders, { query: {} });
    const ids = all.map((o) => o.order_id);
    expect(ids.indexOf(newer.orderId)).toBeLessThan(ids.indexOf(older.orderId));
    expect(ids.indexOf(older.orderId)).toBeLessThan(ids.indexOf(declined.orderId));
    const firstFinished = all.findIndex((o) => [4, 5, 6, 13].includes(o.status));
    expect(all.slice(firstFinished).every((o) => [4, 5, 6, 13].includes(o.status))).toBe(true);
    expect(all.every((o) => o.restaurant_id === 1001)).toBe(true);

    const { orders: running } = await manager.call(staff.staffOrders, { query: { running: '1' } });
    expect(running.map((o) => o.order_id)).toEqual(expect.arrayContaining([newer.orderId, older.orderId]));
    expect(running.map((o) => o.order_id)).not.toContain(declined.orderId);
  });

  it("kitchen declines one item -> item declined for the diner, an order_events row and an order.item live event; another restaurant's manager -> 404", async () => {
    const { diner, orderId } = await dinerOrder();
    const kitchen = (await staffClient('kopitiam-ali-kitchen')).client;
    const elsewhere = (await staffClient('warung-sari-manager')).client;
    const before = await diner.call(orders.orderDetails, { query: { order_id: orderId } });
    const orderItemId = before.items[0]!.order_item_id;

    const received: LiveEvent[] = [];
    const unsubscribe = server.app.santap.events.subscribe(`order:${orderId}`, (event) =>
      received.push(event),
    );
    try {
      expect(
        await refusal(elsewhere.call(staff.staffDeclineItem, { params: { orderId, orderItemId } })),
      ).toMatchObject({ statusCode: 404 });
      const after = await kitchen.call(staff.staffDeclineItem, { params: { orderId, orderItemId } });
      expect(after.items.find((i) => i.order_item_id === orderItemId)?.status).toBe('declined');
      expect(after.total).toBe(before.total); // the bill stays; a paid order gets the share back
      await eventually(() =>
        expect(received).toContainEqual({
          topics: expect.arrayContaining([`order:${orderId}`, 'restaurant:1001']) as string[],
          type: 'order.item',
          data: { order_id: orderId, order_item_id: orderItemId, status: 'declined' },
        }),
      );
    } finally {
      unsubscribe();
    }
    const seen = await diner.call(orders.orderDetails, { query: { order_id: orderId } });
    expect(seen.items.find((i) => i.order_item_id === orderItemId)?.status).toBe('declined');
    const events = await server.db.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'item_declined')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: 'staff:kopitiam-ali-kitchen',
      data: { order_item_id: orderItemId },
    });

    // Declining it again, or an item of another order -> refused.
    expect(
      await refusal(kitchen.call(staff.staffDeclineItem, { params: { orderId, orderItemId } })),
    ).toMatchObject({ code: MESSAGE.invalidTransition });
    const another = await dinerOrder();
    expect(
      await refusal(
        kitchen.call(staff.staffDeclineItem, { params: { orderId: another.orderId, orderItemId } }),
      ),
    ).toMatchObject({ statusCode: 404 });
  });

  type Client = ReturnType<TestServer['client']>;
  const db = () => server.db.database.db;
  const simulator = () => server.app.santap.payments.simulator;
  const history = (diner: Client, orderId: number) =>
    diner.call(payments.orderPayments, { params: { orderId } });

  /** A dine-in order paid online through the simulator's hosted page (success), not yet completed. */
  async function paidOnline() {
    simulator().configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
    const diner = server.client();
    const placed = await placeOnlineOrder(diner);
    const started = await diner.call(payments.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    const page = await fetch(
      `${server.baseUrl}${new URL(started.redirect_url!).pathname}${new URL(started.redirect_url!).search}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ channel: 'grab_pay_app', outcome: 'success' }).toString(),
        redirect: 'manual',
      },
    );
    expect(page.status).toBe(302);
    expect((await history(diner, placed.order_id)).payment_status).toBe('paid');
    return { diner, orderId: placed.order_id, amount: placed.amount, reference: started.reference };
  }

  describe('refund of a completed order', () => {
    const refund = (
      client: Client,
      orderId: number,
      body: { amount?: number; reason: string },
      key?: string,
    ) =>
      client.call(staff.staffRefundOrder, { params: { orderId }, body }, key ? { idempotencyKey: key } : {});

    /** Served and completed by the manager, through the transition table. */
    async function complete(manager: Client, orderId: number) {
      for (const to of [
        ORDER_STATUS.CONFIRMED,
        ORDER_STATUS.PREPARING,
        ORDER_STATUS.READY,
        ORDER_STATUS.SERVED_OR_PICKED,
        ORDER_STATUS.COMPLETED,
      ]) {
        await setStatus(manager, orderId, to);
      }
    }

    it('full refund -> refund initiated through the gateway, then refunded; recorded with its reason; the same key refunds once', async () => {
      const manager = (await staffClient('kopitiam-ali-manager')).client;
      const { diner, orderId, amount, reference } = await paidOnline();
      await complete(manager, orderId);

      const key = `refund-${orderId}-a`;
      const reply = await refund(manager, orderId, { reason: 'Cold food' }, key);
      expect(reply).toMatchObject({
        order_id: orderId,
        payment_status: 'refund_initiated',
        currency: 'MYR',
        amount,
        refundable_amount: 0,
        refunds: [{ amount, reason: 'staff_refund', state: 'refund_initiated', wording_key: 'refund.bank' }],
      });
      expect(await refund(manager, orderId, { reason: 'Cold food' }, key)).toEqual(reply);

      await eventually(async () => {
        expect(await history(diner, orderId)).toMatchObject({
          payment_status: 'refunded',
          paid_amount: amount,
          refunded_amount: amount,
          refunds: [{ amount, reason: 'staff_refund', state: 'refunded', order_id: orderId }],
        });
      });
      expect(simulator().record(reference)?.status).toBe('refunded');
      // One refund row, keyed for the gateway's idempotency.
      const rows = await db()
        .select()
        .from(refunds)
        .where(eq(refunds.paymentId, reply.refunds[0]!.payment_id));
      expect(rows.map((r) => r.refundKey)).toEqual([
        `refund-${reply.refunds[0]!.payment_id}-staff_refund-1-order${orderId}`,
      ]);
      const trail = await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'refund')));
      expect(trail).toMatchObject([
        {
          actor: 'staff:kopitiam-ali-manager',
          data: { amount, reason: 'Cold food', refund_ids: [reply.refunds[0]!.refund_id] },
        },
      ]);
      // Nothing is left to refund.
      expect(await refusal(refund(manager, orderId, { reason: 'Again' }))).toMatchObject({
        statusCode: 422,
        code: MESSAGE.refundTooLarge,
      });
    });

    it('partial refund, more than the rest refused, then the rest -> refunded in two refunds', async () => {
      const manager = (await staffClient('kopitiam-ali-manager')).client;
      const { diner, orderId, amount, reference } = await paidOnline();
      await complete(manager, orderId);

      const part = await refund(manager, orderId, { amount: 100, reason: 'Missing sambal' });
      expect(part).toMatchObject({ amount: 100, refundable_amount: amount - 100, payment_status: 'paid' });
      await eventually(async () =>
        expect(await history(diner, orderId)).toMatchObject({ payment_status: 'paid', refunded_amount: 100 }),
      );
      expect(simulator().record(reference)?.status).toBe('partially_refunded');

      const tooMuch = await refusal(refund(manager, orderId, { amount: amount - 99, reason: 'Rest' }));
      expect(tooMuch).toMatchObject({ statusCode: 422, code: MESSAGE.refundTooLarge });
      expect(tooMuch.message).toBe('This is more than what is left to refund on this order');

      const rest = await refund(manager, orderId, { reason: 'Rest' });
      expect(rest).toMatchObject({
        amount: amount - 100,
        refundable_amount: 0,
        payment_status: 'refund_initiated',
      });
      await eventually(async () => {
        const seen = await history(diner, orderId);
        expect(seen).toMatchObject({ payment_status: 'refunded', refunded_amount: amount });
        expect(seen.refunds.map((r) => [r.amount, r.reason, r.state])).toEqual([
          [100, 'staff_refund', 'refunded'],
          [amount - 100, 'staff_refund', 'refunded'],
        ]);
      });
      expect(simulator().record(reference)?.status).toBe('refunded');
    });

    it("one order's staff reply says what is still refundable once completed (the counter's refund panel)", async () => {
      const manager = (await staffClient('kopitiam-ali-manager')).client;
      const { orderId, amount } = await paidOnline();
      const one = async () =>
        (await manager.call(staff.staffOrders, { query: { order_id: orderId } })).orders[0]!;
      // Running: nothing to say (no refund after completion yet).
      expect(await one()).not.toHaveProperty('refundable_amount');
      await complete(manager, orderId);
      expect(await one()).toMatchObject({ order_id: orderId, refundable_amount: amount });
      // The list does not read refunds for every order.
      const listed = (await manager.call(staff.staffOrders, { query: {} })).orders.find(
        (order) => order.order_id === orderId,
      );
      expect(listed).toBeDefined();
      expect(listed).not.toHaveProperty('refundable_amount');

      await refund(manager, orderId, { amount: 100, reason: 'Missing sambal' });
      expect(await one()).toMatchObject({ refundable_amount: amount - 100 });
      await refund(manager, orderId, { reason: 'Rest' });
      expect(await one()).toMatchObject({ refundable_amount: 0 });
      // Another restaurant's manager sees no such order.
      const other = (await staffClient('warung-sari-manager')).client;
      expect((await other.call(staff.staffOrders, { query: { order_id: orderId } })).orders).toEqual([]);
    });

    it('an order paid at the counter -> refunded without a gateway', async () => {
      const manager = (await staffClient('kopitiam-ali-manager')).client;
      const { diner, orderId } = await dinerOrder();
      const paid = await manager.call(payments.directPayment, {
        body: { order_id: orderId, method: 'Cash' },
      });
      await complete(manager, orderId);
      await refund(manager, orderId, { reason: 'Wrong dish' });
      await eventually(async () =>
        expect(await history(diner, orderId)).toMatchObject({
          payment_status: 'refunded',
          refunded_amount: paid.amount,
          refunds: [{ payment_id: paid.payment_id, state: 'refunded' }],
        }),
      );
    });

    it('not completed, kitchen role, another restaurant, unpaid -> refused, nothing refunded', async () => {
      const manager = (await staffClient('kopitiam-ali-manager')).client;
      const kitchen = (await staffClient('kopitiam-ali-kitchen')).client;
      const elsewhere = (await staffClient('warung-sari-manager')).client;
      const { orderId } = await paidOnline();
      await setStatus(manager, orderId, ORDER_STATUS.CONFIRMED);
      const running = await refusal(refund(manager, orderId, { reason: 'Too early' }));
      expect(running).toMatchObject({ statusCode: 422, code: MESSAGE.refundOrderNotCompleted });
      expect(running.message).toBe('Only a completed order can be refunded here');

      for (const to of [
        ORDER_STATUS.PREPARING,
        ORDER_STATUS.READY,
        ORDER_STATUS.SERVED_OR_PICKED,
        ORDER_STATUS.COMPLETED,
      ]) {
        await setStatus(manager, orderId, to);
      }
      expect(await refusal(refund(kitchen, orderId, { reason: 'Kitchen' }))).toMatchObject({
        statusCode: 403,
        code: MESSAGE.forbidden,
      });
      expect(await refusal(refund(elsewhere, orderId, { reason: 'Not ours' }))).toMatchObject({
        statusCode: 404,
        code: MESSAGE.notFound,
      });
      expect(await refusal(refund(manager, orderId, { amount: 0, reason: 'Zero' }))).toMatchObject({
        statusCode: 400,
      });
      expect(await refusal(refund(manager, orderId, { reason: ' ' }))).toMatchObject({ statusCode: 400 });

      // A completed order that was never paid has nothing to refund.
      const unpaid = await dinerOrder();
      await complete(manager, unpaid.orderId);
      expect(await refusal(refund(manager, unpaid.orderId, { reason: 'Unpaid' }))).toMatchObject({
        code: MESSAGE.refundTooLarge,
      });
      const started = await db().select().from(refunds);
      expect(started.filter((r) => r.refundKey.endsWith(`-order${orderId}`))).toEqual([]);
    });
  });

  describe('orders paid first (scheduled, prepay) cannot be taken on unpaid', () => {
    const refusedUnpaid = { statusCode: 422, code: MESSAGE.orderAwaitingPayment };

    it('an unpaid online order -> the manager cannot confirm it (the catalogue message), but may decline it', async () => {
      const manager = (await staffClient('kopitiam-ali-manager')).client;
      const first = await placeOnlineOrder(server.client());
      const refused = await refusal(setStatus(manager, first.order_id, ORDER_STATUS.CONFIRMED));
      expect(refused).toMatchObject(refusedUnpaid);
      expect(refused.message).toBe(
        'This order is waiting for its payment: it can be accepted once it is paid',
      );
      const view = await manager.call(staff.staffOrders, { query: {} });
      expect(view.orders.find((o) => o.order_id === first.order_id)?.status).toBe(
        ORDER_STATUS.WAITING_CONFIRMATION,
      );
      expect(await setStatus(manager, first.order_id, ORDER_STATUS.DECLINED)).toMatchObject({
        status: ORDER_STATUS.DECLINED,
      });
    });

    it('the same order once paid -> confirmed, prepared and completed as usual', async () => {
      const manager = (await staffClient('kopitiam-ali-manager')).client;
      const { orderId } = await paidOnline();
      for (const to of [
        ORDER_STATUS.CONFIRMED,
        ORDER_STATUS.PREPARING,
        ORDER_STATUS.READY,
        ORDER_STATUS.SERVED_OR_PICKED,
        ORDER_STATUS.COMPLETED,
      ]) {
        expect(await setStatus(manager, orderId, to)).toMatchObject({ status: to });
      }
    });

    it('an unpaid scheduled order -> not accepted (even one stored as pay later); cancelled is allowed', async () => {
      const manager = (await staffClient('kopitiam-ali-manager')).client;
      const { orderId } = await dinerOrder();
      // Create refuses a scheduled pay-later order; one in the database anyway (older data) is still
      // a scheduled order, paid first.
      await db()
        .update(ordersTable)
        .set({ orderTime: 'SCHEDULED', status: ORDER_STATUS.SCHEDULED })
        .where(eq(ordersTable.id, orderId));
      expect(await refusal(setStatus(manager, orderId, ORDER_STATUS.SCHEDULED_ACCEPTED))).toMatchObject(
        refusedUnpaid,
      );
      expect(await setStatus(manager, orderId, ORDER_STATUS.CANCELLED)).toMatchObject({
        status: ORDER_STATUS.CANCELLED,
      });
    });

    it('a pay-later order -> confirmed and prepared unpaid, as before', async () => {
      const manager = (await staffClient('kopitiam-ali-manager')).client;
      const { orderId } = await dinerOrder();
      expect(await setStatus(manager, orderId, ORDER_STATUS.CONFIRMED)).toMatchObject({
        status: ORDER_STATUS.CONFIRMED,
        payment_status: 'unpaid',
      });
      expect(await setStatus(manager, orderId, ORDER_STATUS.PREPARING)).toMatchObject({
        status: ORDER_STATUS.PREPARING,
      });
    });
  });

  describe('a kitchen pausing new orders', () => {
    const pause = (client: Client, minutes: number) =>
      client.call(staff.staffPauseOrders, { body: { minutes } });
    const create = (diner: Client) =>
      diner.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } });

    it("paused for 15 minutes -> order create refused 'Currently not accepting orders' until it lapses", async () => {
      const kitchen = (await staffClient('kopitiam-ali-kitchen')).client;
      const paused = await pause(kitchen, 15);
      expect(paused.paused_until_epoch).toBe(Math.floor(server.clock.now().getTime() / 1000) + 15 * 60);
      const diner = server.client();
      const refused = await refusal(placeDineInOrder(diner));
      expect(refused).toMatchObject({ statusCode: 422, code: MESSAGE.notAcceptingOrders });
      expect(refused.message).toBe('Currently not accepting orders');
      // The diner's cart is kept: placed once the pause lapses.
      server.clock.advance(14 * 60);
      expect(await refusal(create(diner))).toMatchObject({ code: MESSAGE.notAcceptingOrders });
      server.clock.advance(2 * 60);
      expect((await create(diner)).order_id).toBeGreaterThan(0);
    });

    it('paused, then 0 minutes -> taking orders again at once', async () => {
      const manager = (await staffClient('kopitiam-ali-manager')).client;
      await pause(manager, 60);
      const diner = server.client();
      expect(await refusal(placeDineInOrder(diner))).toMatchObject({ code: MESSAGE.notAcceptingOrders });
      expect(await pause(manager, 0)).toEqual({ paused_until_epoch: null });
      expect((await create(diner)).order_id).toBeGreaterThan(0);
    });
  });
});
