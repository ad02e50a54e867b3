import { useMemo } from 'react';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGE, ORDER_TYPE, paymentChoice, placedContext } from '@santap/domain';
import { cartWarnings, errorText, useCheckout, usePaymentMode } from '@santap/web';
import type { CartData, CartState } from '@santap/web';
import type { OrderSettingsStep } from '../../../components/order-settings';
import { addMoreErrorMessage, addingTo, doneAdding } from '../../../lib/add-more';
import { api } from '../../../lib/api';
import type { CartLoaderData } from '../api/load-cart';
import { contextInput, isSessionComplete } from '../../../lib/order-session';
import type { OrderSession } from '../../../lib/order-session';
import { useT } from '../../../lib/use-t';
import {
  createOrderEndpoint,
  navigationAfterCreated,
  nextAfterCreated,
  rememberOrder,
} from '../lib/place-order';

export interface PlaceOrderOptions {
  scope: string;
  restaurant: CartLoaderData['restaurant'];
  cartState: CartState;
  cart: CartData;
  session: OrderSession;
  orderTypeChosen: boolean;
  useLoyalty: boolean;
  /** The warnings' box, focused when unavailable lines stop the order. */
  warningsRef: RefObject<HTMLElement | null>;
  /** Opens the order settings where the session lacks something. */
  onSettings: (step: OrderSettingsStep) => void;
  onLogin: () => void;
}

/**
 * A restaurant cart's checkout (`useCheckout` of `@santap/web`) with the diner's rules: the type the
 * order is placed with (a delivery of vouchers only is takeaway, spec §4), pay now or later, the
 * checks before ordering, 'Add more items' to a running order, and where a created order leads.
 */
export function usePlaceOrder(options: PlaceOrderOptions) {
  const { scope, restaurant, cart, session, orderTypeChosen, useLoyalty } = options;
  const { t } = useT();
  const navigate = useNavigate();
  const checkout = useCheckout({
    cartState: options.cartState,
    t,
    onAuthRequired: options.onLogin,
    // The running order takes no more items (finished, another table…): the words say to order anew,
    // and the next tap does.
    onRefused: (code) => {
      if (code === MESSAGE.addMoreClosed || code === MESSAGE.addMoreMismatch) doneAdding(scope);
    },
    // 'Add more items' to a running order: its own words for a failure (spec §8).
    refusalText: (error) => (addingTo(scope) ? addMoreErrorMessage(error, t) : errorText(error, t)),
  });
  const placed = useMemo(
    () => ({
      ...session,
      context: placedContext(
        session.context,
        cart.items.map((line) => ({ isVoucher: line.is_voucher })),
      ),
    }),
    [session, cart.items],
  );
  const scheduled = session.context.orderTime === 'SCHEDULED';
  const choice = paymentChoice({
    orderType: placed.context.orderType,
    prepaidOrderTypes: restaurant.prePaidEnabledfromShannon ? restaurant.prepaid_order_types : [],
    payLaterOrderTypes: restaurant.pay_later_order_types,
    scheduled,
  });
  const [mode, setMode] = usePaymentMode(choice);
  const { unavailable, priceChanged } = cartWarnings(cart);

  const placeOrder = async () => {
    checkout.setPlaceError(undefined);
    if (unavailable) {
      checkout.setPlaceError(t('errors.itemsNotAvailable'));
      options.warningsRef.current?.focus();
      return;
    }
    if (!orderTypeChosen) {
      checkout.setPlaceError(t('validation.selectOrderType'));
      options.onSettings('time');
      return;
    }
    if (!isSessionComplete(placed)) {
      options.onSettings(session.context.orderType === ORDER_TYPE.DELIVERY ? 'address' : 'time');
      return;
    }
    // 'Add more items' (spec §4): the items join the running order the order page started from.
    const addTo = addingTo(scope);
    const signature = JSON.stringify([
      addTo,
      cart.items.map((line) => [line.cart_item_id, line.quantity, line.notes]),
      cart.discount_code,
      cart.special_note,
      contextInput(session),
      session.address,
      mode,
      useLoyalty,
    ]);
    await checkout.place(signature, async (idempotencyKey) => {
      const created = await api.call(
        createOrderEndpoint({ scheduled, foodCourt: false }),
        {
          body: {
            scope,
            payment_mode: mode,
            ...(priceChanged ? { accept_prices: true } : {}),
            ...(useLoyalty ? { use_loyalty: true } : {}),
            ...(addTo !== undefined ? { add_to_order_id: addTo } : {}),
          },
        },
        { idempotencyKey },
      );
      rememberOrder(created.order_id, scope);
      doneAdding(scope);
      const { to, replace } = navigationAfterCreated(nextAfterCreated(created, scheduled));
      navigate(to, { replace });
    });
  };

  return { ...checkout, placed, choice, mode, setMode, unavailable, priceChanged, placeOrder };
}
