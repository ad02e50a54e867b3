import { describe, expect, it } from 'vitest';
import { line, tabFixture } from '../testing/fixtures';
import { amountProblem, initialChoice, mineLeft, nextFreePart, requestOf } from './share-choice';

describe('nextFreePart', () => {
  it.each([
    [4, [], 1],
    [4, [1, 2], 3],
    [4, [2], 1],
    [3, [1, 3], 2],
    [2, [1, 2], undefined],
  ])('%i parts, %j taken -> %s', (parts, taken, expected) => {
    expect(nextFreePart({ parts, taken })).toBe(expected);
  });
});

describe('requestOf', () => {
  const tab = tabFixture();
  const choice = initialChoice(tab);

  it('a table of 4 -> new splits start between 4', () => {
    expect(choice).toMatchObject({ kind: 'rest', dishParts: 4, equalParts: 4 });
    expect(initialChoice(tabFixture({ members: tab.members.slice(0, 1) })).equalParts).toBe(2);
  });

  it('equal, no split under way -> part 1 of the chosen count, no of', () => {
    expect(requestOf({ ...choice, kind: 'equal', equalParts: 3 }, tab)).toEqual({
      request: { kind: 'equal', parts: 3, part: 1 },
    });
  });

  it('equal, a split of 5 under way with 1 and 3 taken -> part 2 of 5 with its of (the count chosen here ignored)', () => {
    const splitting = tabFixture({
      splits: [{ kind: 'equal', line_id: null, parts: 5, of: 3999, taken: [1, 3] }],
    });
    expect(requestOf({ ...choice, kind: 'equal', equalParts: 2 }, splitting)).toEqual({
      request: { kind: 'equal', parts: 5, part: 2, of: 3999 },
    });
  });

  it('dish part: the split of that dish under way, not of another dish', () => {
    const splitting = tabFixture({
      splits: [{ kind: 'dish_part', line_id: '21', parts: 3, of: 1800, taken: [1] }],
    });
    expect(requestOf({ ...choice, kind: 'dish_part', dish: '21' }, splitting)).toEqual({
      request: { kind: 'dish_part', line_id: '21', parts: 3, part: 2, of: 1800 },
    });
    expect(requestOf({ ...choice, kind: 'dish_part', dish: '22', dishParts: 2 }, splitting)).toEqual({
      request: { kind: 'dish_part', line_id: '22', parts: 2, part: 1 },
    });
    expect(requestOf({ ...choice, kind: 'dish_part' }, splitting)).toEqual({ incomplete: true });
  });

  it('picked dishes -> only those still free for me (held by another or paid dropped)', () => {
    expect(requestOf({ ...choice, kind: 'lines', picked: ['11', '12', '13'] }, tab)).toEqual({
      request: { kind: 'lines', line_ids: ['13'] },
    });
    expect(requestOf({ ...choice, kind: 'lines', picked: ['11'] }, tab)).toEqual({ incomplete: true });
  });

  it('mine with nothing of mine left -> refused with its words', () => {
    const noneLeft = tabFixture({
      lines: [line({ line_id: '21', member_id: 2, name: 'Mee Goreng', paid: 1000, left: 0 })],
    });
    expect(mineLeft(tabFixture())).toBe(2500);
    expect(requestOf({ ...choice, kind: 'mine' }, noneLeft)).toEqual({
      problem: { key: 'tab.pay.mineNone' },
    });
  });
});

describe('amountProblem (RM 40.00 left, RM 1.00 minimum)', () => {
  const tab = tabFixture();
  it.each([
    ['40', undefined],
    ['RM 12,50', undefined],
    ['1', undefined],
    ['40.01', 'tab.error.splitAmountAboveLeft'],
    ['0.99', 'tab.error.splitAmountBelowMinimum'],
    ['0', 'tab.pay.amountInvalid'],
    ['12.555', 'tab.pay.amountInvalid'],
    ['abc', 'tab.pay.amountInvalid'],
  ])('%s -> %s', (text, key) => {
    expect(amountProblem(text, tab)?.key).toBe(key);
  });

  it('above what is left -> the value is what is left, as money', () => {
    expect(amountProblem('50', tab)).toEqual({
      key: 'tab.error.splitAmountAboveLeft',
      values: { left: 4000 },
      money: ['left'],
    });
  });

  it('rupiah: Rp 15.000 of Rp 20.000 left -> fine; 25.000 -> above', () => {
    const idr = tabFixture({ currency: 'IDR', left: 20000, minimum: 1000 });
    expect(amountProblem('15.000', idr)).toBeUndefined();
    expect(amountProblem('25000', idr)?.key).toBe('tab.error.splitAmountAboveLeft');
  });
});
