import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import {
  countryCode,
  currencyCode,
  idInput,
  idOrNameid,
  mapTilesSchema,
  orderTypeCode,
  orderTypeInput,
  photoSchema,
  restTimingsSchema,
  tableRefInput,
} from './common';

/** A place's or a dish's photo: absent in replies written before photos, null without one. */
const optionalPhoto = z.optional(z.nullable(photoSchema));

export const restaurantListEntrySchema = z.object({
  restaurant_id: z.int(),
  nameid: z.string(),
  name: z.string(),
  cuisine: z.nullable(z.string()),
  halal: z.boolean(),
  address: z.nullable(z.string()),
  distance: z.number(),
  is_open: z.boolean(),
  time_zone: z.string(),
  /** The restaurant's (or food-court outlet's) photo: the mall's outlet cards show it. */
  photo: optionalPhoto,
});

export const restaurantDetailsSchema = z.object({
  restaurant_id: z.int(),
  nameid: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  type: z.string(),
  country: countryCode,
  currency: currencyCode,
  time_zone: z.string(),
  ot: z.array(orderTypeCode),
  enabledForOrderType: z.object({ dineIn: z.boolean(), delivery: z.boolean(), pickup: z.boolean() }),
  rest_timings: restTimingsSchema,
  is_open: z.object({ dineIn: z.boolean(), delivery: z.boolean(), pickup: z.boolean() }),
  next_open_epoch: z.nullable(z.int()),
  accepting_orders: z.boolean(),
  prePaidEnabledfromShannon: z.boolean(),
  pay_later_order_types: z.array(orderTypeCode),
  prepaid_order_types: z.array(orderTypeCode),
  mall: z.nullable(z.string()),
  cuisine: z.nullable(z.string()),
  halal: z.boolean(),
  address: z.nullable(z.string()),
  location: z.tuple([z.number(), z.number()]),
  delivery_radius_m: z.int(),
  delivery_fee: z.int(),
  service_charge_bps: z.int(),
  taxes: z.array(z.object({ key: z.string(), rate: z.int(), inclusive: z.optional(z.boolean()) })),
  settings: z.object({
    global: z.object({ qr_ordering_plan: z.int(), subscription_tier: z.string() }),
  }),
  /**
   * The tiles of the delivery address map (`null`: none configured). Always sent by the server;
   * optional in the type so details fixtures written before it stay valid.
   */
  map_tiles: z.optional(z.nullable(mapTilesSchema)),
  /** The restaurant's photo for the menu's header (the outlet's own, in a food court). */
  photo: optionalPhoto,
});
export type RestaurantDetails = z.infer<typeof restaurantDetailsSchema>;

const restaurantRef = z
  .object({ restaurant_id: idOrNameid })
  .check(z.describe('restaurant_id: the numeric id or the nameid'));

export const nearbyRestaurants = defineEndpoint({
  id: 'restaurants.nearby',
  method: 'POST',
  path: '/api/restaurant/nearby-restaurants',
  service: 'main',
  access: 'none',
  summary: 'Restaurants near a point, nearest first, paged (spec §7, §9: radius 50000 m, page size 10).',
  body: z.object({
    location: z.tuple([z.number().check(z.gte(-180), z.lte(180)), z.number().check(z.gte(-90), z.lte(90))]),
    max_distance: z._default(z.number().check(z.positive(), z.lte(500_000)), 50_000),
    page_no: z._default(z.int().check(z.gte(1)), 1),
    limit: z._default(z.int().check(z.gte(1), z.lte(50)), 10),
    name_filter: z.optional(z.string().check(z.maxLength(80))),
  }),
  data: z.object({
    nearby_restaurants: z.array(restaurantListEntrySchema),
    page_no: z.int(),
    total_pages: z.int(),
  }),
});

export const restaurantDetails = defineEndpoint({
  id: 'restaurants.details',
  method: 'POST',
  path: '/api/restaurant/details',
  service: 'main',
  access: 'none',
  summary: 'Restaurant details by form field restaurant_id (id or nameid).',
  body: restaurantRef,
  data: restaurantDetailsSchema,
});

export const restaurantDetailsGet = defineEndpoint({
  id: 'restaurants.detailsGet',
  method: 'GET',
  path: '/api/restaurant/details/get.php',
  service: 'main',
  access: 'none',
  summary: 'Restaurant details by query restaurant_id (id or nameid).',
  query: restaurantRef,
  data: restaurantDetailsSchema,
});

/**
 * A dish's rating on the menu: the average of its reviews from completed (verified) orders, rounded
 * to one decimal, and how many there are (the reviews calls are in `reviews`). Defined here,
 * not in `reviews`, so reading a menu does not load the reviews calls.
 */
export const ratingSummarySchema = z.object({
  average: z.number().check(z.gte(1), z.lte(5)),
  count: z.int().check(z.positive()),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const menuOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.int(),
  available: z.boolean(),
});
export const menuOptionGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['one', 'any', 'upTo']),
  required: z.boolean(),
  max: z.optional(z.int()),
  options: z.array(menuOptionSchema),
});
export const menuItemSchema = z.object({
  id: z.int(),
  restaurant_id: z.int(),
  category_id: z.int(),
  name: z.string(),
  description: z.string(),
  price: z.int(),
  packaging_charge: z.int(),
  in_stock: z.boolean(),
  /**
   * The order types the dish is offered for (1 dine-in, 2 delivery, 3 pickup; a manager's edit); order
   * create refuses a dish for another type ('Items not available'). Optional for older fixtures.
   */
  order_types: z.optional(z.array(z.int())),
  allergens: z.array(z.string()),
  halal: z.boolean(),
  no_pork: z.boolean(),
  contains_alcohol: z.boolean(),
  is_voucher: z.boolean(),
  best_seller: z.boolean(),
  /** The legacy picture link (the generated SVG, or the photo's WebP when it has one). */
  image: z.nullable(z.string()),
  /** The dish's photo in responsive sizes (absent or null: none; the apps show their fallback). */
  photo: optionalPhoto,
  nutrition: z.nullable(
    z.object({ kcal: z.number(), protein: z.number(), carbs: z.number(), fat: z.number() }),
  ),
  option_groups: z.array(menuOptionGroupSchema),
  /**
   * Average and count of the dish's reviews from completed orders (`null`: none yet). Always sent by
   * the server; optional in the type so menu fixtures written before it stay valid. The menu reply is
   * cached for 5 s, so a new review shows within 5 s.
   */
  rating: z.optional(z.nullable(ratingSummarySchema)),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menu = defineEndpoint({
  id: 'restaurants.menu',
  method: 'GET',
  path: '/api/menu',
  service: 'main',
  access: 'none',
  summary: "A restaurant's menu in the caller's language.",
  query: restaurantRef,
  data: z.object({
    restaurant_id: z.int(),
    currency: currencyCode,
    categories: z.array(z.object({ id: z.int(), name: z.string(), item_ids: z.array(z.int()) })),
    items: z.array(menuItemSchema),
  }),
});

export const discountSchema = z.object({
  code: z.string(),
  title: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.int(),
  max_discount: z.nullable(z.int()),
  min_order: z.int(),
  order_types: z.array(orderTypeCode),
});

export const discountsGet = defineEndpoint({
  id: 'restaurants.discounts',
  method: 'GET',
  path: '/api/discounts/get.php',
  service: 'main',
  access: 'none',
  summary: "A restaurant's active discounts.",
  query: restaurantRef,
  data: z.object({ discounts: z.array(discountSchema) }),
});

export const mallRestaurants = defineEndpoint({
  id: 'restaurants.mall',
  method: 'GET',
  path: '/api/restaurant/get_mall_restaurants.php',
  service: 'main',
  access: 'none',
  summary: 'The outlets of a mall / food court, with open-now and search.',
  query: z.object({
    mall: z.string().check(z.minLength(1), z.maxLength(80)),
    name_filter: z.optional(z.string().check(z.maxLength(80))),
  }),
  data: z.object({
    mall: z.object({
      slug: z.string(),
      name: z.string(),
      country: countryCode,
      currency: currencyCode,
      time_zone: z.string(),
      ot: z.array(orderTypeCode),
    }),
    restaurants: z.array(
      z.extend(restaurantListEntrySchema, {
        ot: z.array(orderTypeCode),
        /** Order types the outlet lets diners pay later, and those it wants paid first (spec §4). */
        pay_later_order_types: z.array(orderTypeCode),
        prepaid_order_types: z.array(orderTypeCode),
      }),
    ),
  }),
});

export const restaurantServices = defineEndpoint({
  id: 'restaurants.services',
  method: 'GET',
  path: '/api/restaurant/get_restaurant_services.php',
  service: 'main',
  access: 'none',
  summary: 'Which order types a restaurant serves now and its payment methods.',
  query: restaurantRef,
  data: z.object({
    ot: z.array(orderTypeCode),
    is_open: z.object({ dineIn: z.boolean(), delivery: z.boolean(), pickup: z.boolean() }),
    payment_methods: z.array(z.string()),
    pay_later_order_types: z.array(orderTypeCode),
  }),
});

export const scheduleSlots = defineEndpoint({
  id: 'restaurants.slots',
  method: 'GET',
  path: '/api/restaurant/schedule_slots.php',
  service: 'main',
  access: 'none',
  summary: 'Schedule slots for an order type (30 min, 45 days; spec §5).',
  query: z.object({
    restaurant_id: idOrNameid,
    ot: orderTypeInput,
  }),
  data: z.object({
    time_zone: z.string(),
    days: z.array(
      z.object({
        date: z.string(),
        slots: z.array(
          z.object({ date: z.string(), time: z.string(), epoch: z.int(), selectedTime: z.string() }),
        ),
      }),
    ),
  }),
});

export const tableSchema = z.object({
  table_id: z.int(),
  table_no: z.string(),
  displayTable: z.string(),
  restaurant_id: z.nullable(z.int()),
  mall: z.nullable(z.string()),
});

const qrQuery = z.object({
  v: z.optional(z.string().check(z.maxLength(20))),
  sig: z.optional(z.string().check(z.maxLength(200))),
});

export const restaurantTable = defineEndpoint({
  id: 'tables.restaurant',
  method: 'GET',
  path: '/api/restaurant/new/:restaurantId/tables/:tableId',
  service: 'main',
  access: 'none',
  summary:
    "Table check for a restaurant table QR, by the table's token or (unless the restaurant's `tableLinks` is `token`) its id (404 Invalid QR code.; dynamic validity and QR plan). Replies with the numeric table id the cart and order use.",
  params: z.object({ restaurantId: idInput, tableId: tableRefInput }),
  query: qrQuery,
  data: tableSchema,
});

export const foodCourtTable = defineEndpoint({
  id: 'tables.foodCourt',
  method: 'GET',
  path: '/api/food-courts/:mall/tables/:tableId',
  service: 'main',
  access: 'none',
  summary:
    "Table check for a food-court table QR, by the table's token or (unless the mall's `tableLinks` is `token`) its id.",
  params: z.object({ mall: z.string().check(z.minLength(1), z.maxLength(80)), tableId: tableRefInput }),
  query: qrQuery,
  data: tableSchema,
});
