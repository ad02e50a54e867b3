import { useNavigate } from 'react-router';
import { orders } from '@santap/api-client';
import { ORDER_TYPE, paymentChoiceForOutlets } from '@santap/domain';
import { useUiTranslation } from '@santap/ui';
import { cartWarnings, useCheckout, usePaymentMode } from '@santap/web';
import type { CartState } from '@santap/web';
import type { SettingsStep } from '../../../components/order-panel';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import type { FcCoupons, Outlet } from '../../../lib/api-types';
import { isComplete } from '../../../lib/fc-session';
import type { FcSession } from '../../../lib/fc-session';

export interface PlaceOrderOptions {
  slug: string;
  cartState: CartState;
  order: { session: FcSession; synced: () => Promise<unknown> };
  /** The outlets with lines in the cart: their settings decide pay now or later. */
  outletsInCart: readonly Outlet[];
  coupons: FcCoupons | undefined;
  useLoyalty: boolean;
  /** What ran out at the outlets, by name. */
  outOfStock: readonly string[];
  /** Opens the order settings where the session lacks something. */
  onSettings: (step: SettingsStep) => void;
  loginPath: string;
}

/**
 * The food court's checkout (`useCheckout` of `@santap/web`), the diner's cart's with outlets: pay now
 * or later as every outlet in the cart allows, the checks before ordering, then one order per outlet
 * under one food-court order (`orders.foodCourtOrderCreate`), paid once or at each counter.
 */
export function usePlaceOrder(options: PlaceOrderOptions) {
  const { slug, cartState, order, coupons, useLoyalty } = options;
  const { t } = useUiTranslation();
  const navigate = useNavigate();
  const checkout = useCheckout({
    cartState,
    t,
    onAuthRequired: () => window.location.assign(options.loginPath),
  });
  const choice = paymentChoiceForOutlets({
    orderType: order.session.orderType,
    scheduled: order.session.schedule !== undefined,
    outlets: options.outletsInCart.map((outlet) => ({
      prepaidOrderTypes: outlet.prepaid_order_types,
      payLaterOrderTypes: outlet.pay_later_order_types,
    })),
  });
  const [mode, setMode] = usePaymentMode(choice);
  const cart = cartState.cart;
  const warnings = cartWarnings(cart);
  const unavailable = options.outOfStock.length > 0 || warnings.unavailable;

  const placeOrder = async () => {
    if (!cart) return;
    checkout.setPlaceError(undefined);
    if (unavailable) {
      checkout.setPlaceError(t('errors.itemsNotAvailable'));
      return;
    }
    if (!isComplete(order.session)) {
      options.onSettings(order.session.orderType === ORDER_TYPE.DELIVERY ? 'address' : 'type');
      return;
    }
    const signature = JSON.stringify([
      cart.items.map((line) => [line.cart_item_id, line.quantity, line.notes]),
      cart.context,
      coupons?.applied,
      useLoyalty,
      mode,
    ]);
    await checkout.place(signature, async (idempotencyKey) => {
      await order.synced();
      const created = await api.call(
        orders.foodCourtOrderCreate,
        {
          body: {
            scope: slug,
            payment_mode: mode,
            ...(warnings.priceChanged ? { accept_prices: true } : {}),
            ...(useLoyalty ? { use_loyalty: true } : {}),
          },
        },
        { idempotencyKey },
      );
      const fcOrderId = created.fc_order_id ?? created.order_id;
      // Paid later at the outlets' counters, or covered by cashback: nothing to pay now, on to the order.
      navigate(
        mode === 'pay_later' || created.amount === 0
          ? paths.order(slug, fcOrderId)
          : paths.pay(slug, fcOrderId),
        { replace: true },
      );
    });
  };

  return { ...checkout, choice, mode, setMode, unavailable, priceChanged: warnings.priceChanged, placeOrder };
}
