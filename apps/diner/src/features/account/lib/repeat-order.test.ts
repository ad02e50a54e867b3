import { describe, expect, it } from 'vitest';
import type { Order } from '@santap/api-client';
import { itemFixture } from '../../../lib/testing/fixtures';
import { foodCourtRepeatPlan, repeatPlan } from './repeat-order';

type Line = Order['items'][number];
const line = (overrides: Partial<Line> & Pick<Line, 'order_item_id' | 'item_id' | 'name'>): Line => ({
  quantity: 1,
  unit_price: 650,
  options: [],
  notes: null,
  status: 'active',
  batch: 1,
  ...overrides,
});

const menu = {
  items: [
    itemFixture({
      id: 11,
      name: 'Nasi Lemak',
      price: 700,
      option_groups: [
        {
          id: 'sides',
          name: 'Add sides',
          kind: 'upTo',
          max: 2,
          required: false,
          options: [
            { id: 'egg', name: 'Fried egg', price: 150, available: true },
            { id: 'chicken', name: 'Fried chicken', price: 500, available: false },
          ],
        },
      ],
    }),
    itemFixture({ id: 21, name: 'Prawn Fritters', price: 800, in_stock: false }),
    itemFixture({ id: 31, name: 'Teh Tarik', price: 250 }),
  ],
};

describe('repeatPlan', () => {
  it('dish with an option still offered -> available at today’s price, same choices and note in the cart', () => {
    const plan = repeatPlan(
      {
        items: [
          line({
            order_item_id: 1,
            item_id: 11,
            name: 'Nasi Lemak',
            quantity: 2,
            unit_price: 800,
            options: [{ group_id: 'sides', option_id: 'egg', price: 150 }],
            notes: 'less spicy',
          }),
        ],
      },
      menu,
    );
    expect(plan.items).toEqual([
      { id: '1', name: 'Nasi Lemak', quantity: 2, unitPrice: 850, options: 'Fried egg', available: true },
    ]);
    expect(plan.lines).toEqual([
      { item_id: 11, quantity: 2, selections: { sides: ['egg'] }, notes: 'less spicy' },
    ]);
  });

  it('sold out dish, option no longer available, dish gone from the menu -> named, not added', () => {
    const plan = repeatPlan(
      {
        items: [
          line({ order_item_id: 1, item_id: 21, name: 'Prawn Fritters' }),
          line({
            order_item_id: 2,
            item_id: 11,
            name: 'Nasi Lemak',
            options: [{ group_id: 'sides', option_id: 'chicken', price: 500 }],
          }),
          line({ order_item_id: 3, item_id: 99, name: 'Old Special', unit_price: 1200 }),
          line({ order_item_id: 4, item_id: 31, name: 'Teh Tarik', quantity: 3 }),
        ],
      },
      menu,
    );
    expect(plan.items.map((item) => [item.name, item.available, item.unitPrice])).toEqual([
      ['Prawn Fritters', false, 800],
      ['Nasi Lemak', false, 1200],
      ['Old Special', false, 1200],
      ['Teh Tarik', true, 250],
    ]);
    expect(plan.lines).toEqual([{ item_id: 31, quantity: 3 }]);
  });

  it('a declined line -> left out entirely', () => {
    const plan = repeatPlan(
      { items: [line({ order_item_id: 1, item_id: 31, name: 'Teh Tarik', status: 'declined' })] },
      menu,
    );
    expect(plan).toEqual({ items: [], lines: [] });
  });
});

describe('foodCourtRepeatPlan', () => {
  it('two outlet parts, each against its own menu -> one plan: both outlets’ lines, the sold-out one named', () => {
    const satay = { items: [itemFixture({ id: 41, restaurant_id: 1012, name: 'Satay Ayam', price: 1200 })] };
    const plan = foodCourtRepeatPlan([
      {
        order: {
          items: [
            line({ order_item_id: 1, item_id: 31, name: 'Teh Tarik', quantity: 2 }),
            line({ order_item_id: 2, item_id: 21, name: 'Prawn Fritters' }),
          ],
        },
        menu,
      },
      {
        order: { items: [line({ order_item_id: 3, item_id: 41, name: 'Satay Ayam', notes: 'no onion' })] },
        menu: satay,
      },
    ]);
    expect(plan.items.map((item) => [item.id, item.name, item.available, item.unitPrice])).toEqual([
      ['1', 'Teh Tarik', true, 250],
      ['2', 'Prawn Fritters', false, 800],
      ['3', 'Satay Ayam', true, 1200],
    ]);
    expect(plan.lines).toEqual([
      { item_id: 31, quantity: 2 },
      { item_id: 41, quantity: 1, notes: 'no onion' },
    ]);
  });

  it('an outlet that is gone (empty menu) -> its dishes named unavailable at the price paid; the others still go in', () => {
    const plan = foodCourtRepeatPlan([
      {
        order: { items: [line({ order_item_id: 1, item_id: 51, name: 'Laksa', unit_price: 900 })] },
        menu: { items: [] },
      },
      { order: { items: [line({ order_item_id: 2, item_id: 31, name: 'Teh Tarik' })] }, menu },
    ]);
    expect(plan.items.map((item) => [item.name, item.available, item.unitPrice])).toEqual([
      ['Laksa', false, 900],
      ['Teh Tarik', true, 250],
    ]);
    expect(plan.lines).toEqual([{ item_id: 31, quantity: 1 }]);
  });
});
