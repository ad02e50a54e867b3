import { useEffect, useMemo, useState } from 'react';
import type { MenuData, MenuItemData } from '../../../lib/api-types';
import { fetchBoughtWith, fetchCompleteYourCart } from '../api/recommendations';
import { RECOMMENDATION_LIMIT, dishesOf } from '../lib/recommendations';

/**
 * The two rows that follow the cart: 'Complete your meal' (asked again whenever the cart's dishes
 * change; nothing for an empty cart) and 'Often ordered with' the dish just added. Answers that
 * arrive after the cart moved on are dropped.
 */
export function useCartRecommendations(
  menu: MenuData,
  scope: string,
  inCart: ReadonlySet<number>,
  lastAdded: MenuItemData | undefined,
) {
  const [completeIds, setCompleteIds] = useState<number[]>([]);
  const [boughtWith, setBoughtWith] = useState<{ itemId: number; ids: number[] }>();
  const cartKey = [...inCart].sort((a, b) => a - b).join(',');

  useEffect(() => {
    if (!cartKey) {
      setCompleteIds([]);
      return;
    }
    let current = true;
    void fetchCompleteYourCart(scope).then((ids) => {
      if (current) setCompleteIds(ids);
    });
    return () => {
      current = false;
    };
  }, [scope, cartKey]);

  const lastId = lastAdded?.id;
  useEffect(() => {
    if (lastId === undefined) return;
    let current = true;
    void fetchBoughtWith(menu.restaurant_id, lastId).then((ids) => {
      if (current) setBoughtWith({ itemId: lastId, ids });
    });
    return () => {
      current = false;
    };
  }, [menu.restaurant_id, lastId]);

  return {
    completeMeal: useMemo(
      () => (cartKey ? dishesOf(menu, completeIds, inCart, RECOMMENDATION_LIMIT) : []),
      [menu, completeIds, inCart, cartKey],
    ),
    boughtWith: useMemo(
      () =>
        lastId !== undefined && boughtWith?.itemId === lastId
          ? dishesOf(menu, boughtWith.ids, new Set([...inCart, lastId]), RECOMMENDATION_LIMIT)
          : [],
      [menu, boughtWith, inCart, lastId],
    ),
  };
}
