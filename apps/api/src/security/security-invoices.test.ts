/**
 * Finding 7 of the security review replayed over HTTP on both engines: the invoice of an unpaid order
 * could be mailed to any address with the diner's free text in it. Now: an unpaid order is refused
 * (409, in the caller's language); a paid one first mails the typed address a one-time link with fixed
 * words only; the invoice goes after the click, once, and carries no note a diner typed; a forged or
 * stale link sends nothing. apps/api/README.md, "Invoice mails".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, invoices } from '@santap/contract';
import { emailInvoices, orderItems, orders } from '../db/schema';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { placeDineInOrder } from '../../test/journeys';
import { refusal } from '../../test/refusal';

const PHISH = 'Your account is locked, log in at http://evil.example';

describe.each(ENGINES)('invoice mails (finding 7) on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const mailsTo = async (recipient: string) =>
    (await server.client().call(auth.devInbox, { query: { recipient } })).messages;

  it.each([
    ['en', 'once the order is paid'],
    ['id', 'setelah pesanan dibayar'],
    ['my', 'setelah pesanan dibayar'],
  ])("a guest's unpaid order (%s) -> 409 in that language, nothing mailed", async (language, words) => {
    const client = server.client({ language });
    const placed = await placeDineInOrder(client);
    const to = `unpaid-${language}@example.com`;
    const refused = await refusal(
      client.call(invoices.emailInvoice, { body: { order_id: placed.order_id, email: to } }),
    );
    expect(refused).toMatchObject({ statusCode: 409, code: 'errors.invoiceOrderNotPaid' });
    expect(refused.message).toContain(words);
    expect(await mailsTo(to)).toEqual([]);
  });

  it('a paid order -> the typed address gets only a link with fixed words; the invoice after the click, once, without the notes', async () => {
    const client = server.client();
    const placed = await placeDineInOrder(client);
    const db = server.app.santap.db;
    await db
      .update(orders)
      .set({ paymentStatus: 'paid', specialNote: PHISH })
      .where(eq(orders.id, placed.order_id));
    await db.update(orderItems).set({ notes: PHISH }).where(eq(orderItems.orderId, placed.order_id));
    const to = 'victim@example.com';

    const asked = await client.call(invoices.emailInvoice, {
      body: { order_id: placed.order_id, email: to },
    });
    expect(asked.status).toBe('confirmation_sent');
    const [confirmation, ...more] = await mailsTo(to);
    expect(more).toEqual([]);
    expect(confirmation!.body).not.toContain('evil.example');
    expect(confirmation!.body).toContain('/api/invoice/confirm?c=');

    const link = /href="([^"]+)"/.exec(confirmation!.body)![1]!.replace(/&amp;/g, '&');
    const open = () => fetch(new URL(new URL(link).pathname + new URL(link).search, server.baseUrl));
    expect((await open()).status).toBe(200);
    expect((await open()).status).toBe(200); // a second click: the same page, no second invoice
    const invoiceMails = (await mailsTo(to)).filter((mail) => !mail.body.includes('/api/invoice/confirm'));
    expect(invoiceMails).toHaveLength(1);
    expect(invoiceMails[0]!.body).not.toContain('evil.example');
    const sent = await db.select().from(emailInvoices).where(eq(emailInvoices.email, to));
    expect(sent.map((row) => row.status).sort()).toEqual(['confirmation_sent', 'sent']);

    // A tampered link (another address, the same signature) and garbage send nothing.
    const [encoded, signature] = new URL(link).searchParams.get('c')!.split('.');
    const body = JSON.parse(Buffer.from(encoded!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...body, e: 'other@example.com' })).toString('base64url')}.${signature}`;
    for (const code of [forged, 'x.y', '']) {
      const reply = await fetch(`${server.baseUrl}/api/invoice/confirm?c=${encodeURIComponent(code)}`);
      expect(reply.status).toBe(410);
    }
    expect(await mailsTo('other@example.com')).toEqual([]);
  });

  it('a link opened after a day -> refused, nothing sent', async () => {
    const client = server.client();
    const placed = await placeDineInOrder(client);
    await server.app.santap.db
      .update(orders)
      .set({ paymentStatus: 'paid' })
      .where(eq(orders.id, placed.order_id));
    await client.call(invoices.emailInvoice, {
      body: { order_id: placed.order_id, email: 'late@example.com' },
    });
    const [confirmation] = await mailsTo('late@example.com');
    const link = new URL(/href="([^"]+)"/.exec(confirmation!.body)![1]!.replace(/&amp;/g, '&'));
    server.clock.advance(24 * 60 * 60 + 1);
    try {
      const reply = await fetch(new URL(link.pathname + link.search, server.baseUrl));
      expect(reply.status).toBe(410);
      expect(await mailsTo('late@example.com')).toHaveLength(1);
    } finally {
      server.clock.set('2026-11-23T04:00:00Z');
    }
  });
});
