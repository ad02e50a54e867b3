import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bill, BillInput } from './bill';
import {
  BILL_LINE_KEY,
  DEFAULT_SERVICE_CHARGE_BPS,
  billInputSchema,
  cashRoundingOf,
  computeBill,
  formatRate,
  orderBillInput,
} from './bill';
import type { OrderLine, RestaurantCharges } from './bill';
import { ORDER_TYPE } from './order-type';
import { DomainError, MESSAGE } from './messages';

const sumOfParts = (bill: Bill): number =>
  bill.lines.filter((line) => !line.included).reduce((sum, line) => sum + line.amount, 0);

const amountOf = (bill: Bill, key: string): number | undefined =>
  bill.lines.find((line) => line.key === key)?.amount;

const myr = (overrides: Partial<BillInput> = {}): BillInput => ({
  currency: 'MYR',
  lines: [{ unitPrice: 1000, quantity: 1 }],
  serviceChargeRate: 0,
  ...overrides,
});

const expectInvalid = (input: unknown): void => {
  try {
    computeBill(input as BillInput);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).key).toBe(MESSAGE.invalidInput);
    return;
  }
  expect.fail('computeBill accepted invalid input');
};

describe('computeBill: lines and subtotal', () => {
  it('unit price, options with quantities, times quantity -> line total', () => {
    const bill = computeBill(
      myr({
        lines: [{ unitPrice: 1000, quantity: 2, options: [{ price: 200 }, { price: 50, quantity: 2 }] }],
      }),
    );
    expect(bill.lineTotals).toEqual([2600]);
    expect(bill.subtotal).toBe(2600);
    expect(bill.lines).toEqual([{ key: 'bill.subtotal', amount: 2600 }]);
    expect(bill.total).toBe(2600);
  });

  it('several lines -> subtotal is the sum of line totals', () => {
    const bill = computeBill(
      myr({
        lines: [
          { id: 'a', unitPrice: 1250, quantity: 1 },
          { id: 'b', unitPrice: 300, quantity: 3 },
        ],
      }),
    );
    expect(bill.lineTotals).toEqual([1250, 900]);
    expect(bill.subtotal).toBe(2150);
  });

  it('no lines -> subtotal 0 and total 0', () => {
    const bill = computeBill({ currency: 'IDR', lines: [] });
    expect(bill).toEqual({
      currency: 'IDR',
      lineTotals: [],
      subtotal: 0,
      lines: [{ key: 'bill.subtotal', amount: 0 }],
      total: 0,
    });
  });

  it('packaging charge per unit -> packaging line of charge × quantity, outside line totals', () => {
    const bill = computeBill(myr({ lines: [{ unitPrice: 1000, quantity: 3, packagingCharge: 50 }] }));
    expect(bill.lineTotals).toEqual([3000]);
    expect(amountOf(bill, 'bill.packaging')).toBe(150);
    expect(bill.total).toBe(3150);
  });
});

describe('computeBill: service charge and taxes', () => {
  it('service charge 10% on RM 12.34 -> 123 sen (123.4 rounds down)', () => {
    const bill = computeBill(myr({ lines: [{ unitPrice: 1234, quantity: 1 }], serviceChargeRate: 1000 }));
    expect(bill.lines[1]).toEqual({ key: 'bill.serviceCharge', rate: 1000, amount: 123 });
    expect(bill.total).toBe(1357);
  });

  it('service charge 10% on RM 12.35 -> 124 sen (half rounds up)', () => {
    const bill = computeBill(myr({ lines: [{ unitPrice: 1235, quantity: 1 }], serviceChargeRate: 1000 }));
    expect(amountOf(bill, 'bill.serviceCharge')).toBe(124);
  });

  it('rate rounded once on the summed base, not per line -> 3 × 5 sen at 10% gives 2 sen', () => {
    const bill = computeBill(
      myr({
        lines: [1, 2, 3].map((n) => ({ id: String(n), unitPrice: 5, quantity: 1 })),
        serviceChargeRate: 1000,
      }),
    );
    // Per line it would be 3 × round(0.5) = 3; on the base 15 sen it is round(1.5) = 2.
    expect(amountOf(bill, 'bill.serviceCharge')).toBe(2);
  });

  it('service charge rate 0 -> no service charge line', () => {
    const bill = computeBill(myr({ serviceChargeRate: 0 }));
    expect(amountOf(bill, 'bill.serviceCharge')).toBeUndefined();
    expect(bill.total).toBe(1000);
  });

  it('no service charge rate -> the default Service Charge 10%', () => {
    expect(DEFAULT_SERVICE_CHARGE_BPS).toBe(1000);
    const bill = computeBill({ currency: 'MYR', lines: [{ unitPrice: 1000, quantity: 1 }] });
    expect(bill.lines.find((line) => line.key === 'bill.serviceCharge')).toEqual({
      key: 'bill.serviceCharge',
      rate: 1000,
      amount: 100,
    });
    expect(bill.total).toBe(1100);
  });

  it('service charge is not charged on packaging', () => {
    const bill = computeBill(
      myr({ lines: [{ unitPrice: 1000, quantity: 1, packagingCharge: 100 }], serviceChargeRate: 1000 }),
    );
    expect(amountOf(bill, 'bill.serviceCharge')).toBe(100);
  });

  it('MY SST 6% on subtotal + service charge -> 6% of 1100', () => {
    const bill = computeBill(
      myr({ serviceChargeRate: 1000, taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }] }),
    );
    expect(bill.lines).toEqual([
      { key: 'bill.subtotal', amount: 1000 },
      { key: 'bill.serviceCharge', rate: 1000, amount: 100 },
      { key: 'bill.sst', rate: 600, amount: 66 },
    ]);
    expect(bill.total).toBe(1166);
  });

  it('MY SST 5% on RM 20.00 -> RM 1.00, labelled with its rate', () => {
    const bill = computeBill(
      myr({
        lines: [{ unitPrice: 2000, quantity: 1 }],
        taxes: [{ key: 'bill.sst', rate: 500, base: 'subtotal' }],
      }),
    );
    expect(bill.lines).toEqual([
      { key: 'bill.subtotal', amount: 2000 },
      { key: 'bill.sst', rate: 500, amount: 100 },
    ]);
    expect(bill.total).toBe(2100);
  });

  it("tax on base 'subtotal' -> excludes service charge, includes packaging", () => {
    const bill = computeBill(
      myr({
        lines: [{ unitPrice: 1000, quantity: 1, packagingCharge: 100 }],
        serviceChargeRate: 1000,
        taxes: [{ key: 'bill.sst', rate: 800, base: 'subtotal' }],
      }),
    );
    expect(amountOf(bill, 'bill.sst')).toBe(88);
  });

  it("tax on base 'subtotal_service' -> includes packaging and service charge", () => {
    const bill = computeBill(
      myr({
        lines: [{ unitPrice: 1000, quantity: 1, packagingCharge: 100 }],
        serviceChargeRate: 1000,
        taxes: [{ key: 'bill.sst', rate: 1000, base: 'subtotal_service' }],
      }),
    );
    expect(amountOf(bill, 'bill.sst')).toBe(120);
  });

  it('ID PB1 10% on subtotal + service charge 5% -> Rp 10.500 on Rp 105.000', () => {
    const bill = computeBill({
      currency: 'IDR',
      lines: [{ unitPrice: 50_000, quantity: 2 }],
      serviceChargeRate: 500,
      taxes: [{ key: 'bill.pb1', rate: 1000, base: 'subtotal_service' }],
    });
    expect(bill.lines).toEqual([
      { key: 'bill.subtotal', amount: 100_000 },
      { key: 'bill.serviceCharge', rate: 500, amount: 5000 },
      { key: 'bill.pb1', rate: 1000, amount: 10_500 },
    ]);
    expect(bill.total).toBe(115_500);
  });

  it('exclusive delivery tax -> 8% of the delivery fee, after the delivery fee line', () => {
    const bill = computeBill(
      myr({ deliveryFee: 500, taxes: [{ key: 'bill.deliverySst', rate: 800, base: 'delivery' }] }),
    );
    expect(bill.lines.map((line) => line.key)).toEqual([
      'bill.subtotal',
      'bill.deliveryFee',
      'bill.deliverySst',
    ]);
    expect(amountOf(bill, 'bill.deliverySst')).toBe(40);
    expect(bill.total).toBe(1540);
  });

  it('inclusive delivery SST 8% on RM 5.40 -> informative 40 sen line, not added to the total', () => {
    const bill = computeBill(
      myr({ deliveryFee: 540, taxes: [{ key: 'bill.sst', rate: 800, base: 'delivery', inclusive: true }] }),
    );
    expect(bill.lines).toEqual([
      { key: 'bill.subtotal', amount: 1000 },
      { key: 'bill.deliveryFee', amount: 540 },
      { key: 'bill.sst', rate: 800, amount: 40, included: true },
    ]);
    expect(bill.total).toBe(1540);
    expect(sumOfParts(bill)).toBe(1540);
  });

  it('two taxes -> each on its own base, no tax on tax, in input order', () => {
    const bill = computeBill(
      myr({
        serviceChargeRate: 1000,
        taxes: [
          { key: 'bill.sst', rate: 600, base: 'subtotal_service' },
          { key: 'bill.levy', rate: 100, base: 'subtotal' },
        ],
      }),
    );
    expect(bill.lines.slice(2)).toEqual([
      { key: 'bill.sst', rate: 600, amount: 66 },
      { key: 'bill.levy', rate: 100, amount: 10 },
    ]);
  });

  it('a tax rate of 0 -> no tax line', () => {
    const bill = computeBill(myr({ taxes: [{ key: 'bill.sst', rate: 0, base: 'subtotal' }] }));
    expect(amountOf(bill, 'bill.sst')).toBeUndefined();
  });
});

describe('computeBill: discounts', () => {
  it('coupon reduces the base before service charge and tax', () => {
    const bill = computeBill(
      myr({
        serviceChargeRate: 1000,
        taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }],
        discounts: [{ kind: 'coupon', amount: 200 }],
      }),
    );
    expect(bill.lines).toEqual([
      { key: 'bill.subtotal', amount: 1000 },
      { key: 'bill.discount.coupon', amount: -200 },
      { key: 'bill.serviceCharge', rate: 1000, amount: 80 },
      { key: 'bill.sst', rate: 600, amount: 53 },
    ]);
    expect(bill.total).toBe(933);
  });

  it('coupon larger than the subtotal -> clamped to the subtotal, packaging and delivery still due', () => {
    const bill = computeBill(
      myr({
        lines: [{ unitPrice: 1000, quantity: 1, packagingCharge: 100 }],
        deliveryFee: 300,
        discounts: [{ kind: 'coupon', amount: 5000 }],
      }),
    );
    expect(amountOf(bill, 'bill.discount.coupon')).toBe(-1000);
    expect(bill.total).toBe(400);
  });

  it('referral after coupon -> clamped to what the coupon left', () => {
    const bill = computeBill(
      myr({
        discounts: [
          { kind: 'referral', amount: 500 },
          { kind: 'coupon', amount: 700 },
        ],
      }),
    );
    expect(bill.lines).toEqual([
      { key: 'bill.subtotal', amount: 1000 },
      { key: 'bill.discount.coupon', amount: -700 },
      { key: 'bill.discount.referral', amount: -300 },
    ]);
    expect(bill.total).toBe(0);
  });

  it('two coupons -> one coupon line with their sum', () => {
    const bill = computeBill(
      myr({
        discounts: [
          { kind: 'coupon', amount: 100 },
          { kind: 'coupon', amount: 150 },
        ],
      }),
    );
    expect(bill.lines.filter((line) => line.key === 'bill.discount.coupon')).toEqual([
      { key: 'bill.discount.coupon', amount: -250 },
    ]);
  });

  it('loyalty cashback is applied after tax and delivery, last before rounding', () => {
    const bill = computeBill(
      myr({
        serviceChargeRate: 1000,
        deliveryFee: 500,
        taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }],
        discounts: [{ kind: 'loyalty', amount: 300 }],
      }),
    );
    expect(bill.lines).toEqual([
      { key: 'bill.subtotal', amount: 1000 },
      { key: 'bill.serviceCharge', rate: 1000, amount: 100 },
      { key: 'bill.sst', rate: 600, amount: 66 },
      { key: 'bill.deliveryFee', amount: 500 },
      { key: 'bill.discount.loyalty', amount: -300 },
    ]);
    expect(bill.total).toBe(1366);
  });

  it('loyalty larger than the bill -> clamped to the bill, total 0', () => {
    const bill = computeBill(myr({ deliveryFee: 500, discounts: [{ kind: 'loyalty', amount: 99_999 }] }));
    expect(amountOf(bill, 'bill.discount.loyalty')).toBe(-1500);
    expect(bill.total).toBe(0);
  });

  it('booking deposit -> after tax and delivery, before loyalty cashback', () => {
    const bill = computeBill(
      myr({
        serviceChargeRate: 1000,
        deliveryFee: 500,
        taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }],
        discounts: [
          { kind: 'loyalty', amount: 300 },
          { kind: 'deposit', amount: 1000 },
        ],
      }),
    );
    expect(bill.lines).toEqual([
      { key: 'bill.subtotal', amount: 1000 },
      { key: 'bill.serviceCharge', rate: 1000, amount: 100 },
      { key: 'bill.sst', rate: 600, amount: 66 },
      { key: 'bill.deliveryFee', amount: 500 },
      { key: 'bill.discount.deposit', amount: -1000 },
      { key: 'bill.discount.loyalty', amount: -300 },
    ]);
    expect(bill.total).toBe(366);
  });

  it('deposit larger than the bill -> clamped to the bill, total 0, cashback left unspent', () => {
    const bill = computeBill(
      myr({
        discounts: [
          { kind: 'deposit', amount: 5000 },
          { kind: 'loyalty', amount: 200 },
        ],
      }),
    );
    expect(bill.lines).toEqual([
      { key: 'bill.subtotal', amount: 1000 },
      { key: 'bill.discount.deposit', amount: -1000 },
    ]);
    expect(bill.total).toBe(0);
  });

  it('deposit leaves an odd sen amount in cash -> rounded after the deposit', () => {
    const bill = computeBill(
      myr({
        lines: [{ unitPrice: 2537, quantity: 1 }],
        cashRounding: 'nearest5',
        discounts: [{ kind: 'deposit', amount: 2000 }],
      }),
    );
    expect(amountOf(bill, 'bill.discount.deposit')).toBe(-2000);
    expect(amountOf(bill, 'bill.rounding')).toBe(-2);
    expect(bill.total).toBe(535);
  });

  it('discount of 0 -> no discount line', () => {
    const bill = computeBill(myr({ discounts: [{ kind: 'coupon', amount: 0 }] }));
    expect(bill.lines).toEqual([{ key: 'bill.subtotal', amount: 1000 }]);
  });
});

describe('computeBill: cash rounding', () => {
  it.each([
    [1230, 0],
    [1231, -1],
    [1232, -2],
    [1233, 2],
    [1234, 1],
    [1235, 0],
    [1236, -1],
    [1237, -2],
    [1238, 2],
    [1239, 1],
  ])('MYR nearest5, %i sen -> rounding line %i', (price, adjustment) => {
    const bill = computeBill(myr({ lines: [{ unitPrice: price, quantity: 1 }], cashRounding: 'nearest5' }));
    expect(amountOf(bill, 'bill.rounding')).toBe(adjustment === 0 ? undefined : adjustment);
    expect(bill.total).toBe(price + adjustment);
  });

  it('MYR rounding comes after loyalty -> rounds the payable amount', () => {
    const bill = computeBill(myr({ cashRounding: 'nearest5', discounts: [{ kind: 'loyalty', amount: 2 }] }));
    expect(bill.lines.map((line) => line.key)).toEqual([
      'bill.subtotal',
      'bill.discount.loyalty',
      'bill.rounding',
    ]);
    expect(bill.total).toBe(1000);
  });

  it('IDR nearest5 -> no rounding, rupiah stay as they are', () => {
    const bill = computeBill({
      currency: 'IDR',
      lines: [{ unitPrice: 15_001, quantity: 1 }],
      serviceChargeRate: 0,
      cashRounding: 'nearest5',
    });
    expect(amountOf(bill, 'bill.rounding')).toBeUndefined();
    expect(bill.total).toBe(15_001);
  });

  it("cashRounding 'none' -> total kept to the sen", () => {
    expect(computeBill(myr({ lines: [{ unitPrice: 1231, quantity: 1 }], cashRounding: 'none' })).total).toBe(
      1231,
    );
  });

  it.each([
    ['MYR', 758, 'nearest5', 2],
    ['MYR', 756, 'nearest5', -1],
    ['MYR', 760, 'nearest5', 0],
    ['MYR', 758, 'none', 0],
    ['IDR', 15_001, 'nearest5', 0],
  ] as const)('cashRoundingOf %s %i, %s -> %i', (currency, total, rule, adjustment) => {
    expect(cashRoundingOf({ currency, total }, rule)).toBe(adjustment);
  });
});

describe('computeBill: invalid input -> DomainError validation.invalidInput', () => {
  it.each<[string, unknown]>([
    ['unknown currency', { currency: 'SGD', lines: [] }],
    ['negative unit price', { currency: 'MYR', lines: [{ unitPrice: -1, quantity: 1 }] }],
    ['fractional unit price', { currency: 'MYR', lines: [{ unitPrice: 10.5, quantity: 1 }] }],
    ['quantity 0', { currency: 'MYR', lines: [{ unitPrice: 100, quantity: 0 }] }],
    ['fractional quantity', { currency: 'MYR', lines: [{ unitPrice: 100, quantity: 1.5 }] }],
    [
      'option quantity 0',
      { currency: 'MYR', lines: [{ unitPrice: 1, quantity: 1, options: [{ price: 1, quantity: 0 }] }] },
    ],
    [
      'negative option price',
      { currency: 'MYR', lines: [{ unitPrice: 1, quantity: 1, options: [{ price: -5 }] }] },
    ],
    ['negative packaging', { currency: 'MYR', lines: [{ unitPrice: 1, quantity: 1, packagingCharge: -1 }] }],
    ['negative service charge rate', { currency: 'MYR', lines: [], serviceChargeRate: -100 }],
    ['rate over 100%', { currency: 'MYR', lines: [], serviceChargeRate: 10_001 }],
    [
      'fractional rate',
      { currency: 'MYR', lines: [], taxes: [{ key: 'bill.sst', rate: 6.5, base: 'subtotal' }] },
    ],
    [
      'unknown tax base',
      { currency: 'MYR', lines: [], taxes: [{ key: 'bill.sst', rate: 600, base: 'total' }] },
    ],
    [
      'tax key without bill.',
      { currency: 'MYR', lines: [], taxes: [{ key: 'SST', rate: 600, base: 'subtotal' }] },
    ],
    [
      'tax key of a built-in line',
      { currency: 'MYR', lines: [], taxes: [{ key: 'bill.subtotal', rate: 600, base: 'subtotal' }] },
    ],
    ['negative delivery fee', { currency: 'MYR', lines: [], deliveryFee: -1 }],
    ['negative discount', { currency: 'MYR', lines: [], discounts: [{ kind: 'coupon', amount: -100 }] }],
    ['unknown discount kind', { currency: 'MYR', lines: [], discounts: [{ kind: 'voucher', amount: 100 }] }],
    ['unknown rounding', { currency: 'MYR', lines: [], cashRounding: 'nearest10' }],
    ['unsafe integer price', { currency: 'MYR', lines: [{ unitPrice: 2 ** 53, quantity: 1 }] }],
    ['not an object', null],
  ])('%s -> invalidInput', (_name, input) => {
    expectInvalid(input);
  });

  it('price × quantity past 2^53 -> invalidInput rather than a wrong total', () => {
    expectInvalid({ currency: 'IDR', lines: [{ unitPrice: 2 ** 52, quantity: 4 }] });
  });

  it('billInputSchema accepts a cart line with extra fields -> strips them', () => {
    const parsed = billInputSchema.parse({
      currency: 'MYR',
      lines: [{ unitPrice: 1, quantity: 1, name: 'Teh' }],
    });
    expect(parsed.lines[0]).toEqual({ unitPrice: 1, quantity: 1 });
  });
});

describe('formatRate', () => {
  it.each([
    [1000, '10%'],
    [600, '6%'],
    [800, '8%'],
    [250, '2.5%'],
    [125, '1.25%'],
    [5, '0.05%'],
    [0, '0%'],
    [10_000, '100%'],
  ])('%i bps -> %s', (bps, label) => {
    expect(formatRate(bps)).toBe(label);
  });

  it.each([-100, 12.5, Number.NaN])('%s -> invalidInput', (bps) => {
    expect(() => formatRate(bps)).toThrow(DomainError);
  });
});

describe('computeBill: BILL_LINE_KEY', () => {
  it('every built-in key is a bill.* label key', () => {
    for (const key of Object.values(BILL_LINE_KEY)) expect(key).toMatch(/^bill\.[a-zA-Z.]+$/);
  });
});

const money = fc.integer({ min: 0, max: 10_000_000 });
const rate = fc.integer({ min: 0, max: 10_000 });
const lineArb = fc.record(
  {
    unitPrice: money,
    quantity: fc.integer({ min: 1, max: 50 }),
    options: fc.array(
      fc.record({ price: money, quantity: fc.integer({ min: 1, max: 5 }) }, { requiredKeys: ['price'] }),
      {
        maxLength: 3,
      },
    ),
    packagingCharge: fc.integer({ min: 0, max: 500 }),
  },
  { requiredKeys: ['unitPrice', 'quantity'] },
);
const taxArb = fc.record(
  {
    key: fc.constantFrom('bill.sst', 'bill.pb1', 'bill.deliverySst'),
    rate,
    base: fc.constantFrom('subtotal' as const, 'subtotal_service' as const, 'delivery' as const),
    inclusive: fc.boolean(),
  },
  { requiredKeys: ['key', 'rate', 'base'] },
);
const discountArb = fc.record({
  kind: fc.constantFrom('coupon' as const, 'referral' as const, 'deposit' as const, 'loyalty' as const),
  amount: fc.integer({ min: 0, max: 100_000_000 }),
});
const billInputArb = (withDiscounts: boolean): fc.Arbitrary<BillInput> =>
  fc.record(
    {
      currency: fc.constantFrom('MYR' as const, 'IDR' as const),
      lines: fc.array(lineArb, { maxLength: 6 }),
      serviceChargeRate: rate,
      taxes: fc.array(taxArb, { maxLength: 3 }),
      deliveryFee: money,
      discounts: withDiscounts ? fc.array(discountArb, { maxLength: 4 }) : fc.constant([]),
      cashRounding: fc.constantFrom('none' as const, 'nearest5' as const),
    },
    { requiredKeys: ['currency', 'lines'] },
  );

describe('computeBill: properties', () => {
  it('the parts not marked included always add up to the total', () => {
    fc.assert(
      fc.property(billInputArb(true), (input) => {
        const bill = computeBill(input);
        expect(sumOfParts(bill)).toBe(bill.total);
        expect(bill.subtotal).toBe(bill.lineTotals.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it('every amount is an integer and the total is never negative', () => {
    fc.assert(
      fc.property(billInputArb(true), (input) => {
        const bill = computeBill(input);
        expect(bill.total).toBeGreaterThanOrEqual(0);
        for (const line of bill.lines) expect(Number.isSafeInteger(line.amount)).toBe(true);
      }),
    );
  });

  it('discounts never make the total negative and never exceed what was requested', () => {
    fc.assert(
      fc.property(billInputArb(true), (input) => {
        const bill = computeBill(input);
        const withoutDiscounts = computeBill({ ...input, discounts: [] });
        const requested = (input.discounts ?? []).reduce((sum, discount) => sum + discount.amount, 0);
        const applied = -bill.lines
          .filter((line) => line.key.startsWith('bill.discount.'))
          .reduce((sum, line) => sum + line.amount, 0);
        expect(applied).toBeGreaterThanOrEqual(0);
        expect(applied).toBeLessThanOrEqual(requested);
        expect(bill.total).toBeGreaterThanOrEqual(0);
        expect(bill.total).toBeLessThanOrEqual(withoutDiscounts.total);
      }),
    );
  });

  it('without discounts, doubling every quantity never decreases the total', () => {
    fc.assert(
      fc.property(billInputArb(false), (input) => {
        const doubled = {
          ...input,
          lines: input.lines.map((line) => ({ ...line, quantity: line.quantity * 2 })),
        };
        expect(computeBill(doubled).total).toBeGreaterThanOrEqual(computeBill(input).total);
      }),
    );
  });

  it('a bill computed without cash rounding + cashRoundingOf it -> the cash bill (the cart shows the order it makes)', () => {
    fc.assert(
      fc.property(
        billInputArb(true),
        fc.constantFrom('none' as const, 'nearest5' as const),
        (input, rule) => {
          const exact = computeBill({ ...input, cashRounding: 'none' });
          const cash = computeBill({ ...input, cashRounding: rule });
          const rounding = cashRoundingOf(exact, rule);
          expect(cash.total).toBe(exact.total + rounding);
          expect(amountOf(cash, 'bill.rounding')).toBe(rounding === 0 ? undefined : rounding);
          // A bill already rounded is not rounded again.
          expect(cashRoundingOf(cash, rule)).toBe(0);
        },
      ),
    );
  });

  it('MYR with cashRounding nearest5 -> total is a multiple of 5 sen, at most 2 sen away', () => {
    fc.assert(
      fc.property(billInputArb(true), (input) => {
        const rounded = computeBill({ ...input, currency: 'MYR', cashRounding: 'nearest5' });
        const exact = computeBill({ ...input, currency: 'MYR', cashRounding: 'none' });
        expect(rounded.total % 5).toBe(0);
        expect(Math.abs(rounded.total - exact.total)).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('computeBill: tax-exempt lines (gift vouchers)', () => {
  const sst = { key: 'bill.sst', rate: 600, base: 'subtotal' as const };

  it('a voucher only, SST 6% and service charge 10% -> neither charged, total = voucher price', () => {
    const bill = computeBill({
      currency: 'MYR',
      lines: [{ unitPrice: 2000, quantity: 1, taxExempt: true }],
      serviceChargeRate: 1000,
      taxes: [sst],
    });
    expect(bill.lines).toEqual([{ key: 'bill.subtotal', amount: 2000 }]);
    expect(bill.total).toBe(2000);
  });

  it('voucher 2000 + food 1000, SST 6% -> SST on the food only (60)', () => {
    const bill = computeBill({
      currency: 'MYR',
      lines: [
        { unitPrice: 2000, quantity: 1, taxExempt: true },
        { unitPrice: 1000, quantity: 1 },
      ],
      serviceChargeRate: 0,
      taxes: [sst],
    });
    expect(bill.lines).toContainEqual({ key: 'bill.sst', rate: 600, amount: 60 });
    expect(bill.total).toBe(3060);
  });

  it('voucher 2000 + food 2000, coupon 1000 -> the coupon is shared in proportion, SST on 1500 food (90)', () => {
    const bill = computeBill({
      currency: 'MYR',
      lines: [
        { unitPrice: 2000, quantity: 1, taxExempt: true },
        { unitPrice: 2000, quantity: 1 },
      ],
      serviceChargeRate: 0,
      taxes: [sst],
      discounts: [{ kind: 'coupon', amount: 1000 }],
    });
    expect(bill.lines).toContainEqual({ key: 'bill.sst', rate: 600, amount: 90 });
    expect(bill.total).toBe(3090);
  });
});

describe('orderBillInput: which charges an order type takes (spec §9)', () => {
  const charges: RestaurantCharges = {
    currency: 'MYR',
    serviceChargeBps: 1000,
    taxes: [
      { key: 'bill.sst', rate: 600, base: 'subtotal' },
      { key: 'bill.deliverySst', rate: 800, base: 'delivery', inclusive: true },
    ],
    deliveryFee: 500,
    cashRounding: 'nearest5',
  };
  const lines: OrderLine[] = [
    {
      id: '1',
      basePrice: 1000,
      quantity: 2,
      options: [{ price: 150 }],
      packagingCharge: 50,
      isVoucher: false,
    },
    { id: '2', basePrice: 5000, quantity: 1, options: [], packagingCharge: 0, isVoucher: true },
  ];
  const input = (orderType: (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE], cash = false) =>
    orderBillInput(lines, charges, { orderType, cash, discounts: [{ kind: 'coupon', amount: 100 }] });

  it('keeps the base price and the options apart, and marks a voucher tax exempt', () => {
    const { lines: billLines } = input(ORDER_TYPE.PICKUP);
    expect(billLines[0]).toMatchObject({ unitPrice: 1000, quantity: 2, options: [{ price: 150 }] });
    expect(billLines[1]).toMatchObject({ unitPrice: 5000, taxExempt: true });
    expect(billLines[0]).not.toHaveProperty('taxExempt');
  });

  it('dine-in: service charge, no packaging, no delivery fee or delivery tax', () => {
    const dineIn = input(ORDER_TYPE.DINE_IN);
    expect(dineIn.serviceChargeRate).toBe(1000);
    expect(dineIn.lines.every((line) => line.packagingCharge === undefined)).toBe(true);
    expect(dineIn.deliveryFee).toBe(0);
    expect(dineIn.taxes?.map((tax) => tax.key)).toEqual(['bill.sst']);
  });

  it('delivery: packaging, the fee and its tax, no service charge', () => {
    const delivery = input(ORDER_TYPE.DELIVERY);
    expect(delivery.serviceChargeRate).toBe(0);
    expect(delivery.lines[0]?.packagingCharge).toBe(50);
    expect(delivery.deliveryFee).toBe(500);
    expect(delivery.taxes?.map((tax) => tax.key)).toEqual(['bill.sst', 'bill.deliverySst']);
  });

  it('cash rounding only for cash, discounts passed through', () => {
    expect(input(ORDER_TYPE.PICKUP, true).cashRounding).toBe('nearest5');
    expect(input(ORDER_TYPE.PICKUP, false).cashRounding).toBe('none');
    expect(input(ORDER_TYPE.PICKUP).discounts).toEqual([{ kind: 'coupon', amount: 100 }]);
  });

  it('the same total as a hand-written input', () => {
    const bill = computeBill(input(ORDER_TYPE.PICKUP));
    // 2 × (1000 + 150) + 5000 = 7300 food; coupon 100; packaging 2 × 50; SST 6% on the taxable food.
    expect(bill.subtotal).toBe(7300);
    expect(bill.total).toBe(
      computeBill({
        currency: 'MYR',
        lines: [
          { unitPrice: 1000, quantity: 2, options: [{ price: 150 }], packagingCharge: 50 },
          { unitPrice: 5000, quantity: 1, packagingCharge: 0, taxExempt: true },
        ],
        serviceChargeRate: 0,
        taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal' }],
        deliveryFee: 0,
        discounts: [{ kind: 'coupon', amount: 100 }],
      }).total,
    );
  });
});
