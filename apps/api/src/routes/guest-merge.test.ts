import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, auth, cart, orders, payments, promotions } from '@santap/contract';
import { foodCourtOrders, orders as orderRows, payments as paymentRows } from '../db/schema';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { addPlainItem, placeDineInOrder, placeFoodCourtOrder, placeOnlineOrder } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { addFood, insertCoupon, login, pickup } from '../../test/promotions-kit';
import { refusal } from '../../test/refusal';

// Spec §6: a guest's past follows the diner into their account at login (services/flows/accounts/guest-merge.ts).
describe.each(ENGINES)('guest past at login on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The same diner on another device: their login, another cart token. */
  const elsewhere = (token: string) => server.client({ authToken: token });

  const ownerOf = async (orderId: number) =>
    (await server.db.database.db.select().from(orderRows).where(eq(orderRows.id, orderId)))[0]?.userId;

  it("a guest (cart token only) orders, pays and fills a cart, then logs in by OTP -> history, the order's page, the food-court order, the payment and the cart are the account's", async () => {
    const browser = server.client();
    const dineIn = await placeDineInOrder(browser);
    const online = await placeOnlineOrder(browser);
    const started = await browser.call(payments.paymentInitiate, {
      body: { order_id: online.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    const fc = await placeFoodCourtOrder(browser);
    const item = await addPlainItem(browser, 'menu-besar');

    const { token, userId } = await login(server, browser);

    const device = elsewhere(token);
    const history = await device.call(account.userOrders, { query: {} });
    expect(history.orders.map((o) => o.order_id)).toEqual(
      expect.arrayContaining([dineIn.order_id, online.order_id]),
    );
    const page = await device.call(orders.orderDetails, { query: { order_id: dineIn.order_id } });
    expect(page.order_id).toBe(dineIn.order_id);
    const parts = await device.call(orders.foodCourtOrders, { query: { fc_order_id: fc.fc_order_id! } });
    expect(parts.orders.length).toBeGreaterThan(0);
    const paid = await device.call(account.paymentHistory, { query: {} });
    expect(paid.payments.map((p) => p.payment_id)).toContain(started.payment_id);
    const moved = await device.call(cart.cartGet, { query: { scope: 'menu-besar' } });
    expect(moved.items.map((line) => line.item_id)).toEqual([item.id]);

    const db = server.db.database.db;
    expect(await ownerOf(dineIn.order_id)).toBe(userId);
    const [fcRow] = await db.select().from(foodCourtOrders).where(eq(foodCourtOrders.id, fc.fc_order_id!));
    expect(fcRow?.userId).toBe(userId);
    const [payment] = await db.select().from(paymentRows).where(eq(paymentRows.id, started.payment_id));
    expect(payment?.userId).toBe(userId);
  });

  it("a guest's order with a coupon -> after login the coupon use is the account's (its coupon history shows it)", async () => {
    const coupon = await insertCoupon(server, { restaurantId: 1001, totalLimit: 100, value: 120 });
    const browser = server.client();
    await addFood(browser, 'kopitiam-ali', 'kopitiam-ali', 1500);
    await pickup(browser, 'kopitiam-ali');
    await browser.call(cart.cartDiscount, { body: { scope: 'kopitiam-ali', discount_code: coupon.code } });
    const placed = await browser.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'online' },
    });
    const { token } = await login(server, browser);
    const { redemptions } = await elsewhere(token).call(promotions.couponHistory, {});
    expect(redemptions).toEqual([expect.objectContaining({ code: coupon.code, order_id: placed.order_id })]);
  });

  it("another account's order made with the presented cart token -> stays that account's; the logging-in diner cannot open it", async () => {
    const browser = server.client();
    const a = await login(server, browser);
    const ordersOfA = await placeDineInOrder(browser);
    // Someone presents A's cart token (a shared or copied cookie) while logging in to their own account.
    const b = await login(server, server.client({ cartToken: browser.cartToken }));
    expect(await ownerOf(ordersOfA.order_id)).toBe(a.userId);
    const refused = await refusal(
      elsewhere(b.token).call(orders.orderDetails, { query: { order_id: ordersOfA.order_id } }),
    );
    expect(refused.statusCode).toBe(404);
    expect((await elsewhere(b.token).call(account.userOrders, { query: {} })).orders).toEqual([]);
  });

  it("another browser's guest order (another cart token) -> does not move", async () => {
    const stranger = server.client();
    const theirs = await placeDineInOrder(stranger);
    const me = await login(server, server.client());
    expect(await ownerOf(theirs.order_id)).toBeNull();
    expect((await elsewhere(me.token).call(account.userOrders, { query: {} })).orders).toEqual([]);
    // The stranger's browser still reads its own order.
    expect(
      (await stranger.call(orders.orderDetails, { query: { order_id: theirs.order_id } })).order_id,
    ).toBe(theirs.order_id);
  });

  it('a malformed cart token on verify_otp -> ignored: the login succeeds and nothing moves', async () => {
    const browser: Client = server.client();
    const { messages, phone } = await (async () => {
      const phone = '+60179990001';
      await browser.call(auth.sendOtp, { body: { phone } });
      return { phone, ...(await browser.call(auth.devInbox, { query: { recipient: phone } })) };
    })();
    const otp = /\b(\d{6})\b/.exec(messages[0]!.body)![1]!;
    const response = await fetch(`${server.baseUrl}${auth.verifyOtp.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cart-token': 'not-a-cart-token' },
      body: JSON.stringify({ phone, otp }),
    });
    expect(response.status).toBe(200);
  });
});
