import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, cart, orders, restaurants, reviews } from '@santap/contract';
import type { MenuItem } from '@santap/contract';
import { AuthRequired } from '@santap/api-client';
import { MESSAGE } from '@santap/domain';
import { dishReviews, orderItems } from '../../../db/schema';
import { ENGINES, startTestServer } from '../../../../test/harness';
import type { TestServer } from '../../../../test/harness';
import type { Client } from '../../../../test/journeys';
import { menuOf } from '../../../../test/journeys';
import { completeByStaff, dineIn, login } from '../../../../test/promotions-kit';
import { refusal } from '../../../../test/refusal';
import { menuRatings } from './restaurants';

const KOPITIAM = 'kopitiam-ali';
const KOPITIAM_ID = 1001;

/** In-stock dishes without required choices: they go into a cart with no selections. */
const plainItems = (items: MenuItem[]) =>
  items.filter((i) => i.in_stock && !i.is_voucher && i.option_groups.every((g) => !g.required));

describe.each(ENGINES)('dish reviews on %s', (engine) => {
  let server: TestServer;
  let dishes: MenuItem[];

  beforeAll(async () => {
    server = await startTestServer(engine);
    dishes = plainItems((await menuOf(server.client(), KOPITIAM)).items);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A dine-in pay-later order at kopitiam-ali of one of each given dish; completed unless asked not to. */
  async function order(client: Client, items: MenuItem[], complete = true) {
    for (const item of items) {
      await client.call(cart.cartUpdate, { body: { scope: KOPITIAM, item_id: item.id, quantity: 1 } });
    }
    await dineIn(client, KOPITIAM, 5007);
    const placed = await client.call(orders.orderCreate, {
      body: { scope: KOPITIAM, payment_mode: 'pay_later' },
    });
    if (complete) await completeByStaff(server, placed.order_id, KOPITIAM);
    const lines = await client.call(orders.orderDetails, { query: { order_id: placed.order_id } });
    return { orderId: placed.order_id, lines: lines.items };
  }

  const rate = (
    client: Client,
    orderId: number,
    list: { order_item_id: number; rating: number; comment?: string }[],
  ) => client.call(reviews.reviewCreate, { body: { order_id: orderId, reviews: list } });

  /** The menu reply's rating of one dish, read with a cache key nobody else uses in this file. */
  const menuRatingOf = async (client: Client, ref: string | number, itemId: number) =>
    (await client.call(restaurants.menu, { query: { restaurant_id: ref } })).items.find(
      (i) => i.id === itemId,
    )?.rating;

  it('own completed order -> each dish rated once, listed with its review, and on the menu as average and count', async () => {
    const { client } = await login(server);
    const [first, second] = [dishes[0]!, dishes[1]!];
    const placed = await order(client, [first, second]);

    const before = await client.call(reviews.reviewOrderItems, { query: { order_id: placed.orderId } });
    expect(before).toMatchObject({ order_id: placed.orderId, restaurant_id: KOPITIAM_ID, nameid: KOPITIAM });
    expect(before.items.map((i) => [i.item_id, i.review])).toEqual([
      [first.id, null],
      [second.id, null],
    ]);

    const [firstLine, secondLine] = placed.lines;
    const after = await rate(client, placed.orderId, [
      { order_item_id: firstLine!.order_item_id, rating: 5, comment: '  Sedap!  ' },
      { order_item_id: secondLine!.order_item_id, rating: 3, comment: '   ' },
    ]);
    expect(after.items.map((i) => [i.item_id, i.review?.rating, i.review?.comment])).toEqual([
      [first.id, 5, 'Sedap!'],
      [second.id, 3, null],
    ]);

    // A second diner rates the first dish 4: the menu shows 4.5 from 2 reviews.
    const other = await login(server);
    const otherOrder = await order(other.client, [first]);
    await rate(other.client, otherOrder.orderId, [
      { order_item_id: otherOrder.lines[0]!.order_item_id, rating: 4 },
    ]);
    // Read by numeric id in Malay: a menu cache entry no earlier call made, so it is built now.
    const diner = server.client({ language: 'my' });
    expect(await menuRatingOf(diner, KOPITIAM_ID, first.id)).toEqual({ average: 4.5, count: 2 });
    expect(await menuRatingOf(diner, KOPITIAM_ID, second.id)).toEqual({ average: 3, count: 1 });
    expect(await menuRatingOf(diner, KOPITIAM_ID, dishes[2]!.id)).toBeNull();
  });

  it('rating a dish again -> replaces its rating and comment; still one review for that order item', async () => {
    const { client } = await login(server);
    const dish = dishes[3]!;
    const placed = await order(client, [dish]);
    const line = placed.lines[0]!.order_item_id;
    await rate(client, placed.orderId, [{ order_item_id: line, rating: 1, comment: 'cold' }]);
    const again = await rate(client, placed.orderId, [{ order_item_id: line, rating: 4 }]);
    expect(again.items[0]!.review).toMatchObject({ rating: 4, comment: null });
    const rows = await server.db.database.db
      .select()
      .from(dishReviews)
      .where(eq(dishReviews.orderItemId, line));
    expect(rows).toHaveLength(1);
    expect((await menuRatings(server.db.database.db, KOPITIAM_ID)).get(dish.id)).toEqual({
      average: 4,
      count: 1,
    });
  });

  it("another diner's order -> 404 for both calls, exactly like a missing order", async () => {
    const owner = await login(server);
    const placed = await order(owner.client, [dishes[0]!]);
    const stranger = await login(server);
    const line = placed.lines[0]!.order_item_id;
    // Thunks, one call at a time: a rejection created before it is awaited is an unhandled one.
    for (const call of [
      () => rate(stranger.client, placed.orderId, [{ order_item_id: line, rating: 5 }]),
      () => stranger.client.call(reviews.reviewOrderItems, { query: { order_id: placed.orderId } }),
      () => rate(stranger.client, 99_999_999, [{ order_item_id: line, rating: 5 }]),
    ]) {
      expect(await refusal(call())).toMatchObject({ statusCode: 404, code: MESSAGE.notFound });
    }
    // The same browser's cart token is not enough either: only the order's user may review it.
    const sameBrowser = server.client({ cartToken: owner.client.cartToken });
    const guestLike = await refusal(
      sameBrowser.call(reviews.reviewOrderItems, { query: { order_id: placed.orderId } }),
    );
    expect(guestLike).toBeInstanceOf(AuthRequired);
  });

  it("order not completed yet -> refused with the catalogue message in the diner's language; nothing saved", async () => {
    const { client, token } = await login(server);
    const placed = await order(client, [dishes[0]!], false);
    const line = placed.lines[0]!.order_item_id;
    const refused = await refusal(rate(client, placed.orderId, [{ order_item_id: line, rating: 5 }]));
    expect(refused).toMatchObject({
      statusCode: 422,
      code: MESSAGE.reviewOrderNotCompleted,
      message: 'You can rate the dishes once your order is completed',
    });
    const inIndonesian = server.client({ language: 'id', authToken: token });
    expect(
      await refusal(inIndonesian.call(reviews.reviewOrderItems, { query: { order_id: placed.orderId } })),
    ).toMatchObject({ message: 'Anda dapat menilai hidangan setelah pesanan Anda selesai' });
    const rows = await server.db.database.db
      .select()
      .from(dishReviews)
      .where(eq(dishReviews.orderItemId, line));
    expect(rows).toEqual([]);
  });

  it('a guest, or no login at all -> invalid token (go to login)', async () => {
    const owner = await login(server);
    const placed = await order(owner.client, [dishes[0]!]);
    const line = placed.lines[0]!.order_item_id;
    const anonymous = server.client();
    expect(
      await refusal(rate(anonymous, placed.orderId, [{ order_item_id: line, rating: 5 }])),
    ).toBeInstanceOf(AuthRequired);
    const guest = server.client();
    guest.setAuthToken((await guest.call(auth.registerGuest, {})).token);
    expect(await refusal(rate(guest, placed.orderId, [{ order_item_id: line, rating: 5 }]))).toBeInstanceOf(
      AuthRequired,
    );
  });

  it('an item of another order, or a declined item -> refused; the other ratings of the call are not saved', async () => {
    const { client } = await login(server);
    const first = await order(client, [dishes[0]!, dishes[1]!]);
    const second = await order(client, [dishes[2]!]);
    const foreign = await refusal(
      rate(client, first.orderId, [
        { order_item_id: first.lines[0]!.order_item_id, rating: 5 },
        { order_item_id: second.lines[0]!.order_item_id, rating: 5 },
      ]),
    );
    expect(foreign).toMatchObject({ statusCode: 422, code: MESSAGE.reviewItemNotReviewable });
    const declined = first.lines[1]!.order_item_id;
    await server.db.database.db
      .update(orderItems)
      .set({ status: 'declined' })
      .where(eq(orderItems.id, declined));
    expect(
      await refusal(rate(client, first.orderId, [{ order_item_id: declined, rating: 2 }])),
    ).toMatchObject({
      code: MESSAGE.reviewItemNotReviewable,
    });
    const listed = await client.call(reviews.reviewOrderItems, { query: { order_id: first.orderId } });
    expect(listed.items.map((i) => i.order_item_id)).toEqual([first.lines[0]!.order_item_id]);
    expect(listed.items[0]!.review).toBeNull();
  });

  it('rating 0 or 6, a repeated order item, a 501-character comment, no reviews -> 400 invalid input', async () => {
    const { client } = await login(server);
    const placed = await order(client, [dishes[0]!]);
    const line = placed.lines[0]!.order_item_id;
    for (const list of [
      [{ order_item_id: line, rating: 0 }],
      [{ order_item_id: line, rating: 6 }],
      [{ order_item_id: line, rating: 4.5 }],
      [
        { order_item_id: line, rating: 4 },
        { order_item_id: line, rating: 5 },
      ],
      [{ order_item_id: line, rating: 4, comment: 'x'.repeat(501) }],
      [],
    ]) {
      expect(await refusal(rate(client, placed.orderId, list))).toMatchObject({
        statusCode: 400,
        code: MESSAGE.invalidInput,
      });
    }
  });

  it('menu ratings -> only reviews of completed orders and of dishes not declined count', async () => {
    const db = server.db.database.db;
    const { client, userId } = await login(server);
    const dish = dishes[4]!;
    const done = await order(client, [dish]);
    await rate(client, done.orderId, [{ order_item_id: done.lines[0]!.order_item_id, rating: 5 }]);
    // Rows the API would never write (a review of a running order, one of a declined dish), as a
    // data import or a bug might: the menu must not count them.
    const writeOneStar = (placed: { orderId: number; lines: { order_item_id: number }[] }) =>
      db.insert(dishReviews).values({
        userId,
        restaurantId: KOPITIAM_ID,
        orderId: placed.orderId,
        orderItemId: placed.lines[0]!.order_item_id,
        itemId: dish.id,
        rating: 1,
      });
    const running = await order(client, [dish], false);
    await writeOneStar(running);
    const declined = await order(client, [dish]);
    await db
      .update(orderItems)
      .set({ status: 'declined' })
      .where(eq(orderItems.id, declined.lines[0]!.order_item_id));
    await writeOneStar(declined);
    expect((await menuRatings(db, KOPITIAM_ID)).get(dish.id)).toEqual({ average: 5, count: 1 });
    // Once the running order completes, its review is verified and counts.
    await completeByStaff(server, running.orderId, KOPITIAM);
    expect((await menuRatings(db, KOPITIAM_ID)).get(dish.id)).toEqual({ average: 3, count: 2 });
  });

  it('a new review -> on the menu reply once the 5 s menu cache entry is rebuilt', async () => {
    const { client } = await login(server);
    const dish = dishes[5]!;
    const reader = server.client({ language: 'id' });
    expect(await menuRatingOf(reader, KOPITIAM, dish.id)).toBeNull();
    const placed = await order(client, [dish]);
    await rate(client, placed.orderId, [{ order_item_id: placed.lines[0]!.order_item_id, rating: 2 }]);
    const started = Date.now();
    let rating = await menuRatingOf(reader, KOPITIAM, dish.id);
    while (!rating && Date.now() - started < 8_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      rating = await menuRatingOf(reader, KOPITIAM, dish.id);
    }
    expect(rating).toEqual({ average: 2, count: 1 });
    // 5 s of cache life, then the one request that finds the entry stale starts the rebuild.
    expect(Date.now() - started).toBeLessThan(7_500);
  }, 20_000);
});
