import { describe, expect, it } from 'vitest';
import { allEndpoints, restaurants, reviews } from './index';

describe('reviews contract', () => {
  it('spec §7 review and recommendation paths -> all registered', () => {
    const paths = new Set(allEndpoints.map((endpoint) => endpoint.path));
    for (const path of [
      '/api/review/create.php',
      '/api/recommendations/best-sellers',
      '/api/recommendations/repeat-items',
      '/api/recommendations/frequently-bought-with',
      '/api/recommendations/complete-your-cart',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it("create body from a form ('42', '5', '  ok  ') -> numbers and a trimmed comment", () => {
    expect(
      reviews.reviewCreate.body!.parse({
        order_id: '42',
        reviews: [{ order_item_id: '7', rating: '5', comment: '  ok  ' }],
      }),
    ).toEqual({ order_id: 42, reviews: [{ order_item_id: 7, rating: 5, comment: 'ok' }] });
  });

  it('create body: rating 0, 6 or 4.5, the same order item twice, no reviews -> refused', () => {
    const body = (list: unknown[]) => reviews.reviewCreate.body!.safeParse({ order_id: 1, reviews: list });
    expect(body([{ order_item_id: 1, rating: 0 }]).success).toBe(false);
    expect(body([{ order_item_id: 1, rating: 6 }]).success).toBe(false);
    expect(body([{ order_item_id: 1, rating: 4.5 }]).success).toBe(false);
    expect(
      body([
        { order_item_id: 1, rating: 4 },
        { order_item_id: 1, rating: 5 },
      ]).success,
    ).toBe(false);
    expect(body([]).success).toBe(false);
    expect(body([{ order_item_id: 1, rating: 4, comment: 'x'.repeat(501) }]).success).toBe(false);
  });

  it('recommendation limit -> 6 by default, 1–20 accepted', () => {
    expect(reviews.bestSellers.query!.parse({ restaurant_id: 'kopitiam-ali' })).toEqual({
      restaurant_id: 'kopitiam-ali',
      limit: 6,
    });
    expect(reviews.bestSellers.query!.safeParse({ restaurant_id: 1001, limit: 21 }).success).toBe(false);
  });

  it('menu item rating -> null or { average 1–5, count > 0 }; absent still parses', () => {
    const rating = restaurants.menuItemSchema.shape.rating;
    expect(rating.parse(null)).toBeNull();
    expect(rating.parse({ average: 4.5, count: 2 })).toEqual({ average: 4.5, count: 2 });
    expect(rating.safeParse({ average: 0, count: 1 }).success).toBe(false);
    expect(rating.safeParse({ average: 4, count: 0 }).success).toBe(false);
    expect(rating.parse(undefined)).toBeUndefined();
  });
});
