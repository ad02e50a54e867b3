import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { AuthRequired, cart as cartApi } from '@santap/api-client';
import {
  BILL_LINE_KEY,
  MESSAGE,
  ORDER_TYPE,
  formatMoney,
  paymentChoice,
  placedContext,
} from '@santap/domain';
import {
  Banner,
  Button,
  LanguageButton,
  NotesPopup,
  PackagingChargesPopup,
  Page,
  RadioGroup,
  SaveTreesPopup,
  SpecialRequestPopup,
} from '@santap/ui';
import type { SaveTreesChoice } from '@santap/ui';
import { paths } from '../../../config/paths';
import { LazyOrderSettings } from '../../../components/lazy-order-settings';
import type { OrderSettingsStep } from '../../../components/order-settings';
import { CartCoupons } from '../../../components/offers';
import { OrderSummary } from '../../../components/order-summary';
import { api } from '../../../lib/api';
import type { BillData, CartLine as CartLineData } from '../../../lib/api-types';
import { addMoreErrorMessage, addingTo, doneAdding } from '../../../lib/add-more';
import { useExitGuard } from '../../../lib/exit-guard';
import { loginPathFor } from '../../../lib/login-query';
import {
  contextInput,
  isSessionComplete,
  readOrderSession,
  sameSession,
  writeOrderSession,
} from '../../../lib/order-session';
import { useOrderSession } from '../../../lib/use-order-session';
import { useT } from '../../../lib/use-t';
import { loadCart } from '../api/load-cart';
import type { CartLoaderData } from '../api/load-cart';
import { BillBreakdown } from '../components/bill-breakdown';
import { CartOffers } from '../components/cart-offers';
import { CartLine } from '../components/cart-line';
import { CouponField } from '../components/coupon-field';
import {
  createOrderEndpoint,
  navigationAfterCreated,
  nextAfterCreated,
  rememberOrder,
  useCheckoutAttempt,
} from '../lib/place-order';
import { composeSpecialNote, hasStoredCartNote, readCartNote, writeCartNote } from '../lib/special-note';
import type { CartNote } from '../lib/special-note';
import '../cart.css';
import { errorCodeOf, errorText, uiMessageOf, useCart } from '@santap/web';

export const loader = loadCart;

/**
 * Before the browser hydrates the server's cart (`startApp`): the server saw no sessionStorage,
 * so its render is the browser's only when this tab keeps nothing of this restaurant there (an order
 * session, items being added to an order, the note's parts) or the same order session.
 */
export function beforeHydration(data: CartLoaderData): boolean {
  const nameid = data.restaurant.nameid;
  const stored = readOrderSession(nameid);
  if (stored && (!data.orderTypeChosen || !sameSession(stored, data.session))) return false;
  return addingTo(nameid) === undefined && !hasStoredCartNote(nameid);
}

/** After hydration: the order session the loader would have kept for this tab. */
export function afterHydration(data: CartLoaderData): 'stale' | 'fresh' {
  writeOrderSession(data.restaurant.nameid, data.session);
  return 'fresh';
}

type Popup =
  | { kind: 'note'; line: CartLineData }
  | { kind: 'specialRequest' }
  | { kind: 'packaging' }
  | { kind: 'saveTrees' }
  | undefined;

type PaymentMode = 'online' | 'pay_later';

/** Cashback the bill spends (its loyalty line, a negative amount), in minor units. */
const cashbackOf = (bill: BillData) =>
  -(bill.lines.find((line) => line.key === BILL_LINE_KEY.loyaltyDiscount)?.amount ?? 0);

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
 * is the client's `AuthRequired`, to login).
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
  const [bill, setBill] = useState<BillData>(loaded.bill);
  const [billLoading, setBillLoading] = useState(false);
  const [popup, setPopup] = useState<Popup>();
  const [popupError, setPopupError] = useState<ReturnType<typeof uiMessageOf> | undefined>();
  const [settings, setSettings] = useState<false | OrderSettingsStep>(false);
  const [orderTypeChosen, setOrderTypeChosen] = useState(loaded.orderTypeChosen);
  const [lineError, setLineError] = useState<string | undefined>();
  const [placeError, setPlaceError] = useState<string | undefined>();
  const [placing, setPlacing] = useState(false);
  // Undefined until the diner picks: the choice then shows what the restaurant prefers (spec §4).
  const [paymentMode, setPaymentMode] = useState<PaymentMode | undefined>();
  // The server keeps the cashback switch on the cart: a diner coming back finds it as they left it.
  const [useLoyalty, setUseLoyalty] = useState(() => cashbackOf(loaded.bill) > 0);
  const [billVersion, setBillVersion] = useState(0);
  const attempt = useCheckoutAttempt();
  const warningsRef = useRef<HTMLDivElement>(null);

  const saveTreesWords = useMemo(
    () => ({ noCutlery: t('cart.saveTrees.noCutlery'), noPaper: t('cart.saveTrees.noPaper') }),
    [t],
  );
  const note: CartNote = useMemo(
    () => readCartNote(scope, cart.special_note, saveTreesWords),
    [scope, cart.special_note, saveTreesWords],
  );

  // The bill follows every change of the cart (items, coupon, order type) and of the offers.
  const firstCart = useRef(loaded.cart);
  useEffect(() => {
    if (cart === firstCart.current && billVersion === 0) return undefined;
    let cancelled = false;
    setBillLoading(true);
    api
      .call(cartApi.cartBill, { query: { scope } })
      .then((reply) => {
        if (!cancelled) setBill(reply.bill);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setBillLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [cart, scope, billVersion]);
  useEffect(() => {
    firstCart.current = loaded.cart;
    setBill(loaded.bill);
    setUseLoyalty(cashbackOf(loaded.bill) > 0);
  }, [loaded]);

  const hasItems = cart.items.length > 0;
  const addingToOrder = addingTo(scope);
  useExitGuard(hasItems && !placing, inJourney);

  const menuPath = paths.menu(scope, session.context.orderType, session.context.pickupType);
  // The type the order is placed and priced with: a delivery of vouchers only is takeaway (spec §4).
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
  const payLaterAllowed = choice.modes.includes('pay_later');
  const mode: PaymentMode =
    paymentMode !== undefined && choice.modes.includes(paymentMode) ? paymentMode : choice.preferred;
  const unavailable = cart.items.some((line) => !line.available);
  const priceChanged = cart.warnings.includes(MESSAGE.priceWarning);

  const changeQuantity = async (line: CartLineData, quantity: number) => {
    setLineError(undefined);
    try {
      await cartState.update({ cart_item_id: line.cart_item_id, quantity });
    } catch (error) {
      setLineError(errorText(error, t));
    }
  };

  const runPopup = async (action: () => Promise<unknown>) => {
    setPopupError(undefined);
    try {
      await action();
      setPopup(undefined);
    } catch (error) {
      setPopupError(uiMessageOf(error));
    }
  };

  const saveNote = (next: CartNote) =>
    runPopup(async () => {
      await cartState.setSpecialNote(composeSpecialNote(next, saveTreesWords));
      writeCartNote(scope, next);
    });

  const removeUnavailable = async () => {
    setPlaceError(undefined);
    try {
      await cartState.removeUnavailable();
    } catch (error) {
      setPlaceError(errorText(error, t));
    }
  };

  const loginPath = useCallback(
    () =>
      loginPathFor({
        path: paths.cart(scope, session.context.orderType, session.context.pickupType),
        menuPath,
        session,
        language,
      }),
    [language, menuPath, scope, session],
  );
  const toLogin = useCallback(() => navigate(loginPath()), [loginPath, navigate]);
  /** A guest's friend's code: the signup with the same way back, applying `ref` to the new account. */
  const toSignupWithCode = (code: string) => {
    const url = new URL(loginPath(), window.location.origin);
    url.pathname = paths.signup();
    url.searchParams.set('ref', code);
    navigate(`${url.pathname}${url.search}`);
  };

  const placeOrder = useCallback(async () => {
    setPlaceError(undefined);
    if (unavailable) {
      setPlaceError(t('errors.itemsNotAvailable'));
      warningsRef.current?.focus();
      return;
    }
    if (!orderTypeChosen) {
      setPlaceError(t('validation.selectOrderType'));
      setSettings('time');
      return;
    }
    if (!isSessionComplete(placed)) {
      setSettings(session.context.orderType === ORDER_TYPE.DELIVERY ? 'address' : 'time');
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
    const idempotencyKey = attempt.keyFor(signature);
    setPlacing(true);
    try {
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
      attempt.settle();
      rememberOrder(created.order_id, scope);
      doneAdding(scope);
      const { to, replace } = navigationAfterCreated(nextAfterCreated(created, scheduled));
      navigate(to, { replace });
    } catch (error) {
      if (error instanceof AuthRequired) {
        toLogin();
        return;
      }
      const code = errorCodeOf(error);
      if (code === MESSAGE.priceWarning || code === MESSAGE.itemsNotAvailable) {
        await cartState.refresh().catch(() => undefined);
      }
      // The running order takes no more items (finished, another table…): the words say to order anew,
      // and the next tap does.
      if (code === MESSAGE.addMoreClosed || code === MESSAGE.addMoreMismatch) doneAdding(scope);
      // 'Add more items' to a running order: its own words for a failure (spec §8).
      setPlaceError(addingTo(scope) ? addMoreErrorMessage(error, t) : errorText(error, t));
    } finally {
      setPlacing(false);
    }
  }, [
    attempt,
    cart,
    cartState,
    mode,
    navigate,
    orderTypeChosen,
    placed,
    priceChanged,
    scheduled,
    scope,
    session,
    t,
    toLogin,
    unavailable,
    useLoyalty,
  ]);

  const packaging = bill.lines.find((line) => line.key === 'bill.packaging');
  const totalText = formatMoney(bill.total, bill.currency, language);

  if (!hasItems) {
    return (
      <Page title={t('cart.title')} onBack={() => navigate(menuPath)} headerEnd={<LanguageButton />}>
        <div className="dn-center">
          <p>{t('errors.cartEmpty')}</p>
          <Button onClick={() => navigate(menuPath)}>{t('cart.browseMenu')}</Button>
        </div>
      </Page>
    );
  }

  return (
    <Page
      title={t('cart.title')}
      onBack={() => navigate(menuPath)}
      headerEnd={<LanguageButton />}
      actions={
        <Button fullWidth loading={placing} disabled={cart.locked} onClick={() => void placeOrder()}>
          {t('cart.placeOrder', { total: totalText })}
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
        {cart.locked ? <Banner tone="warning">{t('errors.cartLocked')}</Banner> : null}

        <div ref={warningsRef} tabIndex={-1} className="dn-stack">
          {unavailable ? (
            <Banner
              tone="error"
              title={t('errors.itemsNotAvailable')}
              action={
                <Button variant="secondary" loading={cartState.busy} onClick={() => void removeUnavailable()}>
                  {t('cart.removeUnavailable')}
                </Button>
              }
            >
              {t('cart.unavailable.body')}
            </Banner>
          ) : null}
          {priceChanged ? (
            <Banner tone="warning" title={t('errors.priceWarning')}>
              {t('cart.priceWarning.body')}
            </Banner>
          ) : null}
        </div>

        <section aria-labelledby="cart-items-title">
          <h2 id="cart-items-title" className="dn-section-title">
            {restaurant.name}
          </h2>
          {lineError ? <Banner tone="error">{lineError}</Banner> : null}
          <ul className="dn-lines">
            {cart.items.map((line) => (
              <CartLine
                key={line.cart_item_id}
                line={line}
                currency={cart.currency}
                disabled={cartState.busy || cart.locked}
                onQuantity={(target, quantity) => void changeQuantity(target, quantity)}
                onEditNote={(target) => {
                  setPopupError(undefined);
                  setPopup({ kind: 'note', line: target });
                }}
              />
            ))}
          </ul>
          <Button variant="ghost" icon="plus" onClick={() => navigate(menuPath)}>
            {t('cart.addMore')}
          </Button>
        </section>

        <section className="dn-cart-extras" aria-label={t('cart.extras')}>
          <Button
            variant="secondary"
            icon="info"
            onClick={() => {
              setPopupError(undefined);
              setPopup({ kind: 'specialRequest' });
            }}
          >
            {note.request ? t('cart.specialRequest.edit') : t('cart.specialRequest.add')}
          </Button>
          {note.request ? <p className="dn-muted dn-cart-note">{note.request}</p> : null}
          {placed.context.orderType !== ORDER_TYPE.DINE_IN ? (
            <Button variant="secondary" icon="leaf" onClick={() => setPopup({ kind: 'saveTrees' })}>
              {note.saveTrees.noCutlery || note.saveTrees.noPaper
                ? t('cart.saveTrees.on')
                : t('cart.saveTrees.open')}
            </Button>
          ) : null}
        </section>

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
          onUseLoyaltyChange={setUseLoyalty}
          onBill={setBill}
          onBillStale={() => setBillVersion((version) => version + 1)}
          onLogin={toLogin}
          onSignupWithCode={toSignupWithCode}
        />

        {/* Added items are paid the way their running order is: no choice to make (spec §4). */}
        {addingToOrder !== undefined ? (
          <Banner tone="info">{t('cart.addingToOrder', { id: String(addingToOrder) })}</Banner>
        ) : payLaterAllowed ? (
          <RadioGroup
            legend={t('cart.payment.title')}
            options={[
              { value: 'online', label: t('cart.payment.online'), description: t('cart.payment.onlineHint') },
              {
                value: 'pay_later',
                label: t('cart.payment.later'),
                description: t('cart.payment.laterHint'),
              },
            ]}
            value={mode}
            onChange={setPaymentMode}
          />
        ) : null}

        <BillBreakdown
          bill={bill}
          loading={billLoading}
          onPackagingInfo={() => setPopup({ kind: 'packaging' })}
        />

        {placeError ? <Banner tone="error">{placeError}</Banner> : null}
      </div>

      {popup?.kind === 'note' ? (
        <NotesPopup
          open
          onClose={() => setPopup(undefined)}
          value={popup.line.notes ?? ''}
          subject={popup.line.name}
          maxLength={300}
          saving={cartState.busy}
          {...(popupError ? { error: popupError } : {})}
          onSave={(text) => void runPopup(() => cartState.setNotes(popup.line.cart_item_id, text))}
        />
      ) : null}
      {popup?.kind === 'specialRequest' ? (
        <SpecialRequestPopup
          open
          onClose={() => setPopup(undefined)}
          value={note.request}
          maxLength={400}
          saving={cartState.busy}
          {...(popupError ? { error: popupError } : {})}
          onSave={(text) => void saveNote({ ...note, request: text })}
        />
      ) : null}
      {popup?.kind === 'saveTrees' ? (
        <SaveTreesPopup
          open
          onClose={() => setPopup(undefined)}
          value={note.saveTrees}
          saving={cartState.busy}
          {...(popupError ? { error: popupError } : {})}
          onSave={(choice: SaveTreesChoice) => void saveNote({ ...note, saveTrees: choice })}
        />
      ) : null}
      <PackagingChargesPopup
        open={popup?.kind === 'packaging'}
        onClose={() => setPopup(undefined)}
        amount={packaging?.amount ?? 0}
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
          setPlaceError(undefined);
          setSettings(false);
        }}
      />
    </Page>
  );
}
