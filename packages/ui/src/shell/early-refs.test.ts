import { describe, expect, it } from 'vitest';
import { EARLY_REF, resolveEarlyReplies, shareEarlyReplies } from './early-refs';

const menu = {
  restaurant_id: 1004,
  items: Array.from({ length: 20 }, (_, id) => ({ id, name: `Nasi Lemak ${id}`, price: 1290 + id })),
};
const replies = {
  'restaurants.menu {"query":{"restaurant_id":"menu-besar"}}': { status: 1, message: 'ok', data: menu },
  'cart.get {"query":{"scope":"menu-besar"}}': { status: 1, message: 'ok', data: { items: [] } },
};

describe('early replies shared with the hydration block', () => {
  it('a field equal to a reply data -> a marker on the server, the data again in the browser', () => {
    const loaderData = {
      '0-2': {
        menu: structuredClone(menu),
        session: { table: 'T3' },
        bestSellerIds: [1],
        note: 'x',
        none: null,
      },
      '0': null,
    };
    const shared = shareEarlyReplies(loaderData, replies);
    expect(shared['0-2']).toEqual({
      menu: { [EARLY_REF]: 'restaurants.menu {"query":{"restaurant_id":"menu-besar"}}' },
      session: { table: 'T3' },
      bestSellerIds: [1],
      note: 'x',
      none: null,
    });
    expect(shared['0']).toBeNull();
    // What travels is much smaller than the data it stands for.
    expect(JSON.stringify(shared).length).toBeLessThan(JSON.stringify(loaderData).length);
    expect(resolveEarlyReplies(JSON.parse(JSON.stringify(shared)) as typeof shared, replies)).toEqual(
      loaderData,
    );
  });

  it('the same data with its object keys in another order (a JSON column, a parsed copy) -> still shared', () => {
    const fromColumn = { ...menu, nutrition: { fat: 28, kcal: 650 } };
    const parsed = { nutrition: { kcal: 650, fat: 28 }, items: menu.items, restaurant_id: 1004 };
    const shared = shareEarlyReplies({ '0-2': { menu: parsed } }, { menu: { status: 1, data: fromColumn } });
    expect(shared).toEqual({ '0-2': { menu: { [EARLY_REF]: 'menu' } } });
    // A field the parse dropped or changed is not the same data.
    const changed = { '0-2': { menu: { ...parsed, nutrition: { kcal: 650 } } } };
    expect(shareEarlyReplies(changed, { menu: { status: 1, data: fromColumn } })).toEqual(changed);
  });

  it('data that differs from every reply (a cart the loader changed) -> kept as it is', () => {
    const loaderData = { '0-2': { cart: { items: [{ id: 1 }] } } };
    expect(shareEarlyReplies(loaderData, replies)).toEqual(loaderData);
    expect(shareEarlyReplies(loaderData, undefined)).toEqual(loaderData);
    // The empty cart equals a reply's data, but its marker would be longer than it: kept.
    const empty = { '0-2': { cart: { items: [] } } };
    expect(shareEarlyReplies(empty, replies)).toEqual(empty);
  });

  it('a marker whose reply the page lacks (no block, another key) -> undefined: the browser renders the page', () => {
    const shared = {
      '0-2': { menu: { [EARLY_REF]: 'restaurants.menu {"query":{"restaurant_id":"other"}}' } },
    };
    expect(resolveEarlyReplies(shared, replies)).toBeUndefined();
    expect(resolveEarlyReplies(shared, undefined)).toBeUndefined();
    // A page without markers needs no replies.
    expect(resolveEarlyReplies({ '0-2': { ok: true } }, undefined)).toEqual({ '0-2': { ok: true } });
  });
});
