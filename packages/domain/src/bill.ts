import { z } from 'zod';
import type { Currency } from './country';
import { DomainError, MESSAGE } from './messages';
import { ORDER_TYPE } from './order-type';
import type { OrderTypeCode } from './order-type';

/**
 * The service charge most restaurants print ('Service Charge 10%'), in basis points: what
 * {@link computeBill} charges when `serviceChargeRate` is absent. The charge is optional (spec §9):
 * a restaurant without one passes 0.
 */
export const DEFAULT_SERVICE_CHARGE_BPS = 1000;

/** 100% in basis points: rates are integers out of this, so 1000 is 10% and 250 is 2.5%. */
export const BASIS_POINTS_PER_WHOLE = 10_000;

/**
 * Label keys of the bill lines {@link computeBill} writes itself (spec §9). Tax lines carry the
 * restaurant's own key (`'bill.sst'`, `'bill.pb1'`…) because tax names and rates are restaurant data.
 */
export const BILL_LINE_KEY = {
  subtotal: 'bill.subtotal',
  couponDiscount: 'bill.discount.coupon',
  referralDiscount: 'bill.discount.referral',
  packaging: 'bill.packaging',
  serviceCharge: 'bill.serviceCharge',
  deliveryFee: 'bill.deliveryFee',
  depositDiscount: 'bill.discount.deposit',
  loyaltyDiscount: 'bill.discount.loyalty',
  rounding: 'bill.rounding',
} as const;

// A tax named like a built-in line would be indistinguishable from it on the bill.
const RESERVED_LINE_KEYS: ReadonlySet<string> = new Set(Object.values(BILL_LINE_KEY));

const minorUnitsSchema = z.number().int().nonnegative();
const basisPointsSchema = z.number().int().min(0).max(BASIS_POINTS_PER_WHOLE);
const quantitySchema = z.number().int().min(1);

/**
 * Zod schema of {@link BillInput} (spec §9): money in non-negative integer minor units, quantities
 * integers >= 1, rates integer basis points from 0 to 10000, tax keys of the form `bill.*` (and not a
 * {@link BILL_LINE_KEY} value) so the i18n catalogues can label them. Unknown properties are stripped,
 * so a cart line can be passed as is.
 */
export const billInputSchema = z.object({
  currency: z.enum(['MYR', 'IDR'] as const satisfies readonly Currency[]),
  lines: z.array(
    z.object({
      id: z.string().optional(),
      unitPrice: minorUnitsSchema,
      quantity: quantitySchema,
      options: z.array(z.object({ price: minorUnitsSchema, quantity: quantitySchema.optional() })).optional(),
      packagingCharge: minorUnitsSchema.optional(),
      taxExempt: z.boolean().optional(),
    }),
  ),
  serviceChargeRate: basisPointsSchema.optional(),
  taxes: z
    .array(
      z.object({
        key: z
          .string()
          .regex(/^bill\.[A-Za-z0-9.]+$/)
          .refine((key) => !RESERVED_LINE_KEYS.has(key)),
        rate: basisPointsSchema,
        base: z.enum(['subtotal', 'subtotal_service', 'delivery']),
        inclusive: z.boolean().optional(),
      }),
    )
    .optional(),
  deliveryFee: minorUnitsSchema.optional(),
  discounts: z
    .array(z.object({ kind: z.enum(['coupon', 'referral', 'deposit', 'loyalty']), amount: minorUnitsSchema }))
    .optional(),
  cashRounding: z.enum(['none', 'nearest5']).optional(),
});

/**
 * What {@link computeBill} needs (spec §9), all money in integer minor units (sen, rupiah).
 *
 * - `lines[].unitPrice` and `options[].price` are per unit of the dish; `options[].quantity`
 *   (default 1) is how many of that add-on go on each unit; `packagingCharge` is per unit.
 *   `taxExempt: true` marks a line outside the service charge and every tax: the sale of a stored-value
 *   gift voucher (README "Vouchers and tax").
 * - `serviceChargeRate`: basis points; absent means {@link DEFAULT_SERVICE_CHARGE_BPS} (10%), 0 means
 *   no service charge.
 * - `taxes`: the restaurant's tax rules, each on one base: `'subtotal'` (food after coupon and
 *   referral, plus packaging), `'subtotal_service'` (that plus service charge: Indonesian PB1/PBJT,
 *   and Malaysian SST where the restaurant taxes the service charge) or `'delivery'` (the delivery fee).
 *   `inclusive: true` means the price already contains the tax (`'inclusive delivery SST 8%'`).
 * - `discounts`: requested amounts; see {@link computeBill} for where each kind applies. `deposit` is a
 *   table booking's paid token amount (spec §9 'adjusted against the final bill').
 * - `cashRounding: 'nearest5'`: Malaysian cash rounding; ignored for IDR.
 */
export type BillInput = z.input<typeof billInputSchema>;

/** One tax rule of a restaurant, as in {@link BillInput}`.taxes`. */
export type BillTax = NonNullable<BillInput['taxes']>[number];

/** One requested discount, as in {@link BillInput}`.discounts`. */
export type BillDiscount = NonNullable<BillInput['discounts']>[number];

/**
 * One printed line of a bill (spec §9): a label key for the catalogues, the rate for labels such as
 * 'Service Charge 10%' or 'SST 8%' (basis points, see {@link formatRate}) and a signed amount in minor
 * units (discounts are negative). `included: true` marks a tax already contained in other lines
 * ('inclusive delivery SST 8%'): it is shown for information and is not part of the sum.
 */
export interface BillLine {
  key: string;
  amount: number;
  rate?: number;
  included?: true;
}

/**
 * The result of {@link computeBill}. `lineTotals[i]` is input line i with its options times its
 * quantity (packaging excluded); `subtotal` is their sum. The sum of `amount` over the `lines` that are
 * not `included` is exactly `total`.
 */
export interface Bill {
  currency: Currency;
  lineTotals: number[];
  subtotal: number;
  lines: BillLine[];
  total: number;
}

/** `numerator / denominator` rounded half-up; both non-negative. */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** A tax or charge added on top of `base`. */
function chargeOn(base: bigint, rate: number): bigint {
  return divideRoundingHalfUp(base * BigInt(rate), BigInt(BASIS_POINTS_PER_WHOLE));
}

/** The tax contained in a tax-inclusive `gross`: gross × rate / (100% + rate). */
function taxIncludedIn(gross: bigint, rate: number): bigint {
  return divideRoundingHalfUp(gross * BigInt(rate), BigInt(BASIS_POINTS_PER_WHOLE + rate));
}

function smaller(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** How a restaurant rounds a bill paid in cash (spec §9, FACTS "Tax and charges"): to 5 sen, or not at all. */
export type CashRounding = NonNullable<BillInput['cashRounding']>;

/**
 * What paying `bill` in cash adds to it: the Malaysian rounding mechanism (step 9 of
 * {@link computeBill}), where totals ending in 1-2 sen go down to 0, 3-4 up to 5, 6-7 down to 5 and
 * 8-9 up to 10. 0 for `'none'`, for rupiah and for a total already rounded. The cart shows an order
 * to pay at the counter its total plus this (the cart's bill is computed before the payment mode is
 * known), and {@link computeBill} adds the same as the `bill.rounding` line of the order.
 *
 * @example
 * ```ts
 * cashRoundingOf({ currency: 'MYR', total: 758 }, 'nearest5'); // 2 (RM 7.58 -> RM 7.60)
 * cashRoundingOf({ currency: 'MYR', total: 756 }, 'nearest5'); // -1 (RM 7.56 -> RM 7.55)
 * cashRoundingOf({ currency: 'IDR', total: 15_001 }, 'nearest5'); // 0
 * ```
 */
export function cashRoundingOf(bill: Pick<Bill, 'currency' | 'total'>, cashRounding: CashRounding): number {
  if (cashRounding !== 'nearest5' || bill.currency !== 'MYR') return 0;
  const remainder = bill.total % 5;
  if (remainder === 0) return 0;
  return remainder <= 2 ? -remainder : 5 - remainder;
}

function toMinorUnits(value: bigint): number {
  const asNumber = Number(value);
  // Amounts past 2^53 would silently lose sen: refuse rather than print a wrong bill.
  if (!Number.isSafeInteger(asNumber)) throw new DomainError(MESSAGE.invalidInput);
  return asNumber;
}

/**
 * Computes a bill in integer minor units (spec §9, FACTS "Tax and charges"). The steps, in order:
 *
 * 1. Line totals: quantity × (unit price + Σ option price × option quantity). Subtotal = their sum.
 * 2. Coupon, then referral discounts reduce the food subtotal (never packaging or delivery) and are
 *    clamped to what is left of it: a restaurant's taxable amount is after discount.
 * 3. Packaging = Σ packaging charge × quantity.
 * 4. Service charge = rate × discounted subtotal (packaging is not a service).
 *    Lines marked `taxExempt` (gift vouchers) are left out of the service charge and every tax base;
 *    coupon and referral come off the exempt and the taxable food in proportion.
 * 5. Each tax = rate × its base, where `'subtotal'` is discounted subtotal + packaging,
 *    `'subtotal_service'` adds the service charge and `'delivery'` is the delivery fee. Taxes never
 *    apply to each other. An inclusive tax is the part of its base already contained in it
 *    (base × rate / (100% + rate)) and is an `included: true` line that does not add to the total.
 * 6. Delivery fee.
 * 7. A booking deposit (the paid token of a table booking, spec §9) comes off after tax, like money
 *    already paid; clamped to the total so far, so the bill never goes below zero.
 * 8. Loyalty cashback is spent last, like store credit; clamped to what is left after the deposit
 *    (a deposit that covers the bill leaves the diner's cashback unspent).
 * 9. With `cashRounding: 'nearest5'` and MYR, a `bill.rounding` line brings the total to a multiple
 *    of 5 sen. IDR is never rounded (the rupiah is already the smallest unit used).
 *
 * Every percentage is computed on the summed base and rounded half-up once per line, so a line
 * matches what a diner would compute from the printed base. Discount lines show the applied amount,
 * not the requested one. Lines other than the subtotal are left out when their amount is 0. Tax lines
 * appear in input order, delivery taxes after the delivery fee.
 *
 * @throws DomainError with `MESSAGE.invalidInput` when the input fails {@link billInputSchema} or an
 *   amount would exceed `Number.MAX_SAFE_INTEGER`.
 * @example
 * ```ts
 * computeBill({
 *   currency: 'IDR',
 *   lines: [{ unitPrice: 50_000, quantity: 2 }],
 *   serviceChargeRate: 500,
 *   taxes: [{ key: 'bill.pb1', rate: 1000, base: 'subtotal_service' }],
 * });
 * // lines: subtotal 100000, serviceCharge (5%) 5000, pb1 (10%) 10500; total 115500
 * ```
 */
export function computeBill(input: BillInput): Bill {
  const parsed = billInputSchema.safeParse(input);
  if (!parsed.success) throw new DomainError(MESSAGE.invalidInput);
  const bill = parsed.data;
  const lines: BillLine[] = [];
  const addLine = (line: Omit<BillLine, 'amount'>, amount: bigint): void => {
    if (amount !== 0n) lines.push({ ...line, amount: toMinorUnits(amount) });
  };

  const lineTotals = bill.lines.map((line) => {
    const optionsPerUnit = (line.options ?? []).reduce(
      (sum, option) => sum + BigInt(option.price) * BigInt(option.quantity ?? 1),
      0n,
    );
    return (BigInt(line.unitPrice) + optionsPerUnit) * BigInt(line.quantity);
  });
  const subtotal = lineTotals.reduce((sum, lineTotal) => sum + lineTotal, 0n);
  lines.push({ key: BILL_LINE_KEY.subtotal, amount: toMinorUnits(subtotal) });

  const requested = (kind: BillDiscount['kind']): bigint =>
    (bill.discounts ?? [])
      .filter((discount) => discount.kind === kind)
      .reduce((sum, discount) => sum + BigInt(discount.amount), 0n);

  const coupon = smaller(requested('coupon'), subtotal);
  const referral = smaller(requested('referral'), subtotal - coupon);
  addLine({ key: BILL_LINE_KEY.couponDiscount }, -coupon);
  addLine({ key: BILL_LINE_KEY.referralDiscount }, -referral);
  const discountedSubtotal = subtotal - coupon - referral;
  const exemptSubtotal = bill.lines.reduce(
    (sum, line, index) => (line.taxExempt ? sum + lineTotals[index]! : sum),
    0n,
  );
  // The exempt share of the discounted subtotal, in proportion (rounded half-up): what is left is taxed.
  const exemptDiscounted =
    subtotal === 0n ? 0n : divideRoundingHalfUp(exemptSubtotal * discountedSubtotal, subtotal);
  const taxableSubtotal = discountedSubtotal - exemptDiscounted;

  const packaging = bill.lines.reduce(
    (sum, line) => sum + BigInt(line.packagingCharge ?? 0) * BigInt(line.quantity),
    0n,
  );
  addLine({ key: BILL_LINE_KEY.packaging }, packaging);

  const serviceChargeRate = bill.serviceChargeRate ?? DEFAULT_SERVICE_CHARGE_BPS;
  const serviceCharge = chargeOn(taxableSubtotal, serviceChargeRate);
  addLine({ key: BILL_LINE_KEY.serviceCharge, rate: serviceChargeRate }, serviceCharge);

  const deliveryFee = BigInt(bill.deliveryFee ?? 0);
  const taxBase = {
    subtotal: taxableSubtotal + packaging,
    subtotal_service: taxableSubtotal + packaging + serviceCharge,
    delivery: deliveryFee,
  } as const;
  let addedTax = 0n;
  const addTaxLines = (onDelivery: boolean): void => {
    for (const tax of bill.taxes ?? []) {
      if ((tax.base === 'delivery') !== onDelivery) continue;
      const base = taxBase[tax.base];
      if (tax.inclusive) {
        addLine({ key: tax.key, rate: tax.rate, included: true }, taxIncludedIn(base, tax.rate));
      } else {
        const amount = chargeOn(base, tax.rate);
        addedTax += amount;
        addLine({ key: tax.key, rate: tax.rate }, amount);
      }
    }
  };
  addTaxLines(false);
  addLine({ key: BILL_LINE_KEY.deliveryFee }, deliveryFee);
  addTaxLines(true);

  const beforeDeposit = discountedSubtotal + packaging + serviceCharge + addedTax + deliveryFee;
  const deposit = smaller(requested('deposit'), beforeDeposit);
  addLine({ key: BILL_LINE_KEY.depositDiscount }, -deposit);
  const beforeLoyalty = beforeDeposit - deposit;
  const loyalty = smaller(requested('loyalty'), beforeLoyalty);
  addLine({ key: BILL_LINE_KEY.loyaltyDiscount }, -loyalty);
  const payable = beforeLoyalty - loyalty;

  const rounding = BigInt(
    cashRoundingOf({ currency: bill.currency, total: toMinorUnits(payable) }, bill.cashRounding ?? 'none'),
  );
  addLine({ key: BILL_LINE_KEY.rounding }, rounding);

  return {
    currency: bill.currency,
    lineTotals: lineTotals.map(toMinorUnits),
    subtotal: toMinorUnits(subtotal),
    lines,
    total: toMinorUnits(payable + rounding),
  };
}

/**
 * A rate in basis points as a percentage label for bill lines (spec §9: 'Service Charge 10%', 'SST 8%'),
 * with no trailing zeros. The decimal point is always '.', as on Malaysian and Indonesian receipts.
 *
 * @throws DomainError with `MESSAGE.invalidInput` for a negative or non-integer rate.
 * @example
 * ```ts
 * formatRate(1000); // '10%'
 * formatRate(250); // '2.5%'
 * formatRate(125); // '1.25%'
 * ```
 */
export function formatRate(bps: number): string {
  if (!Number.isSafeInteger(bps) || bps < 0) throw new DomainError(MESSAGE.invalidInput);
  const whole = Math.floor(bps / 100);
  const hundredths = bps % 100;
  if (hundredths === 0) return `${whole}%`;
  return `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}%`;
}

/** A restaurant's charges as its settings hold them (spec §9): what an order's bill starts from. */
export interface RestaurantCharges {
  currency: Currency;
  /** Basis points; 0 for none. */
  serviceChargeBps: number;
  taxes: BillTax[];
  deliveryFee: number;
  cashRounding: CashRounding;
}

/** One dish of an order as priced from the menu: its base price and its options kept apart. */
export interface OrderLine {
  id: string;
  basePrice: number;
  quantity: number;
  options: { price: number }[];
  packagingCharge: number;
  /** A stored-value voucher: not a taxable supply (README "Vouchers and tax"). */
  isVoucher: boolean;
}

/**
 * The {@link BillInput} of one restaurant's order of type `orderType` (spec §9), with the order-type
 * policy of which charges apply (choices in the API README): packaging on delivery and pickup only,
 * the service charge on dine-in only, the delivery fee and taxes on delivery only on delivery, cash
 * rounding only when the diner pays cash at the counter. `discounts` are computed before (coupons,
 * referral, cashback, a booking's deposit) and passed in.
 */
export function orderBillInput(
  lines: readonly OrderLine[],
  charges: RestaurantCharges,
  order: { orderType: OrderTypeCode; cash: boolean; discounts: BillDiscount[] },
): BillInput {
  const dineIn = order.orderType === ORDER_TYPE.DINE_IN;
  const delivery = order.orderType === ORDER_TYPE.DELIVERY;
  return {
    currency: charges.currency,
    lines: lines.map((line) => ({
      id: line.id,
      unitPrice: line.basePrice,
      quantity: line.quantity,
      options: line.options.map((option) => ({ price: option.price })),
      ...(dineIn ? {} : { packagingCharge: line.packagingCharge }),
      ...(line.isVoucher ? { taxExempt: true } : {}),
    })),
    serviceChargeRate: dineIn ? charges.serviceChargeBps : 0,
    taxes: charges.taxes.filter((tax) => delivery || tax.base !== 'delivery'),
    deliveryFee: delivery ? charges.deliveryFee : 0,
    discounts: order.discounts,
    cashRounding: order.cash ? charges.cashRounding : 'none',
  };
}
