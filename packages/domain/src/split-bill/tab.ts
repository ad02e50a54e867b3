import { BILL_LINE_KEY } from '../bill';
import type { Bill, BillLine } from '../bill';
import type { Currency } from '../country';
import { DomainError, MESSAGE } from '../messages';
import { allocateInProportion } from './allocate';

/** One dish of a tab's order, in the order of its bill's `lineTotals`. */
export interface TabLineInput {
  /** Unique across the tab (the order line's id as a string). */
  id: string;
  /** Who ordered it (the diner's id on the tab): what "pay my dishes" picks. */
  by?: string;
  /** A stored-value voucher, outside the service charge and taxes as in {@link computeBill}. */
  taxExempt?: boolean;
}

/** One order of a tab: its bill as {@link computeBill} made it, and its dishes in the bill's order. */
export interface TabOrder {
  orderId: number | string;
  bill: Pick<Bill, 'currency' | 'lineTotals' | 'lines' | 'total'>;
  lines: readonly TabLineInput[];
}

/** A table's tab: the running orders at the table that are paid by shares. */
export interface Tab {
  currency: Currency;
  orders: readonly TabOrder[];
}

/**
 * What a share took of one dish: an amount per bill line key (`bill.subtotal` for the dish itself,
 * the service charge, each tax, each discount, rounding). `included: true` parts are taxes contained
 * in the others (for the receipt and the e-invoice) and are not part of `amount`.
 */
export interface ShareLineAllocation {
  lineId: string;
  amount: number;
  parts: BillLine[];
}

/** A share as the server keeps it with its payment: what it took of each dish. */
export interface SettledShare {
  allocation: readonly { lineId: string; parts: readonly Pick<BillLine, 'key' | 'amount' | 'included'>[] }[];
}

/** One dish of a tab with its share of the bill and what is still owed on it. */
export interface TabLineBalance {
  id: string;
  orderId: number | string;
  by?: string;
  /** The dish's share of its order's total: its price and its parts of charges, taxes, discounts, rounding. */
  amount: number;
  /** That share by bill line key (non-`included` parts add up to `amount`). */
  parts: BillLine[];
  paid: number;
  /** Taken by shares whose payment is under way. */
  pending: number;
  left: number;
  /** What is left of each part (non-`included` ones add up to `left`); a settled dish has none. */
  leftParts: BillLine[];
}

/** A tab's totals and each dish's balance (see {@link tabBalance}). */
export interface TabBalance {
  currency: Currency;
  /** The sum of the orders' bill totals. */
  total: number;
  paid: number;
  pending: number;
  left: number;
  lines: TabLineBalance[];
}

const partId = (part: Pick<BillLine, 'key' | 'included'>): string =>
  part.included ? `included:${part.key}` : part.key;

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** Adds `amount` to the part `line` of `parts`, merging a key that appears twice. */
function addPart(parts: BillLine[], line: BillLine, amount: number): void {
  if (amount === 0) return;
  const existing = parts.find((part) => partId(part) === partId(line));
  if (existing) {
    existing.amount += amount;
    if (existing.rate !== line.rate) delete existing.rate;
    return;
  }
  parts.push({
    key: line.key,
    amount,
    ...(line.rate !== undefined ? { rate: line.rate } : {}),
    ...(line.included ? { included: true as const } : {}),
  });
}

const DISH_WEIGHTED: ReadonlySet<string> = new Set([BILL_LINE_KEY.packaging, BILL_LINE_KEY.deliveryFee]);
const DISCOUNTS_ON_FOOD: ReadonlySet<string> = new Set([
  BILL_LINE_KEY.couponDiscount,
  BILL_LINE_KEY.referralDiscount,
]);
const AFTER_TAX: ReadonlySet<string> = new Set([
  BILL_LINE_KEY.depositDiscount,
  BILL_LINE_KEY.loyaltyDiscount,
  BILL_LINE_KEY.rounding,
]);

/**
 * `amount` over the dishes by `weights`; when those are all 0 (a charge on dishes that weigh
 * nothing), by `fallback`, then equally.
 */
function spread(amount: number, weights: readonly number[], fallback: readonly number[]): number[] {
  if (sum(weights) > 0) return allocateInProportion(amount, weights);
  if (sum(fallback) > 0) return allocateInProportion(amount, fallback);
  return allocateInProportion(
    amount,
    weights.map(() => 1),
  );
}

/**
 * Each dish's share of one order's bill, part by part in the bill's order: the dish's own line
 * total; coupon and referral in proportion to what is left of each dish's food; packaging and
 * delivery fee in proportion to the dishes' prices; the service charge in proportion to the
 * discounted food of dishes that are not tax exempt; each tax (and each included tax) in proportion
 * to those dishes' food, packaging and service charge; deposit, loyalty cashback and the bill's
 * rounding in proportion to each dish's running total. Each part is split by
 * {@link allocateInProportion}, so the dishes' parts add up to the bill's line exactly.
 */
function orderLineParts(order: TabOrder): BillLine[][] {
  const { bill, lines } = order;
  if (lines.length !== bill.lineTotals.length) throw new DomainError(MESSAGE.invalidInput);
  const counted = bill.lines.filter((line) => !line.included);
  if (sum(counted.map((line) => line.amount)) !== bill.total) throw new DomainError(MESSAGE.invalidInput);
  if (lines.length === 0) {
    if (counted.some((line) => line.amount !== 0)) throw new DomainError(MESSAGE.invalidInput);
    return [];
  }
  const parts: BillLine[][] = lines.map(() => []);
  const dishes = [...bill.lineTotals];
  const running = [...dishes];
  const food = [...dishes];
  const beforeTax = [...dishes];
  const taxable = (values: readonly number[]): number[] =>
    values.map((value, index) => (lines[index]!.taxExempt ? 0 : value));

  for (const line of bill.lines) {
    if (line.key === BILL_LINE_KEY.subtotal && !line.included) {
      if (line.amount !== sum(dishes)) throw new DomainError(MESSAGE.invalidInput);
      dishes.forEach((amount, index) => addPart(parts[index]!, line, amount));
      continue;
    }
    let shares: number[];
    if (line.included || !(line.amount < 0 || AFTER_TAX.has(line.key) || DISH_WEIGHTED.has(line.key))) {
      const isService = line.key === BILL_LINE_KEY.serviceCharge;
      shares = spread(line.amount, taxable(isService ? food : beforeTax), isService ? food : beforeTax);
    } else if (line.amount < 0) {
      // A discount or a rounding down is never more than what is left (computeBill clamps them): in
      // proportion to what is left of each dish, no dish goes below zero.
      const base = DISCOUNTS_ON_FOOD.has(line.key) ? food : running;
      if (-line.amount > sum(base)) throw new DomainError(MESSAGE.invalidInput);
      shares = allocateInProportion(line.amount, base);
    } else {
      shares = spread(line.amount, DISH_WEIGHTED.has(line.key) ? dishes : running, running);
    }
    shares.forEach((amount, index) => {
      addPart(parts[index]!, line, amount);
      if (line.included) return;
      running[index]! += amount;
      if (DISCOUNTS_ON_FOOD.has(line.key)) food[index]! += amount;
      if (DISCOUNTS_ON_FOOD.has(line.key) || line.key === BILL_LINE_KEY.packaging)
        beforeTax[index]! += amount;
      if (line.key === BILL_LINE_KEY.serviceCharge) beforeTax[index]! += amount;
    });
  }
  if (running.some((amount) => amount < 0)) throw new DomainError(MESSAGE.invalidInput);
  return parts;
}

const moneyOf = (parts: readonly Pick<BillLine, 'amount' | 'included'>[]): number =>
  sum(parts.filter((part) => !part.included).map((part) => part.amount));

/** Subtracts a settled share's parts from what is left of each dish; refuses to go past zero. */
function subtractShare(
  left: Map<string, BillLine[]>,
  owed: Map<string, number>,
  share: SettledShare,
): number {
  let taken = 0;
  for (const entry of share.allocation) {
    const leftParts = left.get(entry.lineId);
    if (!leftParts) throw new DomainError(MESSAGE.invalidInput);
    for (const part of entry.parts) {
      if (!Number.isSafeInteger(part.amount)) throw new DomainError(MESSAGE.invalidInput);
      const current = leftParts.find((candidate) => partId(candidate) === partId(part));
      if (part.amount === 0) continue;
      // A share takes a part with its sign and never more than is left of it: more would be paid twice.
      if (
        !current ||
        Math.sign(part.amount) !== Math.sign(current.amount) ||
        Math.abs(part.amount) > Math.abs(current.amount)
      ) {
        throw new DomainError(MESSAGE.invalidInput);
      }
      current.amount -= part.amount;
    }
    const money = moneyOf(entry.parts);
    const stillOwed = owed.get(entry.lineId)! - money;
    // Charges taken without their discounts would leave the dish owing less than nothing.
    if (stillOwed < 0) throw new DomainError(MESSAGE.invalidInput);
    owed.set(entry.lineId, stillOwed);
    taken += money;
  }
  return taken;
}

/**
 * A tab's balance (spec §9 money: integer minor units): each dish's share of its order's bill,
 * part by part, and what `paid` and `pending` shares have taken of it. The dishes' shares of one
 * order add up exactly to that order's `bill.total`, so a tab whose dishes are all settled has been
 * paid exactly its bills' total, in whatever order and shares it was paid.
 *
 * `paid` are the shares whose payment succeeded; `pending` the shares whose payment is under way
 * (holding their dishes until it ends or times out). A share computed by {@link splitShare} from a
 * balance that counted every paid and pending share can never take more than is left, whichever
 * finishes first.
 *
 * Rounding: the bills' own `bill.rounding` lines (orders placed to pay cash at the counter) are shared
 * like any other part. A share paid in cash is rounded on its own by {@link splitShare}.
 *
 * @throws DomainError with `MESSAGE.invalidInput` when an order's `lines` do not match its bill
 *   (count, subtotal, total), line ids repeat, a bill is in another currency, or a share takes what
 *   is not left (a dish, or a part of one, paid twice).
 * @example
 * ```ts
 * // One order: RM 10 + RM 20, service charge 10 %, SST 6 % on subtotal + service: total RM 34.98.
 * tabBalance(tab).lines.map((line) => line.amount); // [1166, 2332]
 * tabBalance(tab, [myDishShare]).left; // 2332
 * ```
 */
export function tabBalance(
  tab: Tab,
  paid: readonly SettledShare[] = [],
  pending: readonly SettledShare[] = [],
): TabBalance {
  const lines: TabLineBalance[] = [];
  const seen = new Set<string>();
  for (const order of tab.orders) {
    if (order.bill.currency !== tab.currency) throw new DomainError(MESSAGE.invalidInput);
    orderLineParts(order).forEach((parts, index) => {
      const input = order.lines[index]!;
      if (seen.has(input.id)) throw new DomainError(MESSAGE.invalidInput);
      seen.add(input.id);
      const amount = moneyOf(parts);
      lines.push({
        id: input.id,
        orderId: order.orderId,
        ...(input.by !== undefined ? { by: input.by } : {}),
        amount,
        parts,
        paid: 0,
        pending: 0,
        left: amount,
        leftParts: parts.map((part) => ({ ...part })),
      });
    });
  }
  const left = new Map(lines.map((line) => [line.id, line.leftParts]));
  const owed = new Map(lines.map((line) => [line.id, line.amount]));
  const take = (shares: readonly SettledShare[], field: 'paid' | 'pending'): number => {
    let taken = 0;
    for (const share of shares) {
      const before = new Map(owed);
      taken += subtractShare(left, owed, share);
      for (const line of lines) line[field] += before.get(line.id)! - owed.get(line.id)!;
    }
    return taken;
  };
  const paidTotal = take(paid, 'paid');
  const pendingTotal = take(pending, 'pending');
  for (const line of lines) {
    line.left = owed.get(line.id)!;
    line.leftParts = line.leftParts.filter((part) => part.amount !== 0);
  }
  const total = sum(tab.orders.map((order) => order.bill.total));
  return {
    currency: tab.currency,
    total,
    paid: paidTotal,
    pending: pendingTotal,
    left: total - paidTotal - pendingTotal,
    lines,
  };
}
