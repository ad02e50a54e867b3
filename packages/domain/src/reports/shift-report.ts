import type { BillLine } from '../bill';
import type { Currency } from '../country';
import { ORDER_TYPE } from '../order-type';
import type { OrderTypeCode } from '../order-type';
import { ORDER_STATUS } from '../status';
import type { OrderStatus } from '../status';
import { countedCashTotal, isMinorUnits } from './cash';
import type { CountedCash } from './cash';
import { REPORT_MESSAGE } from './messages';
import type { ReportRefusal } from './messages';

/** Where an order came in (close the day: "by channel (table QR, pickup, delivery, kiosk, counter)"). */
export const SALES_CHANNELS = ['tableQr', 'pickup', 'delivery', 'kiosk', 'counter'] as const;
/** One of {@link SALES_CHANNELS}. */
export type SalesChannel = (typeof SALES_CHANNELS)[number];

/**
 * How money was taken (close the day: "by payment method and rail (cash, QRIS, DuitNow, cards, FPX,
 * each e-wallet)"): the rails, then the e-wallets of Malaysia (Touch 'n Go, GrabPay, Boost,
 * ShopeePay) and Indonesia (GoPay, OVO, DANA, LinkAja).
 */
export const PAYMENT_RAILS = [
  'cash',
  'qris',
  'duitnow',
  'card',
  'fpx',
  'tng',
  'grabpay',
  'boost',
  'shopeepay',
  'gopay',
  'ovo',
  'dana',
  'linkaja',
] as const;
/** One of {@link PAYMENT_RAILS}. */
export type PaymentRail = (typeof PAYMENT_RAILS)[number];

/** The order types in report order. */
const ORDER_TYPES: readonly OrderTypeCode[] = [ORDER_TYPE.DINE_IN, ORDER_TYPE.DELIVERY, ORDER_TYPE.PICKUP];

/**
 * Statuses of an order that ended without being served (declined, cancelled, deleted). Such an order
 * with no money taken is a void; one with money taken stays a sale, undone by its refund.
 */
const VOIDED: ReadonlySet<OrderStatus> = new Set([
  ORDER_STATUS.DECLINED,
  ORDER_STATUS.CANCELLED,
  ORDER_STATUS.DELETED,
]);

/** An order as stored: its bill as `computeBill` wrote it (`lines`, `total`). */
export interface ReportOrder {
  id: string;
  orderType: OrderTypeCode;
  channel: SalesChannel;
  status: OrderStatus;
  /** A test order: left out of every figure. */
  test?: boolean;
  placedAt: Date;
  bill: { lines: readonly BillLine[]; total: number };
}

/** A captured payment. */
export interface ReportPayment {
  orderId: string;
  rail: PaymentRail;
  amount: number;
  capturedAt: Date;
}

/** Who did something to money or an order, why and when. */
export interface ReportAction {
  orderId: string;
  amount: number;
  by: string;
  reason: string;
  at: Date;
}

/** A refund: it carries its order's channel and type, since that order may belong to an earlier day. */
export interface ReportRefund extends ReportAction {
  rail: PaymentRail;
  channel: SalesChannel;
  orderType: OrderTypeCode;
  test?: boolean;
}

/** Cash put into or taken out of the drawer (change brought in, a supplier paid). */
export interface CashMovement {
  direction: 'in' | 'out';
  amount: number;
  by: string;
  reason: string;
  at: Date;
}

/** The rows of one shift or business day `[from, to)`; rows outside it are ignored (see {@link shiftReport}). */
export interface ShiftReportInput {
  currency: Currency;
  from: Date;
  to: Date;
  orders: readonly ReportOrder[];
  payments: readonly ReportPayment[];
  refunds: readonly ReportRefund[];
  voids: readonly ReportAction[];
  cashMovements: readonly CashMovement[];
  openingFloat: number;
  counted?: CountedCash;
}

/** One figure of a breakdown: its key, how many orders (where it counts orders) and the amount. */
export interface ReportFigure<K> {
  key: K;
  amount: number;
  orders?: number;
}

/** The X report (during a shift) or Z report (at its close): see {@link shiftReport}. */
export interface ShiftReport {
  currency: Currency;
  from: Date;
  to: Date;
  /** Orders counted as sales: placed in the range, not test, not voids. */
  orderCount: number;
  /** Sum of the counted orders' bill totals. */
  grossSales: number;
  /** Refunds happening in the range. */
  refundTotal: number;
  /** `grossSales - refundTotal`. */
  netSales: number;
  /** Sales by rail: the counted orders' payments in the range, less refunds, plus `unpaid`. */
  byRail: ReportFigure<PaymentRail | 'unpaid'>[];
  byChannel: ReportFigure<SalesChannel>[];
  byOrderType: ReportFigure<OrderTypeCode>[];
  /** The counted orders' bill lines summed by key; `included` lines (inclusive tax) apart. */
  billLines: { key: string; amount: number; included: boolean }[];
  refunds: ReportRefund[];
  voids: ReportAction[];
  /** Money taken in the range for orders not counted here (an earlier day's bill paid now). */
  collectedOutsideSales: ReportFigure<PaymentRail>[];
  excluded: { testOrders: number; voidedOrders: number; outsideRange: number };
  cash: {
    openingFloat: number;
    taken: number;
    refunded: number;
    movedIn: number;
    movedOut: number;
    movements: CashMovement[];
    /** `openingFloat + taken - refunded + movedIn - movedOut`. */
    expected: number;
    counted: number | null;
    /** `counted - expected` (negative: cash missing); null when not counted. */
    difference: number | null;
  };
}

type Result = { ok: true; report: ShiftReport } | { ok: false; refusal: ReportRefusal };

const refuse = (field: string, values?: Record<string, string | number>): Result => ({
  ok: false,
  refusal: { key: REPORT_MESSAGE.amountInvalid, field, ...(values ? { values } : {}) },
});

const validDate = (d: Date): boolean => Number.isFinite(d.getTime());

/** Rows in a fixed order whatever order they came in: by time, then every other field. */
function sortRows<T extends { at: Date }>(rows: readonly T[]): T[] {
  const text = (row: T): string => JSON.stringify(row);
  return [...rows].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0),
  );
}

function add<K>(map: Map<K, number>, key: K, amount: number): void {
  map.set(key, (map.get(key) ?? 0) + amount);
}

function figures<K>(keys: readonly K[], amounts: Map<K, number>, counts?: Map<K, number>): ReportFigure<K>[] {
  return keys
    .filter((key) => amounts.has(key) || counts?.has(key))
    .map((key) => ({
      key,
      amount: amounts.get(key) ?? 0,
      ...(counts ? { orders: counts.get(key) ?? 0 } : {}),
    }));
}

/** The first refusal of malformed rows, or null. */
function checkRows(input: ShiftReportInput): Result | null {
  if (!validDate(input.from) || !validDate(input.to) || input.to < input.from) return refuse('range');
  if (!isMinorUnits(input.openingFloat)) return refuse('openingFloat');
  const seen = new Set<string>();
  for (const order of input.orders) {
    if (seen.has(order.id)) {
      return {
        ok: false,
        refusal: { key: REPORT_MESSAGE.duplicateOrder, field: 'orders', values: { orderId: order.id } },
      };
    }
    seen.add(order.id);
    const { lines, total } = order.bill;
    if (!isMinorUnits(total) || !validDate(order.placedAt)) return refuse('orders', { orderId: order.id });
    let sum = 0;
    for (const line of lines) {
      if (!Number.isSafeInteger(line.amount)) return refuse('orders', { orderId: order.id });
      if (!line.included) sum += line.amount;
    }
    // The bill's lines that are not included add up to its total (bill.ts); anything else is corrupt.
    if (sum !== total) return refuse('orders', { orderId: order.id });
  }
  const bad = (amount: number, when: Date): boolean => !isMinorUnits(amount) || !validDate(when);
  if (input.payments.some((p) => bad(p.amount, p.capturedAt))) return refuse('payments');
  if (input.refunds.some((r) => bad(r.amount, r.at))) return refuse('refunds');
  if (input.voids.some((v) => bad(v.amount, v.at))) return refuse('voids');
  if (input.cashMovements.some((m) => bad(m.amount, m.at))) return refuse('cashMovements');
  return null;
}

/**
 * The figures of an X or Z report (close the day: shifts and cash) from plain rows, for the range
 * `[from, to)` of a shift or business day:
 *
 * - **Sales:** orders placed in the range, not `test`, each counted once, but voids: an order declined,
 *   cancelled or deleted with no payment among the rows (any time). One cancelled after money was taken
 *   stays a sale, and its refund takes it off in the range the refund happens, so a report worked out
 *   again later gives the same figures. `grossSales` sums their bill totals; `billLines` sums their bill lines by
 *   key (subtotal, service charge, each tax such as `bill.sst` or `bill.pbjt`, packaging, delivery,
 *   rounding, coupon, referral, deposit and loyalty discounts), so the lines not `included` add up to
 *   `grossSales`.
 * - **Refunds** count in the range in which they happen, whatever day their order was placed (a closed
 *   Z report never changes: a later refund lands in a later report). `netSales = grossSales - refundTotal`.
 * - **By rail, channel, order type:** each breakdown adds up to `netSales`. By rail, a counted order's
 *   payments captured in the range go to their rail and what it still owes to `unpaid` (negative when
 *   more was taken than the bill); refunds come off their rail. Payments in the range for other orders
 *   (an earlier day's bill) are `collectedOutsideSales`.
 * - **Cash:** expected = opening float + cash taken (every non-test cash payment in the range) - cash
 *   refunded + cash in - cash out; counted (a total or by denomination) and the difference.
 *
 * Test orders' payments and test refunds are left out of everything. The order of the rows changes
 * nothing. Bad rows give a refusal with a {@link REPORT_MESSAGE} key: an amount that is not whole
 * minor units, a bill whose lines do not add up to its total, an order listed twice, counted cash that
 * is not a non-negative whole number, a note or coin not of the currency.
 */
export function shiftReport(input: ShiftReportInput): Result {
  const bad = checkRows(input);
  if (bad) return bad;
  let counted: number | null = null;
  if (input.counted) {
    const total = countedCashTotal(input.counted, input.currency);
    if (!total.ok) return total;
    counted = total.amount;
  }
  const from = input.from.getTime();
  const to = input.to.getTime();
  const inRange = (d: Date): boolean => d.getTime() >= from && d.getTime() < to;

  const excluded = { testOrders: 0, voidedOrders: 0, outsideRange: 0 };
  const sales = new Map<string, ReportOrder>();
  const testIds = new Set(input.orders.filter((o) => o.test).map((o) => o.id));
  const paidIds = new Set(input.payments.filter((p) => !testIds.has(p.orderId)).map((p) => p.orderId));
  const billLines = new Map<string, { amount: number; included: boolean }>();
  const byChannel = new Map<SalesChannel, number>();
  const channelOrders = new Map<SalesChannel, number>();
  const byType = new Map<OrderTypeCode, number>();
  const typeOrders = new Map<OrderTypeCode, number>();
  let grossSales = 0;
  for (const order of input.orders) {
    if (order.test) excluded.testOrders += 1;
    else if (!inRange(order.placedAt)) excluded.outsideRange += 1;
    else if (VOIDED.has(order.status) && !paidIds.has(order.id)) excluded.voidedOrders += 1;
    else {
      sales.set(order.id, order);
      grossSales += order.bill.total;
      add(byChannel, order.channel, order.bill.total);
      add(channelOrders, order.channel, 1);
      add(byType, order.orderType, order.bill.total);
      add(typeOrders, order.orderType, 1);
      for (const line of order.bill.lines) {
        const id = `${line.included ? '1' : '0'}${line.key}`;
        const sum = billLines.get(id) ?? { amount: 0, included: line.included === true };
        sum.amount += line.amount;
        billLines.set(id, sum);
      }
    }
  }

  const byRail = new Map<PaymentRail | 'unpaid', number>();
  const outside = new Map<PaymentRail, number>();
  const paidPerOrder = new Map<string, number>();
  let cashTaken = 0;
  for (const payment of input.payments) {
    if (testIds.has(payment.orderId) || !inRange(payment.capturedAt)) continue;
    if (payment.rail === 'cash') cashTaken += payment.amount;
    if (sales.has(payment.orderId)) {
      add(byRail, payment.rail, payment.amount);
      add(paidPerOrder, payment.orderId, payment.amount);
    } else add(outside, payment.rail, payment.amount);
  }
  let unpaid = 0;
  for (const order of sales.values()) unpaid += order.bill.total - (paidPerOrder.get(order.id) ?? 0);
  if (unpaid !== 0) byRail.set('unpaid', unpaid);

  const refunds = sortRows(input.refunds.filter((r) => !r.test && !testIds.has(r.orderId) && inRange(r.at)));
  let refundTotal = 0;
  let cashRefunded = 0;
  for (const refund of refunds) {
    if (refund.rail === 'cash') cashRefunded += refund.amount;
    refundTotal += refund.amount;
    add(byRail, refund.rail, -refund.amount);
    add(byChannel, refund.channel, -refund.amount);
    add(byType, refund.orderType, -refund.amount);
  }

  const movements = sortRows(input.cashMovements.filter((m) => inRange(m.at)));
  const movedIn = movements.reduce((sum, m) => sum + (m.direction === 'in' ? m.amount : 0), 0);
  const movedOut = movements.reduce((sum, m) => sum + (m.direction === 'out' ? m.amount : 0), 0);
  const expected = input.openingFloat + cashTaken - cashRefunded + movedIn - movedOut;

  return {
    ok: true,
    report: {
      currency: input.currency,
      from: input.from,
      to: input.to,
      orderCount: sales.size,
      grossSales,
      refundTotal,
      netSales: grossSales - refundTotal,
      byRail: figures<PaymentRail | 'unpaid'>([...PAYMENT_RAILS, 'unpaid'], byRail),
      byChannel: figures(SALES_CHANNELS, byChannel, channelOrders),
      byOrderType: figures(ORDER_TYPES, byType, typeOrders),
      billLines: [...billLines.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([id, line]) => ({ key: id.slice(1), ...line })),
      refunds,
      voids: sortRows(input.voids.filter((v) => !testIds.has(v.orderId) && inRange(v.at))),
      collectedOutsideSales: figures(PAYMENT_RAILS, outside),
      excluded,
      cash: {
        openingFloat: input.openingFloat,
        taken: cashTaken,
        refunded: cashRefunded,
        movedIn,
        movedOut,
        movements,
        expected,
        counted,
        difference: counted === null ? null : counted - expected,
      },
    },
  };
}
