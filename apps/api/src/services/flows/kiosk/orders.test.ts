import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { cart, kiosk as api, orders as orderApi, payments, staff } from '@santap/contract';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import { carts, foodCourtOrders, kioskDevices, orderEvents, orders } from '../../../db/schema';
import { DEMO } from '../../../seed/ids';
import type { SimulatorOutcome } from '../../adapters/payments/gateways/simulator/protocol';
import { ENGINES, LUNCHTIME, startTestServer } from '../../../../test/harness';
import type { TestServer } from '../../../../test/harness';
import { DEMO_KIOSK, kioskClient, kioskOrder, newOrderKey } from '../../../../test/kiosk-kit';
import { refusal } from '../../../../test/refusal';
import { addPlainItem, scanTable } from '../../../../test/journeys';

describe.each(ENGINES)('kiosk orders on %s', (engine) => {
  let server: TestServer;
  const db = () => server.db.database.db;
  const kiosk = () => kioskClient(server);
  const now = () => server.clock.now();
  const place = (body: ReturnType<typeof kioskOrder>, key = newOrderKey(), client = kiosk()) =>
    client.call(api.kioskOrderCreate, { body }, { idempotencyKey: key });
  const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.app.santap.payments.simulator.configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
  });
  afterEach(() => {
    server.clock.set(LUNCHTIME);
  });

  it('cash dine-in order -> to the kitchen as pay at the counter, no table, numbered 1 then 2', async () => {
    const first = await place(kioskOrder(now()));
    const second = await place(kioskOrder(now(), { order_type: 3 }));
    expect(first).toMatchObject({ payment: 'cash_kiosk', prepay: false, currency: 'MYR', fc_order_id: null });
    expect(first.tickets).toEqual([
      {
        order_id: first.order_id,
        restaurant_id: DEMO.kopitiamAli,
        restaurant_name: 'Kopitiam Ali',
        queue_no: 1,
      },
    ]);
    expect(second.tickets[0]!.queue_no).toBe(2);
    const row = await orderRow(first.order_id);
    expect(row).toMatchObject({
      status: ORDER_STATUS.WAITING_CONFIRMATION,
      paymentMode: 'cash_kiosk',
      paymentStatus: 'unpaid',
      prepay: false,
      orderType: 1,
      tableId: null,
      kioskDeviceId: DEMO_KIOSK.kopitiamAli.id,
      queueNo: 1,
      total: first.amount,
    });
    // Cash at the counter: the total is rounded to 5 sen (kopitiam-ali's cash rounding).
    expect(first.amount % 5).toBe(0);
    expect(await orderRow(second.order_id)).toMatchObject({ orderType: 3, pickupType: 'takeaway' });
    // The kitchen sees both, with the numbers to call.
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username: 'kopitiam-ali-manager', password: DEMO.staffPassword } });
    const { orders: kitchen } = await server
      .client({ authToken: session.token })
      .call(staff.staffOrders, { query: { running: '1' } });
    const numbered = kitchen.filter((order) => [first.order_id, second.order_id].includes(order.order_id));
    expect(numbered.map((order) => [order.order_id, order.queue_no, order.payment_mode]).sort()).toEqual(
      [
        [first.order_id, 1, 'cash_kiosk'],
        [second.order_id, 2, 'cash_kiosk'],
      ].sort(),
    );
  });

  it('the same Idempotency-Key twice (a queued order sent again) -> one order and the same reply', async () => {
    const key = newOrderKey();
    const body = kioskOrder(now(), {}, 30);
    const [a, b] = [await place(body, key), await place(body, key)];
    expect(b).toEqual(a);
    const [{ n }] = (await db()
      .select({ n: count() })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, a.order_id))) as [{ n: number }];
    expect(Number(n)).toBe(2); // 'created' and 'kiosk', once each
    expect(
      await refusal(
        place({ ...body, items: [{ item_id: DEMO.items.kopitiamAli.rotiCanai, quantity: 3 }] }, key),
      ),
    ).toMatchObject({ statusCode: 422, code: MESSAGE.idempotencyConflict });
  });

  it('the same key sent by two kiosks at once -> still one order', async () => {
    const key = newOrderKey();
    const body = kioskOrder(now());
    const replies = await Promise.all([place(body, key), place(body, key), place(body, key)]);
    expect(new Set(replies.map((reply) => reply.order_id)).size).toBe(1);
  });

  it('no Idempotency-Key -> 400 naming the header, nothing placed', async () => {
    const before = await db().select({ n: count() }).from(orders);
    const refused = await refusal(kiosk().call(api.kioskOrderCreate, { body: kioskOrder(now()) }));
    expect(refused).toMatchObject({ statusCode: 400, code: MESSAGE.invalidInput });
    expect(await db().select({ n: count() }).from(orders)).toEqual(before);
  });

  it('order taken offline 2 h ago -> dated when taken, recorded as delivered late', async () => {
    const taken = kioskOrder(now(), {}, 2 * 3600);
    const placed = await place(taken);
    expect(placed.taken_epoch).toBe(taken.taken_epoch);
    expect((await orderRow(placed.order_id)).createdAt.getTime()).toBe(taken.taken_epoch * 1000);
    const [event] = await db().select().from(orderEvents).where(eq(orderEvents.orderId, placed.order_id));
    const kioskEvent = (
      await db().select().from(orderEvents).where(eq(orderEvents.orderId, placed.order_id))
    ).find((e) => e.kind === 'kiosk');
    expect(event).toBeDefined();
    expect(kioskEvent).toMatchObject({
      actor: `kiosk:${DEMO_KIOSK.kopitiamAli.id}`,
      data: { device_id: DEMO_KIOSK.kopitiamAli.id, taken_epoch: taken.taken_epoch, delivered_late: true },
    });
  });

  it('order taken 25 h ago -> errors.kioskOrderTooOld, and its key stays free', async () => {
    const key = newOrderKey();
    expect(await refusal(place(kioskOrder(now(), {}, 25 * 3600), key))).toMatchObject({
      code: MESSAGE.kioskOrderTooOld,
    });
    expect((await place(kioskOrder(now()), key)).order_id).toBeGreaterThan(0);
  });

  it('taken at 00:50 (open until 01:00), sent at 01:20 -> accepted; taken at 01:20 -> closed', async () => {
    server.clock.set('2026-11-23T17:20:00Z'); // 01:20 in Kuala Lumpur
    const late = await place(kioskOrder(now(), {}, 30 * 60));
    expect(late.order_id).toBeGreaterThan(0);
    expect(await refusal(place(kioskOrder(now())))).toMatchObject({
      code: MESSAGE.restaurantClosedForType,
    });
  });

  it('a kiosk clock running ahead -> the order is dated now, never in the future', async () => {
    const placed = await place(kioskOrder(now(), {}, -600));
    expect(placed.taken_epoch).toBe(Math.floor(now().getTime() / 1000));
  });

  it('eight orders at once -> consecutive queue numbers, none twice', async () => {
    server.clock.set('2026-11-25T04:00:00Z'); // a day of its own
    const placed = await Promise.all(Array.from({ length: 8 }, () => place(kioskOrder(now()))));
    const numbers = placed.map((reply) => reply.tickets[0]!.queue_no).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('23:59 and 00:01 in Kuala Lumpur (the same UTC day) -> the count starts again at 1', async () => {
    server.clock.set('2026-11-26T15:58:00Z'); // 23:58 on the 26th in KL
    const evening = await place(kioskOrder(now()));
    await place(kioskOrder(now()));
    server.clock.set('2026-11-26T16:01:00Z'); // 00:01 on the 27th in KL, still the 26th in UTC
    const night = await place(kioskOrder(now()));
    expect(evening.tickets[0]!.queue_no).toBe(1);
    expect(night.tickets[0]!.queue_no).toBe(1);
  });

  it('quote -> the bill the order gets (service charge, SST, cash rounding), and nothing is stored', async () => {
    const body = kioskOrder(now());
    const cartsBefore = await db().select({ n: count() }).from(carts);
    const quote = await kiosk().call(api.kioskQuote, { body });
    expect(await db().select({ n: count() }).from(carts)).toEqual(cartsBefore);
    expect(quote.bill.lines.map((line) => line.key)).toEqual(
      expect.arrayContaining(['bill.subtotal', 'bill.serviceCharge', 'bill.sst']),
    );
    expect(quote.bill.subtotal).toBe(2 * 650 + 180);
    const placed = await place(body);
    expect(placed.amount).toBe(quote.bill.total);
  });

  it('kiosk pay -> the gateway is asked for a QR on screen (qrOnScreen: a QRIS string where it can)', async () => {
    const create = vi.spyOn(server.app.santap.payments.simulator, 'create');
    try {
      const placed = await place(kioskOrder(now(), { payment: 'online' }));
      await kiosk().call(api.kioskPay, { params: { orderId: placed.order_id }, body: {} });
      expect(create).toHaveBeenCalledTimes(1);
      expect(create.mock.calls[0]![0]).toMatchObject({ qrOnScreen: true, method: 'Wallet' });
    } finally {
      create.mockRestore();
    }
  });

  it('online order -> a QR on the kiosk (fast mode, isKiosk=1 for the payer); paid -> status paid', async () => {
    const placed = await place(kioskOrder(now(), { payment: 'online' }));
    expect(placed).toMatchObject({ payment: 'online', prepay: true });
    const before = await kiosk().call(api.kioskOrderStatus, { params: { orderId: placed.order_id } });
    expect(before).toMatchObject({ payment_status: 'unpaid', latest_payment: null, is_kiosk: true });

    const started = await kiosk().call(api.kioskPay, { params: { orderId: placed.order_id }, body: {} });
    expect(started).toMatchObject({ speed_mode: 'fast', is_kiosk: true, order_id: placed.order_id });
    expect(started.qr_string).toMatch(/\/simulator\/pay\//);
    const again = await kiosk().call(api.kioskPay, { params: { orderId: placed.order_id }, body: {} });
    expect(again).toMatchObject({ payment_id: started.payment_id, resumed: true });

    const { location } = await payOnPage(started.qr_string!, 'success');
    expect(location.searchParams.get('isKiosk')).toBe('1');
    const after = await kiosk().call(api.kioskOrderStatus, { params: { orderId: placed.order_id } });
    expect(after).toMatchObject({
      payment_status: 'paid',
      latest_payment: { payment_id: started.payment_id, page_state: 'success', result: 1 },
      tickets: placed.tickets,
    });
  });

  it("a diner's own cart asking for 'Cash kiosk' -> paymentMethodNotOffered, nothing placed, the cart kept", async () => {
    const diner = server.client();
    // Dine-in at kopitiam-ali: where pay later is allowed, cash kiosk is still the kiosk's alone.
    const item = await addPlainItem(diner, 'kopitiam-ali');
    await scanTable(diner, 1001, 5003);
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const before = await db().select({ n: count() }).from(orders);
    const refused = await refusal(
      diner.call(orderApi.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'cash_kiosk' } }),
    );
    expect(refused).toMatchObject({
      statusCode: 422,
      code: MESSAGE.paymentMethodNotOffered,
      message: 'This payment method is not available here',
    });
    expect(await db().select({ n: count() }).from(orders)).toEqual(before);
    const kept = await diner.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
    expect(kept.items.map((line) => line.item_id)).toEqual([item.id]);

    // A food-court cart (pickup, where no outlet offers pay later) is refused the same way.
    const mallDiner = server.client();
    await addPlainItem(mallDiner, 'mall-demo', DEMO.mall.nasiLemak);
    await mallDiner.call(cart.cartDetails, {
      body: { scope: 'mall-demo', context: { orderType: 3, pickupType: 'pickup' } },
    });
    expect(
      await refusal(
        mallDiner.call(orderApi.foodCourtOrderCreate, {
          body: { scope: 'mall-demo', payment_mode: 'cash_kiosk' },
        }),
      ),
    ).toMatchObject({ statusCode: 422, code: MESSAGE.paymentMethodNotOffered });
    expect(await db().select({ n: count() }).from(orders)).toEqual(before);
  });

  it('a cart naming an unknown or switched-off kiosk device -> cash kiosk refused; the registered device -> placed', async () => {
    const diner = server.client();
    await addPlainItem(diner, 'kopitiam-ali');
    await scanTable(diner, 1001, 5003);
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const [row] = await db().select().from(carts).where(eq(carts.token, diner.cartToken));
    const nameDevice = (kioskDeviceId: string) =>
      db()
        .update(carts)
        .set({ context: { ...row!.context, kioskDeviceId } })
        .where(eq(carts.id, row!.id));
    const create = () =>
      diner.call(orderApi.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'cash_kiosk' } });
    const device = DEMO_KIOSK.kopitiamAli.id;

    await nameDevice('no-such-kiosk');
    expect(await refusal(create())).toMatchObject({ code: MESSAGE.paymentMethodNotOffered });
    await nameDevice(device);
    await db().update(kioskDevices).set({ active: false }).where(eq(kioskDevices.id, device));
    try {
      expect(await refusal(create())).toMatchObject({ code: MESSAGE.paymentMethodNotOffered });
    } finally {
      await db().update(kioskDevices).set({ active: true }).where(eq(kioskDevices.id, device));
    }
    const placed = await create();
    expect(await orderRow(placed.order_id)).toMatchObject({
      paymentMode: 'cash_kiosk',
      kioskDeviceId: device,
    });
  });

  it("staff record the counter payment of a 'Cash kiosk' order -> paid, shown on the kiosk", async () => {
    const placed = await place(kioskOrder(now()));
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username: 'kopitiam-ali-manager', password: DEMO.staffPassword } });
    const manager = server.client({ authToken: session.token });
    const paid = await manager.call(payments.directPayment, {
      body: { order_id: placed.order_id, method: 'Cash', amount: placed.amount },
    });
    expect(paid).toMatchObject({
      order_id: placed.order_id,
      amount: placed.amount,
      currency: 'MYR',
      payment_status: 'paid',
    });
    expect(await orderRow(placed.order_id)).toMatchObject({
      paymentMode: 'cash_kiosk',
      paymentStatus: 'paid',
      paidAmount: placed.amount,
    });
    const onKiosk = await kiosk().call(api.kioskOrderStatus, { params: { orderId: placed.order_id } });
    expect(onKiosk).toMatchObject({ payment_status: 'paid' });
    expect(
      await refusal(
        manager.call(payments.directPayment, { body: { order_id: placed.order_id, method: 'Card' } }),
      ),
    ).toMatchObject({ code: MESSAGE.paymentAlreadyPaid });
  });

  it('mall kiosk, takeaway from two outlets -> two outlet orders under one food-court order, each numbered', async () => {
    const mall = kioskClient(server, DEMO_KIOSK.mall);
    const body = kioskOrder(now(), {
      order_type: 3,
      items: [
        { item_id: DEMO.items.mall.nasiLemak, quantity: 1 },
        { item_id: DEMO.items.mall.rotiCanai, quantity: 2 },
      ],
    });
    const placed = await place(body, newOrderKey(), mall);
    expect(placed.order_ids).toHaveLength(2);
    expect(placed.fc_order_id).not.toBeNull();
    expect(placed.tickets.map((t) => [t.restaurant_id, t.queue_no])).toEqual([
      [DEMO.mall.nasiLemak, 1],
      [DEMO.mall.rotiCanai, 1],
    ]);
    const rows = await db().select().from(orders).where(inArray(orders.id, placed.order_ids));
    expect(
      rows.every((row) => row.kioskDeviceId === DEMO_KIOSK.mall.id && row.fcOrderId === placed.fc_order_id),
    ).toBe(true);
    const [fc] = await db().select().from(foodCourtOrders).where(eq(foodCourtOrders.id, placed.fc_order_id!));
    expect(fc?.total).toBe(placed.amount);
    const status = await mall.call(api.kioskOrderStatus, { params: { orderId: placed.order_id } });
    expect(status.amount).toBe(placed.amount);
    expect(status.tickets).toEqual(placed.tickets);
  });

  it('refusals -> a catalogue message each, nothing placed', async () => {
    const before = await db().select({ n: count() }).from(orders);
    const refusals = await Promise.all([
      refusal(place({ ...kioskOrder(now()), order_type: 2 as never })),
      refusal(
        place(kioskOrder(now(), { items: [{ item_id: DEMO.items.kopitiamAli.outOfStock, quantity: 1 }] })),
      ),
      refusal(
        place(kioskOrder(now(), { items: [{ item_id: DEMO.items.warungSari.nasiGoreng, quantity: 1 }] })),
      ),
      refusal(
        place(kioskOrder(now(), { items: [{ item_id: DEMO.items.kopitiamAli.tehTarik, quantity: 1 }] })),
      ),
    ]);
    expect(refusals.map((r) => [r.statusCode, r.code])).toEqual([
      [400, MESSAGE.invalidInput],
      [422, MESSAGE.outOfStock],
      [404, MESSAGE.notFound],
      [400, MESSAGE.selectAnyOneOption],
    ]);
    expect(await db().select({ n: count() }).from(orders)).toEqual(before);
  });

  it("another kiosk's order, or a QR for a cash order -> refused", async () => {
    const placed = await place(kioskOrder(now()));
    const mall = kioskClient(server, DEMO_KIOSK.mall);
    expect(
      await refusal(mall.call(api.kioskOrderStatus, { params: { orderId: placed.order_id } })),
    ).toMatchObject({ statusCode: 404 });
    expect(
      await refusal(kiosk().call(api.kioskPay, { params: { orderId: placed.order_id }, body: {} })),
    ).toMatchObject({ code: MESSAGE.orderNotPayable });
  });

  /** Submits the simulator's hosted page like the payer's phone; returns the redirect. */
  async function payOnPage(redirectUrl: string, outcome: SimulatorOutcome) {
    const response = await fetch(
      `${server.baseUrl}${new URL(redirectUrl).pathname}${new URL(redirectUrl).search}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ channel: 'grab_pay_app', outcome }).toString(),
        redirect: 'manual',
      },
    );
    return { location: new URL(response.headers.get('location') ?? 'http://x/') };
  }
});
