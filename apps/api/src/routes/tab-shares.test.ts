/**
 * Paying a table's tab in shares (apps/api docs/tabs.md, Shares) over HTTP on a real server: four
 * phones on one tab at a dynamic-QR restaurant (menu-besar: service charge 10 %, SST 6 %, cash rounded
 * to 5 sen), shares paid through the simulator gateway and its notifications, holds, refusals in the
 * caller's language, two phones asking for the last share at once, a hold that ended and its late
 * capture given back, and the counter taking the rest.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { cart, orders, payments as paymentApi, restaurants, staff, tabs } from '@santap/contract';
import type { ShareRequestInput, TabView } from '@santap/contract';
import { SPLIT_MESSAGE, TAB_MESSAGE, equalParts, formatMoney } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import { orders as ordersTable, payments, refunds, tabShares } from '../db/schema';
import { DEMO, DEMO_STAFF_PASSWORD, demoQrSecret } from '../seed/ids';
import { dynamicQrText } from '../services/flows/tables/scan';
import { TAB_SHARE_HOLD_SECONDS } from '../services/model/tab-shares';
import type { SimulatorProvider } from '../services/adapters/payments/gateways/simulator/simulator';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { menuOf } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { refusal } from '../../test/refusal';

const BESAR = { scope: 'menu-besar', restaurantId: DEMO.menuBesar };

const words = (lang: 'en' | 'id' | 'my', key: string, values?: Record<string, string | number>) =>
  createTranslator(lang)(key as TranslationKey, values);

describe.each(ENGINES)('tab shares on %s', (engine) => {
  let server: TestServer;
  let simulator: SimulatorProvider;

  beforeAll(async () => {
    server = await startTestServer(engine);
    simulator = server.app.santap.payments.simulator;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    simulator.configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
  });

  const db = () => server.db.database.db;
  const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);

  /** A signed (dynamic) scan of menu-besar's table: the browser keeps its ticket; a tab there is joined. */
  const scan = (diner: Client, tableId: number) => {
    const url = new URL(
      dynamicQrText(
        'http://localhost:3000',
        demoQrSecret(BESAR.restaurantId),
        { kind: 'table', restaurantId: String(BESAR.restaurantId), tableId: String(tableId) },
        nowSeconds() + 3600,
      ),
    );
    return diner.call(restaurants.restaurantTable, {
      params: { restaurantId: BESAR.restaurantId, tableId },
      query: { v: url.searchParams.get('v')!, sig: url.searchParams.get('sig')! },
    });
  };

  /** A dine-in pay-later order of the `picks`-th plain dishes at `tableId` (or a round added to `addTo`). */
  async function order(diner: Client, tableId: number, picks: number[], addTo?: number) {
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
    return diner.call(orders.orderCreate, {
      body: {
        scope: BESAR.scope,
        payment_mode: 'pay_later',
        ...(addTo !== undefined ? { add_to_order_id: addTo } : {}),
      },
    });
  }

  /** A friend at the table types the tab's code (after a scan of the table's QR). */
  async function join(diner: Client, tableId: number, code: string | null) {
    await scan(diner, tableId);
    await diner.call(tabs.tabJoin, {
      body: { restaurant_id: BESAR.restaurantId, table_id: tableId, code: code ?? '' },
    });
  }

  /** Phones at `tableId`: the first opens the tab with its order, the others join by its code and order. */
  async function table(tableId: number, picks: number[][]) {
    const phones = picks.map(() => server.client());
    const placed = [await order(phones[0]!, tableId, picks[0]!)];
    const { tab } = await phones[0]!.call(tabs.tabOfOrder, { query: { order_id: placed[0]!.order_id } });
    for (const [index, phone] of phones.entries()) {
      if (index === 0) continue;
      await join(phone, tableId, tab!.join_code);
      placed.push(await order(phone, tableId, picks[index]!));
    }
    return { phones, placed };
  }

  type Placed = Awaited<ReturnType<typeof order>>;

  const tabOf = async (diner: Client, orderId: number): Promise<TabView> => {
    const { tab } = await diner.call(tabs.tabOfOrder, { query: { order_id: orderId } });
    expect(tab).not.toBeNull();
    return tab!;
  };

  const pay = (diner: Client, tabId: number, request: ShareRequestInput, options: { key?: string } = {}) =>
    diner.call(
      tabs.tabPayShare,
      { params: { tabId }, body: { request, method: 'Wallet', channel: 'grab_pay_app' } },
      options.key ? { idempotencyKey: options.key } : {},
    );

  /** The payer on the simulator's hosted page, as a browser submits it. */
  async function payOnPage(redirectUrl: string | null, outcome: 'success' | 'failure' = 'success') {
    const page = new URL(redirectUrl ?? '');
    const response = await fetch(`${server.baseUrl}${page.pathname}${page.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'grab_pay_app', outcome }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
  }

  /** A notification of the gateway posted to our webhook, as it would arrive late. */
  async function notify(reference: string, status: 'success' | 'failed') {
    const notification = simulator.signedNotification(reference, status);
    const response = await fetch(`${server.baseUrl}/api/payments/webhook/simulator`, {
      method: 'POST',
      headers: notification.headers,
      body: notification.body,
    });
    expect(response.status).toBe(200);
  }

  async function manager() {
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username: 'menu-besar-manager', password: DEMO_STAFF_PASSWORD } });
    return server.client({ authToken: session.token });
  }

  const sharesOfTab = (tabId: number) => db().select().from(tabShares).where(eq(tabShares.tabId, tabId));
  const paymentsOfTab = async (tabId: number) => {
    const ids = (await sharesOfTab(tabId)).map((share) => share.paymentId).filter((id): id is number => !!id);
    return ids.length ? db().select().from(payments).where(inArray(payments.id, ids)) : [];
  };

  it('four phones, two rounds: my dishes, a third of a dish, a quarter of the rest and its other parts, the counter takes the last; shares add up to the tab to the sen', async () => {
    const seated = await table(5305, [[0, 1], [2], [3], [4]]);
    const [ana, ben, cai, dev] = seated.phones as [Client, Client, Client, Client];
    const [anaOrder, benOrder, caiOrder, devOrder] = seated.placed as [Placed, Placed, Placed, Placed];
    let tab = await tabOf(ana, anaOrder.order_id);
    expect(tab.members).toHaveLength(4);
    expect(tab.orders.map((o) => o.order_id)).toEqual([
      anaOrder.order_id,
      benOrder.order_id,
      caiOrder.order_id,
      devOrder.order_id,
    ]);
    const member = async (diner: Client, orderId: number) => (await tabOf(diner, orderId)).me!;
    const [anaId, benId, caiId] = [
      await member(ana, anaOrder.order_id),
      await member(ben, benOrder.order_id),
      await member(cai, caiOrder.order_id),
    ];

    // Ana pays her two dishes: her share holds nothing of anyone else's; the gateway captures it.
    const mine = tab.lines.filter((line) => line.member_id === anaId);
    const quote = await ana.call(tabs.tabQuote, {
      params: { tabId: tab.tab_id },
      body: { request: { kind: 'mine' } },
    });
    expect(quote.settles).toBe(mine.reduce((sum, line) => sum + line.left, 0));
    expect(quote.takes.map((take) => take.line_id).sort()).toEqual(mine.map((line) => line.line_id).sort());
    expect(quote.lines.map((line) => line.label)).toContain('Service Charge 10%');
    const anaShare = await pay(ana, tab.tab_id, { kind: 'mine' });
    expect(anaShare.share).toMatchObject({
      member_id: anaId,
      kind: 'mine',
      state: 'pending',
      settles: quote.settles,
    });
    expect(anaShare.payment).toMatchObject({
      amount: quote.amount,
      provider: 'simulator',
      state: 'processing',
    });
    expect(anaShare.share.hold_until_epoch).toBe(nowSeconds() + TAB_SHARE_HOLD_SECONDS);
    tab = await tabOf(ana, anaOrder.order_id);
    expect(tab).toMatchObject({ pending: quote.settles, paid: 0 });
    await payOnPage(anaShare.payment.redirect_url);
    tab = await tabOf(ana, anaOrder.order_id);
    expect(tab).toMatchObject({ paid: quote.settles, pending: 0, left: tab.total - quote.settles });
    expect(tab.shares.map((s) => [s.share_id, s.state])).toEqual([[anaShare.share.share_id, 'paid']]);
    // Ana's order is all hers: paid in full, as any capture pays its order.
    expect(
      await ana.call(paymentApi.paymentStatusCheck, { query: { payment_id: anaShare.payment.payment_id } }),
    ).toMatchObject({
      result: 1,
      order_payment_status: 'paid',
    });

    // Ben pays a third of Cai's dish: the dish is his to pay right now; Cai picking it is refused, in her language.
    const caiDish = tab.lines.find((line) => line.member_id === caiId)!;
    const third = await pay(ben, tab.tab_id, {
      kind: 'dish_part',
      line_id: caiDish.line_id,
      parts: 3,
      part: 1,
    });
    expect(third.share.settles).toBe(equalParts(caiDish.amount, 3)[0]);
    tab = await tabOf(cai, caiOrder.order_id);
    expect(tab.lines.find((line) => line.line_id === caiDish.line_id)).toMatchObject({ held_by: benId });
    const caiMy = server.client({ cartToken: cai.cartToken, language: 'my' });
    const held = await refusal(pay(caiMy, tab.tab_id, { kind: 'lines', line_ids: [caiDish.line_id] }));
    expect(held).toMatchObject({ statusCode: 422, code: SPLIT_MESSAGE.lineLocked });
    expect(held.message).toBe(words('my', SPLIT_MESSAGE.lineLocked));
    await payOnPage(third.payment.redirect_url);
    tab = await tabOf(cai, caiOrder.order_id);
    expect(tab.lines.find((line) => line.line_id === caiDish.line_id)).toMatchObject({
      paid: third.share.settles,
      held_by: null,
    });

    // A second round, then a quarter of everything left each, the same `of` for every part.
    await order(ana, 5305, [5], anaOrder.order_id);
    await order(ben, 5305, [6], benOrder.order_id);
    tab = await tabOf(dev, devOrder.order_id);
    expect(tab.lines).toHaveLength(7);
    const first = await pay(dev, tab.tab_id, { kind: 'equal', parts: 4, part: 1 });
    const of = (first.quote.request as { of: number }).of;
    expect(of).toBe(tab.left);
    expect(first.share.settles).toBe(equalParts(of, 4)[0]);
    await payOnPage(first.payment.redirect_url);
    const second = await pay(cai, tab.tab_id, { kind: 'equal', parts: 4, part: 2, of });
    await payOnPage(second.payment.redirect_url);
    // Part 2 again: taken.
    expect(await refusal(pay(ben, tab.tab_id, { kind: 'equal', parts: 4, part: 2, of }))).toMatchObject({
      code: TAB_MESSAGE.partTaken,
    });
    const thirdPart = await pay(ben, tab.tab_id, { kind: 'equal', parts: 4, part: 3, of });
    // While part 3 is being paid, asking for it again says someone is paying it.
    expect(await refusal(pay(ana, tab.tab_id, { kind: 'equal', parts: 4, part: 3, of }))).toMatchObject({
      code: TAB_MESSAGE.beingPaid,
    });
    await payOnPage(thirdPart.payment.redirect_url);
    expect([second.share.settles, thirdPart.share.settles]).toEqual(equalParts(of, 4).slice(1, 3));
    tab = await tabOf(ana, anaOrder.order_id);
    expect(tab.splits).toEqual([
      { kind: 'dish_part', line_id: caiDish.line_id, parts: 3, of: caiDish.amount, taken: [1] },
      { kind: 'equal', line_id: null, parts: 4, of, taken: [1, 2, 3] },
    ]);
    expect(tab.left).toBe(equalParts(of, 4)[3]);

    // A custom amount above what is left, or below the gateway's RM 1.00.
    const above = await refusal(pay(ana, tab.tab_id, { kind: 'amount', amount: tab.left + 1 }));
    expect(above).toMatchObject({ code: SPLIT_MESSAGE.amountAboveLeft });
    expect(above.message).toContain('RM');
    const below = await refusal(pay(ana, tab.tab_id, { kind: 'amount', amount: 50 }));
    expect(below).toMatchObject({ code: SPLIT_MESSAGE.amountBelowMinimum });
    expect(below.message).toBe(
      words('en', SPLIT_MESSAGE.amountBelowMinimum, { minimum: formatMoney(100, 'MYR', 'en') }),
    );

    // The counter takes the rest in cash: rounded to 5 sen for the payer, the tab drops by what was left.
    const desk = await manager();
    const cash = await desk.call(tabs.staffTabCash, {
      params: { tabId: tab.tab_id },
      body: { method: 'Cash' },
    });
    expect(cash.share).toMatchObject({
      kind: 'counter',
      state: 'paid',
      member_id: null,
      settles: equalParts(of, 4)[3],
    });
    expect(cash.share.amount % 5).toBe(0);
    expect(Math.abs(cash.share.amount - cash.share.settles)).toBeLessThanOrEqual(2);
    expect(cash.tab).toMatchObject({ left: 0, pending: 0, paid: cash.tab.total });
    // Nothing left: no split is under way any more (the dish's third and the bill's quarters are done).
    expect(cash.tab.splits).toEqual([]);

    // Every order paid, to the sen; the shares' settles add up to the tab's total.
    const rows = await db()
      .select()
      .from(ordersTable)
      .where(
        inArray(ordersTable.id, [anaOrder.order_id, benOrder.order_id, caiOrder.order_id, devOrder.order_id]),
      );
    expect(rows.map((row) => [row.paymentStatus, row.paidAmount - row.total])).toEqual(
      rows.map(() => ['paid', 0]),
    );
    const shares = (await sharesOfTab(tab.tab_id)).filter((share) => share.state === 'paid');
    expect(shares).toHaveLength(6);
    expect(shares.reduce((sum, share) => sum + share.settles, 0)).toBe(cash.tab.total);
    expect(rows.reduce((sum, row) => sum + row.total, 0)).toBe(cash.tab.total);
    const counterPayment = (await paymentsOfTab(tab.tab_id)).find(
      (payment) => payment.provider === 'counter',
    );
    expect(counterPayment).toMatchObject({
      state: 'success',
      amount: cash.share.amount,
      purpose: 'tab_share',
    });

    // Ana's receipt: her share's bill lines in her language; Ben's share is not hers to read.
    const anaMy = server.client({ cartToken: ana.cartToken, language: 'my' });
    const receipt = await anaMy.call(tabs.tabShareReceipt, {
      params: { tabId: tab.tab_id, shareId: anaShare.share.share_id },
    });
    expect(receipt).toMatchObject({ restaurant_name: expect.any(String), paid_epoch: expect.any(Number) });
    expect(receipt.quote).toMatchObject({
      settles: quote.settles,
      amount: quote.amount,
      request: { kind: 'mine' },
    });
    expect(receipt.quote.lines.map((line) => line.label)).toEqual(
      quote.lines.map((line) =>
        words('my', line.key, line.rate !== undefined ? { rate: `${line.rate / 100}%` } : {}),
      ),
    );
    expect(
      (
        await refusal(
          ana.call(tabs.tabShareReceipt, { params: { tabId: tab.tab_id, shareId: third.share.share_id } }),
        )
      ).statusCode,
    ).toBe(404);

    // Staff clear the table; a share after that is refused.
    await desk.call(tabs.staffTabClose, { params: { tabId: tab.tab_id }, body: {} });
    expect(await refusal(pay(ana, tab.tab_id, { kind: 'rest' }))).toMatchObject({ code: TAB_MESSAGE.closed });
  });

  it('two phones ask for the same dish, then for the last share, at the same moment -> one payment each time, the other refused, nothing charged twice', async () => {
    const seated = await table(5306, [[0], [1]]);
    const [ana, ben] = seated.phones as [Client, Client];
    const [anaOrder] = seated.placed as [Placed, Placed];
    const tab = await tabOf(ana, anaOrder.order_id);
    type Paid = Awaited<ReturnType<typeof pay>>;

    /** Both phones ask at once: exactly one share is started, the other is refused with `code`. */
    async function race(request: ShareRequestInput, code: string): Promise<Paid> {
      const before = (await paymentsOfTab(tab.tab_id)).length;
      const results = await Promise.allSettled([
        pay(ana, tab.tab_id, request),
        pay(ben, tab.tab_id, request),
      ]);
      const won = results.filter(
        (result): result is PromiseFulfilledResult<Paid> => result.status === 'fulfilled',
      );
      const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(await refusal(Promise.reject(lost[0]!.reason))).toMatchObject({ statusCode: 422, code });
      expect(await paymentsOfTab(tab.tab_id)).toHaveLength(before + 1);
      return won[0]!.value;
    }

    const anaDish = tab.lines.find((line) => line.order_id === anaOrder.order_id)!;
    const dish = await race({ kind: 'lines', line_ids: [anaDish.line_id] }, SPLIT_MESSAGE.lineLocked);
    expect(dish.share.settles).toBe(anaDish.amount);
    const last = await race({ kind: 'rest' }, TAB_MESSAGE.beingPaid);
    expect(last.share.settles).toBe(tab.total - anaDish.amount);

    await payOnPage(dish.payment.redirect_url);
    await payOnPage(last.payment.redirect_url);
    const paid = await paymentsOfTab(tab.tab_id);
    expect(paid.map((payment) => payment.state)).toEqual(['success', 'success']);
    expect(paid.reduce((sum, payment) => sum + payment.amount, 0)).toBe(tab.total);
    expect(
      await db()
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            paid.map((payment) => payment.id),
          ),
        ),
    ).toEqual([]);
    expect(await tabOf(ana, anaOrder.order_id)).toMatchObject({ paid: tab.total, pending: 0, left: 0 });
  });

  it('the same Idempotency-Key twice -> the same share and payment, one payment row', async () => {
    const ana = server.client();
    const placed = await order(ana, 5307, [0, 1]);
    const tab = await tabOf(ana, placed.order_id);
    const once = await pay(ana, tab.tab_id, { kind: 'mine' }, { key: 'share-key-0001' });
    const again = await pay(ana, tab.tab_id, { kind: 'mine' }, { key: 'share-key-0001' });
    expect(again.share.share_id).toBe(once.share.share_id);
    expect(again.payment.payment_id).toBe(once.payment.payment_id);
    expect(again.quote).toEqual(once.quote);
    expect(await paymentsOfTab(tab.tab_id)).toHaveLength(1);
  });

  it('a hold that ended, its dishes paid by another, then captured late -> refunded in full, the tab paid once', async () => {
    const seated = await table(5308, [[0], [1]]);
    const [ana, ben] = seated.phones as [Client, Client];
    const [anaOrder, benOrder] = seated.placed as [Placed, Placed];
    const tab = await tabOf(ana, anaOrder.order_id);
    const late = await pay(ana, tab.tab_id, { kind: 'mine' });
    server.clock.advance(TAB_SHARE_HOLD_SECONDS + 1);
    const rest = await pay(ben, tab.tab_id, { kind: 'rest' });
    expect(rest.share.settles).toBe(tab.total);
    await payOnPage(rest.payment.redirect_url);
    expect(await tabOf(ana, anaOrder.order_id)).toMatchObject({ paid: tab.total, left: 0 });

    await notify(late.payment.reference, 'success');
    const [payment] = await db().select().from(payments).where(eq(payments.id, late.payment.payment_id));
    expect(payment!.state).toBe('success');
    const given = await db().select().from(refunds).where(eq(refunds.paymentId, late.payment.payment_id));
    expect(given.map((refund) => [refund.reason, refund.amount])).toEqual([
      ['duplicate_payment', late.payment.amount],
    ]);
    const [share] = await db().select().from(tabShares).where(eq(tabShares.id, late.share.share_id));
    expect(share!.state).toBe('void');
    const after = await tabOf(ana, anaOrder.order_id);
    expect(after).toMatchObject({ paid: tab.total, left: 0 });
    expect(after.shares.map((s) => s.share_id)).toEqual([rest.share.share_id]);
    const rows = await db()
      .select()
      .from(ordersTable)
      .where(inArray(ordersTable.id, [anaOrder.order_id, benOrder.order_id]));
    expect(rows.map((row) => row.paidAmount - row.total)).toEqual([0, 0]);
  });

  it('a share let go and captured later while its dishes are still free -> paid; a failed payment -> its dishes free again', async () => {
    const seated = await table(5309, [[0], [1]]);
    const [ana, ben] = seated.phones as [Client, Client];
    const [anaOrder] = seated.placed as [Placed, Placed];
    const tab = await tabOf(ana, anaOrder.order_id);
    const anaDish = tab.lines.find((line) => line.order_id === anaOrder.order_id)!;

    const failing = await pay(ben, tab.tab_id, { kind: 'lines', line_ids: [anaDish.line_id] });
    expect(
      (await tabOf(ana, anaOrder.order_id)).lines.find((l) => l.line_id === anaDish.line_id)!.held_by,
    ).not.toBeNull();
    await payOnPage(failing.payment.redirect_url, 'failure');
    const freed = await tabOf(ana, anaOrder.order_id);
    expect(freed.lines.find((l) => l.line_id === anaDish.line_id)).toMatchObject({
      held_by: null,
      pending: 0,
      paid: 0,
    });

    const letGo = await pay(ana, tab.tab_id, { kind: 'mine' });
    const { tab: afterCancel } = await ana.call(tabs.tabCancelShare, {
      params: { tabId: tab.tab_id, shareId: letGo.share.share_id },
    });
    expect(afterCancel).toMatchObject({ pending: 0, paid: 0 });
    // Ben cannot let go of Ana's share.
    expect(
      (
        await refusal(
          ben.call(tabs.tabCancelShare, { params: { tabId: tab.tab_id, shareId: letGo.share.share_id } }),
        )
      ).statusCode,
    ).toBe(404);
    await notify(letGo.payment.reference, 'success');
    const after = await tabOf(ana, anaOrder.order_id);
    expect(after).toMatchObject({ paid: letGo.share.settles, left: tab.total - letGo.share.settles });
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, letGo.payment.payment_id))).toEqual(
      [],
    );
  });

  it("an order's own checkout while a friend's share pays part of it -> refused (being paid), allowed again once the share ends", async () => {
    const seated = await table(5304, [[0], [1]]);
    const [ana, ben] = seated.phones as [Client, Client];
    const [anaOrder] = seated.placed as [Placed, Placed];
    const tab = await tabOf(ana, anaOrder.order_id);
    const anaDish = tab.lines.find((line) => line.order_id === anaOrder.order_id)!;
    const bens = await pay(ben, tab.tab_id, { kind: 'lines', line_ids: [anaDish.line_id] });

    const anaId = server.client({ cartToken: ana.cartToken, language: 'id' });
    const checkout = () =>
      anaId.call(paymentApi.paymentInitiate, {
        body: { order_id: anaOrder.order_id, method: 'Wallet', channel: 'grab_pay_app' },
      });
    const refused = await refusal(checkout());
    expect(refused.statusCode).toBe(422);
    expect(refused.message).toBe(words('id', TAB_MESSAGE.beingPaid));
    // Only Ben's share's payment names Ana's order: her own checkout wrote nothing.
    expect(
      (await db().select().from(payments).where(eq(payments.orderId, anaOrder.order_id))).map((p) => p.id),
    ).toEqual([bens.payment.payment_id]);

    await payOnPage(bens.payment.redirect_url, 'failure');
    const started = await checkout();
    expect(started.amount).toBe(tab.orders.find((o) => o.order_id === anaOrder.order_id)!.total);
  });

  it("a malformed share request (no kind, an unknown or the counter's kind, one part, no dishes, a fractional amount) -> 400 in the caller's words, nothing held", async () => {
    const ana = server.client();
    const placed = await order(ana, 5303, [0]);
    const tab = await tabOf(ana, placed.order_id);
    // As a browser could send them: the API client would refuse these before calling.
    const post = (path: 'quote' | 'shares', request: unknown) =>
      fetch(`${server.baseUrl}/api/tabs/${tab.tab_id}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cart-token': ana.cartToken, 'accept-language': 'id' },
        body: JSON.stringify({ request, method: 'Wallet', channel: 'grab_pay_app' }),
      });
    for (const request of [
      { amount: 500 },
      { kind: 'everything' },
      { kind: 'counter' },
      { kind: 'equal', parts: 1, part: 1 },
      { kind: 'lines', line_ids: [] },
      { kind: 'dish_part', parts: 3, part: 1 },
      { kind: 'amount', amount: 12.5 },
      'rest',
    ]) {
      for (const path of ['quote', 'shares'] as const) {
        const response = await post(path, request);
        expect(response.status, `${path} ${JSON.stringify(request)}`).toBe(400);
        expect(await response.json()).toMatchObject({
          status: 0,
          statusCode: 400,
          message: words('id', 'validation.invalidInput'),
        });
      }
    }
    // The same call well formed goes through: the refusals above were the request's shape.
    expect((await post('quote', { kind: 'mine' })).status).toBe(200);
    expect(await sharesOfTab(tab.tab_id)).toEqual([]);
  });

  it('a stranger, the kitchen and another restaurant -> 404 / 403, nothing paid', async () => {
    const ana = server.client();
    const placed = await order(ana, 5310, [0]);
    const tab = await tabOf(ana, placed.order_id);
    const stranger = server.client();
    for (const call of [
      () =>
        stranger.call(tabs.tabQuote, { params: { tabId: tab.tab_id }, body: { request: { kind: 'rest' } } }),
      () => pay(stranger, tab.tab_id, { kind: 'rest' }),
      () => stranger.call(tabs.tabShareReceipt, { params: { tabId: tab.tab_id, shareId: 1 } }),
    ]) {
      expect((await refusal(call())).statusCode).toBe(404);
    }
    const kitchen = server.client({
      authToken: (
        await server
          .client()
          .call(staff.staffLogin, { body: { username: 'menu-besar-kitchen', password: DEMO_STAFF_PASSWORD } })
      ).token,
    });
    expect(
      (await refusal(kitchen.call(tabs.staffTabCash, { params: { tabId: tab.tab_id }, body: {} })))
        .statusCode,
    ).toBe(403);
    const other = server.client({
      authToken: (
        await server.client().call(staff.staffLogin, {
          body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
        })
      ).token,
    });
    expect(
      (await refusal(other.call(tabs.staffTabCash, { params: { tabId: tab.tab_id }, body: {} }))).statusCode,
    ).toBe(404);
    // A tip where the restaurant takes none.
    expect(
      await refusal(
        ana.call(tabs.tabQuote, {
          params: { tabId: tab.tab_id },
          body: { request: { kind: 'rest' }, tip: 100 },
        }),
      ),
    ).toMatchObject({ code: TAB_MESSAGE.tipsOff });
    expect(await paymentsOfTab(tab.tab_id)).toEqual([]);
  });
});
