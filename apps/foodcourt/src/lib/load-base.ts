import { data } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, cart as cartApi, restaurants } from '@santap/api-client';
import { readTableRef } from '@santap/domain';
import { storedAuth } from '@santap/web';
import { hostMallName } from '../config/paths';
import { api } from './api';
import type { CartData, MallData, MallInfo, Outlet } from './api-types';
import { readStoredSession, startSession, storeSession } from './fc-session';
import type { FcSession, FcTable } from './fc-session';
import { fetchMall, mallOf } from './mall';

/** What every page of a food court starts from: the mall, its outlets, the one cart, the session. */
export interface MallBase {
  slug: string;
  mall: MallInfo;
  outlets: Outlet[];
  /** `undefined` when the cart could not be read (the page still shows what it can). */
  cart: CartData | undefined;
  session: FcSession;
  /** Why the table QR could not be checked, when it could not. */
  tableError?: unknown;
}

/** An unknown food court is the not-found page, not a retry. */
async function mallOr404(slug: string): Promise<MallData> {
  try {
    return await fetchMall(slug);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * The table check of a food-court table QR (`/fc/{mall}?tid=…`: the table's token or its id,
 * `readTableRef`; with `v` and `sig` for a dynamic QR; spec §2, §7): the table (its numeric id, what
 * the cart and the order use), or the reason it was refused ('Invalid QR code.', 'QR Code Expired!').
 */
async function checkTable(
  slug: string,
  query: URLSearchParams,
): Promise<{ table?: FcTable; error?: unknown }> {
  const tableId = readTableRef(query.get('tid'));
  if (tableId === undefined) return {};
  const v = query.get('v');
  const sig = query.get('sig');
  try {
    const table = await api.call(restaurants.foodCourtTable, {
      params: { mall: slug, tableId },
      query: { ...(v ? { v } : {}), ...(sig ? { sig } : {}) },
    });
    return { table: { id: table.table_id, no: table.table_no, label: table.displayTable } };
  } catch (error) {
    return { error };
  }
}

/** Loads the base of a food-court page; a table QR in the URL makes the visit dine-in at that table. */
export async function loadMallBase({ params, request }: LoaderFunctionArgs): Promise<MallBase> {
  const slug = mallOf(params, hostMallName());
  const query = new URL(request.url).searchParams;
  const [mallData, cart, checked] = await Promise.all([
    mallOr404(slug),
    api.call(cartApi.cartGet, { query: { scope: slug } }, { signal: request.signal }).catch(() => undefined),
    checkTable(slug, query),
  ]);
  const session = startSession(mallData.mall, readStoredSession(slug), checked.table);
  storeSession(slug, session);
  return {
    slug,
    mall: mallData.mall,
    outlets: mallData.restaurants,
    cart,
    session,
    ...(checked.error !== undefined ? { tableError: checked.error } : {}),
  };
}

/** A session as plain sorted JSON: two sessions are the same whatever their keys' order. */
const sessionKey = (session: FcSession) =>
  JSON.stringify(session, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );

/**
 * After the server's page is hydrated (`startApp` of @santap/ui; README "Server rendering"): what
 * `loadMallBase` would have done in this browser. The server rendered for a guest without a stored
 * session (a table QR's page is never server-rendered); the session this tab keeps for the mall is
 * kept, and when it is another one (the diner chose delivery before a reload) or the diner is logged
 * in (their cart, cashback and allergies are not a guest's), the page's data is stale: the loaders
 * run again.
 */
export function afterHydration(base: MallBase): 'stale' | 'fresh' {
  const kept = startSession(base.mall, readStoredSession(base.slug));
  if (sessionKey(kept) !== sessionKey(base.session)) return 'stale';
  storeSession(base.slug, base.session);
  return storedAuth() === undefined ? 'fresh' : 'stale';
}
