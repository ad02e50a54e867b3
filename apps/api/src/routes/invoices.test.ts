import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { auth, cart, invoices, orders, staff } from '@santap/contract';
import type { EInvoiceBuyer, EInvoiceBuyerInput } from '@santap/contract';
import { formatMoney } from '@santap/domain';
import { eInvoices, emailInvoices, foodCourtOrders, orders as orderRows } from '../db/schema';
import { replaceMyInvoisForTests } from '../services/products/invoices/einvoice';
import { replaceMailTransportForTests } from '../services/products/invoices/mailer';
import { fakeMyInvois } from '../services/adapters/einvoice/myinvois/myinvois';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { addPlainItem, placeDineInOrder, placeFoodCourtOrder } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { login } from '../../test/promotions-kit';

/** A demo taxpayer of the fake MyInvois (FAKE_TAXPAYERS). */
const SITI: EInvoiceBuyerInput = {
  name: 'Siti Nurhaliza binti Ahmad',
  tin: 'IG12345678901',
  id_type: 'NRIC',
  id_value: '900101-14-5678',
  address: { line1: 'No. 12, Jalan Tun Perak', city: 'Kuala Lumpur', postcode: '50050', state: '14' },
  contact: '012-345 6789',
  email: 'siti@example.com',
};

describe.each(ENGINES)('invoices and e-invoices on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    replaceMailTransportForTests(undefined);
    replaceMyInvoisForTests(undefined);
  });

  async function mailsTo(recipient: string) {
    const { messages } = await server.client().call(auth.devInbox, { query: { recipient } });
    return messages;
  }

  /** The order's payment is settled (the payment flows are tested in payments.test.ts). */
  async function markPaid(orderId: number) {
    await server.app.santap.db
      .update(orderRows)
      .set({ paymentStatus: 'paid' })
      .where(eq(orderRows.id, orderId));
  }

  /**
   * Opens the one-time link of the last confirmation mail `recipient` received (as the diner's mail
   * client would) and returns the page's reply.
   */
  async function confirmFrom(recipient: string) {
    const messages = await mailsTo(recipient);
    const confirmation = messages.find((mail) => mail.body.includes('/api/invoice/confirm?c='));
    const link = /href="([^"]+)"/.exec(confirmation?.body ?? '')?.[1]?.replace(/&amp;/g, '&');
    expect(link).toBeDefined();
    return fetch(new URL(new URL(link!).pathname + new URL(link!).search, server.baseUrl));
  }

  /** The restaurant's manager walks a dine-in order to completed. */
  async function complete(orderId: number) {
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username: 'kopitiam-ali-manager', password: 'santap-demo' } });
    const manager = server.client({ authToken: session.token });
    for (const status of [1, 2, 3, 10, 4]) {
      await manager.call(staff.staffOrderStatus, { params: { orderId }, body: { status } });
    }
  }

  async function completedOrder(client: Client = server.client()) {
    const placed = await placeDineInOrder(client);
    await complete(placed.order_id);
    return { client, orderId: placed.order_id };
  }

  it('email invoice in Malay -> dev mailbox HTML with Malay labels, the formatted total and a PDF', async () => {
    const client = server.client({ language: 'my' });
    const placed = await placeDineInOrder(client);
    await markPaid(placed.order_id);
    const order = await client.call(orders.orderDetails, { query: { order_id: placed.order_id } });
    const sent = await client.call(invoices.emailInvoice, {
      body: { order_id: placed.order_id, email: 'pelanggan.my@example.com' },
    });
    expect(sent).toMatchObject({
      status: 'confirmation_sent',
      order_id: placed.order_id,
      order_ids: [placed.order_id],
    });
    // First only the link, in Malay; the invoice follows its click.
    const [confirmation] = await mailsTo('pelanggan.my@example.com');
    expect(confirmation?.subject).toContain(`#${placed.order_id}`);
    expect(confirmation?.subject).toContain('Sahkan e-mel');
    const clicked = await confirmFrom('pelanggan.my@example.com');
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain('pelanggan.my@example.com');

    const mail = (await mailsTo('pelanggan.my@example.com')).find((m) =>
      m.subject?.startsWith('Invois anda'),
    );
    expect(mail?.subject).toBe(`Invois anda daripada Kopitiam Ali - pesanan #${placed.order_id}`);
    const html = mail!.body;
    expect(html).toContain('<html lang="ms">');
    expect(html).toContain(formatMoney(order.total, 'MYR', 'my'));
    expect(html).toContain('Caj Perkhidmatan 10%');
    expect(html).toContain('Jumlah kecil');
    expect(html).toContain('Makan di Sini');
    expect(html).toContain('23/11/2026 12:00 MYT');
    expect(html).toContain(order.items[0]!.name);

    const page = await fetch(`${server.baseUrl}/api/dev/mail/${mail!.id}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toBe(html);
    const attachment = await fetch(`${server.baseUrl}/api/dev/mail/${mail!.id}/attachment/0`);
    expect(attachment.headers.get('content-type')).toBe('application/pdf');
    expect(attachment.headers.get('content-disposition')).toContain(`invois-${placed.order_id}.pdf`);
    const pdf = new Uint8Array(await attachment.arrayBuffer());
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    const document = await PDFDocument.load(pdf);
    expect(document.getTitle()).toBe(`Invois anda daripada Kopitiam Ali - pesanan #${placed.order_id}`);

    const rows = await server.app.santap.db
      .select()
      .from(emailInvoices)
      .where(eq(emailInvoices.orderId, placed.order_id));
    expect(rows).toMatchObject([
      { status: 'confirmation_sent', language: 'my', email: 'pelanggan.my@example.com', error: null },
      { status: 'sent', language: 'my', email: 'pelanggan.my@example.com', error: null },
    ]);
  });

  it("transport that throws -> Couldn't Send Invoice (status 0) and the send recorded as failed", async () => {
    const client = server.client();
    const placed = await placeDineInOrder(client);
    await markPaid(placed.order_id);
    replaceMailTransportForTests(() => ({
      kind: 'test',
      send: () => Promise.reject(new Error('421 4.3.2 Service not available')),
    }));
    const refused = await refusal(
      client.call(invoices.emailInvoice, { body: { order_id: placed.order_id, email: 'fail@example.com' } }),
    );
    expect(refused).toMatchObject({
      message: "Couldn't Send Invoice",
      code: 'errors.couldNotSendInvoice',
      statusCode: 502,
    });
    const raw = await fetch(`${server.baseUrl}/api/user/email_invoice`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'cart-token': client.cartToken,
        'accept-language': 'id',
      },
      body: JSON.stringify({ order_id: placed.order_id, email: 'fail@example.com' }),
    });
    expect(await raw.json()).toMatchObject({ status: 0, message: 'Gagal Mengirim Faktur' });
    const rows = await server.app.santap.db
      .select()
      .from(emailInvoices)
      .where(eq(emailInvoices.orderId, placed.order_id));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.status === 'failed' && row.error?.includes('421'))).toBe(true);
    expect(await mailsTo('fail@example.com')).toEqual([]);
  });

  it("another diner's order -> 404 for the invoice mail and the e-invoice; a malformed email -> 400", async () => {
    const { orderId } = await completedOrder();
    const stranger = server.client();
    const mail = await refusal(
      stranger.call(invoices.emailInvoice, { body: { order_id: orderId, email: 'x@example.com' } }),
    );
    expect(mail.statusCode).toBe(404);
    const submit = await refusal(
      stranger.call(invoices.eInvoiceSubmit, { body: { order_id: orderId, buyer: SITI } }),
    );
    expect(submit.statusCode).toBe(404);
    const fetched = await refusal(stranger.call(invoices.eInvoiceFetch, { query: { order_id: orderId } }));
    expect(fetched.statusCode).toBe(404);
    const badEmail = await refusal(
      server.client().call(invoices.emailInvoice, { body: { order_id: orderId, email: 'not-an-email' } }),
    );
    expect(badEmail).toMatchObject({
      statusCode: 400,
      details: [{ path: 'email', message: 'validation.emailMissingAt' }],
    });
  });

  it("two logged-in diners -> B cannot email A's invoices nor submit or fetch A's e-invoice; A's stays A's", async () => {
    const a = await login(server);
    const b = await login(server);
    const { orderId } = await completedOrder(a.client);
    const fc = await placeFoodCourtOrder(a.client);
    const mine = await a.client.call(invoices.eInvoiceSubmit, { body: { order_id: orderId, buyer: SITI } });
    expect(mine).toMatchObject({ order_id: orderId, status: 'submitted', buyer: { name: SITI.name } });

    const refusals = [
      () =>
        b.client.call(invoices.emailInvoice, { body: { order_id: orderId, email: 'b-mail@example.com' } }),
      () =>
        b.client.call(invoices.generateFoodCourtInvoice, {
          body: { fc_order_id: fc.fc_order_id!, email: 'b-mail@example.com' },
        }),
      () =>
        b.client.call(invoices.eInvoiceSubmit, {
          body: {
            order_id: orderId,
            buyer: { ...SITI, name: 'Bambang Wijaya', email: 'b-mail@example.com' },
          },
        }),
      () => b.client.call(invoices.eInvoiceFetch, { query: { order_id: orderId } }),
    ];
    for (const attempt of refusals) {
      expect(await refusal(attempt())).toMatchObject({ statusCode: 404, code: 'errors.notFound' });
    }
    // Nothing of A's reached B: no mail, no prefilled buyer, and nothing was recorded for B's tries.
    expect(await mailsTo('b-mail@example.com')).toEqual([]);
    expect(await b.client.call(invoices.eInvoiceUserData, {})).toEqual({ buyer: null });
    const sends = await server.app.santap.db
      .select()
      .from(emailInvoices)
      .where(eq(emailInvoices.email, 'b-mail@example.com'));
    expect(sends).toEqual([]);

    // A's e-invoice is untouched and still A's.
    const fetched = await a.client.call(invoices.eInvoiceFetch, { query: { order_id: orderId } });
    expect(fetched).toMatchObject({
      order_id: orderId,
      document_uuid: mine.document_uuid,
      buyer: { name: SITI.name, email: SITI.email },
    });
    expect((await a.client.call(invoices.eInvoiceUserData, {})).buyer).toMatchObject({ name: SITI.name });
    const rows = await server.app.santap.db.select().from(eInvoices).where(eq(eInvoices.orderId, orderId));
    expect(rows).toHaveLength(1);
    await markPaid(orderId);
    expect(
      (
        await a.client.call(invoices.emailInvoice, {
          body: { order_id: orderId, email: 'a-mail@example.com' },
        })
      ).status,
    ).toBe('confirmation_sent');
  });

  it('food-court order with two outlets -> one invoice listing both outlets and the grand total', async () => {
    const client = server.client();
    await addPlainItem(client, 'mall-demo', 1011);
    await addPlainItem(client, 'mall-demo', 1013);
    await client.call(cart.cartDetails, {
      body: { scope: 'mall-demo', context: { orderType: 3, pickupType: 'pickup' } },
    });
    const created = await client.call(orders.foodCourtOrderCreate, {
      body: { scope: 'mall-demo', payment_mode: 'online' },
    });
    const fcOrderId = created.fc_order_id!;
    const unpaid = await refusal(
      client.call(invoices.generateFoodCourtInvoice, {
        body: { fc_order_id: fcOrderId, email: 'foodcourt@example.com' },
      }),
    );
    expect(unpaid).toMatchObject({ statusCode: 409, code: 'errors.invoiceOrderNotPaid' });
    await server.app.santap.db
      .update(foodCourtOrders)
      .set({ paymentStatus: 'paid' })
      .where(eq(foodCourtOrders.id, fcOrderId));
    const sent = await client.call(invoices.generateFoodCourtInvoice, {
      body: { fc_order_id: fcOrderId, email: 'foodcourt@example.com' },
    });
    expect(sent.order_ids.sort()).toEqual([...created.order_ids].sort());
    expect((await confirmFrom('foodcourt@example.com')).status).toBe(200);
    const fc = await client.call(orders.foodCourtOrders, { query: { fc_order_id: fcOrderId } });
    const mail = (await mailsTo('foodcourt@example.com')).find((m) => m.subject?.startsWith('Your invoice'));
    expect(mail?.subject).toBe(`Your invoice from Mall Demo Food Court - food court order #${fcOrderId}`);
    for (const outlet of fc.orders) {
      expect(mail!.body).toContain(outlet.restaurant_name);
      expect(mail!.body).toContain(`#${outlet.order_id}`);
      expect(mail!.body).toContain(formatMoney(outlet.total, 'MYR', 'en'));
    }
    expect(mail!.body).toContain('Grand total');
    expect(mail!.body).toContain(formatMoney(created.amount, 'MYR', 'en'));

    const stranger = await refusal(
      server.client().call(invoices.generateFoodCourtInvoice, {
        body: { fc_order_id: fcOrderId, email: 'x@example.com' },
      }),
    );
    expect(stranger.statusCode).toBe(404);
  });

  it('e-invoice: unpaid -> refused; completed -> submitted, then fetch -> valid with a validation link', async () => {
    const client = server.client();
    const placed = await placeDineInOrder(client);
    const early = await refusal(
      client.call(invoices.eInvoiceSubmit, { body: { order_id: placed.order_id, buyer: SITI } }),
    );
    expect(early.code).toBe('errors.einvoiceOrderNotPaid');
    await complete(placed.order_id);

    const submitted: Record<string, unknown>[] = [];
    const fake = fakeMyInvois();
    replaceMyInvoisForTests({
      ...fake,
      submitDocument: (input) => {
        submitted.push(input.document);
        return fake.submitDocument(input);
      },
    });
    const created = await client.call(invoices.eInvoiceSubmit, {
      body: { order_id: placed.order_id, buyer: SITI },
    });
    expect(created).toMatchObject({
      order_id: placed.order_id,
      status: 'submitted',
      tin_used: 'IG12345678901',
      general_tin_used: false,
      long_id: null,
      validation_link: null,
      buyer: { name: SITI.name, id_value: '900101145678', sst_number: 'NA' },
    });
    expect(created.document_uuid).toMatch(/^[A-Z2-7]{26}$/);

    const order = await client.call(orders.orderDetails, { query: { order_id: placed.order_id } });
    const invoice = (submitted[0]!.Invoice as Record<string, { _: unknown }[] | undefined>[])[0]!;
    const totals = (invoice.LegalMonetaryTotal as Record<string, { _: number }[]>[])[0]!;
    expect(totals.PayableAmount![0]!._).toBe(order.total / 100);
    expect(invoice.ID![0]!._).toBe(`SANTAP-${placed.order_id}`);

    const fetched = await client.call(invoices.eInvoiceFetch, { query: { order_id: placed.order_id } });
    expect(fetched.status).toBe('valid');
    expect(fetched.long_id).toMatch(/^[A-Z2-7]{40}$/);
    expect(fetched.validation_link).toBe(
      `https://preprod.myinvois.hasil.gov.my/${created.document_uuid}/share/${fetched.long_id}`,
    );
    const prefill = await client.call(invoices.eInvoiceUserData, {});
    expect(prefill.buyer).toMatchObject({ name: SITI.name, tin: 'IG12345678901', email: 'siti@example.com' });
  });

  it('TIN that does not match the NRIC -> clear message; the TIN check says the same; malformed TIN -> 400', async () => {
    const { client, orderId } = await completedOrder();
    const mismatch = await refusal(
      client.call(invoices.eInvoiceSubmit, {
        body: { order_id: orderId, buyer: { ...SITI, id_value: '900101145679' } },
      }),
    );
    expect(mismatch).toMatchObject({
      statusCode: 400,
      code: 'validation.tinInvalid',
      message: 'This TIN does not match the ID number given. Please check both',
    });
    const check = (tin: string, idType: 'NRIC' | 'BRN', idValue: string) =>
      client.call(invoices.taxpayerTin, { query: { tin, idType, idValue } });
    expect(await check('IG12345678901', 'NRIC', '900101145679')).toMatchObject({
      valid: false,
      message: 'This TIN does not match the ID number given. Please check both',
    });
    expect(await check('ig 1234 5678 901', 'NRIC', '900101-14-5678')).toMatchObject({
      tin: 'IG12345678901',
      valid: true,
      message: null,
    });
    expect(await check('C1234567890', 'BRN', '201901234567')).toMatchObject({ valid: true });
    expect(await check('X123', 'NRIC', '900101145678')).toMatchObject({
      valid: false,
      message: 'Please enter a valid TIN, for example IG12345678901 or C1234567890',
    });
    const malformed = await refusal(
      client.call(invoices.eInvoiceSubmit, { body: { order_id: orderId, buyer: { ...SITI, tin: 'IG12' } } }),
    );
    expect(malformed).toMatchObject({
      statusCode: 400,
      details: [{ part: 'body', path: 'buyer.tin', message: 'validation.tinFormat' }],
    });
    const rows = await server.app.santap.db.select().from(eInvoices).where(eq(eInvoices.orderId, orderId));
    expect(rows).toEqual([]);
  });

  it('no TIN -> the general public TIN EI00000000010 with the MyKad number, not checked with MyInvois', async () => {
    const { client, orderId } = await completedOrder();
    const fake = fakeMyInvois();
    let tinChecks = 0;
    replaceMyInvoisForTests({
      ...fake,
      validateTin: (input) => {
        tinChecks++;
        return fake.validateTin(input);
      },
    });
    const { tin: _tin, ...withoutTin } = SITI;
    const created = await client.call(invoices.eInvoiceSubmit, {
      body: {
        order_id: orderId,
        buyer: { ...withoutTin, name: 'Ahmad bin Ismail', id_value: '850505-10-5151' },
      },
    });
    expect(created).toMatchObject({
      status: 'submitted',
      tin_used: 'EI00000000010',
      general_tin_used: true,
      buyer: { tin: null, id_type: 'NRIC', id_value: '850505105151' },
    });
    expect(tinChecks).toBe(0);
  });

  it('second submit for the same order -> the same e-invoice; two at once -> one submission, one row', async () => {
    const { client, orderId } = await completedOrder();
    const fake = fakeMyInvois();
    let submissions = 0;
    replaceMyInvoisForTests({
      ...fake,
      submitDocument: (input) => {
        submissions++;
        return fake.submitDocument(input);
      },
    });
    const submit = (buyer: EInvoiceBuyerInput) =>
      client.call(invoices.eInvoiceSubmit, { body: { order_id: orderId, buyer } });
    const both = await Promise.all([submit(SITI), submit(SITI)]);
    expect(submissions).toBe(1);
    const uuid = both.find((reply) => reply.document_uuid)?.document_uuid;
    expect(uuid).toMatch(/^[A-Z2-7]{26}$/);
    // The one that lost the race answers while the other is still submitting: same record, uuid to come.
    for (const reply of both) {
      expect(reply.status).toBe('submitted');
      expect([uuid, null]).toContain(reply.document_uuid);
    }
    const again = await submit({ ...SITI, name: 'Someone Else' });
    expect(again).toMatchObject({ document_uuid: uuid, buyer: { name: SITI.name } });
    expect(submissions).toBe(1);
    const [{ rows } = { rows: 0 }] = await server.app.santap.db
      .select({ rows: count() })
      .from(eInvoices)
      .where(eq(eInvoices.orderId, orderId));
    expect(Number(rows)).toBe(1);
  });

  it("an Indonesian restaurant's order -> refused: e-invoices are Malaysian only", async () => {
    const client = server.client({ country: 'ID' });
    await addPlainItem(client, 'warung-sari');
    await client.call(cart.cartDetails, {
      body: { scope: 'warung-sari', context: { orderType: 3, pickupType: 'pickup' } },
    });
    const created = await client.call(orders.orderCreate, {
      body: { scope: 'warung-sari', payment_mode: 'online' },
    });
    const refused = await refusal(
      client.call(invoices.eInvoiceSubmit, { body: { order_id: created.order_id, buyer: SITI } }),
    );
    expect(refused).toMatchObject({
      code: 'errors.einvoiceMalaysiaOnly',
      message: 'E-invoices are only issued for orders at restaurants in Malaysia',
    });
  });

  it('MyInvois unreachable -> a clear 503 and no e-invoice kept, so a retry can submit', async () => {
    const { client, orderId } = await completedOrder();
    const fake = fakeMyInvois();
    const { MyInvoisUnavailable } = await import('../services/adapters/einvoice/myinvois/myinvois');
    replaceMyInvoisForTests({
      ...fake,
      submitDocument: () => Promise.reject(new MyInvoisUnavailable('network: ECONNREFUSED')),
    });
    const down = await refusal(
      client.call(invoices.eInvoiceSubmit, { body: { order_id: orderId, buyer: SITI } }),
    );
    expect(down).toMatchObject({ statusCode: 503, code: 'errors.einvoiceUnavailable' });
    replaceMyInvoisForTests(undefined);
    const created = await client.call(invoices.eInvoiceSubmit, { body: { order_id: orderId, buyer: SITI } });
    expect(created.status).toBe('submitted');
  });

  it('claim left without a document by a request that died -> taken over after 2 minutes, not before', async () => {
    const { client, orderId } = await completedOrder();
    const details: EInvoiceBuyer = {
      name: 'Lost Request',
      tin: null,
      id_type: null,
      id_value: null,
      sst_number: 'NA',
      address: { line1: 'NA', line2: null, city: 'NA', postcode: null, state: '17', country: 'MYS' },
      contact: '+60123456789',
      email: 'lost@example.com',
    };
    const buyer = { details, tinUsed: 'EI00000000010', generalTin: true };
    await server.app.santap.db.insert(eInvoices).values({
      orderId,
      buyer,
      status: 'submitted',
      createdAt: server.clock.now(),
      updatedAt: server.clock.now(),
    });
    const fresh = await client.call(invoices.eInvoiceSubmit, { body: { order_id: orderId, buyer: SITI } });
    expect(fresh).toMatchObject({
      status: 'submitted',
      document_uuid: null,
      buyer: { name: 'Lost Request' },
    });
    server.clock.advance(121);
    try {
      const taken = await client.call(invoices.eInvoiceSubmit, { body: { order_id: orderId, buyer: SITI } });
      expect(taken).toMatchObject({ status: 'submitted', buyer: { name: SITI.name } });
      expect(taken.document_uuid).toMatch(/^[A-Z2-7]{26}$/);
    } finally {
      server.clock.set('2026-11-23T04:00:00Z');
    }
  });

  it('eleventh invoice mail for one order within the hour -> 429, an hour later -> sent again', async () => {
    const client = server.client();
    const placed = await placeDineInOrder(client);
    await markPaid(placed.order_id);
    const send = () =>
      client.call(invoices.emailInvoice, { body: { order_id: placed.order_id, email: 'many@example.com' } });
    for (let i = 0; i < 10; i++) await send();
    expect(await refusal(send())).toMatchObject({ statusCode: 429, code: 'errors.tooManyRequests' });
    server.clock.advance(3601);
    try {
      expect((await send()).status).toBe('confirmation_sent');
    } finally {
      server.clock.set('2026-11-23T04:00:00Z');
    }
  });

  it('dev mail viewer -> 404 for an unknown mail or attachment', async () => {
    expect((await fetch(`${server.baseUrl}/api/dev/mail/999999`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/dev/mail/abc/attachment/0`)).status).toBe(404);
  });
});
