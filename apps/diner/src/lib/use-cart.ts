import { useCallback, useEffect, useState } from 'react';
import { cart as cartApi } from '@santap/api-client';
import { api } from './api';
import type { CartData, CartUpdateBody } from './api-types';

/** The sum of the cart's available lines, in minor units (the bill adds charges and taxes). */
export function cartItemsTotal(cart: CartData | undefined): number {
  if (!cart) return 0;
  return cart.items.reduce((sum, line) => sum + (line.available ? line.line_total : 0), 0);
}

/**
 * The server cart of one scope (a restaurant's nameid) and its changes. Every change answers with
 * the whole cart, which replaces the one held here; errors reach the caller, which shows them where
 * the diner acted (the popup, the line, the coupon field).
 */
export function useCart(scope: string, initial: CartData | undefined) {
  const [cart, setCart] = useState<CartData | undefined>(initial);
  const [pending, setPending] = useState(0);

  // A loader revalidation (language change, retry) brings a fresh cart.
  useEffect(() => setCart(initial), [initial]);

  const apply = useCallback(async (call: () => Promise<CartData>) => {
    setPending((n) => n + 1);
    try {
      const next = await call();
      setCart(next);
      return next;
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  const update = useCallback(
    (body: CartUpdateBody) => apply(() => api.call(cartApi.cartUpdate, { body: { scope, ...body } })),
    [apply, scope],
  );
  const setNotes = useCallback(
    (cartItemId: number, notes: string) =>
      apply(() => api.call(cartApi.cartNotes, { body: { scope, cart_item_id: cartItemId, notes } })),
    [apply, scope],
  );
  const setSpecialNote = useCallback(
    (specialNote: string) =>
      apply(() => api.call(cartApi.cartSpecialNote, { body: { scope, special_note: specialNote } })),
    [apply, scope],
  );
  const setDiscount = useCallback(
    (code: string | null) =>
      apply(() => api.call(cartApi.cartDiscount, { body: { scope, discount_code: code } })),
    [apply, scope],
  );
  const removeUnavailable = useCallback(
    () => apply(() => api.call(cartApi.cartRemoveUnavailable, { body: { scope } })),
    [apply, scope],
  );
  const refresh = useCallback(
    () => apply(() => api.call(cartApi.cartGet, { query: { scope } })),
    [apply, scope],
  );

  return {
    cart,
    setCart,
    busy: pending > 0,
    update,
    setNotes,
    setSpecialNote,
    setDiscount,
    removeUnavailable,
    refresh,
  };
}

export type CartState = ReturnType<typeof useCart>;
