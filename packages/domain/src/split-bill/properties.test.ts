import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BillInput } from '../bill';
import type { Currency } from '../country';
import { equalParts } from './allocate';
import { orderOf } from './fixtures';
import { SPLIT_MAX_PARTS, SPLIT_MIN_PARTS, splitShare } from './share';
import type { Share, ShareRequest } from './share';
import { tabBalance } from './tab';
import type { Tab } from './tab';

const PAYERS = ['ana', 'ben', 'cita', 'dedi'] as const;

/** A dine-in order's bill input with random prices, charges (0..30 %), taxes and discounts. */
const orderInputArb = (currency: Currency): fc.Arbitrary<BillInput> => {
  const price =
    currency === 'MYR' ? fc.integer({ min: 0, max: 20_000 }) : fc.integer({ min: 0, max: 500_000 });
  const rate = fc.integer({ min: 0, max: 3000 });
  return fc.record({
    currency: fc.constant(currency),
    lines: fc.array(
      fc.record({
        unitPrice: price,
        quantity: fc.integer({ min: 1, max: 4 }),
        options: fc.array(fc.record({ price }), { maxLength: 2 }),
        packagingCharge: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300 })),
        taxExempt: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      }),
      { minLength: 1, maxLength: 10 },
    ),
    serviceChargeRate: rate,
    taxes: fc.array(
      fc.record({
        key: fc.constantFrom('bill.sst', 'bill.pb1', 'bill.pbjt'),
        rate,
        base: fc.constantFrom('subtotal' as const, 'subtotal_service' as const),
        inclusive: fc.boolean(),
      }),
      { maxLength: 2 },
    ),
    deliveryFee: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1000 })),
    discounts: fc.array(
      fc.record({
        kind: fc.constantFrom('coupon' as const, 'referral' as const, 'deposit' as const, 'loyalty' as const),
        // Now and then more than the bill: clamped, a dish or an order paid entirely by a discount.
        amount: fc.oneof({ arbitrary: price, weight: 5 }, { arbitrary: fc.constant(100_000_000), weight: 1 }),
      }),
      { maxLength: 3 },
    ),
    cashRounding: fc.constantFrom('none' as const, 'nearest5' as const),
  });
};

/** A tab of 1 to 3 orders (rounds) of 1 to 10 dishes each, each dish ordered by one of the payers. */
const tabArb: fc.Arbitrary<Tab> = fc
  .constantFrom('MYR' as const, 'IDR' as const)
  .chain((currency) =>
    fc.record({
      currency: fc.constant(currency),
      inputs: fc.array(orderInputArb(currency), { minLength: 1, maxLength: 3 }),
      by: fc.array(fc.constantFrom(...PAYERS), { minLength: 30, maxLength: 30 }),
    }),
  )
  .map(({ currency, inputs, by }) => {
    let next = 0;
    const orders = inputs.map((input, orderIndex) => {
      const ids = input.lines.map(() => `line${next++}`);
      return orderOf(
        orderIndex + 1,
        input,
        ids,
        ids.map((_, index) => by[(next - ids.length + index) % 30]),
      );
    });
    return { currency, orders };
  });

/** A payer's move: ask for a share of some kind, finish a payment under way, or abandon one. */
const shareActionArb = fc.record({
  op: fc.constant('share' as const),
  // 'rest' ends a game: asked less often so the other kinds meet each other more.
  kind: fc.constantFrom(
    'rest',
    'mine',
    'lines',
    'lines',
    'dishPart',
    'dishPart',
    'dishPart',
    'equal',
    'equal',
    'equal',
    'amount',
    'amount',
  ),
  payer: fc.constantFrom(...PAYERS),
  pick: fc.array(fc.nat(), { maxLength: 4 }),
  parts: fc.oneof(
    { arbitrary: fc.integer({ min: SPLIT_MIN_PARTS, max: 4 }), weight: 4 },
    { arbitrary: fc.integer({ min: SPLIT_MIN_PARTS - 1, max: SPLIT_MAX_PARTS + 1 }), weight: 1 },
  ),
  part: fc.nat(),
  /** Another part of the split under way (as the other phones at the table ask for theirs). */
  samePlan: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
  fraction: fc.double({ min: 0, max: 1.1, noNaN: true }),
  cash: fc.boolean(),
  tip: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1000 })),
});
const actionArb = fc.oneof(
  { arbitrary: shareActionArb, weight: 4 },
  { arbitrary: fc.record({ op: fc.constant('pay' as const), which: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('abandon' as const), which: fc.nat() }), weight: 1 },
);

type ShareAction = typeof shareActionArb extends fc.Arbitrary<infer T> ? T : never;

interface Plan {
  lineId?: string;
  of: number;
  parts: number;
  used: Set<number>;
  amounts: number[];
}

/** The request an action makes of the tab as it is, remembering each split's `of` as a server would. */
function requestFor(action: ShareAction, tab: Tab, plans: Map<string, Plan>): ShareRequest {
  const ids = tab.orders.flatMap((order) => order.lines.map((line) => line.id));
  const planned = (key: string) => {
    const plan = plans.get(key);
    const free = Array.from({ length: plan?.parts ?? 0 }, (_, index) => index + 1).filter(
      (part) => !plan?.used.has(part),
    );
    if (!plan || !action.samePlan || !free.length) {
      return { parts: action.parts, part: (action.part % Math.max(action.parts, 1)) + 1 };
    }
    return { parts: plan.parts, part: free[action.part % free.length]!, of: plan.of };
  };
  const dishPlan = plans.get('dish');
  const line =
    action.samePlan && dishPlan?.lineId ? dishPlan.lineId : ids[(action.pick[0] ?? 0) % ids.length]!;
  switch (action.kind) {
    case 'rest':
    case 'mine':
      return { kind: action.kind };
    case 'lines':
      return { kind: 'lines', lineIds: action.pick.map((index) => ids[index % ids.length]!) };
    case 'dishPart':
      return { kind: 'dishPart', lineId: line, ...planned('dish') };
    case 'equal':
      return { kind: 'equal', ...planned('equal') };
    default:
      return { kind: 'amount', amount: 0 };
  }
}

describe('split bill: properties', () => {
  it('each order: its dishes carry every bill line exactly, and no dish is negative', () => {
    fc.assert(
      fc.property(tabArb, (tab) => {
        const balance = tabBalance(tab);
        for (const order of tab.orders) {
          const dishes = balance.lines.filter((line) => line.orderId === order.orderId);
          expect(dishes.reduce((sum, dish) => sum + dish.amount, 0)).toBe(order.bill.total);
          for (const dish of dishes) expect(dish.amount).toBeGreaterThanOrEqual(0);
          for (const billLine of order.bill.lines) {
            const carried = dishes
              .flatMap((dish) => dish.parts)
              .filter((part) => part.key === billLine.key && !!part.included === !!billLine.included)
              .reduce((sum, part) => sum + part.amount, 0);
            expect(carried).toBe(
              order.bill.lines
                .filter((other) => other.key === billLine.key && !!other.included === !!billLine.included)
                .reduce((sum, other) => sum + other.amount, 0),
            );
          }
        }
      }),
    );
  });

  it('shares of every kind, paid in random order until nothing is left -> exactly the bills total', () => {
    fc.assert(
      fc.property(
        tabArb,
        fc.array(actionArb, { minLength: 5, maxLength: 40 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        fc.integer({ min: 0, max: 200 }),
        (tab, actions, finishOrder, minimum) => {
          const paid: Share[] = [];
          let pending: Share[] = [];
          const locks: Record<string, string> = {};
          const plans = new Map<string, Plan>();
          const release = (share: Share): void => {
            for (const entry of share.allocation)
              if (locks[entry.lineId] === share.payer) delete locks[entry.lineId];
          };

          for (const action of actions) {
            if (action.op !== 'share') {
              const share = pending[action.which % Math.max(pending.length, 1)];
              if (!share) continue;
              pending = pending.filter((other) => other !== share);
              release(share);
              if (action.op === 'pay') paid.push(share);
              continue;
            }
            const balance = tabBalance(tab, paid, pending);
            let request = requestFor(action, tab, plans);
            if (request.kind === 'amount') {
              request = { kind: 'amount', amount: Math.max(1, Math.round(balance.left * action.fraction)) };
            }
            const cash = action.cash && action.tip === 0;
            const result = splitShare(balance, request, {
              payer: action.payer,
              locks: { ...locks },
              tip: action.tip,
              ...(cash ? { cashRounding: 'nearest5' as const } : { minimum }),
            });
            if (!result.ok) continue;
            const share = result.share;

            expect(share.settles).toBeGreaterThan(0);
            expect(share.settles).toBeLessThanOrEqual(balance.left);
            expect(share.amount).toBe(share.settles + share.tip + share.cashRounding);
            expect(share.amount).toBeGreaterThanOrEqual(0);
            const counted = share.lines
              .filter((line) => !line.included)
              .reduce((sum, line) => sum + line.amount, 0);
            expect(counted + share.tip).toBe(share.amount);
            if (cash && tab.currency === 'MYR') expect(share.amount % 5).toBe(0);
            for (const entry of share.allocation) {
              const dish = balance.lines.find((line) => line.id === entry.lineId)!;
              expect(entry.amount).toBeGreaterThanOrEqual(0);
              expect(entry.amount).toBeLessThanOrEqual(dish.left);
            }

            if (share.request.kind === 'equal' || share.request.kind === 'dishPart') {
              const { of, parts, part } = share.request;
              const key = share.request.kind === 'equal' ? 'equal' : 'dish';
              const lineId = share.request.kind === 'dishPart' ? share.request.lineId : undefined;
              const known = plans.get(key);
              const plan =
                known && known.parts === parts && known.of === of && known.lineId === lineId
                  ? known
                  : { ...(lineId ? { lineId } : {}), of: of!, parts, used: new Set<number>(), amounts: [] };
              plans.set(key, plan);
              plan.used.add(part);
              // A part that was not cut short by what was left is exactly its part of the split.
              if (share.settles === equalParts(plan.of, parts)[part - 1]) plan.amounts.push(share.settles);
              if (plan.amounts.length) {
                expect(Math.max(...plan.amounts) - Math.min(...plan.amounts)).toBeLessThanOrEqual(1);
              }
            }
            pending.push(share);
            if (request.kind !== 'equal' && request.kind !== 'amount') {
              for (const entry of share.allocation) locks[entry.lineId] = share.payer;
            }
          }

          // The payments under way finish in a random order, then someone pays what is left.
          let turn = 0;
          while (pending.length) {
            const share = pending[finishOrder[turn++ % finishOrder.length]! % pending.length]!;
            pending = pending.filter((other) => other !== share);
            release(share);
            paid.push(share);
          }
          const before = tabBalance(tab, paid);
          if (before.left > 0) {
            const last = splitShare(before, { kind: 'rest' }, { payer: 'last' });
            expect(last.ok).toBe(true);
            if (last.ok) paid.push(last.share);
          }

          const after = tabBalance(tab, paid);
          const billsTotal = tab.orders.reduce((sum, order) => sum + order.bill.total, 0);
          expect(paid.reduce((sum, share) => sum + share.settles, 0)).toBe(billsTotal);
          expect(after.paid).toBe(billsTotal);
          expect(after.left).toBe(0);
          for (const line of after.lines) {
            expect(line.paid).toBe(line.amount);
            if (after.total > 0) expect(line.leftParts).toEqual([]);
          }
          // Whatever order the same shares are paid in, the tab ends the same.
          expect(tabBalance(tab, [...paid].reverse())).toEqual(after);
        },
      ),
      { numRuns: 150 },
    );
  });
});
