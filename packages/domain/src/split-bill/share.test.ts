import { describe, expect, it } from 'vitest';
import { MESSAGE } from '../messages';
import { idTab, myTab, orderOf } from './fixtures';
import { SPLIT_MESSAGE, splitShare } from './share';
import type { Share, ShareContext, ShareRequest } from './share';
import { tabBalance } from './tab';
import type { Tab, TabBalance } from './tab';

const ana: ShareContext = { payer: 'ana' };

function shareOf(balance: TabBalance, request: ShareRequest, context: ShareContext = ana): Share {
  const result = splitShare(balance, request, context);
  if (!result.ok) throw new Error(`refused: ${result.refusal.key}`);
  return result.share;
}

function refusalOf(balance: TabBalance, request: ShareRequest, context: ShareContext = ana) {
  const result = splitShare(balance, request, context);
  if (result.ok) throw new Error(`accepted: ${result.share.settles}`);
  return result.refusal;
}

describe('splitShare: the kinds of share', () => {
  it('everything left of RM 34.98 -> 3498, the bill as its receipt', () => {
    const share = shareOf(tabBalance(myTab()), { kind: 'rest' });
    expect(share).toMatchObject({ settles: 3498, amount: 3498, tip: 0, cashRounding: 0 });
    expect(share.lines).toEqual([
      { key: 'bill.subtotal', amount: 3000 },
      { key: 'bill.serviceCharge', rate: 1000, amount: 300 },
      { key: 'bill.sst', rate: 600, amount: 198 },
    ]);
    expect(share.allocation.map((entry) => [entry.lineId, entry.amount])).toEqual([
      ['a', 1166],
      ['b', 2332],
    ]);
  });

  it("ana's dishes -> RM 10 with its service charge and SST: 1166", () => {
    const share = shareOf(tabBalance(myTab()), { kind: 'mine' });
    expect(share.settles).toBe(1166);
    expect(share.lines).toEqual([
      { key: 'bill.subtotal', amount: 1000 },
      { key: 'bill.serviceCharge', rate: 1000, amount: 100 },
      { key: 'bill.sst', rate: 600, amount: 66 },
    ]);
  });

  it('picked dishes y and z of the Indonesian tab -> 28875 + 46200 with their PB1', () => {
    const share = shareOf(
      tabBalance(idTab()),
      { kind: 'lines', lineIds: ['y', 'z', 'y'] },
      { payer: 'dedi' },
    );
    expect(share.settles).toBe(75_075);
    expect(share.lines).toEqual([
      { key: 'bill.subtotal', amount: 65_000 },
      { key: 'bill.serviceCharge', rate: 500, amount: 3250 },
      { key: 'bill.pb1', rate: 1000, amount: 6825 },
    ]);
  });

  it('dish a (1166) between 3 -> parts 389, 389, 388; the first takes [334, 33, 22]', () => {
    const balance = tabBalance(myTab());
    const parts = [1, 2, 3].map((part) =>
      shareOf(balance, { kind: 'dishPart', lineId: 'a', parts: 3, part }),
    );
    expect(parts.map((share) => share.settles)).toEqual([389, 389, 388]);
    expect(parts[0]!.request).toEqual({ kind: 'dishPart', lineId: 'a', parts: 3, part: 1, of: 1166 });
    expect(parts[0]!.allocation[0]!.parts.map((part) => part.amount)).toEqual([334, 33, 22]);
  });

  it('the three parts of dish a paid in any order -> dish a settled, nothing of it left', () => {
    let paid: Share[] = [];
    for (const part of [3, 1, 2]) {
      const balance = tabBalance(myTab(), paid);
      paid = [...paid, shareOf(balance, { kind: 'dishPart', lineId: 'a', parts: 3, part })];
    }
    expect(tabBalance(myTab(), paid).lines[0]).toMatchObject({ paid: 1166, left: 0, leftParts: [] });
  });

  it('the whole RM 34.98 between 4 -> 875, 875, 874, 874; the first part of 875 as [750, 75, 50]', () => {
    const balance = tabBalance(myTab());
    const parts = [1, 2, 3, 4].map((part) => shareOf(balance, { kind: 'equal', parts: 4, part }));
    expect(parts.map((share) => share.settles)).toEqual([875, 875, 874, 874]);
    expect(parts[0]!.request).toEqual({ kind: 'equal', parts: 4, part: 1, of: 3498 });
    expect(parts[0]!.lines).toEqual([
      { key: 'bill.subtotal', amount: 750 },
      { key: 'bill.serviceCharge', rate: 1000, amount: 75 },
      { key: 'bill.sst', rate: 600, amount: 50 },
    ]);
  });

  it('Rp 115.500 between 3 -> 38500 each, the last of them pays exactly what is left', () => {
    let paid: Share[] = [];
    for (const part of [2, 3, 1]) {
      const balance = tabBalance(idTab(), paid);
      paid = [
        ...paid,
        shareOf(balance, { kind: 'equal', parts: 3, part, of: 115_500 }, { payer: `p${part}` }),
      ];
    }
    expect(paid.map((share) => share.settles)).toEqual([38_500, 38_500, 38_500]);
    const after = tabBalance(idTab(), paid);
    expect(after.left).toBe(0);
    expect(after.lines.every((line) => line.leftParts.length === 0)).toBe(true);
  });

  it('a custom RM 10.00 -> spread over what is left of each dish: [333, 667], receipt [858, 85, 57]', () => {
    const share = shareOf(tabBalance(myTab()), { kind: 'amount', amount: 1000 });
    expect(share.allocation.map((entry) => entry.amount)).toEqual([333, 667]);
    expect(share.allocation[0]!.parts.map((part) => part.amount)).toEqual([286, 28, 19]);
    expect(share.lines.map((line) => line.amount)).toEqual([858, 85, 57]);
  });

  it('a part of a dish with an inclusive tax -> the tax contained goes with the same fraction', () => {
    const tab = myTab({
      serviceChargeRate: 0,
      taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal', inclusive: true }],
    });
    const share = shareOf(tabBalance(tab), { kind: 'equal', parts: 2, part: 1 });
    expect(share.settles).toBe(1500);
    expect(share.lines).toEqual([
      { key: 'bill.subtotal', amount: 1500 },
      { key: 'bill.sst', rate: 600, amount: 86, included: true },
    ]);
  });

  it('a discounted tab -> each share carries its part of the coupon and the deposit', () => {
    const tab = myTab({
      discounts: [
        { kind: 'coupon', amount: 300 },
        { kind: 'deposit', amount: 1000 },
      ],
    });
    const balance = tabBalance(tab);
    const mine = shareOf(balance, { kind: 'mine' });
    expect(mine.lines.map((line) => line.key)).toEqual([
      'bill.subtotal',
      'bill.discount.coupon',
      'bill.serviceCharge',
      'bill.sst',
      'bill.discount.deposit',
    ]);
    expect(mine.settles).toBe(balance.lines[0]!.amount);
    expect(mine.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(mine.settles);
  });
});

describe('splitShare: cash rounding and tips', () => {
  it("ana's 1166 sen in cash at a restaurant rounding to 5 sen -> pays 1165, rounding -1 on her receipt", () => {
    const share = shareOf(tabBalance(myTab()), { kind: 'mine' }, { payer: 'ana', cashRounding: 'nearest5' });
    expect(share).toMatchObject({ settles: 1166, cashRounding: -1, amount: 1165 });
    expect(share.lines.at(-1)).toEqual({ key: 'bill.rounding', amount: -1 });
  });
  it('the same share paid online (no cash rounding passed) -> 1166', () => {
    expect(shareOf(tabBalance(myTab()), { kind: 'mine' }).amount).toBe(1166);
  });
  it('rupiah in cash -> never rounded', () => {
    const share = shareOf(
      tabBalance(idTab()),
      { kind: 'amount', amount: 10_001 },
      { payer: 'cita', cashRounding: 'nearest5' },
    );
    expect(share).toMatchObject({ settles: 10_001, cashRounding: 0, amount: 10_001 });
  });
  it('a tip of RM 2 in cash -> 1166 + 200 rounded to 1365; the tab still drops by 1166', () => {
    const share = shareOf(
      tabBalance(myTab()),
      { kind: 'mine' },
      { payer: 'ana', tip: 200, cashRounding: 'nearest5' },
    );
    expect(share).toMatchObject({ settles: 1166, tip: 200, cashRounding: -1, amount: 1365 });
    expect(tabBalance(myTab(), [share]).left).toBe(2332);
  });
});

describe('splitShare: the last share settles everything', () => {
  it('a dish paid entirely by a coupon -> swept by the share that pays the last sen, at 0', () => {
    const tab: Tab = {
      currency: 'MYR',
      orders: [
        orderOf(
          1,
          {
            currency: 'MYR',
            lines: [{ unitPrice: 1000, quantity: 1 }],
            serviceChargeRate: 0,
            discounts: [{ kind: 'coupon', amount: 1000 }],
          },
          ['free'],
        ),
        orderOf(2, { currency: 'MYR', lines: [{ unitPrice: 500, quantity: 1 }], serviceChargeRate: 0 }, [
          'paid',
        ]),
      ],
    };
    const share = shareOf(tabBalance(tab), { kind: 'lines', lineIds: ['paid'] });
    expect(share.settles).toBe(500);
    expect(share.allocation.map((entry) => [entry.lineId, entry.amount])).toEqual([
      ['paid', 500],
      ['free', 0],
    ]);
    expect(share.lines).toEqual([
      { key: 'bill.subtotal', amount: 1500 },
      { key: 'bill.discount.coupon', amount: -1000 },
    ]);
    expect(tabBalance(tab, [share]).lines.every((line) => line.leftParts.length === 0)).toBe(true);
  });

  it('two shares under way paid in either order -> the same balance', () => {
    const balance = tabBalance(myTab());
    const custom = shareOf(balance, { kind: 'amount', amount: 1000 });
    const bens = shareOf(tabBalance(myTab(), [], [custom]), { kind: 'mine' }, { payer: 'ben' });
    expect(bens.settles).toBe(2332 - 667);
    const oneWay = tabBalance(myTab(), [custom, bens]);
    const otherWay = tabBalance(myTab(), [bens, custom]);
    expect(otherWay).toEqual(oneWay);
    expect(oneWay.left).toBe(1166 - 333);
  });
});

describe('splitShare: refusals', () => {
  const balance = tabBalance(myTab());
  it('a custom amount above what is left -> splitAmountAboveLeft with what is left', () => {
    expect(refusalOf(balance, { kind: 'amount', amount: 3499 })).toEqual({
      key: SPLIT_MESSAGE.amountAboveLeft,
      values: { left: 3498 },
    });
  });
  it('a custom amount when ben holds dish b -> at most what ana can pay (1166)', () => {
    expect(
      refusalOf(balance, { kind: 'amount', amount: 1167 }, { payer: 'ana', locks: { b: 'ben' } }),
    ).toEqual({
      key: SPLIT_MESSAGE.amountAboveLeft,
      values: { left: 1166 },
    });
  });
  it('RM 0.50 through a gateway whose smallest charge is RM 1 -> splitAmountBelowMinimum', () => {
    expect(refusalOf(balance, { kind: 'amount', amount: 50 }, { payer: 'ana', minimum: 100 })).toEqual({
      key: SPLIT_MESSAGE.amountBelowMinimum,
      values: { minimum: 100 },
    });
  });
  it('split between 1 or 21 -> splitPartsOutOfRange (2 to 20)', () => {
    for (const parts of [1, 21]) {
      expect(refusalOf(balance, { kind: 'equal', parts, part: 1 })).toEqual({
        key: SPLIT_MESSAGE.partsOutOfRange,
        values: { min: 2, max: 20 },
      });
      expect(refusalOf(balance, { kind: 'dishPart', lineId: 'a', parts, part: 1 }).key).toBe(
        SPLIT_MESSAGE.partsOutOfRange,
      );
    }
  });
  it('part 0 or 5 of 4 -> invalidInput', () => {
    for (const part of [0, 5])
      expect(refusalOf(balance, { kind: 'equal', parts: 4, part }).key).toBe(MESSAGE.invalidInput);
  });
  it('a dish already paid -> splitLinePaid with its id', () => {
    const paid = [shareOf(balance, { kind: 'mine' })];
    expect(
      refusalOf(tabBalance(myTab(), paid), { kind: 'lines', lineIds: ['a', 'b'] }, { payer: 'ben' }),
    ).toEqual({
      key: SPLIT_MESSAGE.linePaid,
      lineIds: ['a'],
    });
    expect(
      refusalOf(tabBalance(myTab(), paid), { kind: 'dishPart', lineId: 'a', parts: 2, part: 2 }).key,
    ).toBe(SPLIT_MESSAGE.linePaid);
  });
  it('a dish held by another payer -> splitLineLocked; held by oneself -> fine', () => {
    expect(
      refusalOf(balance, { kind: 'lines', lineIds: ['a'] }, { payer: 'ben', locks: { a: 'ana' } }),
    ).toEqual({
      key: SPLIT_MESSAGE.lineLocked,
      lineIds: ['a'],
    });
    expect(
      shareOf(balance, { kind: 'lines', lineIds: ['a'] }, { payer: 'ana', locks: { a: 'ana' } }).settles,
    ).toBe(1166);
  });
  it('everything left while ben holds dish b -> dish a only; when ben holds all -> splitLineLocked', () => {
    expect(shareOf(balance, { kind: 'rest' }, { payer: 'ana', locks: { b: 'ben' } }).settles).toBe(1166);
    expect(refusalOf(balance, { kind: 'rest' }, { payer: 'ana', locks: { a: 'ben', b: 'ben' } })).toEqual({
      key: SPLIT_MESSAGE.lineLocked,
      lineIds: ['a', 'b'],
    });
  });
  it('an empty pick -> splitNothingPicked; an unknown dish -> invalidInput', () => {
    expect(refusalOf(balance, { kind: 'lines', lineIds: [] }).key).toBe(SPLIT_MESSAGE.nothingPicked);
    expect(refusalOf(balance, { kind: 'lines', lineIds: ['zz'] }).key).toBe(MESSAGE.invalidInput);
    expect(refusalOf(balance, { kind: 'dishPart', lineId: 'zz', parts: 2, part: 1 }).key).toBe(
      MESSAGE.invalidInput,
    );
  });
  it('my dishes when they are paid, or for someone who ordered nothing -> splitNothingOfYours', () => {
    const paid = [shareOf(balance, { kind: 'mine' })];
    expect(refusalOf(tabBalance(myTab(), paid), { kind: 'mine' }).key).toBe(SPLIT_MESSAGE.nothingOfYours);
    expect(refusalOf(balance, { kind: 'mine' }, { payer: 'eve' }).key).toBe(SPLIT_MESSAGE.nothingOfYours);
  });
  it('anything on a tab paid in full -> paymentAlreadyPaid', () => {
    const done = tabBalance(myTab(), [shareOf(balance, { kind: 'rest' })]);
    for (const request of [
      { kind: 'rest' },
      { kind: 'amount', amount: 1 },
      { kind: 'equal', parts: 2, part: 1 },
    ] as const) {
      expect(refusalOf(done, request).key).toBe(MESSAGE.paymentAlreadyPaid);
    }
  });
  it('a custom amount of 0, 1.5 or -1, a negative tip -> invalidInput', () => {
    for (const amount of [0, 1.5, -1])
      expect(refusalOf(balance, { kind: 'amount', amount }).key).toBe(MESSAGE.invalidInput);
    expect(refusalOf(balance, { kind: 'rest' }, { payer: 'ana', tip: -100 }).key).toBe(MESSAGE.invalidInput);
  });
  it('3 sen between 4 -> the fourth part is nothing: splitAmountBelowMinimum', () => {
    const tab: Tab = {
      currency: 'MYR',
      orders: [
        orderOf(1, { currency: 'MYR', lines: [{ unitPrice: 3, quantity: 1 }], serviceChargeRate: 0 }, [
          'tiny',
        ]),
      ],
    };
    expect(refusalOf(tabBalance(tab), { kind: 'equal', parts: 4, part: 4 }).key).toBe(
      SPLIT_MESSAGE.amountBelowMinimum,
    );
  });
});
