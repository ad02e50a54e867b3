import { describe, expect, it } from 'vitest';
import { lineAmount } from './order-items';

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
