import { account, reviews } from '@santap/api-client';
import { api } from '../../../lib/api';

/**
 * The recommendation and allergy calls themselves, in a chunk of their own (imported lazily by
 * `recommendations.ts` and `diner-allergies.ts`): their contract schemas stay out of the menu's first
 * load (the size budget).
 */
const idsOf = (reply: { items: { item_id: number }[] }) => reply.items.map((item) => item.item_id);
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : undefined);

export const bestSellerIds = (restaurant: string, signal?: AbortSignal) =>
  api.call(reviews.bestSellers, { query: { restaurant_id: restaurant } }, withSignal(signal)).then(idsOf);

export const repeatItemIds = (restaurant: string, signal?: AbortSignal) =>
  api.call(reviews.repeatItems, { query: { restaurant_id: restaurant } }, withSignal(signal)).then(idsOf);

export const boughtWithIds = (restaurantId: number, itemId: number) =>
  api
    .call(reviews.frequentlyBoughtWith, { query: { restaurant_id: restaurantId, item_id: itemId } })
    .then(idsOf);

export const completeYourCartIds = (scope: string) =>
  api.call(reviews.completeYourCart, { query: { scope } }).then(idsOf);

/** The logged-in diner's saved allergy categories (the account's allergy filter). */
export const allergyCategories = (signal?: AbortSignal) =>
  api
    .call(account.allergiesGet, {}, withSignal(signal))
    .then((reply) => reply.allergies.map((allergy) => allergy.category));
