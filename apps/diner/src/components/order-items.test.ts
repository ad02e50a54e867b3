import { describe, expect, it } from 'vitest';
import { lineAmount, optionNames } from './order-items';

describe('lineAmount', () => {
  it('unit price 1240 (options included), one option 150, quantity 2 -> 2480, options not added twice', () => {
    const item = {
      order_item_id: 1,
      item_id: 1001001,
      name: 'Nasi Goreng Kampung',
      quantity: 2,
      unit_price: 1240,
      options: [{ group_id: 'egg', option_id: 'fried', price: 150 }],
      notes: null,
      status: 'active' as const,
      batch: 1,
    };
    expect(lineAmount(item)).toBe(2480);
  });
});

describe('optionNames', () => {
  const line = (options: { group_id: string; option_id: string; price: number; name?: string }[]) => ({
    order_item_id: 1,
    item_id: 1001004,
    name: 'Nasi Goreng Kampung',
    quantity: 1,
    unit_price: 1240,
    options,
    notes: null,
    status: 'active' as const,
    batch: 1,
  });
  it("spice 'medium' named 'Medium' and extras 'egg' named 'Fried egg' -> 'Medium, Fried egg'", () => {
    expect(
      optionNames(
        line([
          { group_id: 'spice', option_id: 'medium', price: 0, name: 'Medium' },
          { group_id: 'extras', option_id: 'egg', price: 150, name: 'Fried egg' },
        ]),
      ),
    ).toBe('Medium, Fried egg');
  });
  it("a line ordered before names were kept (no name) -> its option id 'egg'", () => {
    expect(optionNames(line([{ group_id: 'extras', option_id: 'egg', price: 150 }]))).toBe('egg');
  });
});
