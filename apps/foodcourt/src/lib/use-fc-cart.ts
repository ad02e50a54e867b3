import { useCallback, useEffect, useState } from 'react';
import { cart as cartApi } from '@santap/api-client';
import type { EndpointInput } from '@santap/api-client';
import { api } from './api';
import type { CartData } from './api-types';

type UpdateBody = Omit<EndpointInput<typeof cartApi.cartUpdate>['body'], 'scope'>;

/** The sum of the cart's available lines, in minor units (the bill adds charges and taxes). */
export function linesTotal(cart: CartData | undefined): number {
  return cart?.items.reduce((sum, line) => sum + (line.available ? line.line_total : 0), 0) ?? 0;
}

/**
 * The one cart of a food court (scope = the mall's slug) across its outlets. Every change answers
 * with the whole cart, which replaces the one held here; errors reach the caller, which shows them
 * where the diner acted.
 */
export function useFcCart(mall: string, initial: CartData | undefined) {
  const [cart, setCart] = useState<CartData | undefined>(initial);
  const [pending, setPending] = useState(0);

  // A loader revalidation (language change, retry) brings a fresh cart.
  useEffect(() => setCart(initial), [initial]);

  const run = useCallback(async (call: () => Promise<CartData>) => {
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
    (body: UpdateBody) => run(() => api.call(cartApi.cartUpdate, { body: { scope: mall, ...body } })),
    [mall, run],
  );
  const refresh = useCallback(
    () => run(() => api.call(cartApi.cartGet, { query: { scope: mall } })),
    [mall, run],
  );
  const removeUnavailable = useCallback(
    () => run(() => api.call(cartApi.cartRemoveUnavailable, { body: { scope: mall } })),
    [mall, run],
  );
  /** Takes lines out one by one (quantity 0); the last answer is the cart. */
  const removeLines = useCallback(
    (cartItemIds: readonly number[]) =>
      run(async () => {
        let last: CartData | undefined;
        for (const id of cartItemIds) {
          last = await api.call(cartApi.cartUpdate, { body: { scope: mall, cart_item_id: id, quantity: 0 } });
        }
        return last ?? (await api.call(cartApi.cartGet, { query: { scope: mall } }));
      }),
    [mall, run],
  );

  return { cart, setCart, busy: pending > 0, update, refresh, removeUnavailable, removeLines };
}

export type FcCartState = ReturnType<typeof useFcCart>;
