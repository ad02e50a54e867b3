import { describe, expect, it } from 'vitest';
import { DomainError, MESSAGE } from '../messages';
import { idTab, myTab, orderOf } from './fixtures';
import { tabBalance } from './tab';
import type { SettledShare, Tab } from './tab';

const amounts = (tab: Tab): number[] => tabBalance(tab).lines.map((line) => line.amount);

const expectInvalid = (run: () => unknown): void => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).key).toBe(MESSAGE.invalidInput);
    return;
  }
  expect.fail('accepted an inconsistent tab or share');
};

describe('tabBalance: each dish carries its part of the bill', () => {
  it('RM 10 + RM 20, service 10 %, SST 6 % on subtotal + service -> 1166 + 2332 = 3498', () => {
    const balance = tabBalance(myTab());
    expect(balance.total).toBe(3498);
    expect(balance.left).toBe(3498);
    expect(balance.lines[0]).toMatchObject({
      id: 'a',
      orderId: 1,
      by: 'ana',
      amount: 1166,
      paid: 0,
      pending: 0,
      left: 1166,
      parts: [
        { key: 'bill.subtotal', amount: 1000 },
        { key: 'bill.serviceCharge', rate: 1000, amount: 100 },
        { key: 'bill.sst', rate: 600, amount: 66 },
      ],
    });
    expect(balance.lines[1]!.amount).toBe(2332);
  });

  it('Rp 35.000 + 25.000 + 40.000, service 5 %, PB1 10 % -> 40425 + 28875 + 46200 = 115500', () => {
    const balance = tabBalance(idTab());
    expect(balance.total).toBe(115_500);
    expect(balance.lines.map((line) => line.amount)).toEqual([40_425, 28_875, 46_200]);
    expect(balance.lines[0]!.parts).toEqual([
      { key: 'bill.subtotal', amount: 35_000 },
      { key: 'bill.serviceCharge', rate: 500, amount: 1750 },
      { key: 'bill.pb1', rate: 1000, amount: 3675 },
    ]);
  });

  it('three 5-sen dishes, service 10 % of 15 sen = 2 sen -> [6, 6, 5] (no sen lost or made)', () => {
    const tab: Tab = {
      currency: 'MYR',
      orders: [
        orderOf(
          1,
          {
            currency: 'MYR',
            lines: [1, 2, 3].map(() => ({ unitPrice: 5, quantity: 1 })),
            serviceChargeRate: 1000,
          },
          ['p', 'q', 'r'],
        ),
      ],
    };
    expect(amounts(tab)).toEqual([6, 6, 5]);
  });

  it('a booking deposit of RM 10 -> in proportion to each dish: [833, 1665] = 2498', () => {
    const balance = tabBalance(myTab({ discounts: [{ kind: 'deposit', amount: 1000 }] }));
    expect(balance.total).toBe(2498);
    expect(balance.lines.map((line) => line.amount)).toEqual([833, 1665]);
    expect(balance.lines[0]!.parts.at(-1)).toEqual({ key: 'bill.discount.deposit', amount: -333 });
  });

  it('a gift voucher with a coupon -> the coupon in proportion, SST on the food only: [1500, 1590]', () => {
    const tab: Tab = {
      currency: 'MYR',
      orders: [
        orderOf(
          1,
          {
            currency: 'MYR',
            lines: [
              { unitPrice: 2000, quantity: 1, taxExempt: true },
              { unitPrice: 2000, quantity: 1 },
            ],
            serviceChargeRate: 0,
            taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal' }],
            discounts: [{ kind: 'coupon', amount: 1000 }],
          },
          ['voucher', 'food'],
        ),
      ],
    };
    const balance = tabBalance(tab);
    expect(balance.total).toBe(3090);
    expect(balance.lines.map((line) => line.amount)).toEqual([1500, 1590]);
    expect(balance.lines[0]!.parts).toEqual([
      { key: 'bill.subtotal', amount: 2000 },
      { key: 'bill.discount.coupon', amount: -500 },
    ]);
  });

  it('an inclusive SST 6 % (170 sen of RM 30) -> shown per dish [57, 113], not added', () => {
    const balance = tabBalance(
      myTab({
        serviceChargeRate: 0,
        taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal', inclusive: true }],
      }),
    );
    expect(balance.lines.map((line) => line.amount)).toEqual([1000, 2000]);
    expect(balance.lines.map((line) => line.parts[1])).toEqual([
      { key: 'bill.sst', rate: 600, amount: 57, included: true },
      { key: 'bill.sst', rate: 600, amount: 113, included: true },
    ]);
  });

  it('cash rounding of an order paid at the counter (RM 34.98 -> 35.00) -> its 2 sen shared [1, 1]', () => {
    const balance = tabBalance(myTab({ cashRounding: 'nearest5' }));
    expect(balance.total).toBe(3500);
    expect(balance.lines.map((line) => line.parts.at(-1))).toEqual([
      { key: 'bill.rounding', amount: 1 },
      { key: 'bill.rounding', amount: 1 },
    ]);
  });

  it('two orders (two rounds) -> one balance, dishes in order', () => {
    const tab: Tab = { currency: 'MYR', orders: [...myTab().orders, orderOf(2, myTabInput(), ['c', 'd'])] };
    const balance = tabBalance(tab);
    expect(balance.total).toBe(3498 * 2);
    expect(balance.lines.map((line) => [line.id, line.orderId])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 2],
      ['d', 2],
    ]);
  });
});

function myTabInput() {
  return {
    currency: 'MYR' as const,
    lines: [
      { unitPrice: 1000, quantity: 1 },
      { unitPrice: 2000, quantity: 1 },
    ],
    serviceChargeRate: 1000,
    taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' as const }],
  };
}

const dishA: SettledShare = {
  allocation: [
    {
      lineId: 'a',
      parts: [
        { key: 'bill.subtotal', amount: 1000 },
        { key: 'bill.serviceCharge', amount: 100 },
        { key: 'bill.sst', amount: 66 },
      ],
    },
  ],
};

describe('tabBalance: paid and pending shares', () => {
  it("ana's dish paid -> paid 1166, left 2332; dish a settled with no parts left", () => {
    const balance = tabBalance(myTab(), [dishA]);
    expect(balance).toMatchObject({ total: 3498, paid: 1166, pending: 0, left: 2332 });
    expect(balance.lines[0]).toMatchObject({ paid: 1166, left: 0, leftParts: [] });
    expect(balance.lines[1]).toMatchObject({ paid: 0, left: 2332 });
  });
  it("ana's dish being paid -> pending 1166, left 2332", () => {
    expect(tabBalance(myTab(), [], [dishA])).toMatchObject({ paid: 0, pending: 1166, left: 2332 });
  });
  it('part of a dish paid -> what is left of each part', () => {
    const part: SettledShare = {
      allocation: [
        {
          lineId: 'b',
          parts: [
            { key: 'bill.subtotal', amount: 500 },
            { key: 'bill.serviceCharge', amount: 50 },
            { key: 'bill.sst', amount: 33 },
          ],
        },
      ],
    };
    expect(tabBalance(myTab(), [part]).lines[1]).toMatchObject({
      paid: 583,
      left: 1749,
      leftParts: [
        { key: 'bill.subtotal', amount: 1500 },
        { key: 'bill.serviceCharge', amount: 150 },
        { key: 'bill.sst', amount: 99 },
      ],
    });
  });
});

describe('tabBalance: inconsistent input -> invalidInput', () => {
  it('the same dish paid twice', () => expectInvalid(() => tabBalance(myTab(), [dishA], [dishA])));
  it('a share of an unknown dish', () =>
    expectInvalid(() => tabBalance(myTab(), [{ allocation: [{ lineId: 'zz', parts: [] }] }])));
  it('a share taking a part the dish does not have', () =>
    expectInvalid(() =>
      tabBalance(myTab(), [{ allocation: [{ lineId: 'a', parts: [{ key: 'bill.pb1', amount: 1 }] }] }]),
    ));
  it('a share taking the charges of a discounted dish without its discount', () => {
    const tab = myTab({ discounts: [{ kind: 'deposit', amount: 1000 }] });
    expectInvalid(() =>
      tabBalance(tab, [{ allocation: [{ lineId: 'a', parts: [{ key: 'bill.subtotal', amount: 1000 }] }] }]),
    );
  });
  it('fewer dishes than the bill has lines', () => {
    const tab = myTab();
    expectInvalid(() =>
      tabBalance({ ...tab, orders: [{ ...tab.orders[0]!, lines: tab.orders[0]!.lines.slice(1) }] }),
    );
  });
  it('a bill whose lines do not add up to its total', () => {
    const tab = myTab();
    const order = tab.orders[0]!;
    expectInvalid(() => tabBalance({ ...tab, orders: [{ ...order, bill: { ...order.bill, total: 1 } }] }));
  });
  it('a dish id twice in the tab, or a bill in rupiah on a ringgit tab', () => {
    const tab = myTab();
    expectInvalid(() => tabBalance({ ...tab, orders: [tab.orders[0]!, { ...tab.orders[0]!, orderId: 2 }] }));
    expectInvalid(() => tabBalance({ ...idTab(), currency: 'MYR' }));
  });
});
