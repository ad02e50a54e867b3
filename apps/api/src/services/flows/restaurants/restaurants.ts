import { and, asc, eq, sql } from 'drizzle-orm';
import type { RatingSummary } from '@santap/contract';
import {
  EARTH_RADIUS_M,
  MESSAGE,
  ORDER_STATUS,
  ORDER_TYPE,
  allowedOrderTypes,
  maskOf,
  typesInMask,
} from '@santap/domain';
import type { Language, OrderTypeCode } from '@santap/domain';
import { groupSlotsByDate, generateSlots, nextOpenEpoch } from '@santap/schedule';
import type { RestTimings } from '@santap/schedule';
import type { DbOrTx } from '../../../db/client';
import {
  discounts,
  dishReviews,
  malls,
  menuCategories,
  menuItems,
  orderItems,
  orders,
  restaurants,
} from '../../../db/schema';
import type { AppContext } from '../../context';
import { fail } from '../../../lib/errors';
import { catalogueOf } from '../../../lib/menu-cache';
import { photoView } from '../../model/photo-view';
import { pick, settingsOf, loadMall, offeredOrderTypes, openNow } from '../../model/restaurants';
import type { RestaurantRow } from '../../model/restaurants';

export async function restaurantDetails(ctx: AppContext, row: RestaurantRow, lang: Language) {
  const settings = settingsOf(row);
  const now = ctx.now();
  const offered = offeredOrderTypes(row);
  const timings = row.restTimings as RestTimings;
  const nextOpen = offered
    .map((orderType) => nextOpenEpoch({ timings, orderType, now, timeZone: row.timeZone }))
    .filter((epoch): epoch is number => epoch !== null)
    .sort((a, b) => a - b)[0];
  let mallSlug: string | null = null;
  if (row.mallId !== null) {
    const [mall] = await catalogueOf(ctx, row.id)
      .select({ slug: malls.slug })
      .from(malls)
      .where(eq(malls.id, row.mallId));
    mallSlug = mall?.slug ?? null;
  }
  return {
    restaurant_id: row.id,
    nameid: row.nameid,
    name: pick(row.name, lang),
    description: row.description ? pick(row.description, lang) : null,
    type: row.type,
    country: row.country as 'MY' | 'ID',
    currency: row.currency as 'MYR' | 'IDR',
    time_zone: row.timeZone,
    ot: offered,
    enabledForOrderType: {
      dineIn: offered.includes(ORDER_TYPE.DINE_IN),
      delivery: offered.includes(ORDER_TYPE.DELIVERY),
      pickup: offered.includes(ORDER_TYPE.PICKUP),
    },
    rest_timings: timings,
    is_open: openNow(row, now),
    next_open_epoch: nextOpen ?? null,
    accepting_orders: row.acceptingOrders,
    prePaidEnabledfromShannon: settings.prepayMask !== 0,
    pay_later_order_types: typesInMask(settings.payLaterMask & maskOf(offered)),
    prepaid_order_types: typesInMask(settings.prepayMask & maskOf(offered)),
    mall: mallSlug,
    cuisine: row.cuisine,
    halal: row.halal,
    address: row.address,
    location: [row.lng, row.lat] as [number, number],
    delivery_radius_m: settings.deliveryRadiusM,
    delivery_fee: settings.deliveryFee,
    service_charge_bps: settings.serviceChargeBps,
    taxes: settings.taxes.map(({ key, rate, inclusive }) => ({
      key,
      rate,
      ...(inclusive ? { inclusive } : {}),
    })),
    settings: { global: { qr_ordering_plan: row.qrPlan, subscription_tier: row.subscriptionTier } },
    // The delivery address map's tiles ride along, so opening the map costs no call of its own.
    map_tiles: ctx.config.mapTiles ?? null,
    photo: photoView(row.photo),
  };
}

const earthRadius = sql.raw(String(EARTH_RADIUS_M));
/** Great-circle distance in metres, computed in SQL: `distanceMetres` of @santap/domain (haversine). */
export const distanceSql = (lng: number, lat: number) => sql<number>`(${earthRadius} * 2 * asin(sqrt(
    power(sin(radians(${restaurants.lat} - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(${restaurants.lat})) * power(sin(radians(${restaurants.lng} - ${lng}) / 2), 2)
  )))`;

export async function nearbyRestaurants(
  ctx: AppContext,
  lang: Language,
  query: {
    location: [number, number];
    max_distance: number;
    page_no: number;
    limit: number;
    name_filter?: string | undefined;
  },
) {
  const [lng, lat] = query.location;
  const distance = distanceSql(lng, lat);
  const filter = query.name_filter?.trim();
  const conditions = [eq(restaurants.type, 'restaurant'), sql`${distance} <= ${query.max_distance}`];
  if (filter) {
    const like = `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${restaurants.nameid} ilike ${like} or ${restaurants.name}->>'en' ilike ${like} or ${restaurants.name}->>${lang} ilike ${like})`,
    );
  }
  // The public catalogue: the read replica when fresh enough (db/read-routing.ts).
  const db = catalogueOf(ctx);
  const rows = await db
    .select({ row: restaurants, distance })
    .from(restaurants)
    .where(and(...conditions))
    .orderBy(distance, asc(restaurants.id))
    .limit(query.limit)
    .offset((query.page_no - 1) * query.limit);
  // Counted apart from the page: a window count over the page's rows is 0 past the last page.
  const [counted] = await db
    .select({ total: sql<number>`count(*)` })
    .from(restaurants)
    .where(and(...conditions));
  const total = Number(counted?.total ?? 0);
  const now = ctx.now();
  return {
    nearby_restaurants: rows.map(({ row, distance: metres }) =>
      listEntry(row, lang, now, Math.round(Number(metres))),
    ),
    page_no: query.page_no,
    total_pages: Math.ceil(total / query.limit),
  };
}

function listEntry(row: RestaurantRow, lang: Language, now: Date, distance: number) {
  const open = openNow(row, now);
  return {
    restaurant_id: row.id,
    nameid: row.nameid,
    name: pick(row.name, lang),
    cuisine: row.cuisine,
    halal: row.halal,
    address: row.address,
    distance,
    is_open: open.dineIn || open.delivery || open.pickup,
    time_zone: row.timeZone,
    photo: photoView(row.photo),
  };
}

export async function mallRestaurants(ctx: AppContext, lang: Language, slug: string, nameFilter?: string) {
  const db = catalogueOf(ctx);
  const mall = await loadMall(db, slug);
  const rows = await db
    .select()
    .from(restaurants)
    .where(eq(restaurants.mallId, mall.id))
    .orderBy(asc(restaurants.id));
  const filter = nameFilter?.trim().toLowerCase();
  const now = ctx.now();
  return {
    mall: {
      slug: mall.slug,
      name: pick(mall.name, lang),
      country: mall.country as 'MY' | 'ID',
      currency: mall.currency as 'MYR' | 'IDR',
      time_zone: mall.timeZone,
      ot: allowedOrderTypes({
        country: mall.country as 'MY' | 'ID',
        mallMode: true,
        restaurantMask: mall.orderTypeMask,
      }),
    },
    restaurants: rows
      .filter(
        (row) =>
          !filter || pick(row.name, lang).toLowerCase().includes(filter) || row.nameid.includes(filter),
      )
      .map((row) => {
        const offered = offeredOrderTypes(row);
        const settings = settingsOf(row);
        return {
          ...listEntry(row, lang, now, 0),
          ot: offered,
          pay_later_order_types: typesInMask(settings.payLaterMask & maskOf(offered)),
          prepaid_order_types: typesInMask(settings.prepayMask & maskOf(offered)),
        };
      }),
  };
}

/**
 * Each dish's rating at a restaurant: the average (one decimal) and count of its reviews, counting
 * only reviews of completed orders (verified) and of items the restaurant did not decline.
 */
export async function menuRatings(db: DbOrTx, restaurantId: number): Promise<Map<number, RatingSummary>> {
  const rows = await db
    .select({
      itemId: dishReviews.itemId,
      average: sql<number>`avg(${dishReviews.rating})::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(dishReviews)
    .innerJoin(orders, eq(orders.id, dishReviews.orderId))
    .innerJoin(orderItems, eq(orderItems.id, dishReviews.orderItemId))
    .where(
      and(
        eq(dishReviews.restaurantId, restaurantId),
        eq(orders.status, ORDER_STATUS.COMPLETED),
        eq(orderItems.status, 'active'),
      ),
    )
    .groupBy(dishReviews.itemId);
  return new Map(
    rows.map((rating) => [
      rating.itemId,
      { average: Math.round(Number(rating.average) * 10) / 10, count: Number(rating.count) },
    ]),
  );
}

/** A restaurant's categories and dishes as stored, in menu order (the diner's menu, the staff's). */
export function menuRowsOf(db: DbOrTx, restaurantId: number) {
  return Promise.all([
    db
      .select()
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurantId))
      .orderBy(asc(menuCategories.sort), asc(menuCategories.id)),
    db
      .select()
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId))
      .orderBy(asc(menuItems.sort), asc(menuItems.id)),
  ]);
}

/**
 * A restaurant's menu in one language, with each dish's rating, read from the catalogue's database
 * (the replica when fresh enough). The route caches the whole reply for 5 s (ReplyCache, with an
 * ETag), so a new review or stock change shows within that window plus the replica's bound.
 */
export async function menuOf(ctx: AppContext, row: RestaurantRow, lang: Language) {
  const db = catalogueOf(ctx, row.id);
  const [[categories, items], ratings] = await Promise.all([menuRowsOf(db, row.id), menuRatings(db, row.id)]);
  return {
    restaurant_id: row.id,
    currency: row.currency as 'MYR' | 'IDR',
    categories: categories.map((category) => ({
      id: category.id,
      name: pick(category.name, lang),
      item_ids: items.filter((item) => item.categoryId === category.id).map((item) => item.id),
    })),
    items: items.map((item) => ({
      id: item.id,
      restaurant_id: item.restaurantId,
      category_id: item.categoryId,
      name: pick(item.name, lang),
      description: pick(item.description, lang),
      price: item.price,
      packaging_charge: item.packagingCharge,
      in_stock: item.inStock,
      order_types: typesInMask(item.orderTypeMask),
      allergens: item.allergens,
      halal: item.halal,
      no_pork: item.noPork,
      contains_alcohol: item.containsAlcohol,
      is_voucher: item.isVoucher,
      best_seller: item.bestSeller,
      image: item.photo
        ? photoView(item.photo)!.src
        : item.image
          ? `/api/menu/image/${item.id}.svg?v=${item.updatedAt.getTime().toString(36)}`
          : null,
      photo: photoView(item.photo),
      nutrition: item.nutrition ?? null,
      option_groups: item.optionGroups.map((group) => ({
        id: group.id,
        name: pick(group.name, lang),
        kind: group.kind,
        required: group.required,
        ...(group.max !== undefined ? { max: group.max } : {}),
        options: group.options.map((option) => ({
          id: option.id,
          name: pick(option.name, lang),
          price: option.price,
          available: option.available,
        })),
      })),
      rating: ratings.get(item.id) ?? null,
    })),
  };
}

export async function discountsOf(ctx: AppContext, row: RestaurantRow, lang: Language) {
  const now = ctx.now();
  const rows = await catalogueOf(ctx, row.id)
    .select()
    .from(discounts)
    .where(and(eq(discounts.restaurantId, row.id), eq(discounts.active, true)));
  return {
    discounts: rows
      .filter((d) => (!d.validFrom || d.validFrom <= now) && (!d.validUntil || d.validUntil > now))
      .map((d) => ({
        code: d.code,
        title: pick(d.title, lang),
        kind: d.kind === 'fixed' ? ('fixed' as const) : ('percent' as const),
        value: d.value,
        max_discount: d.maxDiscount,
        min_order: d.minOrder,
        order_types: typesInMask(d.orderTypeMask),
      })),
  };
}

export function slotsOf(ctx: AppContext, row: RestaurantRow, orderType: OrderTypeCode) {
  if (!offeredOrderTypes(row).includes(orderType)) fail(MESSAGE.orderTypeNotEnabled);
  const slots = generateSlots({
    timings: row.restTimings as RestTimings,
    orderType,
    now: ctx.now(),
    timeZone: row.timeZone,
  });
  return {
    time_zone: row.timeZone,
    days: groupSlotsByDate(slots).map((day) => ({
      date: day.date,
      slots: day.slots.map(({ date, time, epoch, selectedTime }) => ({ date, time, epoch, selectedTime })),
    })),
  };
}

/**
 * A dish image as its own cacheable response (not inlined in the menu JSON): the menu stays small on a
 * slow network and the browser loads images lazily, once, from its cache. Read from the primary, not
 * the replica: its URL carries the dish's version and is cached for a year, so an image read from a
 * replica behind that version would stay wrong in every browser that got it.
 */
export async function menuImage(
  ctx: AppContext,
  itemId: number,
): Promise<{ type: string; body: Buffer } | null> {
  const [row] = await ctx.db
    .select({ image: menuItems.image })
    .from(menuItems)
    .where(eq(menuItems.id, itemId));
  const match = row?.image?.match(/^data:([^;,]+)((?:;[^;,]*)*),(.*)$/s);
  if (!match) return null;
  const [, type = 'image/svg+xml', parameters = '', data = ''] = match;
  const base64 = parameters.split(';').includes('base64');
  return { type, body: base64 ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data)) };
}
