/**
 * The JSON columns the model floor reads once (README "Floors"): a good value reads back as its type;
 * a malformed or old one (written by hand or by older code) is defaulted or refused by the read
 * function, and over HTTP the caller gets a page or a clear refusal, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cart, invoices, orders as orderApi, reservations as bookingApi, staff } from '@santap/contract';
import type { EInvoiceBuyer } from '@santap/contract';
import { computeBill } from '@santap/domain';
import { eInvoices, orders, reservations } from '../../db/schema';
import type { QueuedTemplate, RequestedChange, StoredBuyer } from '../../db/schema';
import { DEMO_STAFF_PASSWORD } from '../../seed/ids';
import { ENGINES, startTestServer } from '../../../test/harness';
import type { TestServer } from '../../../test/harness';
import { addPlainItem, placeDineInOrder, scanTable } from '../../../test/journeys';
import type { Client } from '../../../test/journeys';
import { refusal } from '../../../test/refusal';
import { book, diner, staffMember } from '../../../test/reservations-kit';
import { queuedTemplateOf } from './message-deliveries';
import { storedBuyerOf } from './e-invoices';
import { billOf, parseBill } from './orders';
import { requestedChangeOf } from './reservations';

const BILL = computeBill({
  currency: 'MYR',
  lines: [{ unitPrice: 1250, quantity: 2 }],
  serviceChargeRate: 1000,
  taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }],
});

const BUYER: EInvoiceBuyer = {
  name: 'Siti Aminah',
  tin: null,
  id_type: null,
  id_value: null,
  sst_number: 'NA',
  address: {
    line1: '1 Jalan Ampang',
    line2: null,
    city: 'Kuala Lumpur',
    postcode: null,
    state: '14',
    country: 'MYS',
  },
  contact: '+60123456789',
  email: 'siti@example.com',
};

const CHANGE: RequestedChange = {
  date: '2026-11-26',
  slot: '20:00',
  guests: 2,
  smoking: false,
  starts_at: '2026-11-26T12:00:00.000Z',
  ends_at: '2026-11-26T13:30:00.000Z',
  table_id: 7,
  from_state: 'confirmation_pending',
};

describe('orders.bill', () => {
  it('a bill computeBill made -> the same bill', () => {
    expect(parseBill(BILL)).toEqual(BILL);
  });

  it('an old bill without lineTotals -> read with none, the rest as stored', () => {
    const { lineTotals: _, ...old } = BILL;
    expect(parseBill(old)).toEqual({ ...BILL, lineTotals: [] });
  });

  it('a total that is not a number, a line without an amount, or no bill -> null', () => {
    expect(parseBill({ ...BILL, total: '40.00' })).toBeNull();
    expect(parseBill({ ...BILL, lines: [{ key: 'bill.subtotal' }] })).toBeNull();
    expect(parseBill(null)).toBeNull();
  });

  it("billOf an order whose bill is malformed -> the order's own subtotal and total, no lines", () => {
    const row = { bill: { total: 'lots' }, currency: 'IDR', subtotal: 25_000, total: 30_000 };
    expect(billOf(row)).toEqual({
      currency: 'IDR',
      lineTotals: [],
      subtotal: 25_000,
      lines: [],
      total: 30_000,
    });
    expect(billOf({ ...row, bill: BILL })).toEqual(BILL);
  });
});

describe('e_invoices.buyer', () => {
  const stored: StoredBuyer = { details: BUYER, tinUsed: 'EI00000000010', generalTin: true };

  it('a stored buyer -> the same buyer', () => {
    expect(storedBuyerOf(stored)).toEqual(stored);
  });

  it('details of the wrong shape (a string, an unknown state code) or no TIN used -> null', () => {
    expect(storedBuyerOf({ ...stored, details: 'Siti Aminah' })).toBeNull();
    expect(
      storedBuyerOf({ ...stored, details: { ...BUYER, address: { ...BUYER.address, state: '99' } } }),
    ).toBeNull();
    expect(storedBuyerOf({ details: BUYER, generalTin: true })).toBeNull();
  });
});

describe('reservations.requested_change', () => {
  it('a stored change -> the same change', () => {
    expect(requestedChangeOf({ requestedChange: CHANGE })).toEqual(CHANGE);
  });

  it("a change stored before from_state was kept -> from 'confirmed', as every decline went then", () => {
    const { from_state: _, ...old } = CHANGE;
    expect(requestedChangeOf({ requestedChange: old })).toEqual({ ...old, from_state: 'confirmed' });
  });

  it('none, guests as text or a window that is not an instant -> null', () => {
    expect(requestedChangeOf({ requestedChange: null })).toBeNull();
    expect(requestedChangeOf({ requestedChange: { ...CHANGE, guests: 'two' } })).toBeNull();
    expect(requestedChangeOf({ requestedChange: { ...CHANGE, starts_at: 'tomorrow' } })).toBeNull();
  });
});

describe('message_deliveries.payload', () => {
  const queued: QueuedTemplate = {
    template: 'santap_order_ready',
    lang: 'my',
    body: ['#42', 'Kopitiam Ali'],
  };

  it('a queued template -> the same template', () => {
    expect(queuedTemplateOf(queued)).toEqual(queued);
  });

  it("an OTP's row ({}), a language we do not speak or parameters that are not text -> null", () => {
    expect(queuedTemplateOf({})).toBeNull();
    expect(queuedTemplateOf({ ...queued, lang: 'fr' })).toBeNull();
    expect(queuedTemplateOf({ ...queued, body: [42] })).toBeNull();
  });
});

describe.each(ENGINES)('malformed JSON columns over HTTP on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.app.santap.db;

  async function kitchen() {
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD } });
    return server.client({ authToken: session.token });
  }

  /** Two of the plain dish at table 5003, sent as more items for `orderId` (as add-more.test.ts does). */
  async function addMore(client: Client, orderId: number) {
    await addPlainItem(client, 'kopitiam-ali', 'kopitiam-ali', 2);
    await scanTable(client, 1001, 5003);
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    return client.call(orderApi.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later', add_to_order_id: orderId },
    });
  }

  it("an order whose stored bill is not a bill -> its page opens with its total and no lines; more items are refused ('place a new order'), and taken once the bill is whole again", async () => {
    const client = server.client();
    const placed = await placeDineInOrder(client);
    const manager = await kitchen();
    for (const status of [1, 2]) {
      await manager.call(staff.staffOrderStatus, { params: { orderId: placed.order_id }, body: { status } });
    }
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.order_id));
    await db().execute(
      sql`update orders set bill = '{"total": "lots"}'::jsonb where id = ${placed.order_id}`,
    );

    const page = await client.call(orderApi.orderDetails, { query: { order_id: placed.order_id } });
    expect(page.bill).toMatchObject({ total: row!.total, subtotal: row!.subtotal, lines: [] });

    const refused = await refusal(addMore(client, placed.order_id));
    expect(refused).toMatchObject({ statusCode: 422, code: 'errors.addMoreClosed' });

    await db().update(orders).set({ bill: row!.bill }).where(eq(orders.id, placed.order_id));
    expect(await addMore(client, placed.order_id)).toMatchObject({ order_id: placed.order_id, batch: 2 });
  });

  it("an e-invoice whose stored buyer is of the wrong shape -> fetch is refused with 'something went wrong' (422, not 500); the form is prefilled with nothing", async () => {
    const client = server.client();
    const placed = await placeDineInOrder(client);
    const now = server.clock.now();
    const good: StoredBuyer = { details: BUYER, tinUsed: 'EI00000000010', generalTin: true };
    await db()
      .insert(eInvoices)
      .values({ orderId: placed.order_id, buyer: good, status: 'valid', createdAt: now, updatedAt: now });
    expect((await client.call(invoices.eInvoiceUserData, {})).buyer).toEqual(BUYER);
    expect(await client.call(invoices.eInvoiceFetch, { query: { order_id: placed.order_id } })).toMatchObject(
      {
        status: 'valid',
        buyer: BUYER,
      },
    );

    await db().execute(
      sql`update e_invoices set buyer = '{"details": "Siti", "tinUsed": 7}'::jsonb where order_id = ${placed.order_id}`,
    );
    const fetched = await refusal(
      client.call(invoices.eInvoiceFetch, { query: { order_id: placed.order_id } }),
    );
    expect(fetched).toMatchObject({ statusCode: 422, code: 'errors.somethingWentWrong' });
    expect(await client.call(invoices.eInvoiceUserData, {})).toEqual({ buyer: null });
  });

  it("a booking whose requested change is of the wrong shape -> shown without a change; staff accepting it are refused ('can no longer be changed')", async () => {
    const { client } = await diner(server);
    const booking = await book(client, { restaurant_id: 1004, date: '2026-11-26', slot: '13:00' });
    await client.call(bookingApi.requestModification, {
      body: { reservation_id: booking.reservation_id, slot: '14:00' },
    });
    await db().execute(
      sql`update reservations set requested_change = '{"slot": 14}'::jsonb where id = ${booking.reservation_id}`,
    );

    const shown = await client.call(bookingApi.fetchReservation, {
      query: { reservation_id: booking.reservation_id },
    });
    expect(shown).toMatchObject({ state: 'modification_requested', requested_change: null });
    const staffMemberOf = await staffMember(server, 'menu-besar-manager');
    const accepted = await refusal(
      staffMemberOf.client.call(bookingApi.staffAcceptModification, {
        params: { reservationId: booking.reservation_id },
      }),
    );
    expect(accepted).toMatchObject({ statusCode: 422, code: 'errors.bookingNotChangeable' });
    const [row] = await db().select().from(reservations).where(eq(reservations.id, booking.reservation_id));
    expect(row!.state).toBe('modification_requested');
  });
});
