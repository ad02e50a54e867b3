import { addingTo } from '../../../lib/add-more';
import { readOrderSession, sameSession, writeOrderSession } from '../../../lib/order-session';
import type { CartLoaderData } from '../api/load-cart';
import { hasStoredCartNote } from './special-note';

/**
 * Before the browser hydrates the server's cart (`startApp`): the server saw no sessionStorage,
 * so its render is the browser's only when this tab keeps nothing of this restaurant there (an order
 * session, items being added to an order, the note's parts) or the same order session.
 */
export function beforeHydration(data: CartLoaderData): boolean {
  const nameid = data.restaurant.nameid;
  const stored = readOrderSession(nameid);
  if (stored && (!data.orderTypeChosen || !sameSession(stored, data.session))) return false;
  return addingTo(nameid) === undefined && !hasStoredCartNote(nameid);
}

/** After hydration: the order session the loader would have kept for this tab. */
export function afterHydration(data: CartLoaderData): 'stale' | 'fresh' {
  writeOrderSession(data.restaurant.nameid, data.session);
  return 'fresh';
}
