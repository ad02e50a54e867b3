/**
 * Nutrition daily (spec §7 Profile 'nutrition daily'): the server's per-dish nutrition
 * (`menu_items.nutrition`) times the quantity, summed per local day over the caller's orders. Counted:
 * items not declined, of orders not cancelled, declined or deleted. An order's day is the calendar day
 * of its scheduled time (else its creation) in its restaurant's time zone, or in the zone the caller
 * names.
 */
import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { account } from '@santap/contract';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import { menuItems, orderItems, orders, restaurants } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';

const DAY_MS = 24 * 60 * 60 * 1000;
/** No time zone is more than 14 hours from UTC: a day's orders lie within this margin of its UTC day. */
const ZONE_MARGIN_MS = 15 * 60 * 60 * 1000;
const NOT_EATEN = [ORDER_STATUS.CANCELLED, ORDER_STATUS.DECLINED, ORDER_STATUS.DELETED];

/** Midnight UTC of a real 'YYYY-MM-DD' calendar date, or undefined (2026-02-30 is not one). */
function utcMidnight(date: string): number | undefined {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  const real =
    back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day;
  return real ? time : undefined;
}

/** Round to one decimal (sums of floats; grams and kcal are shown with at most one). */
const round1 = (value: number) => Math.round(value * 10) / 10;

export async function nutritionDaily(
  ctx: AppContext,
  caller: Caller,
  query: { from: string; to: string; time_zone?: string | undefined },
) {
  const user = caller.user ?? fail(MESSAGE.invalidToken);
  const from = utcMidnight(query.from);
  const to = utcMidnight(query.to);
  const days = from !== undefined && to !== undefined ? (to - from) / DAY_MS + 1 : 0;
  if (from === undefined || to === undefined || days < 1 || days > account.NUTRITION_MAX_DAYS) {
    return fail(MESSAGE.dateRangeInvalid, { days: account.NUTRITION_MAX_DAYS });
  }
  const zone = query.time_zone ?? null;
  if (zone !== null) {
    // The database's zone names are what `at time zone` accepts: check there, not with Intl.
    const known = await ctx.db
      .select({ ok: sql<number>`1` })
      .from(sql`pg_timezone_names`)
      .where(sql`name = ${zone}`)
      .limit(1);
    if (known.length === 0) fail(MESSAGE.invalidInput);
  }

  const at = sql`coalesce(${orders.scheduledAt}, ${orders.createdAt})`;
  const localDay = sql<string>`to_char((${at} at time zone coalesce(${zone}::text, ${restaurants.timeZone})), 'YYYY-MM-DD')`;
  const nutrient = (name: string) =>
    sql<number>`coalesce(sum((${menuItems.nutrition} ->> ${name})::float8 * ${orderItems.quantity}), 0)::float8`;
  const rows = await ctx.db
    .select({
      day: localDay,
      kcal: nutrient('kcal'),
      protein: nutrient('protein'),
      carbs: nutrient('carbs'),
      fat: nutrient('fat'),
      items: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${menuItems.nutrition} is not null), 0)::int`,
      without: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${menuItems.nutrition} is null), 0)::int`,
      orders: sql<number>`count(distinct ${orders.id}) filter (where ${menuItems.nutrition} is not null)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(menuItems, eq(menuItems.id, orderItems.itemId))
    .where(
      and(
        eq(orders.userId, user.id),
        notInArray(orders.status, NOT_EATEN),
        sql`${orderItems.status} <> 'declined'`,
        // A wide UTC window first (an index-friendly range), the exact local day below.
        gte(sql`${at}`, new Date(from - ZONE_MARGIN_MS)),
        lt(sql`${at}`, new Date(to + DAY_MS + ZONE_MARGIN_MS)),
        sql`${localDay} between ${query.from} and ${query.to}`,
      ),
    )
    .groupBy(sql`1`);

  const byDay = new Map(rows.map((row) => [row.day, row]));
  const list = Array.from({ length: days }, (_, index) => {
    const date = new Date(from + index * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(date);
    return {
      date,
      kcal: round1(Number(row?.kcal ?? 0)),
      protein: round1(Number(row?.protein ?? 0)),
      carbs: round1(Number(row?.carbs ?? 0)),
      fat: round1(Number(row?.fat ?? 0)),
      items: Number(row?.items ?? 0),
      orders: Number(row?.orders ?? 0),
    };
  });
  const sum = (key: 'kcal' | 'protein' | 'carbs' | 'fat') =>
    round1(rows.reduce((total, row) => total + Number(row[key]), 0));
  return {
    from: query.from,
    to: query.to,
    time_zone: zone,
    days: list,
    total: { kcal: sum('kcal'), protein: sum('protein'), carbs: sum('carbs'), fat: sum('fat') },
    items_without_nutrition: rows.reduce((total, row) => total + Number(row.without), 0),
  };
}
