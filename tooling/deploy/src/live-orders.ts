/**
 * A restaurant's day in a few dozen calls, through the real server over HTTP (the server started by
 * the drill with `@santap/api/testing`): diners at kopitiam-ali's table T3 order, most pay online on the
 * simulator's hosted page, some pay later; a food-court diner pays two outlets at once; the manager
 * serves and completes the paid orders, refunds some in full and some in part, and cancels one paid
 * order (refunded by the product itself). Waits until every refund has settled at the gateway.
 */
import { randomUUID } from 'node:crypto';
import { createApiClient } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { cart, orders, payments, restaurants, staff } from '@santap/contract';
import { DEMO, DEMO_STAFF_PASSWORD } from '@santap/api/testing';
import { ORDER_STATUS, createCartToken } from '@santap/domain';

export interface Diner extends ApiClient {
  cartToken: string;
}

/**
 * A browser: its cart token (a new one, or one it had on another server: the same diner after the
 * restore), and the table ticket a table check sets (kept as its cookie is).
 */
export function dinerAt(baseUrl: string, who: { authToken?: string; cartToken?: string } = {}): Diner {
  const { authToken } = who;
  const cartToken = who.cartToken ?? createCartToken();
  let ticket: string | undefined;
  const client = createApiClient({
    baseUrl,
    country: () => 'MY',
    language: () => 'en',
    cartToken: () => cartToken,
    authToken: () => authToken,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (ticket) request.headers.set('cookie', `table_ticket=${ticket}`);
      const response = await fetch(request);
      for (const cookie of response.headers.getSetCookie()) {
        const set = /^table_ticket=([^;]*)/.exec(cookie);
        if (set) ticket = set[1] || undefined;
      }
      return response;
    },
  });
  return Object.assign(client, { cartToken });
}

async function addPlainDish(diner: Diner, scope: string, restaurant: string | number) {
  const menu = await diner.call(restaurants.menu, { query: { restaurant_id: String(restaurant) } });
  const dish = menu.items.find(
    (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
  );
  if (!dish) throw new Error(`no plain dish on ${restaurant}'s menu`);
  await diner.call(cart.cartUpdate, { body: { scope, item_id: dish.id, quantity: 2 } });
}

/** The payer on the simulator's hosted page (the signed link as issued), choosing success. */
async function payOnHostedPage(redirectUrl: string | null | undefined) {
  const link = new URL(redirectUrl!);
  const reply = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ channel: 'grab_pay_app', outcome: 'success' }).toString(),
    redirect: 'manual',
  });
  const status = new URL(reply.headers.get('location') ?? 'http://x/').searchParams.get('status');
  if (reply.status !== 302 || status !== '1') throw new Error(`the hosted page answered ${reply.status}`);
}

export interface Day {
  /** One diner per order placed, with the order (the restore's server reads it back as that diner). */
  placed: Array<{ diner: Diner; orderId: number; paid: boolean }>;
  refundedInFull: number[];
  refundedInPart: number[];
  cancelledPaid: number;
}

/** Every refund settled (none still initiated at the gateway), or an error after `ms`. */
async function refundsSettled(pending: () => Promise<number>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (let left = await pending(); left > 0; left = await pending()) {
    if (Date.now() > deadline) throw new Error(`${left} refunds still initiated after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function runDay(
  baseUrl: string,
  refundsPending: () => Promise<number>,
  tables = 12,
): Promise<Day> {
  const day: Day = { placed: [], refundedInFull: [], refundedInPart: [], cancelledPaid: 0 };
  for (let i = 0; i < tables; i++) {
    const diner = dinerAt(baseUrl);
    const online = i % 4 !== 3;
    await addPlainDish(diner, 'kopitiam-ali', 'kopitiam-ali');
    await diner.call(restaurants.restaurantTable, {
      params: { restaurantId: DEMO.kopitiamAli, tableId: 5003 },
      query: {},
    });
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const order = await diner.call(
      orders.orderCreate,
      { body: { scope: 'kopitiam-ali', payment_mode: online ? 'online' : 'pay_later' } },
      { idempotencyKey: randomUUID() },
    );
    if (online) {
      const started = await diner.call(payments.paymentInitiate, {
        body: { order_id: order.order_id, method: 'Wallet', channel: 'grab_pay_app' },
      });
      await payOnHostedPage(started.redirect_url);
    }
    day.placed.push({ diner, orderId: order.order_id, paid: online });
  }

  // A food-court diner: a dish from each of two outlets, one order per outlet, one payment for both.
  const fcDiner = dinerAt(baseUrl);
  for (const outlet of [DEMO.mall.nasiLemak, DEMO.mall.rotiCanai])
    await addPlainDish(fcDiner, DEMO.mall.slug, outlet);
  await fcDiner.call(cart.cartDetails, {
    body: { scope: DEMO.mall.slug, context: { orderType: 3, pickupType: 'pickup' } },
  });
  const fcOrder = await fcDiner.call(
    orders.foodCourtOrderCreate,
    { body: { scope: DEMO.mall.slug, payment_mode: 'online' } },
    { idempotencyKey: randomUUID() },
  );
  const fcPayment = await fcDiner.call(payments.paymentInitiateFoodCourt, {
    body: { fc_order_id: fcOrder.fc_order_id!, method: 'Wallet', channel: 'grab_pay_app' },
  });
  await payOnHostedPage(fcPayment.redirect_url);
  for (const orderId of fcOrder.order_ids) day.placed.push({ diner: fcDiner, orderId, paid: true });

  // kopitiam-ali's manager: the paid orders served and completed, except one cancelled once confirmed.
  const session = await dinerAt(baseUrl).call(staff.staffLogin, {
    body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
  });
  const manager = dinerAt(baseUrl, { authToken: session.token });
  const paidHere = day.placed.filter((order) => order.paid && order.diner !== fcDiner);
  const [cancelled, ...served] = paidHere;
  const move = (orderId: number, status: number) =>
    manager.call(staff.staffOrderStatus, { params: { orderId }, body: { status } });
  await move(cancelled!.orderId, ORDER_STATUS.CONFIRMED);
  await move(cancelled!.orderId, ORDER_STATUS.CANCELLED);
  day.cancelledPaid = cancelled!.orderId;
  for (const { orderId } of served) {
    for (const status of [
      ORDER_STATUS.CONFIRMED,
      ORDER_STATUS.PREPARING,
      ORDER_STATUS.READY,
      ORDER_STATUS.SERVED_OR_PICKED,
      ORDER_STATUS.COMPLETED,
    ]) {
      await move(orderId, status);
    }
  }
  // Refunds: two in full, three of 100 sen (part of the order was not served).
  for (const [index, { orderId }] of served.slice(0, 5).entries()) {
    const full = index < 2;
    await manager.call(
      staff.staffRefundOrder,
      {
        params: { orderId },
        body: full ? { reason: 'Cold food' } : { amount: 100, reason: 'Teh tarik not served' },
      },
      { idempotencyKey: randomUUID() },
    );
    (full ? day.refundedInFull : day.refundedInPart).push(orderId);
  }
  await refundsSettled(refundsPending);
  return day;
}
