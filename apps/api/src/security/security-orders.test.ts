/**
 * Security replays (README: Going live): unpaid online orders do not pile up in the kitchen's list
 * for ever, and the staff list pages instead of hiding orders past 200. Each test replays the attack
 * over HTTP and fails if it comes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, staff } from '@santap/contract';
import { ORDER_STATUS } from '@santap/domain';
import { DEMO_STAFF_PASSWORD } from '../seed/ids';
import { EXPIRY_MARGIN_MINUTES } from '../services/flows/payments/reconcile';
import { reconcile } from '../services/flows/ordering/orders/expiry';
import { GATEWAY_EXPIRY_MINUTES } from '../services/flows/payments/service';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { placeDineInOrder, placeOnlineOrder } from '../../test/journeys';

describe.each(ENGINES)('finding 6: unpaid online orders in the kitchen list (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });

  afterAll(async () => {
    await server.close();
  });

  async function manager() {
    const client = server.client();
    const { token } = await client.call(staff.staffLogin, {
      body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    });
    client.setAuthToken(token);
    return client;
  }

  it('unpaid online orders never paid -> cancelled past the gateway expiry plus the margin; a pay-later order stays', async () => {
    const guest = server.client();
    const unpaid = [
      await placeOnlineOrder(guest),
      await placeOnlineOrder(guest),
      await placeOnlineOrder(guest),
    ];
    const payLater = await placeDineInOrder(server.client());
    // Before the expiry and margin: nothing is cancelled.
    server.clock.advance((GATEWAY_EXPIRY_MINUTES + EXPIRY_MARGIN_MINUTES - 1) * 60);
    expect((await reconcile(server.app.santap)).ordersExpired).toBe(0);
    server.clock.advance(2 * 60);
    expect((await reconcile(server.app.santap)).ordersExpired).toBe(3);
    for (const placed of unpaid) {
      const detail = await guest.call(orders.orderDetails, { query: { order_id: placed.order_id } });
      expect(detail.status).toBe(ORDER_STATUS.CANCELLED);
    }
    const kitchen = await manager();
    const running = await kitchen.call(staff.staffOrders, { query: { running: '1' } });
    const runningIds = running.orders.map((order) => order.order_id);
    expect(runningIds).toContain(payLater.order_id);
    for (const placed of unpaid) expect(runningIds).not.toContain(placed.order_id);
  });

  it('the staff list pages: limit 2 and next_cursor walk every order once, running first, none hidden', async () => {
    for (let i = 0; i < 3; i++) await placeDineInOrder(server.client());
    const kitchen = await manager();
    const all = await kitchen.call(staff.staffOrders, { query: {} });
    const walked: number[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = await kitchen.call(staff.staffOrders, {
        query: { limit: 2, ...(cursor ? { cursor } : {}) },
      });
      expect(page.orders.length).toBeLessThanOrEqual(2);
      walked.push(...page.orders.map((order) => order.order_id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(walked).toEqual(all.orders.map((order) => order.order_id));
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.length).toBeGreaterThanOrEqual(6);
  });
});
