import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { AuthRequired, cart as cartApi, orders, promotions } from '@santap/api-client';
import { BILL_LINE_KEY, MESSAGE, ORDER_TYPE, formatMoney, paymentChoiceForOutlets } from '@santap/domain';
import type { PaymentChoiceMode } from '@santap/domain';
import {
  Banner,
  Button,
  CheckboxGroup,
  FoodCourtCoupons,
  LanguageButton,
  Page,
  RadioGroup,
  useUiTranslation,
} from '@santap/ui';
import type { FoodCourtCouponOffer } from '@santap/ui';
import { paths } from '../../../config/paths';
import { OrderPanel } from '../../../components/order-panel';
import type { SettingsStep } from '../../../components/order-panel';
import { api } from '../../../lib/api';
import type { CartBillData, CartLine, FcCoupons } from '../../../lib/api-types';
import { isComplete } from '../../../lib/fc-session';
import { useFcOrder } from '../../../lib/use-fc-order';
import { loadCart } from '../api/load-cart';
import type { CartPageData } from '../api/load-cart';
import { OutletLines } from '../components/cart-lines';
import { FcBill } from '../components/fc-bill';
import { OrderTime } from '../components/order-time';
import '../cart.css';
import { errorCodeOf, errorText, cartItemsTotal, useCart } from '@santap/web';

export const loader = loadCart;
/** The server-rendered page's data, settled in this browser (`afterHydration` of lib/load-base). */
export { afterHydration } from '../../../lib/load-base';

/**
 * The coupons worth showing for this cart: the food court's own and those of outlets in the cart
 * (another outlet's coupon could never apply), with outlet names instead of ids.
 */
export function couponOffers(
  coupons: FcCoupons,
  names: ReadonlyMap<number, string>,
  outletsInCart: ReadonlySet<number>,
): FoodCourtCouponOffer[] {
  const relevant = coupons.coupons.filter(
    (coupon) => coupon.restaurant_id === null || outletsInCart.has(coupon.restaurant_id),
  );
  return relevant.map((coupon) => ({
    code: coupon.code,
    title: coupon.title,
    outletId: coupon.restaurant_id,
    ...(coupon.restaurant_id !== null ? { outletName: names.get(coupon.restaurant_id) ?? '' } : {}),
    usable: coupon.usable,
    ...(coupon.reason ? { reason: coupon.reason } : {}),
  }));
}

/**
 * Whether the cart's bill spends cashback. The server keeps the cashback switch on the cart, so a
 * diner who comes back to the cart finds it as they left it (not off while the bill still spends it).
 */
const spendsCashback = (bill: CartBillData | undefined) =>
  bill?.bill.lines.some((line) => line.key === BILL_LINE_KEY.loyaltyDiscount && line.amount !== 0) ?? false;

/** One Idempotency-Key per checkout attempt: a retry of the same cart reuses it (never two orders). */
function useAttemptKey() {
  const attempt = useRef<{ key: string; signature: string } | undefined>(undefined);
  return useCallback((signature: string) => {
    if (attempt.current?.signature !== signature) attempt.current = { key: crypto.randomUUID(), signature };
    return attempt.current.key;
  }, []);
}

/**
 * `/fc/:mall/cart`: the one cart across the food court's outlets, grouped by outlet. What ran out
 * anywhere is named and can be removed; a delivery cart loses the outlets that do not deliver
 * ('Delivery Not Supported'); coupons per outlet or for the whole food court; cashback; the bill and
 * each outlet's share; then one order per outlet under one food-court order, paid once.
 */
export function Component() {
  const loaded = useLoaderData() as CartPageData;
  const { slug, mall, outlets } = loaded;
  const { t, language } = useUiTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const cartState = useCart(api, slug, loaded.cart);
  const order = useFcOrder(slug, outlets, loaded.session, cartState);
  const [bill, setBill] = useState<CartBillData | undefined>(loaded.bill);
  const [coupons, setCoupons] = useState<FcCoupons | undefined>(loaded.coupons);
  const [outOfStock, setOutOfStock] = useState(loaded.outOfStock);
  const [useLoyalty, setUseLoyalty] = useState(() => spendsCashback(loaded.bill));
  const [billLoading, setBillLoading] = useState(false);
  const [couponBusy, setCouponBusy] = useState(false);
  const [couponError, setCouponError] = useState<string>();
  const [lineError, setLineError] = useState<string>();
  const [placeError, setPlaceError] = useState<string>();
  const [placing, setPlacing] = useState(false);
  const [settings, setSettings] = useState<SettingsStep>(false);
  // Undefined until the diner picks: the choice shows what the outlets prefer (spec §4).
  const [paymentMode, setPaymentMode] = useState<PaymentChoiceMode | undefined>();
  const keyFor = useAttemptKey();
  const cart = cartState.cart;
  const names = useMemo(
    () => new Map(outlets.map((outlet) => [outlet.restaurant_id, outlet.name])),
    [outlets],
  );

  useEffect(() => {
    setBill(loaded.bill);
    setUseLoyalty(spendsCashback(loaded.bill));
    setCoupons(loaded.coupons);
    setOutOfStock(loaded.outOfStock);
  }, [loaded]);

  // The bill, the coupons and what ran out follow every change of the cart.
  const first = useRef(loaded.cart);
  useEffect(() => {
    if (!cart || cart === first.current) return undefined;
    let cancelled = false;
    setBillLoading(true);
    void Promise.all([
      api.call(cartApi.cartBill, { query: { scope: slug } }).then((reply) => !cancelled && setBill(reply)),
      api
        .call(promotions.foodCourtCouponsActive, { query: { mall: slug } })
        .then((reply) => !cancelled && setCoupons(reply)),
      api
        .call(cartApi.foodCourtOutOfStock, { query: { scope: slug } })
        .then((reply) => !cancelled && setOutOfStock(reply.items.map((item) => item.name))),
    ])
      .catch(() => undefined)
      .finally(() => !cancelled && setBillLoading(false));
    return () => {
      cancelled = true;
    };
  }, [cart, slug]);

  const groups = useMemo(
    () =>
      outlets
        .map((outlet) => ({
          outlet,
          lines: cart?.items.filter((line) => line.restaurant_id === outlet.restaurant_id) ?? [],
        }))
        .filter((group) => group.lines.length > 0),
    [outlets, cart],
  );

  const changeQuantity = async (line: CartLine, quantity: number) => {
    setLineError(undefined);
    try {
      await cartState.update({ cart_item_id: line.cart_item_id, quantity });
    } catch (error) {
      setLineError(errorText(error, t));
    }
  };

  const couponCall = async (call: () => Promise<FcCoupons>) => {
    setCouponBusy(true);
    setCouponError(undefined);
    try {
      const reply = await call();
      setCoupons(reply);
      setBill((current) => (current ? { ...current, bill: reply.bill } : current));
      await cartState.refresh();
    } catch (error) {
      setCouponError(errorText(error, t));
    } finally {
      setCouponBusy(false);
    }
  };

  const toggleLoyalty = async (checked: boolean) => {
    setUseLoyalty(checked);
    try {
      const reply = await api.call(promotions.foodCourtLoyaltyUpdate, {
        body: { mall: slug, use_loyalty: checked },
      });
      setBill((current) => (current ? { ...current, bill: reply.bill } : current));
    } catch (error) {
      setUseLoyalty(!checked);
      setPlaceError(errorText(error, t));
    }
  };

  const outletsInCart = groups.map((group) => group.outlet);
  const choice = paymentChoiceForOutlets({
    orderType: order.session.orderType,
    scheduled: order.session.schedule !== undefined,
    outlets: outletsInCart.map((outlet) => ({
      prepaidOrderTypes: outlet.prepaid_order_types,
      payLaterOrderTypes: outlet.pay_later_order_types,
    })),
  });
  const mode: PaymentChoiceMode =
    paymentMode !== undefined && choice.modes.includes(paymentMode) ? paymentMode : choice.preferred;

  const unavailable = outOfStock.length > 0 || (cart?.items.some((line) => !line.available) ?? false);
  const priceChanged = cart?.warnings.includes(MESSAGE.priceWarning) ?? false;
  const loginPath = paths.login(slug, `${location.pathname}${location.search}`);

  const place = async () => {
    if (!cart) return;
    setPlaceError(undefined);
    if (unavailable) {
      setPlaceError(t('errors.itemsNotAvailable'));
      return;
    }
    if (!isComplete(order.session)) {
      setSettings(order.session.orderType === ORDER_TYPE.DELIVERY ? 'address' : 'type');
      return;
    }
    const signature = JSON.stringify([
      cart.items.map((line) => [line.cart_item_id, line.quantity, line.notes]),
      cart.context,
      coupons?.applied,
      useLoyalty,
      mode,
    ]);
    setPlacing(true);
    try {
      await order.synced();
      const created = await api.call(
        orders.foodCourtOrderCreate,
        {
          body: {
            scope: slug,
            payment_mode: mode,
            ...(priceChanged ? { accept_prices: true } : {}),
            ...(useLoyalty ? { use_loyalty: true } : {}),
          },
        },
        { idempotencyKey: keyFor(signature) },
      );
      const fcOrderId = created.fc_order_id ?? created.order_id;
      // Paid later at the outlets' counters, or covered by cashback: nothing to pay now, on to the order.
      navigate(
        mode === 'pay_later' || created.amount === 0
          ? paths.order(slug, fcOrderId)
          : paths.pay(slug, fcOrderId),
        { replace: true },
      );
    } catch (error) {
      if (error instanceof AuthRequired) {
        window.location.assign(loginPath);
        return;
      }
      const code = errorCodeOf(error);
      if (code === MESSAGE.priceWarning || code === MESSAGE.itemsNotAvailable) {
        await cartState.refresh().catch(() => undefined);
      }
      setPlaceError(errorText(error, t));
    } finally {
      setPlacing(false);
    }
  };

  if (!cart || cart.items.length === 0) {
    return (
      <Page title={t('cart.title')} onBack={() => navigate(paths.mall(slug))} headerEnd={<LanguageButton />}>
        <div className="fc-center">
          {order.removedOutlets.length > 0 ? (
            <Banner tone="warning" title={t('errors.deliveryNotSupported')}>
              {t('fc.delivery.removed', { outlets: order.removedOutlets.join(', ') })}
            </Banner>
          ) : null}
          <p>{t('errors.cartEmpty')}</p>
          <Button onClick={() => navigate(paths.mall(slug))}>{t('fc.cart.browse')}</Button>
        </div>
      </Page>
    );
  }

  // The bill comes from the server; until it arrives the lines' total stands in.
  const total = bill?.bill.total ?? cartItemsTotal(cart);
  return (
    <Page
      title={t('cart.title')}
      onBack={() => navigate(paths.mall(slug))}
      headerEnd={<LanguageButton />}
      actions={
        <Button fullWidth loading={placing} disabled={cart.locked} onClick={() => void place()}>
          {mode === 'pay_later'
            ? t('cart.placeOrder', { total: formatMoney(total, mall.currency, language) })
            : t('fc.cart.orderAndPay', { total: formatMoney(total, mall.currency, language) })}
        </Button>
      }
    >
      <div className="fc-stack">
        <OrderPanel
          mall={mall}
          outlets={outlets}
          order={order}
          outletIdsInCart={cart?.items.map((line) => line.restaurant_id) ?? []}
          problem={order.syncError !== undefined ? errorText(order.syncError, t) : undefined}
          step={settings}
          onStep={setSettings}
        />
        <OrderTime
          session={order.session}
          outlets={outletsInCart}
          timeZone={mall.time_zone}
          onChange={order.setSession}
        />
        {cart.locked ? <Banner tone="warning">{t('errors.cartLocked')}</Banner> : null}
        {unavailable ? (
          <Banner
            tone="error"
            title={t('errors.itemsNotAvailable')}
            action={
              <Button
                variant="secondary"
                loading={cartState.busy}
                onClick={() =>
                  void cartState
                    .removeUnavailable()
                    .catch((error: unknown) => setLineError(errorText(error, t)))
                }
              >
                {t('cart.removeUnavailable')}
              </Button>
            }
          >
            {outOfStock.length > 0
              ? t('fc.cart.outOfStock', { items: outOfStock.join(', ') })
              : t('cart.unavailable.body')}
          </Banner>
        ) : null}
        {priceChanged ? (
          <Banner tone="warning" title={t('errors.priceWarning')}>
            {t('cart.priceWarning.body')}
          </Banner>
        ) : null}
        {lineError ? <Banner tone="error">{lineError}</Banner> : null}
        {groups.map(({ outlet, lines }) => (
          <OutletLines
            key={outlet.restaurant_id}
            outletName={outlet.name}
            lines={lines}
            currency={cart.currency}
            disabled={cartState.busy || cart.locked}
            onQuantity={(line, quantity) => void changeQuantity(line, quantity)}
            onAddMore={() => navigate(paths.outlet(slug, outlet.nameid))}
          />
        ))}
        <FoodCourtCoupons
          currency={cart.currency}
          applied={(coupons?.applied ?? []).map((part) => ({
            outletId: part.restaurant_id,
            outletName: names.get(part.restaurant_id) ?? '',
            code: part.code,
            amount: part.amount,
          }))}
          coupons={
            coupons
              ? couponOffers(coupons, names, new Set(groups.map((group) => group.outlet.restaurant_id)))
              : undefined
          }
          busy={couponBusy}
          {...(couponError ? { error: couponError } : {})}
          onApply={(code, outletId) =>
            void couponCall(() =>
              api.call(promotions.foodCourtCouponApply, {
                body: { mall: slug, code, ...(outletId !== undefined ? { restaurant_id: outletId } : {}) },
              }),
            )
          }
          onRemoveOutlet={(outletId) =>
            void couponCall(() =>
              api.call(promotions.foodCourtCouponRemoveRest, {
                body: { mall: slug, restaurant_id: outletId },
              }),
            )
          }
          onRemoveAll={() =>
            void couponCall(() => api.call(promotions.foodCourtCouponRemoveAll, { body: { mall: slug } }))
          }
        />
        {loaded.wallet?.logged_in ? (
          loaded.wallet.balance > 0 ? (
            <CheckboxGroup
              legend={t('ui.loyalty.title')}
              options={[
                {
                  value: 'use',
                  label: t('fc.loyalty.use', {
                    amount: formatMoney(loaded.wallet.balance, mall.currency, language),
                  }),
                },
              ]}
              values={useLoyalty ? ['use'] : []}
              onToggle={(_value, checked) => void toggleLoyalty(checked)}
            />
          ) : null
        ) : loaded.wallet === undefined && loaded.loggedIn ? null : (
          <a className="st-button st-button--ghost" href={loginPath}>
            {t('fc.loyalty.login')}
          </a>
        )}
        {choice.modes.length > 1 ? (
          <RadioGroup
            legend={t('cart.payment.title')}
            options={[
              { value: 'online', label: t('cart.payment.online'), description: t('cart.payment.onlineHint') },
              { value: 'pay_later', label: t('cart.payment.later'), description: t('fc.payLater.each') },
            ]}
            value={mode}
            onChange={setPaymentMode}
          />
        ) : null}
        {bill ? <FcBill bill={bill} outletNames={names} loading={billLoading} /> : null}
        <p className="fc-muted">{t('fc.cart.onePayment')}</p>
        {placeError ? <Banner tone="error">{placeError}</Banner> : null}
      </div>
    </Page>
  );
}
