import { orders } from '@santap/api-client';
import { PAYMENT_RESULT, nextAfterOrderCreated, parsePickupTypeParam } from '@santap/domain';
import type { NextAfterOrderCreated } from '@santap/domain';
import { paths } from '../../../config/paths';
import type { CreatedOrder } from '../../../lib/api-types';

/**
 * The create-order call for a cart (spec §7): a scheduled order has its own call; a food-court cart
 * (a mall scope) its own; every other cart `create.php`. All three take an Idempotency-Key.
 */
export function createOrderEndpoint(options: { scheduled: boolean; foodCourt: boolean }) {
  if (options.foodCourt) return orders.foodCourtOrderCreate;
  return options.scheduled ? orders.scheduleOrderCreate : orders.orderCreate;
}

/**
 * The step after the order is created: `nextAfterOrderCreated` of `@santap/domain` (spec §4) on the
 * created order. A failed create never gets here: the client throws on a status-0 reply
 * (`ServerMessage`) and on 'invalid token' (`AuthRequired`).
 */
export function nextAfterCreated(created: CreatedOrder, scheduled: boolean): NextAfterOrderCreated {
  return nextAfterOrderCreated({
    orderId: created.order_id,
    orderType: created.order_type,
    pickupType: parsePickupTypeParam(created.pickup_type) ?? null,
    prepay: created.prepay,
    storedFlag: created.pay_later_flag,
    amount: created.amount,
    scheduled,
    // Items that joined a running order (spec §4 'More items added'): `amount` is what it still owes.
    addedToRunningOrder: created.batch !== undefined,
  });
}

/**
 * The diner's address for that step, and whether it replaces the cart in the history: pay later and
 * a loyalty-paid order land on `/payment/response` (replace: the placed cart is gone, back must not
 * return to it); paying goes on to `/payments/{id}/{amount}` (push, as the diner may come back).
 */
export function navigationAfterCreated(next: NextAfterOrderCreated): { to: string; replace: boolean } {
  switch (next.kind) {
    case 'payLater':
      return { to: paths.payLaterResponse(next.orderId, next.type), replace: true };
    case 'loyaltyComplete':
      return {
        to: paths.paymentResponse({
          status: PAYMENT_RESULT.SUCCESS,
          order_id: next.orderId,
          amount: 0,
          redirect: 1,
        }),
        replace: true,
      };
    case 'pay':
      return { to: paths.payments(next.orderId, next.amount), replace: false };
  }
}

const LAST_ORDER_KEY = 'santap.lastOrder';

/** Keeps the created order's id for the browser session (spec §4: 'the order id is stored'). */
export function rememberOrder(orderId: number, scope: string) {
  try {
    sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify({ orderId, scope }));
  } catch {
    // storage blocked: the id travels in the URL anyway
  }
}
