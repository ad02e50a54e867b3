/**
 * A websocket subscription ends when the token it was granted on ends (expired by the server's clock,
 * or revoked): the next event is not delivered; the socket gets 'invalid token' and closes (1008).
 * Replayed for a diner's token and a staff token, on both engines.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auth, cart, orders as orderApi, restaurants, staff as staffApi } from '@santap/contract';
import { ORDER_STATUS } from '@santap/domain';
import type { OrderStatus } from '@santap/domain';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { authTokens, orders } from '../db/schema';
import { DEMO_STAFF_PASSWORD } from '../seed/ids';
import { transitionOrder } from '../services/flows/ordering/orders';
import { STAFF_TOKEN_TTL_HOURS } from '../services/flows/staff/staff';
import { hashToken } from '../services/flows/accounts/tokens';
import { scanTable } from '../../test/journeys';

interface Frame {
  type: string;
  code?: string;
  event?: { data?: { order_id?: number; status?: number } };
}

/** A socket that records every frame and its close code. */
async function openSocket(server: TestServer, query: Record<string, string>) {
  const url = new URL('/ws', server.baseUrl.replace('http', 'ws'));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  let closeCode: number | undefined;
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as Frame));
  socket.on('close', (code) => (closeCode = code));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waitFor = async <T>(probe: () => T | undefined, what: string, ms = 10_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms: ${JSON.stringify(frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    frames,
    async subscribe(topic: string) {
      socket.send(JSON.stringify({ type: 'subscribe', topic }));
      return waitFor(
        () => frames.find((frame) => frame.type === 'subscribed' || frame.type === 'error'),
        'reply',
      );
    },
    event: (status: OrderStatus) =>
      waitFor(
        () => frames.find((frame) => frame.type === 'event' && frame.event?.data?.status === status),
        'event',
      ),
    closed: (ms?: number) => waitFor(() => closeCode, 'close', ms),
    close: () => socket.close(),
  };
}

describe.each(ENGINES)('websocket subscriptions and their tokens on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    // A 1 s heartbeat (30 s in production): a revocation is seen at the next one without a long wait.
    server = await startTestServer(engine, { config: { liveHeartbeatMs: 1_000 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A guest with a token orders pay-later at kopitiam-ali table 5003. */
  async function guestOrder() {
    const session = await server.client().call(auth.registerGuest, {});
    const diner = server.client({ authToken: session.token });
    const menu = await diner.call(restaurants.menu, { query: { restaurant_id: 'kopitiam-ali' } });
    const item = menu.items.find(
      (entry) => entry.in_stock && !entry.option_groups.some((group) => group.required),
    )!;
    await diner.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: item.id, quantity: 1 } });
    await scanTable(diner, 1001, 5003);
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const created = await diner.call(orderApi.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
    });
    return { token: session.token, orderId: created.order_id };
  }

  async function move(orderId: number, to: OrderStatus) {
    const ctx = server.app.santap;
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      await transitionOrder(ctx, tx, row!, to, 'test');
    });
  }

  it('a staff token past its 12 hours -> the kitchen socket gets no more orders: invalid token, closed 1008', async () => {
    const login = await server.client().call(staffApi.staffLogin, {
      body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    });
    const { orderId } = await guestOrder();
    const kitchen = await openSocket(server, { staff_token: login.token });
    expect((await kitchen.subscribe('restaurant:1001')).type).toBe('subscribed');
    await move(orderId, ORDER_STATUS.CONFIRMED);
    await kitchen.event(ORDER_STATUS.CONFIRMED);

    server.clock.advance(STAFF_TOKEN_TTL_HOURS * 3600 + 1);
    await move(orderId, ORDER_STATUS.PREPARING);
    expect(await kitchen.closed()).toBe(1008);
    expect(
      kitchen.frames.some((frame) => frame.type === 'error' && frame.code === 'errors.invalidToken'),
    ).toBe(true);
    expect(kitchen.frames.some((frame) => frame.event?.data?.status === ORDER_STATUS.PREPARING)).toBe(false);
  });

  it("a diner's token past its 30 days -> their order's socket is closed, the next status is not sent", async () => {
    const { token, orderId } = await guestOrder();
    const diner = await openSocket(server, { token });
    expect((await diner.subscribe(`order:${orderId}`)).type).toBe('subscribed');
    server.clock.advance(31 * 24 * 3600);
    await move(orderId, ORDER_STATUS.CONFIRMED);
    expect(await diner.closed()).toBe(1008);
    expect(diner.frames.some((frame) => frame.type === 'event')).toBe(false);
  });

  it("a diner's token revoked (signed out elsewhere) -> the socket is closed at the next re-check", async () => {
    const { token, orderId } = await guestOrder();
    const diner = await openSocket(server, { token });
    expect((await diner.subscribe(`order:${orderId}`)).type).toBe('subscribed');
    await server.app.santap.db
      .update(authTokens)
      .set({ revokedAt: server.clock.now() })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    // The heartbeat re-checks every socket's tokens (liveHeartbeatMs, 1 s in this file).
    expect(await diner.closed(5_000), 'closed within a heartbeat').toBe(1008);
  });
});
