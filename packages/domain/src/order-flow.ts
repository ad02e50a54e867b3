import type { OrderTypeCode, PickupType } from './order-type';
import { ORDER_TYPE } from './order-type';

/** The order the create-order call made (spec §4), as the create-order flow reads it. */
export interface OrderCreatedInput {
  /** The created order's id (the running order's when items were added to one). */
  orderId: number | string;
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
   * what that order still owes. Paid later, the diner lands on the `addmore` response.
   */
  addedToRunningOrder?: boolean;
}

/**
 * Where the diner goes once the order is created (spec §4); the app turns it into its own address.
 * `payLater`: the order is paid later (at the counter or to staff), `type` says whether it is a dine-in
 * order or items added to a running one; `pay`: pay `amount` (minor units) now; `loyaltyComplete`:
 * loyalty cashback covered the whole bill.
 */
export type NextAfterOrderCreated =
  | { kind: 'payLater'; type: 'dinein' | 'addmore'; orderId: string }
  | { kind: 'pay'; orderId: string; amount: number }
  | { kind: 'loyaltyComplete'; orderId: string };

/**
 * The step after an order is created (spec §4 create-order flow), in this order:
 *
 * 1. A batch added to a running order without prepay (`addedToRunningOrder`) -> `payLater` `addmore`.
 * 2. Dine-in without prepay -> `payLater` `dinein`.
 * 3. Takeaway pickup, stored flag `'1'`, no prepay -> `payLater` `addmore`.
 *    Steps 1 to 3 never apply to a `scheduled` order: scheduled orders are paid first.
 * 4. Amount 0 -> `loyaltyComplete` (loyalty cashback covers the bill).
 * 5. Otherwise `pay` the amount, in minor units.
 *
 * Every step carries `orderId` (as text) for the caller to store. A failed create (status 0, a lost
 * login) never gets here: the API client raises it as a typed error.
 *
 * @throws RangeError when `amount` is not a non-negative safe integer (minor units) or the order id is empty.
 *
 * @example
 * ```ts
 * nextAfterOrderCreated({ orderId: 981, orderType: ORDER_TYPE.DELIVERY, prepay: true, amount: 2550 });
 * // { kind: 'pay', orderId: '981', amount: 2550 }
 * ```
 */
export function nextAfterOrderCreated(input: OrderCreatedInput): NextAfterOrderCreated {
  const { amount } = input;
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`nextAfterOrderCreated: amount must be non-negative minor units, got ${amount}`);
  }
  const orderId = String(input.orderId).trim();
  if (orderId === '') throw new RangeError('nextAfterOrderCreated: the order id is empty');

  const payLaterAllowed = !input.prepay && input.scheduled !== true;
  if (input.addedToRunningOrder === true && payLaterAllowed) {
    return { kind: 'payLater', type: 'addmore', orderId };
  }
  if (input.orderType === ORDER_TYPE.DINE_IN && payLaterAllowed) {
    return { kind: 'payLater', type: 'dinein', orderId };
  }
  const addingToTakeaway =
    input.orderType === ORDER_TYPE.PICKUP && input.pickupType === 'takeaway' && input.storedFlag === '1';
  if (addingToTakeaway && payLaterAllowed) return { kind: 'payLater', type: 'addmore', orderId };
  if (amount === 0) return { kind: 'loyaltyComplete', orderId };
  return { kind: 'pay', orderId, amount };
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
