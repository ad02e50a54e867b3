/** Shared steps of the coupon, cashback and referral tests — through the real client where a diner would. */
import { eq } from 'drizzle-orm';
import { auth, cart, staff } from '@santap/contract';
import { ORDER_STATUS, ORDER_TYPE } from '@santap/domain';
import { discounts, orders } from '../src/db/schema';
import { DEMO, DEMO_STAFF_PASSWORD } from '../src/seed/ids';
import type { TestServer } from './harness';
import type { Client } from './journeys';
import { menuOf, plainItem, scanTable } from './journeys';
import { freshPhone } from './phones';

/** Logs a new diner in by OTP (send_otp -> dev inbox -> verify_otp): an ACTIVE user. */
export async function login(server: TestServer, client: Client = server.client()) {
  const phone = freshPhone('+60173');
  await client.call(auth.sendOtp, { body: { phone } });
  const { messages } = await client.call(auth.devInbox, { query: { recipient: phone } });
  const otp = /\b(\d{6})\b/.exec(messages[0]!.body)![1]!;
  const session = await client.call(auth.verifyOtp, { body: { phone, otp } });
  client.setAuthToken(session.token);
  return { client, userId: session.user.user_id, phone, token: session.token };
}

/**
 * Adds the first plain item of `restaurant` to the cart of `scope`, enough of it that the food comes
 * to at least `food` minor units; returns the food added.
 */
export async function addFood(client: Client, scope: string, restaurant: string | number, food: number) {
  const item = plainItem((await menuOf(client, restaurant)).items);
  const quantity = Math.min(99, Math.max(1, Math.ceil(food / item.price)));
  await client.call(cart.cartUpdate, { body: { scope, item_id: item.id, quantity } });
  return { item, quantity, food: item.price * quantity };
}

export const pickup = (client: Client, scope: string) =>
  client.call(cart.cartDetails, { body: { scope, context: { orderType: 3, pickupType: 'pickup' } } });

/** Dine-in at `tableId` of a demo restaurant (its nameid) or food court (its slug), scanned first. */
export async function dineIn(client: Client, scope: string, tableId: number) {
  const restaurantId = Object.entries(DEMO.nameids).find(([, nameid]) => nameid === scope)?.[0];
  await scanTable(client, restaurantId ? Number(restaurantId) : scope, tableId);
  return client.call(cart.cartDetails, { body: { scope, context: { orderType: 1, tableId } } });
}

/** A coupon written straight into the restaurant's data (what a merchant dashboard would do). */
export async function insertCoupon(server: TestServer, values: Partial<typeof discounts.$inferInsert>) {
  const [row] = await server.db.database.db
    .insert(discounts)
    .values({
      code: `T${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
      title: { en: 'Test coupon', id: 'Kupon uji', my: 'Kupon ujian' },
      kind: 'fixed',
      value: 100,
      minOrder: 0,
      ...values,
    })
    .returning();
  return row!;
}

export async function couponRow(server: TestServer, id: number) {
  const [row] = await server.db.database.db.select().from(discounts).where(eq(discounts.id, id));
  return row!;
}

export async function orderRow(server: TestServer, id: number) {
  const [row] = await server.db.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Completes an order the way the restaurant does: the manager moves it along the transition table. */
export async function completeByStaff(server: TestServer, orderId: number, nameid: string) {
  const session = await server
    .client()
    .call(staff.staffLogin, { body: { username: `${nameid}-manager`, password: DEMO_STAFF_PASSWORD } });
  const manager = server.client({ authToken: session.token });
  const order = await orderRow(server, orderId);
  // Prepaid orders are paid first; the payment itself is another test's business.
  if (order.paymentMode === 'online' && order.paymentStatus !== 'paid') {
    await server.db.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, orderId));
  }
  const S = ORDER_STATUS;
  const path =
    order.orderType === ORDER_TYPE.DELIVERY
      ? [S.CONFIRMED, S.PREPARING, S.READY, S.ON_THE_WAY, S.DELIVERED, S.COMPLETED]
      : [S.CONFIRMED, S.PREPARING, S.READY, S.SERVED_OR_PICKED, S.COMPLETED];
  for (const status of path) {
    await manager.call(staff.staffOrderStatus, { params: { orderId }, body: { status } });
  }
}
