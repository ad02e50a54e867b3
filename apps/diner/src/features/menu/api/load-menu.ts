import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, InvalidQr, cart as cartApi, restaurants } from '@santap/api-client';
import type { RestaurantDetails } from '@santap/api-client';
import { MESSAGE, ORDER_TYPE, maskOf, readTableRef, resolveOrderType, withSchedule } from '@santap/domain';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import type { CartData, MenuData } from '../../../lib/api-types';
import { readOrderSession, writeOrderSession } from '../../../lib/order-session';
import type { OrderSession } from '../../../lib/order-session';
import { fetchRestaurant } from '../../../lib/restaurant';
import { buildOrderSession, slotMinutesToTime } from '../../../lib/build-order-session';
import type { CheckedTable } from '../../../lib/build-order-session';
import { loadDinerAllergies } from './diner-allergies';
import { fetchBestSellers, fetchRepeatItems } from './recommendations';

export interface MenuLoaderData {
  restaurant: RestaurantDetails;
  menu: MenuData;
  /** The server cart; `undefined` when it could not be read (the page still shows the menu). */
  cart: CartData | undefined;
  session: OrderSession;
  /** Why the table QR could not be checked (no connection, the server's words); the menu still opens. */
  tableError: unknown;
  /** The restaurant's best sellers (server recommendations; empty when they could not be read). */
  bestSellerIds: number[];
  /** What this logged-in diner ordered here before, latest first (empty for a guest). */
  repeatItemIds: number[];
  /**
   * The restaurant's offers, read with the menu so their line is there from the first paint (the
   * server's too); undefined when they could not be read (the offers line then asks for them).
   */
  discounts?: Awaited<ReturnType<typeof fetchDiscounts>> | undefined;
}

/** The restaurant's current offers (spec §7 `discounts/get.php`); a failure is no offers line yet. */
function fetchDiscounts(name: string, signal: AbortSignal) {
  return api.call(restaurants.discountsGet, { query: { restaurant_id: name } }, { signal });
}

const QR_REASONS: readonly string[] = [MESSAGE.qrExpired, MESSAGE.qrNoLongerExists];

/**
 * The table check of a table QR link (`?source=qr&tableId=…`, spec §7; the table's token or its id,
 * `readTableRef`): the table's label and numeric id (what the cart and the order use), or a redirect
 * to `/qrError` for an unknown table (404 'Invalid QR code.') or an expired dynamic QR. Other failures
 * (no connection) leave the diner on the menu with the reason shown.
 */
async function checkTable(
  restaurantId: number,
  query: URLSearchParams,
): Promise<{ table?: CheckedTable; error?: unknown }> {
  const tableId = readTableRef(query.get('tableId'));
  if (query.get('source') !== 'qr' || tableId === undefined) return {};
  const v = query.get('v') ?? undefined;
  const sig = query.get('sig') ?? undefined;
  try {
    const table = await api.call(restaurants.restaurantTable, {
      params: { restaurantId, tableId },
      query: { ...(v ? { v } : {}), ...(sig ? { sig } : {}) },
    });
    return { table: { tableId: table.table_id, tableNo: table.table_no, table: table.displayTable } };
  } catch (error) {
    if (error instanceof InvalidQr) throw redirect(paths.qrError());
    if (error instanceof ApiError && error.code && QR_REASONS.includes(error.code)) {
      throw redirect(paths.qrError(error.code));
    }
    return { error };
  }
}

/**
 * Would this visit be dine-in? A table only matters then: in Indonesia a dine-in QR becomes a pickup
 * (spec §4), and its table is neither checked nor kept.
 */
function servesDineIn(restaurant: RestaurantDetails, ot: string | undefined): boolean {
  const resolved = resolveOrderType(
    { orderType: ot ?? ORDER_TYPE.DINE_IN },
    { country: restaurant.country, mallMode: false, restaurantMask: maskOf(restaurant.ot) },
  );
  return resolved.orderType === ORDER_TYPE.DINE_IN;
}

/** `menu.php?date=&slot=` (spec §2): the scheduled slot, when the server still offers it. */
async function scheduleFromLegacyLink(
  restaurant: RestaurantDetails,
  session: OrderSession,
  query: URLSearchParams,
): Promise<OrderSession> {
  const date = query.get('date');
  const time = slotMinutesToTime(query.get('slot'));
  if (!date || !time || query.get('orderTime')) return session;
  try {
    const slots = await api.call(restaurants.scheduleSlots, {
      query: { restaurant_id: restaurant.nameid, ot: session.context.orderType },
    });
    const slot = slots.days.find((day) => day.date === date)?.slots.find((s) => s.time === time);
    return slot ? { ...session, context: withSchedule(session.context, slot) } : session;
  } catch {
    return session;
  }
}

/**
 * `/r/:name/:ot?/:pickupType?`: the restaurant, its menu (the server answers with an ETag, so a
 * repeat visit is a 304), the cart, the best sellers and, for a logged-in diner, their repeat items
 * and saved allergies, all in parallel (so nothing moves in after the first paint); then the order
 * context of this visit, kept in sessionStorage for the restaurant.
 */
export async function loadMenu({ params, request }: LoaderFunctionArgs): Promise<MenuLoaderData> {
  const name = params.name ?? '';
  const query = new URL(request.url).searchParams;
  const signal = { signal: request.signal };
  const restaurantAndTable = fetchRestaurant(name).then(async (restaurant) => ({
    restaurant,
    ...(servesDineIn(restaurant, params.ot) ? await checkTable(restaurant.restaurant_id, query) : {}),
  }));
  const [{ restaurant, table, error: tableError }, menu, cart, bestSellerIds, repeatItemIds, discounts] =
    await Promise.all([
      restaurantAndTable,
      api.call(restaurants.menu, { query: { restaurant_id: name } }, signal),
      api.call(cartApi.cartGet, { query: { scope: name } }, signal).catch(() => undefined),
      fetchBestSellers(name, request.signal),
      fetchRepeatItems(name, request.signal),
      fetchDiscounts(name, request.signal).catch(() => undefined),
      loadDinerAllergies(request.signal),
    ]);

  let session = buildOrderSession({
    stored: readOrderSession(restaurant.nameid),
    ot: params.ot,
    pickupType: params.pickupType,
    query,
    restaurant,
    table,
    nowEpoch: Math.floor(Date.now() / 1000),
  });
  session = await scheduleFromLegacyLink(restaurant, session, query);
  writeOrderSession(restaurant.nameid, session);
  return { restaurant, menu, cart, session, tableError, bestSellerIds, repeatItemIds, discounts };
}
