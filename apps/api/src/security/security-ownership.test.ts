/**
 * Ownership sweep (OWASP API1, broken object-level authorization), on both engines: diner A makes one
 * of each object a diner owns — an order, its payment, a food-court order, a cart line, an address, an
 * allergy, a booking — each carrying a marker text. Then every diner call of the OpenAPI document
 * (the walker of the bad-input sweep, so a new call is swept without editing this file) that takes one
 * of those ids is made with A's id by diner B, by a guest with a cart of its own and by a stranger.
 * None may answer A's data (no 2xx reply holds A's marker), and afterwards every one of A's objects is
 * as A left it (no write went through).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auth, cart } from '@santap/contract';
import { ORDER_STATUS } from '@santap/domain';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { paidOrder } from '../../test/account-kit';
import { addPlainItem, placeFoodCourtOrder } from '../../test/journeys';
import { book, diner } from '../../test/reservations-kit';
import { orders, reservations, tableRequests, userAddresses, userAllergies } from '../db/schema';
import { inputNames, openApiOperations } from './openapi-operations';
import type { JsonSchema, SweptOperation } from './openapi-operations';

const MARK = 'OwnedByDinerA-7f3k';

/** Values for the other inputs a call needs, so that it reaches its ownership check. */
const FILLERS: Record<string, unknown> = {
  scope: 'kopitiam-ali',
  restaurant_id: 1001,
  table_id: 5003,
  item_id: 1,
  quantity: 1,
  email: 'b@example.com',
  method: 'Wallet',
  channel: 'grab_pay_app',
  payment_mode: 'online',
  notes: 'b',
  reason: 'b',
  rating: 5,
  reviews: [],
  date: '2026-11-25',
  slot: '19:00',
  guests: 2,
  // A table request (call a waiter).
  kind: 'waiter',
};

describe.each(ENGINES)('ownership sweep on %s', (engine) => {
  let server: TestServer;
  let owned: Record<string, number>;
  let operations: SweptOperation[];
  let callers: Record<string, Record<string, string>>;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const db = server.app.santap.db;
    const a = await diner(server);
    const { orderId, paymentId } = await paidOrder(server, a.client);
    await db.update(orders).set({ specialNote: MARK }).where(eq(orders.id, orderId));
    const fc = await placeFoodCourtOrder(a.client);
    await db.update(orders).set({ specialNote: MARK }).where(eq(orders.fcOrderId, fc.fc_order_id!));
    await addPlainItem(a.client, 'kopitiam-ali');
    const aCart = await a.client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
    const cartItemId = aCart.items[0]!.cart_item_id;
    await a.client.call(cart.cartNotes, {
      body: { scope: 'kopitiam-ali', cart_item_id: cartItemId, notes: MARK },
    });
    const { address } = await a.client.call(account.addressCreate, {
      body: { apartment: MARK, city: 'Kuala Lumpur', lng: 101.6869, lat: 3.139 },
    });
    const { allergy } = await a.client.call(account.allergyAdd, {
      body: { category: 'fish', severity: 'avoid', note: MARK },
    });
    const booking = await book(a.client, { contact_name: MARK, special_request: MARK });
    owned = {
      order_id: orderId,
      orderId,
      add_to_order_id: orderId,
      payment_id: paymentId,
      fc_order_id: fc.fc_order_id!,
      cart_item_id: cartItemId,
      addressId: address.address_id,
      address_id: address.address_id,
      allergyId: allergy.allergy_id,
      reservation_id: booking.reservation_id,
    };

    const b = await diner(server);
    const guest = await server.client().call(auth.registerGuest, {});
    callers = {
      'diner B': { authorization: `Bearer ${b.token}`, 'cart-token': 'userOwnershipB1' },
      guest: { authorization: `Bearer ${guest.token}`, 'cart-token': 'userOwnershipG1' },
      stranger: { 'cart-token': 'userOwnershipS1' },
    };
    operations = (await openApiOperations(server.baseUrl)).filter(
      (op) =>
        (op.access === 'user' || op.access === 'cart') &&
        inputNames(op.operation).some((name) => name in owned || name === 'order_ids'),
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** The request of `op` with A's ids where it takes them and fillers elsewhere. */
  function requestOf(op: SweptOperation) {
    const value = (name: string) =>
      name === 'order_ids' ? [owned.order_id] : (owned[name] ?? FILLERS[name]);
    let url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => String(value(name) ?? 1));
    const query = (op.operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'query' && value(parameter.name) !== undefined)
      .map((parameter) => `${parameter.name}=${encodeURIComponent(String(value(parameter.name)))}`);
    if (query.length) url += `?${query.join('&')}`;
    const schema: JsonSchema | undefined = op.operation.requestBody?.content['application/json'].schema;
    const body = schema?.properties
      ? Object.fromEntries(
          Object.keys(schema.properties)
            .filter((name) => value(name) !== undefined)
            .map((name) => [name, value(name)]),
        )
      : undefined;
    return { url, body };
  }

  it("every diner call that takes an id, with diner A's id, as diner B, a guest and a stranger -> never A's data, nothing of A's changed", async () => {
    // The sweep reaches the calls of each kind of object (a renamed id would otherwise drop out).
    const swept = operations.map((op) => op.operation.operationId);
    for (const id of [
      'orders.details',
      'payments.detail',
      'account.addressUpdate',
      'reservations.fetch',
      'cart.notes',
      'tableRequests.create',
    ])
      expect(swept).toContain(id);

    const leaks: string[] = [];
    const statuses = new Map<number, number>();
    for (const op of operations) {
      const { url, body } = requestOf(op);
      for (const [who, headers] of Object.entries(callers)) {
        const response = await fetch(`${server.baseUrl}${url}`, {
          method: op.method,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status < 300 && text.includes(MARK)) {
          leaks.push(`${op.operation.operationId} as ${who} -> ${response.status} ${text.slice(0, 160)}`);
        }
      }
    }
    const counts = [...statuses.entries()].sort(([x], [y]) => x - y).map(([status, n]) => `${status}: ${n}`);
    console.log(`ownership sweep (${engine}): ${operations.length} calls; ${counts.join(', ')}`);
    expect(leaks).toEqual([]);

    // Nothing of A's was changed by the others' writes.
    const db = server.app.santap.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, owned.order_id!));
    expect(order).toMatchObject({ specialNote: MARK, paymentStatus: 'paid' });
    expect(order!.status).not.toBe(ORDER_STATUS.CANCELLED);
    const [address] = await db.select().from(userAddresses).where(eq(userAddresses.id, owned.addressId!));
    expect(address).toMatchObject({ apartment: MARK });
    const [allergy] = await db.select().from(userAllergies).where(eq(userAllergies.id, owned.allergyId!));
    expect(allergy).toMatchObject({ note: MARK });
    const [booking] = await db.select().from(reservations).where(eq(reservations.id, owned.reservation_id!));
    expect(booking).toMatchObject({ contactName: MARK, requestedChange: null });
    // Nobody called a waiter or asked for the bill on A's order.
    expect(await db.select().from(tableRequests).where(eq(tableRequests.orderId, owned.order_id!))).toEqual(
      [],
    );
  }, 600_000);

  it("OTP status (auth.otpStatus, a token rather than an id): A's challenge read with B's token, a guessed or altered one, by B, a guest and a stranger -> 404; A's own token -> A's status", async () => {
    const a = await server.client().call(auth.sendOtp, { body: { phone: '+60187770001', channel: 'sms' } });
    const b = await server.client().call(auth.sendOtp, { body: { phone: '+60187770002', channel: 'sms' } });
    const [idA, macA] = a.status_token.split('.');
    const [idB, macB] = b.status_token.split('.');
    const tokens = [
      `${idA}.${macB}`,
      `${idB}.${macA}`,
      `${idA}.${'0'.repeat(22)}`,
      `${Number(idA) + 1}.${macA}`,
    ];
    const answers: string[] = [];
    for (const [who, headers] of Object.entries(callers)) {
      for (const token of tokens) {
        const response = await fetch(
          `${server.baseUrl}${auth.otpStatus.path}?token=${encodeURIComponent(token)}`,
          {
            headers,
          },
        );
        answers.push(`${who} ${token} -> ${response.status}`);
        if (response.status !== 404) answers.push(await response.text());
      }
    }
    expect(answers.filter((answer) => !answer.endsWith('-> 404'))).toEqual([]);
    expect(await server.client().call(auth.otpStatus, { query: { token: a.status_token } })).toEqual({
      channel: 'sms',
      status: 'sent',
      switched_to_sms: false,
    });
  });
});
