import { reviews } from '@santap/api-client';
import { api } from '../../../lib/api';

/**
 * The recommendation calls a menu makes after its first paint (or for a logged-in diner), in a chunk
 * of their own, imported lazily by `recommendations.ts`; the best sellers' call is in the menu's own
 * chunk. The allergy call (`allergy-call.ts`, the account module's schemas) loads only for a
 * logged-in diner.
 */
const idsOf = (reply: { items: { item_id: number }[] }) => reply.items.map((item) => item.item_id);
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : undefined);

export const repeatItemIds = (restaurant: string, signal?: AbortSignal) =>
  api.call(reviews.repeatItems, { query: { restaurant_id: restaurant } }, withSignal(signal)).then(idsOf);

export const boughtWithIds = (restaurantId: number, itemId: number) =>
  api
    .call(reviews.frequentlyBoughtWith, { query: { restaurant_id: restaurantId, item_id: itemId } })
    .then(idsOf);

export const completeYourCartIds = (scope: string) =>
  api.call(reviews.completeYourCart, { query: { scope } }).then(idsOf);
