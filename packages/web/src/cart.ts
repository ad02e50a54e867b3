import { useCallback, useEffect, useState } from 'react';
import { cart as cartApi } from '@santap/api-client';
import type { ApiClient, EndpointData, EndpointInput } from '@santap/api-client';

/** A server cart as every cart call answers it. */
export type CartData = EndpointData<typeof cartApi.cartGet>;
/** A cart change (`POST /cart/update`) without its scope. */
export type CartUpdateBody = Omit<EndpointInput<typeof cartApi.cartUpdate>['body'], 'scope'>;

/** A dish as the diner chose it in the dish popup (`VariantsChoice` of `@santap/ui` is one). */
export interface DishChoice {
  quantity: number;
  /** The chosen option ids of each option group. */
  selections: Readonly<Record<string, readonly string[]>>;
  /** The diner's note for the kitchen; blank: none. */
  notes: string;
}

/** The sum of the cart's available lines, in minor units (the bill adds charges and taxes). */
export function cartItemsTotal(cart: CartData | undefined): number {
  return cart?.items.reduce((sum, line) => sum + (line.available ? line.line_total : 0), 0) ?? 0;
}

/**
 * The server cart of one scope (a restaurant's nameid, or a food court's slug across its outlets)
 * and its changes, through the app's API client. Every change answers with the whole cart, which
 * replaces the one held here; errors reach the caller, which shows them where the diner acted (the
 * popup, the line, the coupon field).
 */
export function useCart(api: ApiClient, scope: string, initial: CartData | undefined) {
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
    [api, apply, scope],
  );
  /** Adds a dish as chosen in the dish popup (a blank note is not sent). */
  const addDish = useCallback(
    (itemId: number, choice: DishChoice) => {
      const notes = choice.notes.trim();
      return update({
        item_id: itemId,
        quantity: choice.quantity,
        selections: Object.fromEntries(
          Object.entries(choice.selections).map(([groupId, ids]) => [groupId, [...ids]]),
        ),
        ...(notes ? { notes } : {}),
      });
    },
    [update],
  );
  const setNotes = useCallback(
    (cartItemId: number, notes: string) =>
      apply(() => api.call(cartApi.cartNotes, { body: { scope, cart_item_id: cartItemId, notes } })),
    [api, apply, scope],
  );
  const setSpecialNote = useCallback(
    (specialNote: string) =>
      apply(() => api.call(cartApi.cartSpecialNote, { body: { scope, special_note: specialNote } })),
    [api, apply, scope],
  );
  const setDiscount = useCallback(
    (code: string | null) =>
      apply(() => api.call(cartApi.cartDiscount, { body: { scope, discount_code: code } })),
    [api, apply, scope],
  );
  const removeUnavailable = useCallback(
    () => apply(() => api.call(cartApi.cartRemoveUnavailable, { body: { scope } })),
    [api, apply, scope],
  );
  /** Takes lines out one by one (quantity 0); the last answer is the cart. */
  const removeLines = useCallback(
    (cartItemIds: readonly number[]) =>
      apply(async () => {
        let last: CartData | undefined;
        for (const id of cartItemIds) {
          last = await api.call(cartApi.cartUpdate, { body: { scope, cart_item_id: id, quantity: 0 } });
        }
        return last ?? (await api.call(cartApi.cartGet, { query: { scope } }));
      }),
    [api, apply, scope],
  );
  const refresh = useCallback(
    () => apply(() => api.call(cartApi.cartGet, { query: { scope } })),
    [api, apply, scope],
  );

  return {
    cart,
    setCart,
    busy: pending > 0,
    update,
    addDish,
    setNotes,
    setSpecialNote,
    setDiscount,
    removeUnavailable,
    removeLines,
    refresh,
  };
}

/** A cart held by `useCart`. */
export type CartState = ReturnType<typeof useCart>;
