/**
 * Restaurants and malls as rows (the model floor, README "Floors"): their row types, the settings JSON
 * parsed into its type once, plain reads by id or link name, and what a row says by itself (the
 * order types it offers, whether it is open now).
 */
import { eq } from 'drizzle-orm';
import { MESSAGE, ORDER_TYPE, allowedOrderTypes } from '@santap/domain';
import type { Language, OrderTypeCode } from '@santap/domain';
import { isOpen } from '@santap/schedule';
import type { RestTimings } from '@santap/schedule';
import type { DbOrTx } from '../../db/client';
import { malls, restaurants } from '../../db/schema';
import type { Translated } from '../../db/schema';
import { restaurantSettingsSchema } from '../../db/settings';
import type { RestaurantSettings } from '../../db/settings';
import { fail } from '../../lib/errors';

export type RestaurantRow = typeof restaurants.$inferSelect;
export type MallRow = typeof malls.$inferSelect;

/** The text of a translated field in the caller's language (English when a translation is missing). */
export const pick = (text: Translated | null | undefined, lang: Language): string =>
  text?.[lang] || text?.en || '';

export const settingsOf = (row: RestaurantRow): RestaurantSettings =>
  restaurantSettingsSchema.parse(row.settings);

/** A restaurant by numeric id or nameid; 404 when unknown. */
export async function loadRestaurant(db: DbOrTx, ref: number | string): Promise<RestaurantRow> {
  const where = typeof ref === 'number' ? eq(restaurants.id, ref) : eq(restaurants.nameid, ref);
  const [row] = await db.select().from(restaurants).where(where).limit(1);
  return row ?? fail(MESSAGE.notFound);
}

export async function loadMall(db: DbOrTx, slug: string): Promise<MallRow> {
  const [row] = await db.select().from(malls).where(eq(malls.slug, slug)).limit(1);
  return row ?? fail(MESSAGE.notFound);
}

/** Order types a restaurant offers to this country (and mall mode for outlets), spec §4. */
export function offeredOrderTypes(row: RestaurantRow): OrderTypeCode[] {
  return allowedOrderTypes({
    country: row.country as 'MY' | 'ID',
    mallMode: row.mallId !== null,
    restaurantMask: row.orderTypeMask,
  });
}

export function openNow(row: Pick<RestaurantRow, 'acceptingOrders' | 'restTimings' | 'timeZone'>, now: Date) {
  const timings = row.restTimings as RestTimings;
  const open = (orderType: OrderTypeCode) =>
    row.acceptingOrders && isOpen({ timings, orderType, now, timeZone: row.timeZone });
  return {
    dineIn: open(ORDER_TYPE.DINE_IN),
    delivery: open(ORDER_TYPE.DELIVERY),
    pickup: open(ORDER_TYPE.PICKUP),
  };
}

/**
 * Ids of the restaurants open now for any order type (the /metrics "open now" gauge: a kitchen board
 * should be on). One read of every restaurant's timings; a restaurant whose timings cannot be read
 * counts as closed rather than failing the whole list.
 */
export async function openRestaurantIds(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db
    .select({
      id: restaurants.id,
      acceptingOrders: restaurants.acceptingOrders,
      restTimings: restaurants.restTimings,
      timeZone: restaurants.timeZone,
    })
    .from(restaurants)
    .where(eq(restaurants.acceptingOrders, true));
  return rows
    .filter((row) => {
      try {
        return Object.values(openNow(row, now)).some(Boolean);
      } catch {
        return false;
      }
    })
    .map((row) => row.id);
}
