import { useCallback, useEffect, useRef, useState } from 'react';
import { cart as cartApi } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import { api } from './api';
import type { CartData } from './api-types';
import { contextInput, isSessionComplete, sameServerContext, writeOrderSession } from './order-session';
import type { OrderSession } from './order-session';

/**
 * The order session of one restaurant, kept in sessionStorage and pushed to the server cart with
 * `cart.cartDetails` whenever it is complete (dine-in with a checked table, delivery with an address,
 * pickup) and differs from what the cart holds. The cart the server answers replaces the caller's;
 * a refusal (type not enabled, wrong table, slot gone) comes back as `syncError`.
 */
export function useOrderSession(
  scope: string,
  initial: OrderSession,
  cart: CartData | undefined,
  onCart: (cart: CartData) => void,
) {
  const [session, setSessionState] = useState(initial);
  const [syncError, setSyncError] = useState<unknown>();
  const [syncing, setSyncing] = useState(false);
  const onCartRef = useRef(onCart);
  // What was last sent: a server that stores the context in another shape must not cause a loop.
  const lastPushed = useRef<string | undefined>(undefined);
  useEffect(() => {
    onCartRef.current = onCart;
  });

  // A new visit (route params, a table QR, a language reload) brings a new session.
  useEffect(() => setSessionState(initial), [initial]);

  const setSession = useCallback(
    (next: OrderSession) => {
      writeOrderSession(scope, next);
      setSessionState(next);
    },
    [scope],
  );

  const push = useCallback(
    async (next: OrderSession) => {
      lastPushed.current = JSON.stringify([contextInput(next), next.address]);
      setSyncing(true);
      setSyncError(undefined);
      try {
        const updated = await api.call(cartApi.cartDetails, {
          body: {
            scope,
            context: contextInput(next),
            ...(next.context.orderType === ORDER_TYPE.DELIVERY && next.address
              ? { address: next.address }
              : {}),
          },
        });
        onCartRef.current(updated);
      } catch (error) {
        setSyncError(error);
      } finally {
        setSyncing(false);
      }
    },
    [scope],
  );

  const cartContext = cart?.context;
  useEffect(() => {
    if (!cartContext || !isSessionComplete(session)) return;
    if (sameServerContext(cartContext, session)) return;
    if (lastPushed.current === JSON.stringify([contextInput(session), session.address])) return;
    void push(session);
  }, [cartContext, session, push]);

  return { session, setSession, syncError, syncing, retrySync: () => push(session) };
}
