import { useCallback, useEffect, useRef, useState } from 'react';
import { cart as cartApi } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import { api } from './api';
import type { Outlet } from './api-types';
import { detailsBody, isComplete, outletsNotDelivering, sameContext, storeSession } from './fc-session';
import type { FcSession } from './fc-session';
import type { CartState } from '@santap/web';

/**
 * How the diner gets their food-court order, kept for the browser session and pushed to the server
 * cart (`cart.cartDetails`) whenever it is complete and differs from what the cart holds. A delivery
 * cart keeps no line of an outlet that does not deliver: those lines are removed and the outlets
 * named (`removedOutlets`, shown with 'Delivery Not Supported'). A refusal comes back as `syncError`.
 */
export function useFcOrder(
  mall: string,
  outlets: readonly Outlet[],
  initial: FcSession,
  cartState: CartState,
) {
  const [session, setSessionState] = useState(initial);
  const [syncError, setSyncError] = useState<unknown>();
  const [removedOutlets, setRemovedOutlets] = useState<string[]>([]);
  const lastPushed = useRef<string | undefined>(undefined);
  const removing = useRef(false);
  const { cart, setCart, removeLines } = cartState;

  useEffect(() => setSessionState(initial), [initial]);

  const setSession = useCallback(
    (next: FcSession) => {
      storeSession(mall, next);
      setSessionState(next);
    },
    [mall],
  );

  // Delivery: lines of outlets that do not deliver leave the cart.
  useEffect(() => {
    if (session.orderType !== ORDER_TYPE.DELIVERY || !cart || removing.current) return;
    const refusing = outletsNotDelivering(outlets);
    const lines = cart.items.filter((line) =>
      refusing.some((outlet) => outlet.restaurant_id === line.restaurant_id),
    );
    if (lines.length === 0) return;
    removing.current = true;
    const names = refusing
      .filter((outlet) => lines.some((line) => line.restaurant_id === outlet.restaurant_id))
      .map((outlet) => outlet.name);
    removeLines(lines.map((line) => line.cart_item_id))
      .then(() => setRemovedOutlets(names))
      .catch((error: unknown) => setSyncError(error))
      .finally(() => {
        removing.current = false;
      });
  }, [session.orderType, cart, outlets, removeLines]);

  const cartContext = cart?.context;
  useEffect(() => {
    if (!cartContext || !isComplete(session) || sameContext(cartContext, session)) return;
    const body = detailsBody(mall, session);
    const signature = JSON.stringify(body);
    if (lastPushed.current === signature) return;
    lastPushed.current = signature;
    setSyncError(undefined);
    api
      .call(cartApi.cartDetails, { body })
      .then(setCart)
      .catch((error: unknown) => setSyncError(error));
  }, [cartContext, session, mall, setCart]);

  /**
   * Before an order is placed: the server cart holds this session's context (a slot or table chosen a
   * moment ago may still be on its way through the effect above); a refusal is thrown to the caller.
   */
  const synced = useCallback(async () => {
    if (!cart || !isComplete(session) || sameContext(cart.context, session)) return;
    const body = detailsBody(mall, session);
    lastPushed.current = JSON.stringify(body);
    setCart(await api.call(cartApi.cartDetails, { body }));
  }, [cart, session, mall, setCart]);

  return { session, setSession, syncError, removedOutlets, synced };
}
