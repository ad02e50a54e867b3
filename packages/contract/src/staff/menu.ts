/**
 * The staff console's menu: stock of dishes and options, a manager's dish edits, menu import and
 * photos of dishes and of the restaurant.
 */
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { currencyCode, idInput, money, orderTypeCode, photoSchema } from '../common';

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
