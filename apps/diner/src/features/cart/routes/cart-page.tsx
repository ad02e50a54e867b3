import { useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { ORDER_TYPE, formatMoney } from '@santap/domain';
import { Banner, Button, CartLines, CartWarnings, EmptyCart, LanguageButton, Page } from '@santap/ui';
import { billToPay, errorText, useCart } from '@santap/web';
import { paths } from '../../../config/paths';
import { LazyOrderSettings } from '../../../components/lazy-order-settings';
import type { OrderSettingsStep } from '../../../components/order-settings';
import { CartCoupons } from '../../../components/offers';
import { OrderSummary } from '../../../components/order-summary';
import { api } from '../../../lib/api';
import { useExitGuard } from '../../../lib/exit-guard';
import { useOrderSession } from '../../../lib/use-order-session';
import { useT } from '../../../lib/use-t';
import { loadCart } from '../api/load-cart';
import type { CartLoaderData } from '../api/load-cart';
import { BillBreakdown } from '../components/bill-breakdown';
import { CartExtras } from '../components/cart-extras';
import { CartOffers } from '../components/cart-offers';
import { CartPaymentMode } from '../components/cart-payment-mode';
import { CartPopups } from '../components/cart-popups';
import { CouponField } from '../components/coupon-field';
import { OrderTypeMissing } from '../components/order-type-missing';
import { cashbackOf, useCartBill } from '../hooks/use-cart-bill';
import { useCartLogin } from '../hooks/use-cart-login';
import { useCartPopups } from '../hooks/use-cart-popups';
import { usePlaceOrder } from '../hooks/use-place-order';
import { inCartJourney } from '../lib/journey';
import '../cart.css';

export const loader = loadCart;

/** The server-rendered cart, settled in this browser (lib/cart-hydration). */
export { afterHydration, beforeHydration } from '../lib/cart-hydration';

/**
 * `/cart/:name/:ot?/:pickupType?`: the cart of one restaurant. Quantities (0 removes), notes per dish,
 * the special request and save-trees choice, warnings ('Price Warning', 'Items not available', with
 * removal of unavailable items), the coupon, the bill from the server, pay now or pay later where the
 * restaurant allows it, cashback (kept on the server's cart) and referral info, and 'Place order': `orders.orderCreate` (or the scheduled variant) with an
 * Idempotency-Key, then where `nextAfterOrderCreated` says (payments or payment response; a lost login
 * is the client's `AuthRequired`, to login). The cart's state and checkout are `@santap/web`'s.
 */
export function Component() {
  const loaded = useLoaderData() as CartLoaderData;
  const { restaurant } = loaded;
  const scope = restaurant.nameid;
  const { t, language } = useT();
  const navigate = useNavigate();
  const cartState = useCart(api, scope, loaded.cart);
  const cart = cartState.cart ?? loaded.cart;
  const order = useOrderSession(scope, loaded.session, cart, cartState.setCart);
  const { session } = order;
  const [settings, setSettings] = useState<false | OrderSettingsStep>(false);
  const [orderTypeChosen, setOrderTypeChosen] = useState(loaded.orderTypeChosen);
  const warningsRef = useRef<HTMLDivElement>(null);

  const popups = useCartPopups(scope, cart, cartState);

  const billState = useCartBill(scope, loaded, cart);
  const { bill, useLoyalty } = billState;
  const menuPath = paths.menu(scope, session.context.orderType, session.context.pickupType);
  const { toLogin, toSignupWithCode } = useCartLogin(scope, session, menuPath);
  const checkout = usePlaceOrder({
    scope,
    restaurant,
    cartState,
    cart,
    session,
    orderTypeChosen,
    useLoyalty,
    warningsRef,
    onSettings: setSettings,
    onLogin: toLogin,
  });
  const { placed, mode, unavailable, priceChanged } = checkout;
  // What the order will come to: paid later at the counter, with the restaurant's cash rounding.
  const toPay = billToPay(bill, mode);

  const hasItems = cart.items.length > 0;
  useExitGuard(hasItems && !checkout.placing, inCartJourney);

  const page = { title: t('cart.title'), onBack: () => navigate(menuPath), headerEnd: <LanguageButton /> };
  if (!hasItems) {
    return (
      <Page {...page}>
        <EmptyCart browseLabel={t('cart.browseMenu')} onBrowse={() => navigate(menuPath)} />
      </Page>
    );
  }

  return (
    <Page
      {...page}
      actions={
        <Button
          fullWidth
          loading={checkout.placing}
          disabled={cart.locked}
          onClick={() => void checkout.placeOrder()}
        >
          {t('cart.placeOrder', { total: formatMoney(toPay.total, toPay.currency, language) })}
        </Button>
      }
    >
      <div className="dn-stack">
        <OrderSummary session={placed} onChange={() => setSettings('time')} />
        {!orderTypeChosen ? <OrderTypeMissing onChoose={() => setSettings('time')} /> : null}
        {order.syncError !== undefined ? <Banner tone="error">{errorText(order.syncError, t)}</Banner> : null}
        <CartWarnings
          ref={warningsRef}
          className="dn-stack"
          locked={cart.locked}
          unavailable={unavailable}
          priceChanged={priceChanged}
          removing={cartState.busy}
          onRemoveUnavailable={() => void checkout.removeUnavailable()}
        />

        <CartLines
          title={restaurant.name}
          error={checkout.lineError}
          lines={cart.items}
          currency={cart.currency}
          disabled={cartState.busy || cart.locked}
          onQuantity={(line, quantity) => void checkout.changeQuantity(line, quantity)}
          onEditNote={(line) => popups.open({ kind: 'note', line })}
          onAddMore={() => navigate(menuPath)}
        />

        <CartExtras
          note={popups.note}
          saveTrees={placed.context.orderType !== ORDER_TYPE.DINE_IN}
          onSpecialRequest={() => popups.open({ kind: 'specialRequest' })}
          onSaveTrees={() => popups.open({ kind: 'saveTrees' })}
        />
        <CouponField code={cart.discount_code} onApply={cartState.setDiscount} />
        <CartCoupons
          scope={scope}
          currency={cart.currency}
          appliedCode={cart.discount_code}
          onApply={cartState.setDiscount}
        />
        <CartOffers
          scope={scope}
          wallet={loaded.wallet}
          referral={loaded.referral}
          cashbackOnBill={cashbackOf(bill)}
          useLoyalty={useLoyalty}
          onUseLoyaltyChange={billState.setUseLoyalty}
          onBill={billState.setBill}
          onBillStale={billState.reload}
          onLogin={toLogin}
          onSignupWithCode={toSignupWithCode}
        />
        <CartPaymentMode scope={scope} choice={checkout.choice} mode={mode} onChange={checkout.setMode} />
        <BillBreakdown
          bill={toPay}
          loading={billState.loading}
          onPackagingInfo={() => popups.open({ kind: 'packaging' })}
        />
        {checkout.placeError ? <Banner tone="error">{checkout.placeError}</Banner> : null}
      </div>

      <CartPopups
        popup={popups.popup}
        onClose={popups.close}
        error={popups.error}
        saving={cartState.busy}
        note={popups.note}
        onLineNote={(line, text) => popups.saveLineNote(line.cart_item_id, text)}
        onNote={popups.saveNote}
        packagingAmount={bill.lines.find((line) => line.key === 'bill.packaging')?.amount ?? 0}
        currency={bill.currency}
      />
      <LazyOrderSettings
        open={settings}
        onClose={() => setSettings(false)}
        restaurant={restaurant}
        session={session}
        onSave={(next) => {
          order.setSession(next);
          setOrderTypeChosen(true);
          checkout.setPlaceError(undefined);
          setSettings(false);
        }}
      />
    </Page>
  );
}
