/**
 * Receipts and e-invoices per share of a table's tab (apps/api docs/tabs.md, "Receipts and e-invoices
 * per share") over HTTP on a real server: two friends at menu-besar (service charge 10 %, SST 6 %)
 * each pay a share through the simulator gateway, then each asks for their own MyInvois e-invoice
 * (the fake MyInvois) and their own emailed receipt. The other friend's share is 404, a share whose
 * payment is under way is refused, and order e-invoices stay as they were (routes/invoices.test.ts).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { auth, cart, invoices, orders, restaurants as restaurantApi, tabs } from '@santap/contract';
import type { EInvoiceBuyerInput, ShareQuote, ShareRequestInput, TabView } from '@santap/contract';
import { BILL_LINE_KEY, TAB_MESSAGE, formatMoney } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import { eInvoices, emailInvoices, restaurants, tabShares } from '../db/schema';
import { DEMO, demoQrSecret } from '../seed/ids';
import { dynamicQrText } from '../services/flows/tables/scan';
import { replaceMyInvoisForTests } from '../services/products/invoices/einvoice';
import { formatInvoiceDateTime } from '../services/products/invoices/model';
import { fakeMyInvois } from '../services/adapters/einvoice/myinvois/myinvois';
import type { SimulatorProvider } from '../services/adapters/payments/gateways/simulator/simulator';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { menuOf } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { refusal } from '../../test/refusal';

const BESAR = { scope: 'menu-besar', restaurantId: DEMO.menuBesar };

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

/** A buyer with no TIN: LHDN's general public TIN. */
const AHMAD: EInvoiceBuyerInput = {
  name: 'Ahmad bin Ismail',
  id_type: 'NRIC',
  id_value: '850505-10-5151',
  address: { line1: 'Jalan Telawi 3', city: 'Kuala Lumpur', postcode: '59100', state: '14' },
  contact: '013-222 3344',
  email: 'ahmad@example.com',
};

type Json = Record<string, unknown>;
const first = (value: unknown) => (value as Json[])[0]!;
const val = (value: unknown) => first(value)._;
/** A UBL amount (ringgit as a JSON number) in sen. */
const sen = (value: unknown) => Math.round((val(value) as number) * 100);

/** The share's receipt line of `key` (0 when it has none). */
const lineOf = (quote: ShareQuote, key: string) =>
  quote.lines
    .filter((line) => line.key === key && !line.included)
    .reduce((sum, line) => sum + line.amount, 0);

describe.each(ENGINES)('receipts and e-invoices per share on %s', (engine) => {
  let server: TestServer;
  let simulator: SimulatorProvider;

  beforeAll(async () => {
    server = await startTestServer(engine);
    simulator = server.app.santap.payments.simulator;
    // Tips on: a share's tip is on its receipt and its e-invoice.
    await server.db.database.db
      .update(restaurants)
      .set({ settings: sql`${restaurants.settings} || '{"tabTips": true}'::jsonb` })
      .where(eq(restaurants.id, BESAR.restaurantId));
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    simulator.configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
  });
  afterEach(() => {
    replaceMyInvoisForTests(undefined);
  });

  const db = () => server.db.database.db;
  const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);

  /** A signed (dynamic) scan of menu-besar's table: the browser keeps its ticket. */
  const scan = (diner: Client, tableId: number) => {
    const url = new URL(
      dynamicQrText(
        'http://localhost:3000',
        demoQrSecret(BESAR.restaurantId),
        { kind: 'table', restaurantId: String(BESAR.restaurantId), tableId: String(tableId) },
        nowSeconds() + 3600,
      ),
    );
    return diner.call(restaurantApi.restaurantTable, {
      params: { restaurantId: BESAR.restaurantId, tableId },
      query: { v: url.searchParams.get('v')!, sig: url.searchParams.get('sig')! },
    });
  };

  /** A dine-in pay-later order of the `picks`-th plain dishes at `tableId`. */
  async function order(diner: Client, tableId: number, picks: number[]) {
    const dishes = (await menuOf(diner, BESAR.scope)).items.filter(
      (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
    );
    for (const index of picks) {
      await diner.call(cart.cartUpdate, {
        body: { scope: BESAR.scope, item_id: dishes[index]!.id, quantity: 1 },
      });
    }
    await scan(diner, tableId);
    await diner.call(cart.cartDetails, { body: { scope: BESAR.scope, context: { orderType: 1, tableId } } });
    return diner.call(orders.orderCreate, { body: { scope: BESAR.scope, payment_mode: 'pay_later' } });
  }

  /** Two friends at `tableId`: Ana opens the tab with her order, Ben joins by its code and orders. */
  async function twoFriends(tableId: number, language: 'en' | 'my' = 'en') {
    const ana = server.client({ language });
    const ben = server.client();
    const anaOrder = await order(ana, tableId, [0, 1]);
    const { tab } = await ana.call(tabs.tabOfOrder, { query: { order_id: anaOrder.order_id } });
    await scan(ben, tableId);
    await ben.call(tabs.tabJoin, {
      body: { restaurant_id: BESAR.restaurantId, table_id: tableId, code: tab!.join_code ?? '' },
    });
    const benOrder = await order(ben, tableId, [2]);
    return { ana, ben, anaOrder, benOrder, tab: await tabOf(ana, anaOrder.order_id) };
  }

  const tabOf = async (diner: Client, orderId: number): Promise<TabView> => {
    const { tab } = await diner.call(tabs.tabOfOrder, { query: { order_id: orderId } });
    expect(tab).not.toBeNull();
    return tab!;
  };

  const pay = (diner: Client, tabId: number, request: ShareRequestInput, tip = 0) =>
    diner.call(tabs.tabPayShare, {
      params: { tabId },
      body: { request, tip, method: 'Wallet', channel: 'grab_pay_app' },
    });

  /** The payer on the simulator's hosted page, as a browser submits it: the share is paid. */
  async function payOnPage(redirectUrl: string | null) {
    const page = new URL(redirectUrl ?? '');
    const response = await fetch(`${server.baseUrl}${page.pathname}${page.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'grab_pay_app', outcome: 'success' }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
  }

  /** The fake MyInvois, keeping every document submitted. */
  function recordingMyInvois() {
    const submitted: { codeNumber: string; document: Json }[] = [];
    const fake = fakeMyInvois();
    replaceMyInvoisForTests({
      ...fake,
      submitDocument: (input) => {
        submitted.push(input);
        return fake.submitDocument(input);
      },
    });
    return submitted;
  }

  /**
   * The document's lines and totals checked against each other (what MyInvois adds up), and against
   * the share: payable = what the payer paid, the dish lines = the share's subtotal, the charge, tax
   * and tip lines = the share's own. Returns the dish lines.
   */
  function expectDocumentOfShare(document: Json, share: { amount: number; tip: number }, quote: ShareQuote) {
    const invoice = first(document.Invoice);
    const totals = first(invoice.LegalMonetaryTotal);
    const lines = invoice.InvoiceLine as Json[];
    const lineAmounts = lines.map((line) => sen(line.LineExtensionAmount));
    expect(lineAmounts.reduce((a, b) => a + b, 0)).toBe(sen(totals.LineExtensionAmount));
    const tax = sen(first(invoice.TaxTotal).TaxAmount);
    const lineTaxes = lines.map((line) => sen(first(line.TaxTotal).TaxAmount));
    expect(lineTaxes.reduce((a, b) => a + b, 0)).toBe(tax);
    expect(sen(totals.TaxExclusiveAmount)).toBe(
      sen(totals.LineExtensionAmount) - sen(totals.AllowanceTotalAmount),
    );
    expect(sen(totals.TaxInclusiveAmount)).toBe(sen(totals.TaxExclusiveAmount) + tax);
    expect(sen(totals.PayableAmount)).toBe(
      sen(totals.TaxInclusiveAmount) - sen(totals.PrepaidAmount) + sen(totals.PayableRoundingAmount),
    );
    // What the payer paid, tip and all.
    expect(sen(totals.PayableAmount)).toBe(share.amount);

    const byId = (id: string) => lines.find((line) => val(line.ID) === id);
    const charges = new Set(['serviceCharge', 'packaging', 'deliveryFee', 'tip']);
    const dishes = lines.filter((line) => !charges.has(val(line.ID) as string));
    expect(dishes.reduce((sum, line) => sum + sen(line.LineExtensionAmount), 0)).toBe(
      lineOf(quote, BILL_LINE_KEY.subtotal),
    );
    expect(sen(byId('serviceCharge')!.LineExtensionAmount)).toBe(lineOf(quote, BILL_LINE_KEY.serviceCharge));
    expect(tax).toBe(lineOf(quote, 'bill.sst'));
    expect(tax).toBeGreaterThan(0);
    if (share.tip > 0) {
      const tip = byId('tip')!;
      expect(sen(tip.LineExtensionAmount)).toBe(share.tip);
      expect(sen(first(tip.TaxTotal).TaxAmount)).toBe(0);
    } else expect(byId('tip')).toBeUndefined();
    return dishes;
  }

  it("two friends each pay a share -> each gets their own e-invoice, totals = what they paid, lines add up; the other's share 404; a share under way refused", async () => {
    const { ana, ben, tab } = await twoFriends(5307);
    const anaDish = tab.lines.find((line) => line.member_id === tab.me)!;

    // Ben pays a third of Ana's dish; Ana pays half of what is left with a tip; Ben starts the other half.
    const benThird = await pay(ben, tab.tab_id, {
      kind: 'dish_part',
      line_id: anaDish.line_id,
      parts: 3,
      part: 1,
    });
    await payOnPage(benThird.payment.redirect_url);
    const anaHalf = await pay(ana, tab.tab_id, { kind: 'equal', parts: 2, part: 1 }, 250);
    await payOnPage(anaHalf.payment.redirect_url);
    const of = (anaHalf.quote.request as { of: number }).of;
    const benHalf = await pay(ben, tab.tab_id, { kind: 'equal', parts: 2, part: 2, of });
    const shares = await db().select().from(tabShares).where(eq(tabShares.tabId, tab.tab_id));
    const stateOf = (id: number) => shares.find((share) => share.id === id)?.state;
    expect([stateOf(benThird.share.share_id), stateOf(anaHalf.share.share_id)]).toEqual(['paid', 'paid']);
    expect(stateOf(benHalf.share.share_id)).toBe('pending');
    expect(anaHalf.share).toMatchObject({ tip: 250, amount: anaHalf.share.settles + 250 });

    const submitted = recordingMyInvois();
    // Ana's e-invoice: her half of both friends' orders, and her tip.
    const anaInvoice = await ana.call(invoices.eInvoiceSubmit, {
      body: { tab_share_id: anaHalf.share.share_id, buyer: SITI },
    });
    expect(anaInvoice).toMatchObject({
      order_id: null,
      tab_share_id: anaHalf.share.share_id,
      status: 'submitted',
      tin_used: 'IG12345678901',
      buyer: { name: SITI.name },
    });
    expect(anaInvoice.document_uuid).toMatch(/^[A-Z2-7]{26}$/);
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.codeNumber).toBe(`SANTAP-S${anaHalf.share.share_id}`);
    expect(val(first(submitted[0]!.document.Invoice).ID)).toBe(`SANTAP-S${anaHalf.share.share_id}`);
    const anaDishes = expectDocumentOfShare(submitted[0]!.document, anaHalf.share, anaHalf.quote);
    // Half of what was left: part of every dish of both orders, each as a fraction of the dish.
    expect(anaDishes.map((line) => val(line.ID)).sort()).toEqual(
      tab.lines.map((line) => line.line_id).sort(),
    );
    for (const line of anaDishes) {
      const quantity = val(line.InvoicedQuantity) as number;
      expect(quantity).toBeGreaterThan(0);
      expect(quantity).toBeLessThan(1);
    }

    // Ben's e-invoice: a third of Ana's dish, nothing of anything else; no tip line.
    const benInvoice = await ben.call(invoices.eInvoiceSubmit, {
      body: { tab_share_id: benThird.share.share_id, buyer: AHMAD },
    });
    expect(benInvoice).toMatchObject({
      order_id: null,
      tab_share_id: benThird.share.share_id,
      general_tin_used: true,
      tin_used: 'EI00000000010',
    });
    expect(submitted[1]!.codeNumber).toBe(`SANTAP-S${benThird.share.share_id}`);
    const benDishes = expectDocumentOfShare(submitted[1]!.document, benThird.share, benThird.quote);
    expect(benDishes).toHaveLength(1);
    expect(val(benDishes[0]!.ID)).toBe(anaDish.line_id);
    expect(val(benDishes[0]!.InvoicedQuantity)).toBeCloseTo(1 / 3, 2);
    expect(first(benDishes[0]!.Item).Description).toEqual([{ _: anaDish.name }]);

    // Ben's receipt by mail: his third of Ana's dish, the fraction as its quantity.
    const benTo = `ben-${engine}@example.com`;
    await ben.call(invoices.emailInvoice, { body: { tab_share_id: benThird.share.share_id, email: benTo } });
    const { messages: benMails } = await server.client().call(auth.devInbox, { query: { recipient: benTo } });
    const benLink = /href="([^"]+)"/.exec(benMails[0]!.body)![1]!.replace(/&amp;/g, '&');
    expect(
      (await fetch(new URL(new URL(benLink).pathname + new URL(benLink).search, server.baseUrl))).status,
    ).toBe(200);
    const { messages: benAfter } = await server.client().call(auth.devInbox, { query: { recipient: benTo } });
    const benReceipt = benAfter.find((m) => m.subject?.startsWith('Your receipt'))!;
    expect(benReceipt.subject).toBe(`Your receipt from Menu Besar - your share #${benThird.share.share_id}`);
    expect(benReceipt.body).toContain(anaDish.name);
    expect(benReceipt.body).toContain('your part of this dish');
    expect(benReceipt.body).toContain('>0.33<');
    expect(benReceipt.body).toContain(formatMoney(benThird.share.amount, 'MYR', 'en'));
    expect(benReceipt.body).not.toContain('Tip');

    // Each one's is theirs: the other friend's share, and a stranger, read nothing.
    const stranger = server.client();
    for (const [who, shareId] of [
      [ben, anaHalf.share.share_id],
      [ana, benThird.share.share_id],
      [stranger, anaHalf.share.share_id],
    ] as const) {
      expect(
        await refusal(who.call(invoices.eInvoiceFetch, { query: { tab_share_id: shareId } })),
      ).toMatchObject({ statusCode: 404, code: 'errors.notFound' });
      expect(
        await refusal(who.call(invoices.eInvoiceSubmit, { body: { tab_share_id: shareId, buyer: SITI } })),
      ).toMatchObject({ statusCode: 404, code: 'errors.notFound' });
    }
    expect(submitted).toHaveLength(2);

    // Fetched, Ana's is valid; asked again, the same one, nothing submitted twice.
    const fetched = await ana.call(invoices.eInvoiceFetch, {
      query: { tab_share_id: anaHalf.share.share_id },
    });
    expect(fetched).toMatchObject({ status: 'valid', tab_share_id: anaHalf.share.share_id, order_id: null });
    expect(fetched.validation_link).toContain(anaInvoice.document_uuid!);
    const again = await ana.call(invoices.eInvoiceSubmit, {
      body: { tab_share_id: anaHalf.share.share_id, buyer: { ...SITI, name: 'Someone Else' } },
    });
    expect(again).toMatchObject({ document_uuid: anaInvoice.document_uuid, buyer: { name: SITI.name } });
    expect(submitted).toHaveLength(2);
    // Ben's form is prefilled from his share's e-invoice.
    expect((await ben.call(invoices.eInvoiceUserData, {})).buyer).toMatchObject({ name: AHMAD.name });

    // Ben's other half is still being paid: refused in his language, nothing kept.
    const benMy = server.client({ cartToken: ben.cartToken, language: 'my' });
    const early = await refusal(
      benMy.call(invoices.eInvoiceSubmit, { body: { tab_share_id: benHalf.share.share_id, buyer: AHMAD } }),
    );
    expect(early).toMatchObject({ statusCode: 409, code: TAB_MESSAGE.shareNotPaid });
    expect(early.message).toBe(createTranslator('my')(TAB_MESSAGE.shareNotPaid));
    expect(
      await refusal(
        ben.call(invoices.emailInvoice, {
          body: { tab_share_id: benHalf.share.share_id, email: 'b@example.com' },
        }),
      ),
    ).toMatchObject({ statusCode: 409, code: TAB_MESSAGE.shareNotPaid });
    expect(
      await refusal(ben.call(invoices.eInvoiceFetch, { query: { tab_share_id: benHalf.share.share_id } })),
    ).toMatchObject({ statusCode: 404 });

    // Neither or both of order_id and tab_share_id: a clear 400.
    const both = await refusal(
      ana.call(invoices.eInvoiceSubmit, {
        body: { order_id: tab.orders[0]!.order_id, tab_share_id: anaHalf.share.share_id, buyer: SITI },
      }),
    );
    expect(both).toMatchObject({
      statusCode: 400,
      details: [{ path: 'tab_share_id', message: 'validation.invalidInput' }],
    });
    expect((await refusal(ana.call(invoices.eInvoiceFetch, { query: {} }))).statusCode).toBe(400);

    const rows = await db().select().from(eInvoices).where(isNotNull(eInvoices.tabShareId));
    expect(rows.map((row) => [row.tabShareId, row.orderId]).sort()).toEqual(
      [
        [anaHalf.share.share_id, null],
        [benThird.share.share_id, null],
      ].sort(),
    );
  });

  it("a share's receipt by mail -> its dishes' parts, tip, method, table, paid time and amount, in the payer's language; the other friend's share 404", async () => {
    const { ana, ben, tab } = await twoFriends(5308, 'my');
    const anaShare = await pay(ana, tab.tab_id, { kind: 'mine' }, 300);
    await payOnPage(anaShare.payment.redirect_url);
    const benShare = await pay(ben, tab.tab_id, { kind: 'rest' });
    await payOnPage(benShare.payment.redirect_url);
    const receipt = await ana.call(tabs.tabShareReceipt, {
      params: { tabId: tab.tab_id, shareId: anaShare.share.share_id },
    });
    expect(receipt.paid_epoch).not.toBeNull();

    const to = `ana-${engine}@example.com`;
    const sent = await ana.call(invoices.emailInvoice, {
      body: { tab_share_id: anaShare.share.share_id, email: to },
    });
    expect(sent).toMatchObject({
      status: 'confirmation_sent',
      order_id: null,
      tab_share_id: anaShare.share.share_id,
      order_ids: [tab.orders.find((o) => o.member_id === tab.me)!.order_id],
    });
    // Ben asking for Ana's receipt: nothing of hers, no mail.
    expect(
      await refusal(
        ben.call(invoices.emailInvoice, {
          body: { tab_share_id: anaShare.share.share_id, email: 'ben@example.com' },
        }),
      ),
    ).toMatchObject({ statusCode: 404, code: 'errors.notFound' });

    const mailsTo = async (recipient: string) =>
      (await server.client().call(auth.devInbox, { query: { recipient } })).messages;
    expect(await mailsTo('ben@example.com')).toEqual([]);
    const [confirmation] = await mailsTo(to);
    expect(confirmation?.subject).toBe(
      createTranslator('my')('invoice.shareConfirmSubject', {
        shareId: anaShare.share.share_id,
        place: 'Menu Besar',
      }),
    );
    const link = /href="([^"]+)"/.exec(confirmation!.body)![1]!.replace(/&amp;/g, '&');
    const clicked = await fetch(new URL(new URL(link).pathname + new URL(link).search, server.baseUrl));
    expect(clicked.status).toBe(200);

    const mail = (await mailsTo(to)).find((m) => m.subject?.startsWith('Resit anda'));
    expect(mail?.subject).toBe(`Resit anda daripada Menu Besar - bahagian anda #${anaShare.share.share_id}`);
    const html = mail!.body;
    const money = (minor: number) => formatMoney(minor, 'MYR', 'my');
    expect(html).toContain('<html lang="ms">');
    expect(html).toContain(money(anaShare.share.amount));
    expect(html).toContain(money(300));
    expect(html).toContain('Wang tip');
    expect(html).toContain('E-dompet');
    expect(html).toContain('Caj Perkhidmatan 10%');
    expect(html).toContain(`#${anaShare.share.share_id}`);
    expect(html).toContain(receipt.table_label!);
    expect(html).toContain(formatInvoiceDateTime(new Date(receipt.paid_epoch! * 1000), 'Asia/Kuala_Lumpur'));
    // Her dishes, not Ben's.
    for (const line of tab.lines) {
      if (line.member_id === tab.me) expect(html).toContain(line.name);
      else expect(html).not.toContain(line.name);
    }
    const attachment = await fetch(`${server.baseUrl}/api/dev/mail/${mail!.id}/attachment/0`);
    expect(attachment.headers.get('content-disposition')).toContain(`invois-s${anaShare.share.share_id}.pdf`);
    const pdf = await PDFDocument.load(new Uint8Array(await attachment.arrayBuffer()));
    expect(pdf.getTitle()).toBe(mail!.subject);

    const rows = await db()
      .select()
      .from(emailInvoices)
      .where(eq(emailInvoices.tabShareId, anaShare.share.share_id));
    expect(rows.map((row) => [row.status, row.orderId, row.email])).toEqual([
      ['confirmation_sent', null, to],
      ['sent', null, to],
    ]);
  });
});
