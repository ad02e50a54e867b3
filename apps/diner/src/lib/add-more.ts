import { ApiError, NoInternet, RequestTimeout, ServerMessage } from '@santap/api-client';
import { hasKey } from '@santap/i18n';
import type { Translate } from './use-t';
import { errorText } from '@santap/web';

const KEY_PREFIX = 'santap.addMore.';

/**
 * 'Add more items' to a running order (spec §2 order status): the order page marks the restaurant for
 * this tab's session, so the cart it leads to knows its order adds to one already running and words a
 * failure as the spec does ('Could not request for items', §8).
 */
export function startAddingTo(nameid: string, orderId: number) {
  try {
    sessionStorage.setItem(KEY_PREFIX + nameid, String(orderId));
  } catch {
    // storage blocked: a failure reads as a new order's
  }
}

/** The running order the diner is adding items to at this restaurant, if any. */
export function addingTo(nameid: string): number | undefined {
  try {
    const value = Number(sessionStorage.getItem(KEY_PREFIX + nameid));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The items went through (or the diner started over): the next order here is a new one. */
export function doneAdding(nameid: string) {
  try {
    sessionStorage.removeItem(KEY_PREFIX + nameid);
  } catch {
    // nothing kept
  }
}

/**
 * Words for a failed request of more items (spec §8): no connection and time-outs keep their own
 * words, a server's message and a catalogue code theirs (items not available, price warning…);
 * anything else, where a new order would read 'something went wrong', is 'Could not request for items'.
 */
export function addMoreErrorMessage(error: unknown, t: Translate): string {
  const specific =
    error instanceof NoInternet ||
    error instanceof RequestTimeout ||
    (error instanceof ServerMessage && error.message.trim() !== '') ||
    (error instanceof ApiError && error.code !== undefined && hasKey(error.code));
  return specific ? errorText(error, t) : t('errors.couldNotRequestItems');
}
