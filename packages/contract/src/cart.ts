import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { billSchema, currencyCode, idInput, money, orderContextInput, scope } from './common';

export const cartItemSchema = z.object({
  cart_item_id: z.int(),
  item_id: z.int(),
  restaurant_id: z.int(),
  name: z.string(),
  quantity: z.int(),
  selections: z.record(z.string(), z.array(z.string())),
  options: z.array(z.object({ group_id: z.string(), option_id: z.string(), name: z.string(), price: money })),
  notes: z.nullable(z.string()),
  unit_price: money,
  seen_unit_price: money,
  line_total: money,
  available: z.boolean(),
  price_changed: z.boolean(),
  is_voucher: z.boolean(),
});

export const cartSchema = z.object({
  scope: z.string(),
  currency: currencyCode,
  context: z.record(z.string(), z.unknown()),
  special_note: z.nullable(z.string()),
  discount_code: z.nullable(z.string()),
  items: z.array(cartItemSchema),
  item_count: z.int(),
  /** Catalogue keys of warnings the diner must see (errors.priceWarning, errors.itemsNotAvailable). */
  warnings: z.array(z.string()),
  locked: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

const scopeQuery = z.object({ scope });
const scopeBody = z.object({ scope });

export const cartGet = defineEndpoint({
  id: 'cart.get',
  method: 'GET',
  path: '/api/orders/cart/get.php',
  service: 'main',
  access: 'cart',
  summary: 'The cart of this cart token (or user) for a restaurant or mall scope.',
  query: scopeQuery,
  data: cartSchema,
});

/**
 * The cart handover of the login redirect (spec §2, its `cartToken` parameter): the sealed, hour-long
 * stand-in for a browser's cart token that its pages hold (`cart-handover` reply header, the early
 * replies and the server render's hydration block). The token itself is an HttpOnly cookie.
 */
export const cartHandover = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{40,200}$/, { message: 'Not a cart handover' }));

export const cartAdoptToken = defineEndpoint({
  id: 'cart.adoptToken',
  method: 'POST',
  path: '/api/orders/cart/adopt_token.php',
  service: 'main',
  access: 'user',
  summary:
    "A login finished in another browser takes the cart of the browser it started in (spec §2, the login redirect's cartToken, which carries that browser's cart handover): the guest carts and orders of the handover's cart token move into the logged-in diner's account, as a login in that browser would have moved them. An expired or foreign handover is refused (400). Only from our own pages.",
  body: z.object({ cart_handover: cartHandover }),
  data: z.object({ moved_orders: z.int(), moved_carts: z.int() }),
});

export const cartUpdate = defineEndpoint({
  id: 'cart.update',
  method: 'POST',
  path: '/api/orders/cart/update.php',
  service: 'main',
  access: 'cart',
  summary:
    'Add an item with its selections, or set the quantity of a cart line (0 removes it). Option limits are enforced.',
  body: z.extend(scopeBody, {
    item_id: z.optional(idInput),
    cart_item_id: z.optional(idInput),
    quantity: z.int().check(z.gte(0), z.lte(99)),
    selections: z.optional(
      z.record(z.string(), z.array(z.string().check(z.maxLength(40))).check(z.maxLength(20))),
    ),
    notes: z.optional(z.string().check(z.maxLength(300))),
  }),
  data: cartSchema,
});

export const cartSpecialNote = defineEndpoint({
  id: 'cart.specialNote',
  method: 'POST',
  path: '/api/orders/cart/update_special_note.php',
  service: 'main',
  access: 'cart',
  summary: 'The special request for the kitchen.',
  body: z.extend(scopeBody, { special_note: z.string().check(z.maxLength(500)) }),
  data: cartSchema,
});

export const cartNotes = defineEndpoint({
  id: 'cart.notes',
  method: 'POST',
  path: '/api/orders/cart/notes',
  service: 'main',
  access: 'cart',
  summary: 'Notes on one cart line.',
  body: z.extend(scopeBody, { cart_item_id: idInput, notes: z.string().check(z.maxLength(300)) }),
  data: cartSchema,
});

export const cartBill = defineEndpoint({
  id: 'cart.bill',
  method: 'GET',
  path: '/api/orders/cart/get_cart_bill.php',
  service: 'main',
  access: 'cart',
  summary:
    'The bill of the cart, computed by @santap/domain computeBill, with labels in the caller language.',
  query: scopeQuery,
  data: z.object({
    bill: billSchema,
    by_restaurant: z.array(z.object({ restaurant_id: z.number(), bill: billSchema })),
  }),
});

export const cartClear = defineEndpoint({
  id: 'cart.clear',
  method: 'POST',
  path: '/api/orders/cart/clear_cart.php',
  service: 'main',
  access: 'cart',
  summary: 'Empty the cart.',
  body: scopeBody,
  data: cartSchema,
});

export const cartDiscount = defineEndpoint({
  id: 'cart.discount',
  method: 'POST',
  path: '/api/orders/cart/update_discount.php',
  service: 'main',
  access: 'cart',
  summary: 'Apply (or with null remove) a discount code.',
  body: z.extend(scopeBody, { discount_code: z.nullable(z.string().check(z.maxLength(40))) }),
  data: cartSchema,
});

export const cartDetails = defineEndpoint({
  id: 'cart.details',
  method: 'POST',
  path: '/api/orders/cart/update_cart_details.php',
  service: 'main',
  access: 'cart',
  summary: 'The order context of the cart (order type, ASAP or scheduled slot, table, address).',
  body: z.extend(scopeBody, {
    context: orderContextInput,
    // As long as a saved address can be (account.addressCreate: apartment, street and landmark 200,
    // city 100 characters, and a postcode), so picking any saved address for delivery is accepted.
    address: z.optional(
      z.object({
        line: z.string().check(z.minLength(1), z.maxLength(600)),
        house: z.optional(z.string().check(z.maxLength(200))),
        landmark: z.optional(z.string().check(z.maxLength(200))),
        city: z.optional(z.string().check(z.maxLength(100))),
        location: z.tuple([z.number(), z.number()]),
      }),
    ),
  }),
  data: cartSchema,
});

export const cartRemoveUnavailable = defineEndpoint({
  id: 'cart.removeUnavailable',
  method: 'POST',
  path: '/api/orders/cart/remove_unavailable_items.php',
  service: 'main',
  access: 'cart',
  summary: 'Remove unavailable items and accept current prices (required before payment).',
  body: scopeBody,
  data: cartSchema,
});

export const foodCourtOutOfStock = defineEndpoint({
  id: 'cart.foodCourtOutOfStock',
  method: 'GET',
  path: '/api/orders/cart/foodcourt/out-of-stock',
  service: 'main',
  access: 'cart',
  summary: 'Out-of-stock lines across the outlets of a food-court cart.',
  query: scopeQuery,
  data: z.object({
    items: z.array(
      z.object({
        cart_item_id: z.number(),
        item_id: z.number(),
        restaurant_id: z.number(),
        name: z.string(),
      }),
    ),
  }),
});
