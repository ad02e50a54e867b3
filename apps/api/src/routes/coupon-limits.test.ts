/**
 * A coupon's per-user limit of 1 under parallel requests of one diner: ten update_discount.php applies
 * at once, then ten order creates at once; and ten apply-then-create journeys racing each other.
 * Whatever interleaving the engine allows, the coupon is redeemed once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cart, orders } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { couponRedemptions } from '../db/schema';
import { ENGINES, LUNCHTIME, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import type { Client } from '../../test/journeys';
import { addFood, couponRow, insertCoupon, login, pickup } from '../../test/promotions-kit';

const DAY = 24 * 60 * 60 * 1000;

/** Five carts of one diner that a mall coupon (mall 1) applies to: the food court's and four outlets'. */
const CARTS: [string, number][] = [
  ['mall-demo', 1011],
  ['mall-demo-nasi-lemak', 1011],
  ['mall-demo-char-kway-teow', 1012],
  ['mall-demo-roti-canai', 1013],
  ['mall-demo-teh-tarik-bar', 1014],
];

describe.each(ENGINES)('coupon per-user limit under parallel requests on %s', (engine) => {
  let server: TestServer;
  let week = 0;

  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });
  // A later Tuesday 12:00 in Kuala Lumpur per case: every outlet open, OTP limits afresh.
  beforeEach(() => {
    week += 1;
    server.clock.set(new Date(Date.parse(LUNCHTIME) + (week * 7 + 1) * DAY));
  });

  const apply = (client: Client, scope: string, code: string) =>
    client.call(cart.cartDiscount, { body: { scope, discount_code: code } });
  const create = (client: Client, scope: string) =>
    client.call(orders.orderCreate, { body: { scope, payment_mode: 'online' } });
  const codeOf = (reason: unknown) => (reason as { code?: string }).code;

  async function redemptionsOf(discountId: number) {
    return server.db.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.discountId, discountId));
  }

  it('ten parallel applies over five carts -> all held (applying is not using); ten parallel creates -> one order with it, one redemption', async () => {
    const coupon = await insertCoupon(server, { mallId: 1, perUserLimit: 1, value: 100 });
    const { client, userId } = await login(server);
    for (const [scope, outlet] of CARTS) {
      await addFood(client, scope, outlet, 500);
      await pickup(client, scope);
    }
    const applied = await Promise.allSettled(
      CARTS.flatMap(([scope]) => [apply(client, scope, coupon.code), apply(client, scope, coupon.code)]),
    );
    expect(applied.map((r) => r.status)).toEqual(Array(10).fill('fulfilled'));
    for (const result of applied) {
      if (result.status === 'fulfilled') expect(result.value.discount_code).toBe(coupon.code);
    }

    const created = await Promise.allSettled(
      CARTS.flatMap(([scope]) => [create(client, scope), create(client, scope)]),
    );
    expect(created.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of created) {
      if (result.status === 'rejected') {
        expect([MESSAGE.couponUserLimitReached, MESSAGE.cartEmpty]).toContain(codeOf(result.reason));
      }
    }
    const rows = await redemptionsOf(coupon.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(userId);
    expect((await couponRow(server, coupon.id)).usedCount).toBe(1);
  });

  it('ten apply-then-create journeys at once over five carts -> exactly one order redeems it; the rest refused, never a 500', async () => {
    const coupon = await insertCoupon(server, { mallId: 1, perUserLimit: 1, value: 100 });
    const { client, userId } = await login(server);
    for (const [scope, outlet] of CARTS) {
      await addFood(client, scope, outlet, 500);
      await pickup(client, scope);
    }
    const journeys = await Promise.allSettled(
      CARTS.flatMap(([scope]) =>
        [0, 1].map(async () => {
          await apply(client, scope, coupon.code);
          return create(client, scope);
        }),
      ),
    );
    expect(journeys.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of journeys) {
      if (result.status === 'rejected') {
        expect([MESSAGE.couponUserLimitReached, MESSAGE.cartEmpty]).toContain(codeOf(result.reason));
      }
    }
    const rows = await redemptionsOf(coupon.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(userId);
    expect((await couponRow(server, coupon.id)).usedCount).toBe(1);
  });
});
