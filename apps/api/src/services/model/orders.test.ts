import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@santap/api-client';
import { eq } from 'drizzle-orm';
import { auth, cart as cartApi, orders as orderApi } from '@santap/contract';
import { carts } from '../../db/schema';
import { ENGINES, startTestServer } from '../../../test/harness';
import type { TestServer } from '../../../test/harness';
import { addPlainItem, placeDineInOrder } from '../../../test/journeys';
import { login } from '../../../test/promotions-kit';
import { refusal } from '../../../test/refusal';

describe.each(ENGINES)('order ownership on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A client of the same diner on another device: their login, no cart token at all. */
  const withoutCartToken = (token: string | undefined) =>
    createApiClient({
      baseUrl: server.baseUrl,
      country: () => 'MY',
      language: () => 'en',
      authToken: () => token,
      cartToken: () => undefined,
    });

  it('logged-in diner without a cart token -> reads their own order by their user', async () => {
    const { client, token } = await login(server);
    const order = await placeDineInOrder(client);
    const read = await withoutCartToken(token).call(orderApi.orderDetails, {
      query: { order_id: order.order_id },
    });
    expect(read.order_id).toBe(order.order_id);
  });

  it("another diner without a cart token -> 404 for someone else's order, never a 500", async () => {
    const { client } = await login(server);
    const order = await placeDineInOrder(client);
    const other = await login(server);
    const refused = await refusal(
      withoutCartToken(other.token).call(orderApi.orderDetails, { query: { order_id: order.order_id } }),
    );
    expect(refused.statusCode).toBe(404);
  });

  const scope = 'kopitiam-ali';
  const itemCount = async (client: ReturnType<TestServer['client']>) =>
    (await client.call(cartApi.cartGet, { query: { scope } })).items.length;

  /** Diner A in a browser: an order placed, and a cart with one more dish in it. */
  async function dinerWithOrderAndCart() {
    const a = await login(server);
    const order = await placeDineInOrder(a.client);
    await addPlainItem(a.client, scope);
    expect(await itemCount(a.client)).toBe(1);
    return { ...a, order };
  }

  /** The cart rows of a user, as the database holds them. */
  const cartsOf = (userId: number) =>
    server.db.database.db.select().from(carts).where(eq(carts.userId, userId));

  it("A orders and signs out -> the sign-out gives the browser a new cart token; a guest with A's old token reads neither A's cart nor A's order", async () => {
    const a = await dinerWithOrderAndCart();
    const signedOut = await fetch(`${server.baseUrl}/user_login/signout.php`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, cookie: `cart_token=${a.client.cartToken}` },
    });
    expect(signedOut.status).toBe(200);
    const cookie = /cart_token=([^;]+)/.exec(signedOut.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toMatch(/^user/);
    expect(cookie).not.toBe(a.client.cartToken);

    // A browser that kept the old token anyway (a header, a stale tab): a guest now.
    const guest = server.client({ cartToken: a.client.cartToken });
    expect(await itemCount(guest)).toBe(0);
    const refused = await refusal(
      guest.call(orderApi.orderDetails, { query: { order_id: a.order.order_id } }),
    );
    expect(refused.statusCode).toBe(404);
    const running = await guest.call(orderApi.ordersGet, {});
    expect(running.orders.map((o) => o.order_id)).not.toContain(a.order.order_id);
    // The guest's own cart works, and A's cart is still A's, with its dish.
    await addPlainItem(guest, scope);
    expect(await itemCount(guest)).toBe(1);
    const own = await cartsOf(a.userId);
    expect(own).toHaveLength(1);
    expect(own[0]!.token).not.toBe(a.client.cartToken);
  });

  it("B logs in in A's browser (same cart token) -> B sees neither A's cart nor A's orders; A's cart stays A's", async () => {
    const a = await dinerWithOrderAndCart();
    const b = await login(server, server.client({ cartToken: a.client.cartToken }));
    expect(await itemCount(b.client)).toBe(0);
    const refused = await refusal(
      b.client.call(orderApi.orderDetails, { query: { order_id: a.order.order_id } }),
    );
    expect(refused.statusCode).toBe(404);
    const history = await b.client.call(orderApi.ordersList, { query: {} });
    expect(history.orders.map((o) => o.order_id)).not.toContain(a.order.order_id);
    // B fills a cart of their own in that browser; A, on their device, still has theirs.
    await addPlainItem(b.client, scope);
    expect(await itemCount(b.client)).toBe(1);
    expect(await itemCount(a.client)).toBe(1);
    const read = await a.client.call(orderApi.orderDetails, { query: { order_id: a.order.order_id } });
    expect(read.order_id).toBe(a.order.order_id);
  });

  it("a guest's cart and order -> carried into the account at login in that browser", async () => {
    const browser = server.client();
    const guestOrder = await placeDineInOrder(browser);
    await addPlainItem(browser, scope);
    expect(await itemCount(browser)).toBe(1);
    const diner = await login(server, browser);
    expect(await itemCount(browser)).toBe(1);
    const read = await browser.call(orderApi.orderDetails, { query: { order_id: guestOrder.order_id } });
    expect(read.order_id).toBe(guestOrder.order_id);
    expect(await cartsOf(diner.userId)).toHaveLength(1);
  });

  it('a registered guest session replaced by a login -> its cart moves to the user', async () => {
    const browser = server.client();
    const guest = await browser.call(auth.registerGuest, {});
    browser.setAuthToken(guest.token);
    await addPlainItem(browser, scope);
    const diner = await login(server, server.client());
    await diner.client.call(auth.replaceGuest, { body: { guest_token: guest.token } });
    const moved = await cartsOf(diner.userId);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.token).toBe(browser.cartToken);
  });
});
