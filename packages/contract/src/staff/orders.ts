import { z } from 'zod/mini';
import { ALLERGENS, ALLERGY_SEVERITIES } from '@santap/domain';
import { defineEndpoint } from '../endpoint';
import { currencyCode, idInput, money, orderTypeCode, photoSchema, refundSchema } from '../common';
import { orderSchema } from '../orders';

/**
 * What a kitchen display needs of an order beyond the diner's view of it (apps/staff README 'Kitchen
 * display'): the rush flag, whether it still waits for its payment (an order paid first that is not
 * paid yet is not for the kitchen), the diner's allergies, and per line its menu category (stations)
 * and whether the kitchen struck it off as made.
 */
export const kitchenViewSchema = z.object({
  rush: z.boolean(),
  /** Paid first (online, prepay or scheduled) and not paid yet: the kitchen does not see it yet. */
  awaiting_payment: z.boolean(),
  /** The diner's allergies (their account, spec §7), category and severity only; empty for guests. */
  allergies: z.array(z.object({ category: z.enum(ALLERGENS), severity: z.enum(ALLERGY_SEVERITIES) })),
  lines: z.array(z.object({ order_item_id: z.int(), category_id: z.nullable(z.int()), done: z.boolean() })),
});
export type KitchenView = z.infer<typeof kitchenViewSchema>;

/** An order as staff see it: the diner's view plus {@link kitchenViewSchema}. */
export const staffOrderSchema = z.extend(orderSchema, { kitchen: kitchenViewSchema });
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const staffLogin = defineEndpoint({
  id: 'staff.login',
  method: 'POST',
  path: '/api/staff/login',
  service: 'main',
  access: 'none',
  summary: 'Staff login (manager, kitchen, server, business) for one restaurant.',
  body: z.object({
    username: z.string().check(z.minLength(1), z.maxLength(80)),
    password: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  data: z.object({
    token: z.string(),
    staff: z.object({
      staff_id: z.number(),
      restaurant_id: z.number(),
      role: z.string(),
      username: z.string(),
    }),
  }),
});

export const staffOrders = defineEndpoint({
  id: 'staff.orders',
  method: 'GET',
  path: '/api/staff/orders',
  service: 'main',
  access: 'staff',
  summary:
    "The staff member's restaurant's orders, running first, newest first within each group; pages of `limit` (1-200, default 200): pass the reply's `next_cursor` as `cursor` for the next page (null on the last). `order_id` gives just that order (an empty list for another restaurant's): what a board refetches after a live event.",
  query: z.object({
    running: z.optional(z.enum(['1', '0'])),
    cursor: z.optional(z.string().check(z.regex(/^[01]:\d{1,10}$/))),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
    order_id: z.optional(idInput),
  }),
  data: z.object({
    orders: z.array(
      z.extend(staffOrderSchema, {
        /**
         * Only with `order_id`, for a completed order: what a manager may still refund (captured,
         * less refunds that did not fail), the amount `staff.refundOrder` refunds when sent none.
         */
        refundable_amount: z.optional(money),
      }),
    ),
    next_cursor: z.optional(z.nullable(z.string())),
  }),
});

export const staffOrderStatus = defineEndpoint({
  id: 'staff.orderStatus',
  method: 'POST',
  path: '/api/staff/orders/:orderId/status',
  service: 'main',
  access: 'staff',
  summary:
    "Move an order along the @santap/domain transition table. Roles: the manager makes every move (only the manager cancels or deletes); kitchen: confirms, declines, accepts a scheduled order, preparing, prepared, ready; server: served or picked, on the way, delivered, completed; business: none. Another restaurant's order is 404.",
  params: z.object({ orderId: idInput }),
  body: z.object({ status: z.int().check(z.gte(0), z.lte(99)) }),
  data: staffOrderSchema,
});

export const staffPauseOrders = defineEndpoint({
  id: 'staff.pauseOrders',
  method: 'POST',
  path: '/api/staff/restaurant/pause',
  service: 'main',
  access: 'staff',
  summary:
    "Pause new orders of the staff member's restaurant for `minutes` (a busy kitchen; spec §8 'Currently not accepting orders'), or take orders again with 0. Manager or kitchen. Order create is refused with errors.notAcceptingOrders until it lapses; running orders are not touched.",
  body: z.object({ minutes: z.int().check(z.gte(0), z.lte(240)) }),
  data: z.object({ paused_until_epoch: z.nullable(z.int()) }),
});

export const staffDeclineItem = defineEndpoint({
  id: 'staff.declineItem',
  method: 'POST',
  path: '/api/staff/orders/:orderId/items/:orderItemId/decline',
  service: 'main',
  access: 'staff',
  summary:
    "Decline one item of a running order (manager or kitchen; item declined). The bill stays as it is; on a paid order the item's share (its part of service charge, taxes and discounts) is refunded through the payment's provider, and declining the last item refunds all that is left.",
  params: z.object({ orderId: idInput, orderItemId: idInput }),
  data: staffOrderSchema,
});

export const staffOrderKitchen = defineEndpoint({
  id: 'staff.orderKitchen',
  method: 'POST',
  path: '/api/staff/orders/:orderId/kitchen',
  service: 'main',
  access: 'staff',
  summary:
    "A kitchen display's marks on a running order (manager or kitchen): `rush` pins the ticket to the top of every display; `lines` strike dishes off as made (`done`) or back. Published live (`order.kitchen`) so every tablet shows it. Another restaurant's order or a line not of this order is 404; a finished order is refused (errors.invalidTransition); nothing to change is 400.",
  params: z.object({ orderId: idInput }),
  body: z
    .object({
      rush: z.optional(z.boolean()),
      lines: z.optional(
        z
          .array(
            z.object({ order_item_id: z.int().check(z.positive(), z.lte(2_147_483_647)), done: z.boolean() }),
          )
          .check(z.minLength(1), z.maxLength(100)),
      ),
    })
    .check(
      z.refine((body) => body.rush !== undefined || body.lines !== undefined, {
        message: 'rush or lines',
      }),
    ),
  data: staffOrderSchema,
});

export const staffRefundOrder = defineEndpoint({
  id: 'staff.refundOrder',
  method: 'POST',
  path: '/api/staff/orders/:orderId/refund',
  service: 'main',
  access: 'staff',
  idempotent: true,
  summary:
    "Refund a completed, paid order (spec §9 'Refund: starts after order completion'; manager only, another restaurant's order is 404): `amount` in minor units, or all that is still unrefunded when absent, never more (errors.refundTooLarge); an order not completed is refused (errors.refundOrderNotCompleted). Each refund goes through its payment's provider with an idempotent refund key (refund initiated -> refunded, published on the live channel); refunding all that is left moves the order to refund initiated, then refunded. Send an Idempotency-Key header: the same key returns the same reply and refunds once.",
  params: z.object({ orderId: idInput }),
  body: z.object({
    amount: z.optional(money.check(z.positive())),
    /** Why (kept in the order's history for the restaurant). */
    reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
  }),
  data: z.object({
    order_id: z.int(),
    payment_status: z.string(),
    currency: currencyCode,
    /** What this call refunds. */
    amount: money,
    /** What is still refundable after this call. */
    refundable_amount: money,
    /** The refunds this call started (`refund_initiated` until the provider confirms). */
    refunds: z.array(refundSchema),
  }),
});

/** The roles of spec §6; a manager creates and manages the other three. */
export const STAFF_ROLES = ['manager', 'kitchen', 'server', 'business'] as const;
export const staffRole = z.enum(STAFF_ROLES);
/** Roles a manager may create, disable and reset (not another manager, not themself). */
export const managedStaffRole = z.enum(['kitchen', 'server', 'business']);

const staffMemberSchema = z.object({
  staff_id: z.int(),
  restaurant_id: z.int(),
  role: z.string(),
  username: z.string(),
});

export const staffLogout = defineEndpoint({
  id: 'staff.logout',
  method: 'POST',
  path: '/api/staff/logout',
  service: 'main',
  access: 'staff',
  summary:
    'Log out: the token of this call is revoked on the server at once (every later call with it is 401).',
  data: z.object({ logged_out: z.boolean() }),
});

export const staffMe = defineEndpoint({
  id: 'staff.me',
  method: 'GET',
  path: '/api/staff/me',
  service: 'main',
  access: 'staff',
  summary:
    'Who this staff token is, with the restaurant (name, zone, currency) and the order statuses the role may set (the same table the status call checks).',
  data: z.object({
    staff: staffMemberSchema,
    restaurant: z.object({
      name: z.string(),
      nameid: z.string(),
      time_zone: z.string(),
      currency: currencyCode,
      paused_until_epoch: z.nullable(z.int()),
    }),
    /**
     * The restaurant's kitchen display settings (`settings.kitchen`): a ticket's age clock turns amber
     * and red after these minutes (defaults 10 and 20), and the stations (a name and the menu
     * categories it makes; a board offers 'All' besides them).
     */
    kitchen: z.object({
      amber_minutes: z.int(),
      red_minutes: z.int(),
      stations: z.array(z.object({ name: z.string(), category_ids: z.array(z.int()) })),
    }),
    /** Statuses this role may move an order to (`STAFF_ROLE_MOVES`). */
    moves: z.array(z.int()),
  }),
});

const staffAccountSchema = z.object({
  staff_id: z.int(),
  username: z.string(),
  role: z.string(),
  disabled: z.boolean(),
});

export const staffAccounts = defineEndpoint({
  id: 'staff.accounts',
  method: 'GET',
  path: '/api/staff/accounts',
  service: 'main',
  access: 'staff',
  summary: "The staff accounts of the manager's restaurant (manager only).",
  data: z.object({ accounts: z.array(staffAccountSchema) }),
});

const username = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.minLength(3), z.maxLength(60), z.regex(/^[a-z0-9][a-z0-9._-]*$/));
const newPassword = z.string().check(z.minLength(8), z.maxLength(200));

export const staffCreateAccount = defineEndpoint({
  id: 'staff.createAccount',
  method: 'POST',
  path: '/api/staff/accounts',
  service: 'main',
  access: 'staff',
  summary:
    "A manager creates a kitchen, server or business account of their restaurant. Usernames are unique across Santap (errors.usernameTaken, 409); passwords at least 8 characters; only the password's scrypt hash is kept.",
  body: z.object({ username, password: newPassword, role: managedStaffRole }),
  data: staffAccountSchema,
});

export const staffUpdateAccount = defineEndpoint({
  id: 'staff.updateAccount',
  method: 'POST',
  path: '/api/staff/accounts/:staffId',
  service: 'main',
  access: 'staff',
  summary:
    "A manager disables or enables, or sets a new password for, a kitchen, server or business account of their restaurant. Disabling or a new password revokes every token of that account at once. Another restaurant's account, a manager's or one's own is 404.",
  params: z.object({ staffId: idInput }),
  body: z.object({ disabled: z.optional(z.boolean()), password: z.optional(newPassword) }),
  data: staffAccountSchema,
});

export const staffItemStock = defineEndpoint({
  id: 'staff.itemStock',
  method: 'POST',
  path: '/api/staff/menu/items/:itemId/stock',
  service: 'main',
  access: 'staff',
  summary:
    "Mark a dish of the staff member's restaurant sold out or back (`in_stock`), and options of it (`options`: group, option, available). Manager or kitchen; another restaurant's dish is 404, an unknown option 400. The diner's menu shows it within the menu cache's 5 s; a cart line with a sold-out dish or option is refused at order create ('Item out of stock').",
  params: z.object({ itemId: idInput }),
  body: z.object({
    in_stock: z.optional(z.boolean()),
    options: z.optional(
      z
        .array(
          z.object({
            group_id: z.string().check(z.maxLength(60)),
            option_id: z.string().check(z.maxLength(60)),
            available: z.boolean(),
          }),
        )
        .check(z.maxLength(100)),
    ),
  }),
  data: z.object({
    item_id: z.int(),
    in_stock: z.boolean(),
    options: z.array(z.object({ group_id: z.string(), option_id: z.string(), available: z.boolean() })),
  }),
});

/** The highest dish price staff may set, in minor units (RM 1,000,000.00 or Rp 100.000.000). */
export const MENU_PRICE_MAX = 100_000_000;
/** The longest dish name in one language, after trimming. */
export const MENU_NAME_MAX = 120;

const translatedNames = z.object({
  en: z.string().check(z.trim(), z.minLength(1), z.maxLength(MENU_NAME_MAX)),
  id: z.string().check(z.trim(), z.minLength(1), z.maxLength(MENU_NAME_MAX)),
  my: z.string().check(z.trim(), z.minLength(1), z.maxLength(MENU_NAME_MAX)),
});

/** One dish as the staff console sees it: every language's name, stock and the order types it is for. */
export const staffMenuItemSchema = z.object({
  id: z.int(),
  category_id: z.int(),
  /** The name in the caller's language (English when missing). */
  name: z.string(),
  names: z.object({ en: z.string(), id: z.string(), my: z.string() }),
  price: money,
  in_stock: z.boolean(),
  /** The order types the dish is offered for (1 dine-in, 2 delivery, 3 pickup). */
  order_types: z.array(z.int()),
  option_groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      options: z.array(z.object({ id: z.string(), name: z.string(), available: z.boolean() })),
    }),
  ),
  /** The dish's photo (null: none yet); optional in the type for fixtures written before photos. */
  photo: z.optional(z.nullable(photoSchema)),
});

export const staffMenu = defineEndpoint({
  id: 'staff.menu',
  method: 'GET',
  path: '/api/staff/menu',
  service: 'main',
  access: 'staff',
  summary:
    "Every category and dish of the staff member's restaurant as the staff console edits them (names in en/id/my, price, stock, order types, options with availability); manager or kitchen.",
  data: z.object({
    currency: currencyCode,
    /** The order types the restaurant offers: a dish can be for these. */
    order_types: z.array(z.int()),
    categories: z.array(z.object({ id: z.int(), name: z.string() })),
    items: z.array(staffMenuItemSchema),
    /** The restaurant's own photo (staff.restaurantPhoto); optional for fixtures written before photos. */
    restaurant_photo: z.optional(z.nullable(photoSchema)),
  }),
});

export const staffUpdateItem = defineEndpoint({
  id: 'staff.updateItem',
  method: 'POST',
  path: '/api/staff/menu/items/:itemId',
  service: 'main',
  access: 'staff',
  summary:
    "A manager edits a dish of their restaurant: `price` (positive minor units up to MENU_PRICE_MAX), `names` in en/id/my (trimmed, 1-120 characters), `category_id` (one of the restaurant's), `order_types` (dine-in 1, delivery 2, pickup 3; at least one). Published as a menu change: order creates at that restaurant meanwhile get 'Menu items are being updated' (errors.menuBeingUpdated) and keep their cart; a cart line whose price changed gets 'Price Warning' at checkout. Another restaurant's dish or category is 404; kitchen, server, business 403.",
  params: z.object({ itemId: idInput }),
  body: z.object({
    price: z.optional(money.check(z.positive(), z.lte(MENU_PRICE_MAX))),
    names: z.optional(translatedNames),
    category_id: z.optional(idInput),
    order_types: z.optional(
      z.array(orderTypeCode).check(
        z.minLength(1),
        z.maxLength(3),
        z.refine((types) => new Set(types).size === types.length, 'each order type once'),
      ),
    ),
  }),
  data: staffMenuItemSchema,
});

/** The most dishes one menu import may hold. */
export const MENU_IMPORT_MAX_ROWS = 500;
/** What is wrong with one line of a menu import (the app words each in the user's language). */
export const MENU_IMPORT_ERRORS = [
  'header',
  'json',
  'empty',
  'tooMany',
  'category',
  'nameEn',
  'nameId',
  'nameMy',
  'price',
  'orderTypes',
  'duplicate',
] as const;
export type MenuImportError = (typeof MENU_IMPORT_ERRORS)[number];

export const staffMenuImport = defineEndpoint({
  id: 'staff.menuImport',
  method: 'POST',
  path: '/api/staff/menu/import',
  service: 'main',
  access: 'staff',
  summary:
    "A manager imports dishes (onboarding) from CSV (a header line naming `category,name_en,name_id,name_my,price` and optionally `order_types`) or JSON (a list of objects with those keys). Price in the currency's units as a diner reads it (ringgit '12.50', rupiah '15000'); order_types 'dine-in|delivery|pickup' (default all). A category is found or created by its English name; a dish whose English name is on the menu is updated, others are added. All or nothing: any wrong line and nothing is saved, 400 with `details.rows` = [{ line, error }] (CSV: the file's line; JSON: the entry's number). Published as a menu change ('Menu items are being updated' for orders meanwhile).",
  body: z.object({
    format: z.enum(['csv', 'json']),
    content: z.string().check(z.minLength(1), z.maxLength(200_000)),
  }),
  data: z.object({ created: z.int(), updated: z.int(), categories_created: z.int() }),
});

/**
 * A photo upload's body is the file's bytes as they are (`Content-Type: image/jpeg`, `image/png`,
 * `image/webp`, `image/avif` or `application/octet-stream`), not JSON: phones' photos are megabytes,
 * and base64 would add a third. Limits: `PHOTO_MAX_BYTES`, `PHOTO_MAX_PIXELS`.
 */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Decoded pixels a photo may have (a decompression bomb is refused before it is decoded). */
export const PHOTO_MAX_PIXELS = 40_000_000;

const photoReply = z.object({ photo: photoSchema });

export const staffDishPhoto = defineEndpoint({
  id: 'staff.dishPhoto',
  method: 'PUT',
  path: '/api/staff/menu/items/:itemId/photo',
  service: 'main',
  access: 'staff',
  summary:
    "A manager sets the photo of a dish of their restaurant. The body is the image file's bytes (JPEG, PNG, WebP or AVIF; up to 10 MB and 40 megapixels); the server makes responsive sizes in AVIF and WebP, a blurred placeholder, and replaces the dish's photo. Too large 413 (errors.imageTooLarge), not an image 415 (errors.imageNotAnImage), too many pixels 422 (errors.imageTooManyPixels): nothing is stored. Another restaurant's dish is 404; kitchen, server 403. 60 uploads an hour per restaurant (429 past it).",
  params: z.object({ itemId: idInput }),
  data: photoReply,
});

export const staffRestaurantPhoto = defineEndpoint({
  id: 'staff.restaurantPhoto',
  method: 'PUT',
  path: '/api/staff/restaurant/photo',
  service: 'main',
  access: 'staff',
  summary:
    "A manager sets the photo of their restaurant: the menu's header, and the outlet's card when the restaurant is a food-court outlet. Body and refusals as staff.dishPhoto.",
  data: photoReply,
});
