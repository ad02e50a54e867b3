/**
 * The diner's delivery addresses (spec §3 'address', §7 Profile 'addresses (get, create, set default),
 * distance lookup'): saved with a map pin, soft-deleted (orders keep what they used), exactly
 * one default per diner who has any, and a lookup of how far one is from a restaurant and whether that
 * restaurant delivers there.
 */
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { account } from '@santap/contract';
import { MESSAGE, ORDER_TYPE, requiredString } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { restaurants, userAddresses, users } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { ApiFailure, fail } from '../../../lib/errors';
import { parseWith, registered } from './auth';
import { distanceSql } from '../restaurants/restaurants';
import { loadRestaurant, offeredOrderTypes, settingsOf } from '../../model/restaurants';

type AddressRow = typeof userAddresses.$inferSelect;

/** Malaysian and Indonesian postcodes are five digits. */
const POSTCODE = /^\d{5}$/;
const DEFAULT_LABEL = 'home';

export function addressView(row: AddressRow): account.Address {
  return {
    address_id: row.id,
    label: row.label,
    apartment: row.apartment,
    street: row.street,
    landmark: row.landmark,
    city: row.city,
    postcode: row.postcode,
    lng: row.lng,
    lat: row.lat,
    is_default: row.isDefault,
    created_epoch: Math.floor(row.createdAt.getTime() / 1000),
  };
}

/** 'Address Not Found' (404): an unknown, deleted or another diner's address looks the same. */
const addressNotFound = (): never => {
  throw new ApiFailure(MESSAGE.addressNotFound, 404);
};

const live = (userId: number) => and(eq(userAddresses.userId, userId), isNull(userAddresses.deletedAt));

async function liveAddresses(db: DbOrTx, userId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(userAddresses)
    .where(live(userId))
    .orderBy(desc(userAddresses.isDefault), desc(userAddresses.createdAt), desc(userAddresses.id));
}

async function loadOwnedAddress(db: DbOrTx, userId: number, addressId: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, addressId), live(userId)))
    .limit(1);
  return row ?? addressNotFound();
}

/** Serialises one diner's address changes, so the 'one default' rule holds under concurrent calls. */
async function lockUser(tx: DbOrTx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Makes `addressId` the only default among the diner's live addresses. */
async function makeDefault(tx: DbOrTx, userId: number, addressId: number) {
  await tx
    .update(userAddresses)
    .set({ isDefault: false })
    .where(and(eq(userAddresses.userId, userId), ne(userAddresses.id, addressId)));
  await tx.update(userAddresses).set({ isDefault: true }).where(eq(userAddresses.id, addressId));
}

/** Optional text: trimmed; blank means none (null). */
const optionalText = (text: string | undefined) => (text === undefined ? undefined : text.trim() || null);

function parsePostcode(text: string | undefined) {
  const postcode = optionalText(text);
  if (postcode && !POSTCODE.test(postcode)) fail(MESSAGE.postcodeInvalid);
  return postcode;
}

type AddressFields = Partial<Omit<typeof userAddresses.$inferInsert, 'id' | 'userId' | 'createdAt'>>;

/** The columns an (partial) address input sets, checked: apartment and city 'Required', postcode 5 digits. */
function addressFields(input: Partial<account.AddressInput>): AddressFields {
  const fields: AddressFields = {};
  if (input.label !== undefined) fields.label = input.label.trim() || DEFAULT_LABEL;
  if (input.apartment !== undefined) fields.apartment = parseWith(requiredString, input.apartment);
  if (input.city !== undefined) fields.city = parseWith(requiredString, input.city);
  const street = optionalText(input.street);
  if (street !== undefined) fields.street = street;
  const landmark = optionalText(input.landmark);
  if (landmark !== undefined) fields.landmark = landmark;
  const postcode = parsePostcode(input.postcode);
  if (postcode !== undefined) fields.postcode = postcode;
  if (input.lng !== undefined) fields.lng = input.lng;
  if (input.lat !== undefined) fields.lat = input.lat;
  return fields;
}

export async function listAddresses(ctx: AppContext, caller: Caller) {
  const user = caller.user ?? fail(MESSAGE.invalidToken);
  return {
    addresses: (await liveAddresses(ctx.db, user.id)).map(addressView),
    // The tiles of the map a new address is pinned on (the account page has no restaurant details).
    map_tiles: ctx.config.mapTiles ?? null,
  };
}

/** Saves an address; the diner's first one (or one sent with is_default) becomes the default. */
export async function createAddress(ctx: AppContext, caller: Caller, input: account.AddressInput) {
  const { id: userId } = registered(caller);
  const fields = addressFields(input);
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [existingDefault] = await tx
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(and(live(userId), eq(userAddresses.isDefault, true)))
      .limit(1);
    const [row] = await tx
      .insert(userAddresses)
      .values({
        userId,
        label: fields.label ?? DEFAULT_LABEL,
        apartment: fields.apartment ?? fail(MESSAGE.required),
        street: fields.street ?? null,
        landmark: fields.landmark ?? null,
        city: fields.city ?? fail(MESSAGE.required),
        postcode: fields.postcode ?? null,
        lng: input.lng,
        lat: input.lat,
        isDefault: false,
        createdAt: ctx.now(),
      })
      .returning();
    const created = row ?? fail(MESSAGE.somethingWentWrong);
    if (input.is_default || !existingDefault) {
      await makeDefault(tx, userId, created.id);
      created.isDefault = true;
    }
    return { address: addressView(created) };
  });
}

/** Changes an address of the caller; `is_default: true` makes it the default (false is ignored). */
export async function updateAddress(
  ctx: AppContext,
  caller: Caller,
  addressId: number,
  input: Partial<account.AddressInput>,
) {
  const { id: userId } = registered(caller);
  const fields = addressFields(input);
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await loadOwnedAddress(tx, userId, addressId);
    if (Object.keys(fields).length > 0) {
      await tx.update(userAddresses).set(fields).where(eq(userAddresses.id, current.id));
    }
    if (input.is_default) await makeDefault(tx, userId, current.id);
    return { address: addressView(await loadOwnedAddress(tx, userId, current.id)) };
  });
}

/** Soft-deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(ctx: AppContext, caller: Caller, addressId: number) {
  const { id: userId } = registered(caller);
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await loadOwnedAddress(tx, userId, addressId);
    await tx
      .update(userAddresses)
      .set({ deletedAt: ctx.now(), isDefault: false })
      .where(eq(userAddresses.id, current.id));
    // Default first, then newest first: without a default, the first is the newest.
    const [first] = await liveAddresses(tx, userId);
    let defaultId = first?.isDefault ? first.id : null;
    const newest = first;
    if (defaultId === null && newest) {
      await makeDefault(tx, userId, newest.id);
      defaultId = newest.id;
    }
    return { address_id: current.id, default_address_id: defaultId };
  });
}

export async function setDefaultAddress(ctx: AppContext, caller: Caller, addressId: number) {
  const { id: userId } = registered(caller);
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await loadOwnedAddress(tx, userId, addressId);
    await makeDefault(tx, userId, current.id);
    return { addresses: (await liveAddresses(tx, userId)).map(addressView) };
  });
}

export interface DistanceQuery {
  restaurant_id: number | string;
  address_id?: number | undefined;
  lng?: number | undefined;
  lat?: number | undefined;
}

/**
 * Distance lookup: the great-circle distance (SQL haversine, as nearby restaurants) from an address of
 * the caller — or a pin, or else the default address — to a restaurant, against its delivery radius.
 * Not deliverable: 'Delivery Not Supported' when the restaurant does not deliver at all, 'too far'
 * beyond the radius.
 */
export async function addressDistance(ctx: AppContext, caller: Caller, query: DistanceQuery) {
  const user = caller.user ?? fail(MESSAGE.invalidToken);
  const restaurant = await loadRestaurant(ctx.db, query.restaurant_id);
  let point: { lng: number; lat: number; addressId: number | null };
  if (query.address_id !== undefined) {
    const address = await loadOwnedAddress(ctx.db, user.id, query.address_id);
    point = { lng: address.lng, lat: address.lat, addressId: address.id };
  } else if (query.lng !== undefined || query.lat !== undefined) {
    if (query.lng === undefined || query.lat === undefined) return fail(MESSAGE.invalidInput);
    point = { lng: query.lng, lat: query.lat, addressId: null };
  } else {
    const [address] = await ctx.db
      .select()
      .from(userAddresses)
      .where(and(live(user.id), eq(userAddresses.isDefault, true)))
      .limit(1);
    if (!address) return fail(MESSAGE.addressRequired);
    point = { lng: address.lng, lat: address.lat, addressId: address.id };
  }
  const [measured] = await ctx.db
    .select({ metres: distanceSql(point.lng, point.lat) })
    .from(restaurants)
    .where(eq(restaurants.id, restaurant.id));
  const distance = Math.round(Number(measured?.metres ?? 0));
  const radius = settingsOf(restaurant).deliveryRadiusM;
  const delivers = radius > 0 && offeredOrderTypes(restaurant).includes(ORDER_TYPE.DELIVERY);
  const reasonKey = !delivers
    ? MESSAGE.deliveryNotSupported
    : distance > radius
      ? MESSAGE.addressTooFar
      : null;
  return {
    restaurant_id: restaurant.id,
    address_id: point.addressId,
    distance_m: distance,
    delivery_radius_m: radius,
    deliverable: reasonKey === null,
    reason_key: reasonKey,
    reason: reasonKey ? caller.t(reasonKey) : null,
  };
}
