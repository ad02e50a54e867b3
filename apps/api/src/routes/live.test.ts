import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { cart, orders as orderApi, restaurants, staff as staffApi } from '@santap/contract';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import type { OrderStatus } from '@santap/domain';
import { authTokens, orders, staff, staffTokens, users } from '../db/schema';
import { DEMO_STAFF_PASSWORD } from '../seed/ids';
import type { LiveEvent } from '../lib/live-events';
import { transitionOrder } from '../services/flows/ordering/orders';
import { hashToken } from '../services/flows/accounts/tokens';
import { ENGINES, openTestDatabase, startTestServer } from '../../test/harness';
import type { TestDatabase, TestServer } from '../../test/harness';
import { LIVE_LIMITS } from './live';
import { eventually } from '../../test/eventually';
import { scanTable } from '../../test/journeys';

const SCOPE = 'kopitiam-ali';

type ServerMessage = {
  type: string;
  topic?: string;
  code?: string;
  message?: string;
  event?: LiveEvent;
};

/**
 * A websocket client that keeps every message, replies and events apart, so tests wait for the next
 * one without races.
 */
class LiveClient {
  private readonly replies: ServerMessage[] = [];
  private readonly events: LiveEvent[] = [];
  private waiters: (() => void)[] = [];
  closeCode: number | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      if (message.type === 'event') this.events.push(message.event!);
      else this.replies.push(message);
      this.wake();
    });
    socket.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  static async connect(
    server: TestServer,
    query: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) {
    const url = new URL('/ws', server.baseUrl.replace('http', 'ws'));
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const socket = new WebSocket(url, { headers });
    const client = new LiveClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown) {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  private async take<T>(queue: T[], ms: number): Promise<T> {
    const deadline = Date.now() + ms;
    while (queue.length === 0) {
      if (this.closeCode !== undefined) throw new Error(`socket closed (${this.closeCode})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no message within the time limit');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return queue.shift()!;
  }

  /** The next reply (anything but an event), waiting up to `ms`. */
  next(ms = 5000): Promise<ServerMessage> {
    return this.take(this.replies, ms);
  }

  /**
   * The next event of a type, skipping events of other types: an `order.created` NOTIFY may reach the
   * listener after the HTTP reply that created the order, so after the test subscribed.
   */
  async nextEvent(type: LiveEvent['type'] = 'order.status', ms = 5000): Promise<LiveEvent> {
    for (;;) {
      const event = await this.take(this.events, ms);
      if (event.type === type) return event;
    }
  }

  async request(message: unknown): Promise<ServerMessage> {
    this.send(message);
    return this.next();
  }

  async closed(ms = 5000): Promise<number> {
    const deadline = Date.now() + ms;
    while (this.closeCode === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.closeCode ?? -1;
  }

  close() {
    this.socket.close();
  }
}

/** A diner (own cart token) places a dine-in pay-later order at kopitiam-ali table 5003. */
async function placeOrder(server: TestServer) {
  const diner = server.client();
  const menu = await diner.call(restaurants.menu, { query: { restaurant_id: SCOPE } });
  const item = menu.items.find(
    (entry) => entry.in_stock && !entry.option_groups.some((group) => group.required),
  );
  if (!item) throw new Error('kopitiam-ali has no simple in-stock item');
  await diner.call(cart.cartUpdate, { body: { scope: SCOPE, item_id: item.id, quantity: 1 } });
  await scanTable(diner, 1001, 5003);
  await diner.call(cart.cartDetails, { body: { scope: SCOPE, context: { orderType: 1, tableId: 5003 } } });
  const created = await diner.call(orderApi.orderCreate, {
    body: { scope: SCOPE, payment_mode: 'pay_later' },
  });
  return { orderId: created.order_id, cartToken: diner.cartToken, restaurantId: item.restaurant_id };
}

/** Moves an order as staff would, through the given instance. */
async function moveOrder(server: TestServer, orderId: number, to: OrderStatus) {
  const ctx = server.app.santap;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    await transitionOrder(ctx, tx, row!, to, 'test');
  });
}

async function staffTokenFor(server: TestServer, restaurantId: number) {
  const db = server.app.santap.db;
  const [member] = await db
    .insert(staff)
    .values({
      restaurantId,
      username: `live-${randomBytes(6).toString('hex')}`,
      passwordHash: 'unused',
      role: 'kitchen',
    })
    .returning({ id: staff.id });
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffTokens).values({
    tokenHash: hashToken(token),
    staffId: member!.id,
    expiresAt: new Date(server.clock.now().getTime() + 3_600_000),
  });
  return token;
}

async function userWithToken(server: TestServer) {
  const db = server.app.santap.db;
  const [user] = await db.insert(users).values({ status: 'GUEST' }).returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId: user!.id,
    expiresAt: new Date(server.clock.now().getTime() + 3_600_000),
  });
  return { userId: user!.id, token };
}

describe.each(ENGINES)('%s', (engine) => {
  let database: TestDatabase;
  let serverA: TestServer;
  let serverB: TestServer;
  const sockets: LiveClient[] = [];
  const connect = async (
    server: TestServer,
    query?: Record<string, string>,
    headers?: Record<string, string>,
  ) => {
    const client = await LiveClient.connect(server, query, headers);
    sockets.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    // Two instances on ONE database: events cross between them only through LISTEN/NOTIFY.
    serverA = await startTestServer(engine, { database });
    serverB = await startTestServer(engine, { database });
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await serverA?.close();
    await serverB?.close();
    await database?.close();
  });

  it('own order by cart_token query -> subscribed, then the staff status change arrives', async () => {
    const { orderId, cartToken } = await placeOrder(serverA);
    const live = await connect(serverA, { cart_token: cartToken });
    expect(await live.request({ type: 'subscribe', topic: `order:${orderId}` })).toEqual({
      type: 'subscribed',
      topic: `order:${orderId}`,
    });

    await moveOrder(serverA, orderId, ORDER_STATUS.CONFIRMED);
    expect(await live.nextEvent()).toMatchObject({
      type: 'order.status',
      topics: expect.arrayContaining([`order:${orderId}`]),
      data: { order_id: orderId, status: ORDER_STATUS.CONFIRMED },
    });
  });

  it('own order by cart_token cookie at the upgrade -> subscribed', async () => {
    const { orderId, cartToken } = await placeOrder(serverA);
    const live = await connect(serverA, {}, { cookie: `cart_token=${cartToken}` });
    expect(await live.request({ type: 'subscribe', topic: `order:${orderId}` })).toMatchObject({
      type: 'subscribed',
    });
  });

  it("someone else's order, or one that does not exist -> the same refusal, and none of its events", async () => {
    const mine = await placeOrder(serverA);
    const theirs = await placeOrder(serverA);
    const live = await connect(serverA, { cart_token: mine.cartToken });

    const refused = await live.request({ type: 'subscribe', topic: `order:${theirs.orderId}` });
    expect(refused).toMatchObject({
      type: 'error',
      code: MESSAGE.forbidden,
      topic: `order:${theirs.orderId}`,
    });
    expect(refused.message).toEqual(expect.any(String));
    const missing = await live.request({ type: 'subscribe', topic: 'order:2000000000' });
    expect(missing).toMatchObject({ type: 'error', code: MESSAGE.forbidden });
    expect(missing.message).toBe(refused.message);

    // Their order changes first; the first event this socket sees must be its own order's.
    await live.request({ type: 'subscribe', topic: `order:${mine.orderId}` });
    await moveOrder(serverA, theirs.orderId, ORDER_STATUS.CONFIRMED);
    await moveOrder(serverA, mine.orderId, ORDER_STATUS.CONFIRMED);
    expect((await live.nextEvent()).data.order_id).toBe(mine.orderId);
  });

  it('no credentials, then an auth message with the cart token -> refused, then subscribed', async () => {
    const { orderId, cartToken } = await placeOrder(serverA);
    const live = await connect(serverA);
    expect(await live.request({ type: 'subscribe', topic: `order:${orderId}` })).toMatchObject({
      type: 'error',
    });
    expect(await live.request({ type: 'auth', cart_token: cartToken })).toEqual({ type: 'authenticated' });
    expect(await live.request({ type: 'subscribe', topic: `order:${orderId}` })).toMatchObject({
      type: 'subscribed',
    });
  });

  it("an order of the token's user (no cart token) and user:<id> -> subscribed; another user's -> refused", async () => {
    const { orderId } = await placeOrder(serverA);
    const owner = await userWithToken(serverA);
    const stranger = await userWithToken(serverA);
    await serverA.app.santap.db.update(orders).set({ userId: owner.userId }).where(eq(orders.id, orderId));

    const live = await connect(serverA, { token: owner.token });
    expect(await live.request({ type: 'subscribe', topic: `order:${orderId}` })).toMatchObject({
      type: 'subscribed',
    });
    expect(await live.request({ type: 'subscribe', topic: `user:${owner.userId}` })).toMatchObject({
      type: 'subscribed',
    });
    expect(await live.request({ type: 'subscribe', topic: `user:${stranger.userId}` })).toMatchObject({
      type: 'error',
    });

    const other = await connect(serverA, {}, { authorization: `Bearer ${stranger.token}` });
    expect(await other.request({ type: 'subscribe', topic: `order:${orderId}` })).toMatchObject({
      type: 'error',
    });
  });

  it('restaurant:<id> -> only with a staff token of that restaurant; an event on two watched topics comes once', async () => {
    const { orderId, cartToken, restaurantId } = await placeOrder(serverA);
    const topic = `restaurant:${restaurantId}`;

    const diner = await connect(serverA, { cart_token: cartToken });
    expect(await diner.request({ type: 'subscribe', topic })).toMatchObject({
      type: 'error',
      code: MESSAGE.forbidden,
    });

    const elsewhere = await connect(serverA, { staff_token: await staffTokenFor(serverA, 1002) });
    expect(await elsewhere.request({ type: 'subscribe', topic })).toMatchObject({ type: 'error' });
    expect(await elsewhere.request({ type: 'subscribe', topic: `order:${orderId}` })).toMatchObject({
      type: 'error',
    });

    const expired = await staffTokenFor(serverA, restaurantId);
    serverA.clock.advance(2 * 3600);
    try {
      const late = await connect(serverA, { staff_token: expired });
      expect(await late.request({ type: 'subscribe', topic })).toMatchObject({ type: 'error' });
    } finally {
      serverA.clock.advance(-2 * 3600);
    }

    const kitchen = await connect(serverA, {
      staff_token: await staffTokenFor(serverA, restaurantId),
      cart_token: cartToken,
    });
    expect(await kitchen.request({ type: 'subscribe', topic })).toEqual({ type: 'subscribed', topic });
    expect(await kitchen.request({ type: 'subscribe', topic: `order:${orderId}` })).toMatchObject({
      type: 'subscribed',
    });
    await moveOrder(serverA, orderId, ORDER_STATUS.CONFIRMED);
    await moveOrder(serverA, orderId, ORDER_STATUS.PREPARING);
    expect((await kitchen.nextEvent()).data.status).toBe(ORDER_STATUS.CONFIRMED);
    expect((await kitchen.nextEvent()).data.status).toBe(ORDER_STATUS.PREPARING);
  });

  it('a change made through instance A -> reaches a client connected to instance B', async () => {
    const { orderId, cartToken } = await placeOrder(serverA);
    const onB = await connect(serverB, { cart_token: cartToken });
    expect(await onB.request({ type: 'subscribe', topic: `order:${orderId}` })).toMatchObject({
      type: 'subscribed',
    });

    await moveOrder(serverA, orderId, ORDER_STATUS.CONFIRMED);
    expect(await onB.nextEvent()).toMatchObject({
      type: 'order.status',
      data: { order_id: orderId, status: ORDER_STATUS.CONFIRMED },
    });

    // And an order placed through B, moved through B, watched on A and B.
    const second = await placeOrder(serverB);
    const onA = await connect(serverA, { cart_token: second.cartToken });
    await onA.request({ type: 'subscribe', topic: `order:${second.orderId}` });
    await onB.request({ type: 'auth', cart_token: second.cartToken });
    await onB.request({ type: 'subscribe', topic: `order:${second.orderId}` });
    await moveOrder(serverB, second.orderId, ORDER_STATUS.CANCELLED);
    expect((await onA.nextEvent()).data).toMatchObject({
      order_id: second.orderId,
      status: ORDER_STATUS.CANCELLED,
    });
    expect((await onB.nextEvent()).data).toMatchObject({
      order_id: second.orderId,
      status: ORDER_STATUS.CANCELLED,
    });
  });

  it('staff confirm through the HTTP call on A -> the diner and the kitchen on B get it', async () => {
    const { orderId, cartToken } = await placeOrder(serverA);
    const login = await serverA.client().call(staffApi.staffLogin, {
      body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    });
    const diner = await connect(serverB, { cart_token: cartToken });
    const kitchen = await connect(serverB, { staff_token: login.token });
    await diner.request({ type: 'subscribe', topic: `order:${orderId}` });
    expect(await kitchen.request({ type: 'subscribe', topic: 'restaurant:1001' })).toMatchObject({
      type: 'subscribed',
    });

    await serverA.client({ authToken: login.token }).call(staffApi.staffOrderStatus, {
      params: { orderId },
      body: { status: ORDER_STATUS.CONFIRMED },
    });
    for (const live of [diner, kitchen]) {
      expect((await live.nextEvent()).data).toMatchObject({
        order_id: orderId,
        status: ORDER_STATUS.CONFIRMED,
      });
    }
  });

  it('a rolled-back change -> no event', async () => {
    const { orderId, cartToken } = await placeOrder(serverA);
    const live = await connect(serverA, { cart_token: cartToken });
    await live.request({ type: 'subscribe', topic: `order:${orderId}` });
    const ctx = serverA.app.santap;
    await expect(
      ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
        await transitionOrder(ctx, tx, row!, ORDER_STATUS.CONFIRMED, 'test');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await moveOrder(serverA, orderId, ORDER_STATUS.DECLINED);
    expect((await live.nextEvent()).data.status).toBe(ORDER_STATUS.DECLINED);
  });

  it('unsubscribe -> no more events of that topic', async () => {
    const first = await placeOrder(serverA);
    const live = await connect(serverA, { cart_token: first.cartToken });
    await live.request({ type: 'subscribe', topic: `order:${first.orderId}` });
    expect(await live.request({ type: 'unsubscribe', topic: `order:${first.orderId}` })).toEqual({
      type: 'unsubscribed',
      topic: `order:${first.orderId}`,
    });
    const second = await placeOrder(serverA);
    await live.request({ type: 'auth', cart_token: second.cartToken });
    await live.request({ type: 'subscribe', topic: `order:${second.orderId}` });
    await moveOrder(serverA, first.orderId, ORDER_STATUS.CONFIRMED);
    await moveOrder(serverA, second.orderId, ORDER_STATUS.CONFIRMED);
    expect((await live.nextEvent()).data.order_id).toBe(second.orderId);
  });

  it('socket closed -> every subscription released', async () => {
    const events = serverA.app.santap.events;
    let active = 0;
    const original = events.subscribe.bind(events);
    const spy = vi.spyOn(events, 'subscribe').mockImplementation((topic, listener) => {
      active++;
      const unsubscribe = original(topic, listener);
      return () => {
        active--;
        unsubscribe();
      };
    });
    try {
      const { orderId, cartToken } = await placeOrder(serverA);
      const staffToken = await staffTokenFor(serverA, 1001);
      const live = await LiveClient.connect(serverA, { cart_token: cartToken, staff_token: staffToken });
      await live.request({ type: 'subscribe', topic: `order:${orderId}` });
      await live.request({ type: 'subscribe', topic: 'restaurant:1001' });
      expect(active).toBe(2);
      live.close();
      await live.closed();
      await eventually(() => expect(active).toBe(0));
    } finally {
      spy.mockRestore();
    }
  });

  it('a subscribe that fails on our side (database connection cut) -> error, then the socket closes with 1011, so the page reconnects; the next socket subscribes', async () => {
    const { orderId, cartToken } = await placeOrder(serverA);
    const events = serverA.app.santap.events;
    const spy = vi.spyOn(events, 'subscribe').mockImplementationOnce(() => {
      throw new Error('Connection terminated unexpectedly');
    });
    try {
      const live = await LiveClient.connect(serverA, { cart_token: cartToken });
      expect(await live.request({ type: 'subscribe', topic: `order:${orderId}` })).toMatchObject({
        type: 'error',
        code: MESSAGE.somethingWentWrong,
      });
      // Left open, the page would wait for events of a subscription that never started.
      expect(await live.closed()).toBe(1011);
      const again = await LiveClient.connect(serverA, { cart_token: cartToken });
      expect(await again.request({ type: 'subscribe', topic: `order:${orderId}` })).toEqual({
        type: 'subscribed',
        topic: `order:${orderId}`,
      });
      again.close();
    } finally {
      spy.mockRestore();
    }
  });

  it.skipIf(engine === 'pglite')(
    "the instance's LISTEN connection cut (events of the gap lost) -> once it is back, each subscription is acknowledged again, where the page re-reads the order",
    async () => {
      const { orderId, cartToken } = await placeOrder(serverA);
      const live = await connect(serverB, { cart_token: cartToken });
      await live.request({ type: 'subscribe', topic: `order:${orderId}` });
      await database.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'LISTEN%'`,
      );
      expect(await live.next(15_000)).toEqual({ type: 'subscribed', topic: `order:${orderId}` });
      // And events flow again through the new connection.
      await moveOrder(serverA, orderId, ORDER_STATUS.CONFIRMED);
      expect((await live.nextEvent()).data).toMatchObject({
        order_id: orderId,
        status: ORDER_STATUS.CONFIRMED,
      });
    },
    30_000,
  );

  it(`more than ${LIVE_LIMITS.subscriptionsPerSocket} topics -> the next is refused`, async () => {
    const { orderId, cartToken } = await placeOrder(serverA);
    // Copies of the diner's order, so there are enough topics it may watch.
    const db = serverA.app.santap.db;
    const [original] = await db.select().from(orders).where(eq(orders.id, orderId));
    const { id: _id, ...copy } = original!;
    const copies = await db
      .insert(orders)
      .values(Array.from({ length: LIVE_LIMITS.subscriptionsPerSocket }, () => copy))
      .returning({ id: orders.id });
    const ids = [orderId, ...copies.map((row) => row.id)];
    const live = await connect(serverA, { cart_token: cartToken });
    for (const id of ids.slice(0, LIVE_LIMITS.subscriptionsPerSocket)) {
      expect(await live.request({ type: 'subscribe', topic: `order:${id}` })).toMatchObject({
        type: 'subscribed',
      });
    }
    const last = ids[LIVE_LIMITS.subscriptionsPerSocket]!;
    expect(await live.request({ type: 'subscribe', topic: `order:${last}` })).toMatchObject({
      type: 'error',
      code: MESSAGE.tooManyRequests,
    });
    await live.request({ type: 'unsubscribe', topic: `order:${orderId}` });
    expect(await live.request({ type: 'subscribe', topic: `order:${last}` })).toMatchObject({
      type: 'subscribed',
    });
  });

  it.each([
    ['not JSON', 'subscribe order:1'],
    ['unknown type', { type: 'publish', topic: 'order:1' }],
    ['unknown topic kind', { type: 'subscribe', topic: 'table:5003' }],
    ['non-numeric id', { type: 'subscribe', topic: 'order:abc' }],
    ['id beyond int4', { type: 'subscribe', topic: 'order:9999999999' }],
    ['topic missing', { type: 'subscribe' }],
  ])('%s -> invalid input error, socket stays open', async (_name, message) => {
    const live = await connect(serverA);
    expect(await live.request(message)).toMatchObject({ type: 'error', code: MESSAGE.invalidInput });
    expect(await live.request({ type: 'ping' })).toEqual({ type: 'pong' });
  });

  it('error message in the upgrade language (accept-language: id) -> Indonesian words', async () => {
    const en = await connect(serverA, {}, { 'accept-language': 'en' });
    const id = await connect(serverA, {}, { 'accept-language': 'id' });
    const inEnglish = await en.request({ type: 'subscribe', topic: 'order:1' });
    const inIndonesian = await id.request({ type: 'subscribe', topic: 'order:1' });
    expect(inIndonesian.code).toBe(inEnglish.code);
    expect(inIndonesian.message).not.toBe(inEnglish.message);
  });

  it(`a frame over ${LIVE_LIMITS.messageBytes} bytes -> socket closed with 1009`, async () => {
    const live = await connect(serverA);
    live.send({ type: 'subscribe', topic: 'order:1', padding: 'x'.repeat(LIVE_LIMITS.messageBytes) });
    expect(await live.closed()).toBe(1009);
  });

  it('a binary frame -> socket closed with 1003', async () => {
    const live = await connect(serverA);
    live.socket.send(Buffer.from('{"type":"ping"}'), { binary: true });
    expect(await live.closed()).toBe(1003);
  });
});
