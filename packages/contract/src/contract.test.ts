import { describe, expect, it } from 'vitest';
import {
  allEndpoints,
  buildOpenApi,
  buildPath,
  earlyKey,
  errorReplySchema,
  okReplySchema,
  restaurants,
} from './index';

describe('contract', () => {
  it('every endpoint -> unique id and unique method + path', () => {
    const ids = allEndpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('spec §7 paths -> all present, legacy .php names included', () => {
    const paths = new Set(allEndpoints.map((e) => e.path));
    for (const path of [
      '/api/restaurant/nearby-restaurants',
      '/api/restaurant/details/get.php',
      '/api/menu',
      '/api/discounts/get.php',
      '/api/restaurant/new/:restaurantId/tables/:tableId',
      '/api/food-courts/:mall/tables/:tableId',
      '/v1/user/send_otp',
      '/v1/user/verify_otp',
      '/v1/user/resend_otp',
      '/user/auth_token_customer.php',
      '/user_login/generate_token.php',
      '/user_login/register_user.php',
      '/api/user/register/guest',
      '/api/user/replace/guest',
      '/user_login/signout.php',
      '/api/orders/cart/get.php',
      '/api/orders/cart/update.php',
      '/api/orders/cart/update_special_note.php',
      '/api/orders/cart/get_cart_bill.php',
      '/api/orders/cart/clear_cart.php',
      '/api/orders/cart/update_discount.php',
      '/api/orders/cart/update_cart_details.php',
      '/api/orders/cart/remove_unavailable_items.php',
      '/api/orders/cart/foodcourt/out-of-stock',
      '/api/orders/cart/notes',
      '/api/orders/details/get.php',
      '/api/orders/cancel_order.php',
      '/api/orders/create.php',
      '/api/orders/create_schedule_order.php',
      '/api/orders/get_schedule_orders.php',
      '/api/orders/get_orders_by_table.php',
      '/api/orders/get_orders.php',
      '/api/orders/get_orders_list.php',
      '/api/orders/food-court-orders',
      '/api/orders/match-running-orders',
      '/api/orders/user-table-update',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('buildPath -> params filled and encoded; a missing one throws', () => {
    expect(buildPath('/api/food-courts/:mall/tables/:tableId', { mall: 'a b', tableId: 6001 })).toBe(
      '/api/food-courts/a%20b/tables/6001',
    );
    expect(() => buildPath('/x/:id', {})).toThrow(/id/);
  });

  it('envelopes -> ok needs status 1 and data; error needs status 0 and a message', () => {
    const ok = okReplySchema(restaurants.restaurantDetails.data);
    expect(ok.safeParse({ status: 1, statusCode: 200, message: 'ok', data: {} }).success).toBe(false);
    expect(errorReplySchema.safeParse({ status: 0, statusCode: 400, message: 'Required' }).success).toBe(
      true,
    );
    expect(errorReplySchema.safeParse({ status: 1, statusCode: 200, message: 'ok' }).success).toBe(false);
  });

  it('nearby defaults -> radius 50000 m and page size 10 (spec §9)', () => {
    const body = restaurants.nearbyRestaurants.body!.parse({ location: [101.7, 3.1] });
    expect(body).toMatchObject({ max_distance: 50_000, limit: 10, page_no: 1 });
  });

  it('OpenAPI -> one operation per endpoint, path params in braces, idempotency header on create', () => {
    const doc = buildOpenApi(allEndpoints, { title: 't', version: '1' });
    const operations = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod));
    expect(operations).toHaveLength(allEndpoints.length);
    const create = doc.paths['/api/orders/create.php']?.post as { parameters: { name: string }[] };
    expect(create.parameters.map((p) => p.name)).toContain('Idempotency-Key');
    expect(Object.keys(doc.paths)).toContain('/api/restaurant/new/{restaurantId}/tables/{tableId}');
  });
});

describe('earlyKey', () => {
  it('same input in another key order, at any depth -> the same key', () => {
    expect(earlyKey('cart.get', { query: { scope: 'a', limit: 2 }, body: { b: { y: 1, x: [2, 1] } } })).toBe(
      earlyKey('cart.get', { body: { b: { x: [2, 1], y: 1 } }, query: { limit: 2, scope: 'a' } }),
    );
  });

  it('undefined fields dropped; array order, value types and the endpoint kept apart', () => {
    expect(earlyKey('restaurants.menu', { query: { restaurant_id: 'x', limit: undefined } })).toBe(
      'restaurants.menu {"query":{"restaurant_id":"x"}}',
    );
    const keys = [
      earlyKey('a', { body: { ids: [1, 2] } }),
      earlyKey('a', { body: { ids: [2, 1] } }),
      earlyKey('a', { body: { id: 1 } }),
      earlyKey('a', { body: { id: '1' } }),
      earlyKey('b', { body: { id: 1 } }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
