import { useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { ORDER_TYPE, formatMoney } from '@santap/domain';
import { Banner, Button, CartWarnings, LanguageButton, Page, PaymentModeChoice } from '@santap/ui';
import { errorText, useCart } from '@santap/web';
import { paths } from '../../../config/paths';
import { LazyOrderSettings } from '../../../components/lazy-order-settings';
import type { OrderSettingsStep } from '../../../components/order-settings';
import { CartCoupons } from '../../../components/offers';
import { OrderSummary } from '../../../components/order-summary';
import { api } from '../../../lib/api';
import { addingTo } from '../../../lib/add-more';
import { useExitGuard } from '../../../lib/exit-guard';
import { useOrderSession } from '../../../lib/use-order-session';
import { useT } from '../../../lib/use-t';
import { loadCart } from '../api/load-cart';
import type { CartLoaderData } from '../api/load-cart';
import { BillBreakdown } from '../components/bill-breakdown';
import { CartExtras } from '../components/cart-extras';
import { CartOffers } from '../components/cart-offers';
import { CartLine } from '../components/cart-line';
import { CartPopups } from '../components/cart-popups';
import { CouponField } from '../components/coupon-field';
import { cashbackOf, useCartBill } from '../hooks/use-cart-bill';
import { useCartLogin } from '../hooks/use-cart-login';
import { useCartPopups } from '../hooks/use-cart-popups';
import { usePlaceOrder } from '../hooks/use-place-order';
import '../cart.css';

export const loader = loadCart;

/** The server-rendered cart, settled in this browser (lib/cart-hydration). */
export { afterHydration, beforeHydration } from '../lib/cart-hydration';

/** Paths a cart may lead to without the exit prompt: the journey itself. */
const JOURNEY = [
  '/r/',
  '/cart/',
  '/payments',
  '/payment',
  '/login',
  '/signup',
  '/orderstatus',
  '/orderSummary',
];
const inJourney = (pathname: string) => JOURNEY.some((prefix) => pathname.startsWith(prefix));

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

  const hasItems = cart.items.length > 0;
  const addingToOrder = addingTo(scope);
  useExitGuard(hasItems && !checkout.placing, inJourney);

  const page = { title: t('cart.title'), onBack: () => navigate(menuPath), headerEnd: <LanguageButton /> };
  if (!hasItems) {
    return (
      <Page {...page}>
        <div className="dn-center">
          <p>{t('errors.cartEmpty')}</p>
          <Button onClick={() => navigate(menuPath)}>{t('cart.browseMenu')}</Button>
        </div>
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
          {t('cart.placeOrder', { total: formatMoney(bill.total, bill.currency, language) })}
        </Button>
      }
    >
      <div className="dn-stack">
        <OrderSummary session={placed} onChange={() => setSettings('time')} />
        {!orderTypeChosen ? (
          <Banner
            tone="warning"
            title={t('validation.selectOrderType')}
            action={
              <Button variant="secondary" onClick={() => setSettings('time')}>
                {t('menu.orderType.change')}
              </Button>
            }
          />
        ) : null}
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

        <section aria-labelledby="cart-items-title">
          <h2 id="cart-items-title" className="dn-section-title">
            {restaurant.name}
          </h2>
          {checkout.lineError ? <Banner tone="error">{checkout.lineError}</Banner> : null}
          <ul className="dn-lines">
            {cart.items.map((line) => (
              <CartLine
                key={line.cart_item_id}
                line={line}
                currency={cart.currency}
                disabled={cartState.busy || cart.locked}
                onQuantity={(target, quantity) => void checkout.changeQuantity(target, quantity)}
                onEditNote={(target) => popups.open({ kind: 'note', line: target })}
              />
            ))}
          </ul>
          <Button variant="ghost" icon="plus" onClick={() => navigate(menuPath)}>
            {t('cart.addMore')}
          </Button>
        </section>

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
        {/* Added items are paid the way their running order is: no choice to make (spec §4). */}
        {addingToOrder !== undefined ? (
          <Banner tone="info">{t('cart.addingToOrder', { id: String(addingToOrder) })}</Banner>
        ) : checkout.choice.modes.includes('pay_later') ? (
          <PaymentModeChoice value={mode} onChange={checkout.setMode} />
        ) : null}
        <BillBreakdown
          bill={bill}
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
