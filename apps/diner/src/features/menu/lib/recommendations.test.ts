import { describe, expect, it } from 'vitest';
import { itemFixture, menuFixture } from '../../../lib/testing/fixtures';
import { dishesOf } from './recommendations';

const menu = menuFixture();
const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('dishesOf', () => {
  it("server ids [31, 11, 12] -> those dishes in the server's order", () => {
    expect(names(dishesOf(menu, [31, 11, 12]))).toEqual(['Teh Tarik', 'Nasi Lemak', 'Mee Goreng Mamak']);
  });

  it('a sold-out dish (21), an id the menu lacks (999) and a repeated id -> left out', () => {
    expect(names(dishesOf(menu, [21, 999, 31, 31]))).toEqual(['Teh Tarik']);
  });

  it('dishes already in the cart excluded; limit 1 -> only the first', () => {
    expect(names(dishesOf(menu, [11, 31, 32], new Set([11])))).toEqual(['Teh Tarik', 'Kopi O']);
    expect(names(dishesOf(menu, [11, 31, 32], new Set(), 1))).toEqual(['Nasi Lemak']);
  });

  it('a voucher -> never recommended', () => {
    const withVoucher = {
      ...menu,
      items: [...menu.items, itemFixture({ id: 91, category_id: 9, name: 'Gift', is_voucher: true })],
    };
    expect(names(dishesOf(withVoucher, [91, 32]))).toEqual(['Kopi O']);
  });
});
