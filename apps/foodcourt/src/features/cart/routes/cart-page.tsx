import { useMemo, useState } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { formatMoney } from '@santap/domain';
import {
  Banner,
  Button,
  CartLines,
  CartWarnings,
  EmptyCart,
  LanguageButton,
  Page,
  PaymentModeChoice,
  useUiTranslation,
} from '@santap/ui';
import { billToPay, cartItemsTotal, errorText, useCart } from '@santap/web';
import { paths } from '../../../config/paths';
import { OrderPanel } from '../../../components/order-panel';
import type { SettingsStep } from '../../../components/order-panel';
import { api } from '../../../lib/api';
import { useFcOrder } from '../../../lib/use-fc-order';
import { loadCart } from '../api/load-cart';
import type { CartPageData } from '../api/load-cart';
import { CashbackChoice } from '../components/cashback-choice';
import { FcBill } from '../components/fc-bill';
import { OrderTime } from '../components/order-time';
import { OutletCoupons } from '../components/outlet-coupons';
import { useCartExtras } from '../hooks/use-cart-extras';
import { usePlaceOrder } from '../hooks/use-place-order';
import '../cart.css';

export const loader = loadCart;
/** The server-rendered page's data, settled in this browser (`afterHydration` of lib/load-base). */
export { afterHydration } from '../../../lib/load-base';

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
  const [settings, setSettings] = useState<SettingsStep>(false);
  const cart = cartState.cart;
  const names = useMemo(
    () => new Map(outlets.map((outlet) => [outlet.restaurant_id, outlet.name])),
    [outlets],
  );

  const extras = useCartExtras(loaded, cart);
  const { bill, coupons, outOfStock, useLoyalty } = extras;
  const loginPath = paths.login(slug, `${location.pathname}${location.search}`);

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

  const outletsInCart = groups.map((group) => group.outlet);
  const checkout = usePlaceOrder({
    slug,
    cartState,
    order,
    outletsInCart,
    coupons,
    useLoyalty,
    outOfStock,
    onSettings: setSettings,
    loginPath,
  });
  const { choice, mode } = checkout;

  if (!cart || cart.items.length === 0) {
    return (
      <Page title={t('cart.title')} onBack={() => navigate(paths.mall(slug))} headerEnd={<LanguageButton />}>
        <EmptyCart browseLabel={t('fc.cart.browse')} onBrowse={() => navigate(paths.mall(slug))}>
          {order.removedOutlets.length > 0 ? (
            <Banner tone="warning" title={t('errors.deliveryNotSupported')}>
              {t('fc.delivery.removed', { outlets: order.removedOutlets.join(', ') })}
            </Banner>
          ) : null}
        </EmptyCart>
      </Page>
    );
  }

  // What the orders will come to: paid later at the outlets' counters, each with its cash rounding.
  const toPay = bill
    ? {
        bill: billToPay(bill.bill, mode),
        by_restaurant: bill.by_restaurant.map((part) => ({ ...part, bill: billToPay(part.bill, mode) })),
      }
    : undefined;
  // The bill comes from the server; until it arrives the lines' total stands in.
  const total = toPay?.bill.total ?? cartItemsTotal(cart);
  return (
    <Page
      title={t('cart.title')}
      onBack={() => navigate(paths.mall(slug))}
      headerEnd={<LanguageButton />}
      actions={
        <Button
          fullWidth
          loading={checkout.placing}
          disabled={cart.locked}
          onClick={() => void checkout.placeOrder()}
        >
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
          cart={cart}
          problem={order.syncError}
          step={settings}
          onStep={setSettings}
        />
        <OrderTime
          session={order.session}
          outlets={outletsInCart}
          timeZone={mall.time_zone}
          onChange={order.setSession}
        />
        <CartWarnings
          className="fc-stack"
          locked={cart.locked}
          unavailable={checkout.unavailable}
          {...(outOfStock.length > 0
            ? { unavailableBody: t('fc.cart.outOfStock', { items: outOfStock.join(', ') }) }
            : {})}
          priceChanged={checkout.priceChanged}
          removing={cartState.busy}
          onRemoveUnavailable={() => void checkout.removeUnavailable()}
        />
        {checkout.lineError ? <Banner tone="error">{checkout.lineError}</Banner> : null}
        {groups.map(({ outlet, lines }) => (
          <CartLines
            key={outlet.restaurant_id}
            title={outlet.name}
            lines={lines}
            currency={cart.currency}
            disabled={cartState.busy || cart.locked}
            onQuantity={(line, quantity) => void checkout.changeQuantity(line, quantity)}
            addMoreLabel={t('fc.cart.addMore', { outlet: outlet.name })}
            onAddMore={() => navigate(paths.outlet(slug, outlet.nameid))}
          />
        ))}
        <OutletCoupons
          slug={slug}
          currency={cart.currency}
          coupons={coupons}
          names={names}
          outletIds={new Set(groups.map((group) => group.outlet.restaurant_id))}
          onChange={async (reply) => {
            extras.takeCoupons(reply);
            await cartState.refresh();
          }}
        />
        <CashbackChoice
          wallet={loaded.wallet}
          loggedIn={loaded.loggedIn}
          currency={mall.currency}
          checked={useLoyalty}
          onChange={(checked) =>
            void extras
              .toggleLoyalty(checked)
              .catch((error: unknown) => checkout.setPlaceError(errorText(error, t)))
          }
          loginPath={loginPath}
        />
        {choice.modes.length > 1 ? (
          <PaymentModeChoice value={mode} onChange={checkout.setMode} laterHint="fc.payLater.each" />
        ) : null}
        {toPay ? <FcBill bill={toPay} outletNames={names} loading={extras.billLoading} /> : null}
        <p className="fc-muted">{t('fc.cart.onePayment')}</p>
        {checkout.placeError ? <Banner tone="error">{checkout.placeError}</Banner> : null}
      </div>
    </Page>
  );
}
