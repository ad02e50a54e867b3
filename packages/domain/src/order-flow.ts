import type { OrderTypeCode, PickupType } from './order-type';
import { ORDER_TYPE } from './order-type';
import { PAYMENT_RESULT } from './status';

/** The reply of the create-order call (spec §7 `create.php`), as loosely typed as it arrives. */
export interface CreateOrderReply {
  /** 1 (or `'1'`, `true`) on success; 0 (or `'0'`, `false`) is an error (spec §8). */
  status?: number | string | boolean | null;
  /** Server words, already in the diner's language; `'invalid token'` means the session is gone. */
  message?: string | null;
  data?: { order_id?: string | number | null } | null;
}

/** What the create-order flow knows when the reply arrives. */
export interface OrderCreatedInput {
  reply: CreateOrderReply;
  orderType: OrderTypeCode;
  pickupType?: PickupType | null;
  /** The restaurant takes payment before the order (`prePaidEnabledfromShannon`). */
  prepay: boolean;
  /** The stored add-more flag of a running takeaway order; `'1'` means adding to it. */
  storedFlag?: string | null;
  /** The amount to pay, integer minor units. */
  amount: number;
  /** A scheduled order: it is paid first (spec §4 'Scheduled orders must be paid first'), never later. */
  scheduled?: boolean;
  /**
   * The items joined a running order as a new batch (spec §4 'More items added'); `amount` is then
   * what that order still owes. Paid later, the diner lands on `type=addmore`.
   */
  addedToRunningOrder?: boolean;
}

/** Where the diner goes after the create-order reply (spec §4). */
export type NextAfterOrderCreated =
  | { kind: 'navigate'; to: string; replace: boolean; orderId: string }
  | { kind: 'loyaltyComplete'; orderId: string }
  | { kind: 'login' }
  | { kind: 'error'; message?: string };

const INVALID_TOKEN = 'invalid token';

function isFailureStatus(status: CreateOrderReply['status']): boolean {
  return status === false || status === 0 || status === '0';
}

/**
 * The step after the create-order reply (spec §4 create-order flow, §8), in this order:
 *
 * 1. Reply message `'invalid token'` (any case) -> `login`.
 * 2. Reply status 0 -> `error` with the server's message, if any (show `MESSAGE.somethingWentWrong`
 *    when there is none). A success without an order id is an error too.
 * 3. Dine-in without prepay -> replace-navigate to
 *    `/payment/response?status=1&order_id={id}&type=dinein&redirect=1` (pay later).
 * 4. Takeaway pickup, stored flag `'1'`, no prepay -> the same with `type=addmore`; so is any batch
 *    added to a running order without prepay (`addedToRunningOrder`), checked before step 3.
 *    Steps 3 and 4 never apply to a `scheduled` order: scheduled orders are paid first.
 * 5. Amount 0 -> `loyaltyComplete` (loyalty cashback covers the bill).
 * 6. Otherwise navigate (not replace) to `/payments/{orderId}/{amount}`, amount in minor units.
 *
 * Every success carries `orderId` for the caller to store.
 *
 * @throws RangeError when `amount` is not a non-negative safe integer (minor units).
 *
 * @example
 * ```ts
 * nextAfterOrderCreated({
 *   reply: { status: 1, data: { order_id: 981 } }, orderType: ORDER_TYPE.DELIVERY, prepay: true, amount: 2550,
 * }); // { kind: 'navigate', to: '/payments/981/2550', replace: false, orderId: '981' }
 * ```
 */
export function nextAfterOrderCreated(input: OrderCreatedInput): NextAfterOrderCreated {
  const { reply, amount } = input;
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`nextAfterOrderCreated: amount must be non-negative minor units, got ${amount}`);
  }
  const message =
    typeof reply.message === 'string' && reply.message.trim() !== '' ? reply.message : undefined;
  if (message?.trim().toLowerCase() === INVALID_TOKEN) return { kind: 'login' };
  if (isFailureStatus(reply.status))
    return message === undefined ? { kind: 'error' } : { kind: 'error', message };

  const rawId = reply.data?.order_id;
  const orderId = rawId == null ? '' : String(rawId).trim();
  if (orderId === '') return { kind: 'error' };
  const id = encodeURIComponent(orderId);
  const payLater = (type: 'dinein' | 'addmore') =>
    `/payment/response?status=${PAYMENT_RESULT.SUCCESS}&order_id=${id}&type=${type}&redirect=1`;

  const payLaterAllowed = !input.prepay && input.scheduled !== true;
  if (input.addedToRunningOrder === true && payLaterAllowed) {
    return { kind: 'navigate', to: payLater('addmore'), replace: true, orderId };
  }
  if (input.orderType === ORDER_TYPE.DINE_IN && payLaterAllowed) {
    return { kind: 'navigate', to: payLater('dinein'), replace: true, orderId };
  }
  const addingToTakeaway =
    input.orderType === ORDER_TYPE.PICKUP && input.pickupType === 'takeaway' && input.storedFlag === '1';
  if (addingToTakeaway && payLaterAllowed) {
    return { kind: 'navigate', to: payLater('addmore'), replace: true, orderId };
  }
  if (amount === 0) return { kind: 'loyaltyComplete', orderId };
  return { kind: 'navigate', to: `/payments/${id}/${amount}`, replace: false, orderId };
}

/** How a diner pays for an order being placed: online now, or later at the counter or to staff. */
export type PaymentChoiceMode = 'online' | 'pay_later';

/** What the pay-now / pay-later choice depends on (spec §3 restaurant settings, §4). */
export interface PaymentChoiceInput {
  orderType: OrderTypeCode;
  /** Order types the restaurant wants paid first (`prePaidEnabledfromShannon` and the prepay mask). */
  prepaidOrderTypes: readonly OrderTypeCode[];
  /** Order types the restaurant lets diners pay later (the pay-later mask). */
  payLaterOrderTypes: readonly OrderTypeCode[];
  scheduled: boolean;
}

/** The modes offered, in display order, and the one chosen until the diner picks another. */
export interface PaymentChoice {
  modes: readonly PaymentChoiceMode[];
  preferred: PaymentChoiceMode;
}

/**
 * The pay-now / pay-later choice of the create-order flow (spec §4): the restaurant's prepay setting
 * decides. A scheduled order, or a type without pay later, is paid online only. Where both are
 * possible the choice starts on what the restaurant prefers: online where the type is also prepaid,
 * pay later where it is not (a dine-in at a kopitiam that lets the table pay at the counter).
 *
 * @example
 * ```ts
 * paymentChoice({ orderType: 1, prepaidOrderTypes: [2, 3], payLaterOrderTypes: [1], scheduled: false });
 * // { modes: ['online', 'pay_later'], preferred: 'pay_later' }
 * ```
 */
export function paymentChoice(input: PaymentChoiceInput): PaymentChoice {
  if (input.scheduled || !input.payLaterOrderTypes.includes(input.orderType)) {
    return { modes: ['online'], preferred: 'online' };
  }
  return {
    modes: ['online', 'pay_later'],
    preferred: input.prepaidOrderTypes.includes(input.orderType) ? 'online' : 'pay_later',
  };
}

/**
 * {@link paymentChoice} for one order placed at several outlets and paid once (a food court, spec §1):
 * pay later only where every outlet in the cart allows it for the type (each outlet's order is then
 * paid at its counter), online preferred as soon as one of them wants the type prepaid.
 *
 * @example
 * ```ts
 * paymentChoiceForOutlets({ orderType: 3, scheduled: false, outlets: [
 *   { prepaidOrderTypes: [], payLaterOrderTypes: [1, 3] },
 *   { prepaidOrderTypes: [3], payLaterOrderTypes: [3] },
 * ] }); // { modes: ['online', 'pay_later'], preferred: 'online' }
 * ```
 */
export function paymentChoiceForOutlets(input: {
  orderType: OrderTypeCode;
  scheduled: boolean;
  outlets: readonly Pick<PaymentChoiceInput, 'prepaidOrderTypes' | 'payLaterOrderTypes'>[];
}): PaymentChoice {
  const { orderType, scheduled, outlets } = input;
  const everyPaysLater =
    outlets.length > 0 && outlets.every((outlet) => outlet.payLaterOrderTypes.includes(orderType));
  const somePrepays = outlets.some((outlet) => outlet.prepaidOrderTypes.includes(orderType));
  return paymentChoice({
    orderType,
    scheduled,
    payLaterOrderTypes: everyPaysLater ? [orderType] : [],
    prepaidOrderTypes: somePrepays ? [orderType] : [],
  });
}
