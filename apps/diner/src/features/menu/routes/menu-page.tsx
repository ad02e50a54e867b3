import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, data, useLoaderData, useNavigate } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import { Banner, Button, LanguageButton, HeaderPhoto, Page, TextField, usePageToast } from '@santap/ui';
import type { VariantsChoice } from '@santap/ui';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { LazyOrderSettings } from '../../../components/lazy-order-settings';
import type { OrderSettingsStep } from '../../../components/order-settings';
import { MenuOffers } from '../../../components/offers';
import { OrderSummary } from '../../../components/order-summary';
import { TabJoinSlot } from '../../../components/tab-join-slot';
import { orderTypeText } from '../../../components/order-context-text';
import { api } from '../../../lib/api';
import type { MenuItemData } from '../../../lib/api-types';
import {
  isSessionComplete,
  readOrderSession,
  sameSession,
  writeOrderSession,
} from '../../../lib/order-session';
import { storedAuth } from '../../../lib/session';
import { useOrderSession } from '../../../lib/use-order-session';
import { useT } from '../../../lib/use-t';
import { bookingPaths } from '../../../config/booking-paths';
import { loadMenu } from '../api/load-menu';
import type { MenuLoaderData } from '../api/load-menu';
import { CartBar } from '../components/cart-bar';
import { MenuOrderTypeContext } from '../components/item-card';
import { CategoryBar } from '../components/category-bar';
import { LazyItemPopup } from '../components/lazy-item-popup';
import { MenuSections, SearchResults } from '../components/menu-sections';
import { Suggestions } from '../components/suggestions';
import { useCartRecommendations } from '../hooks/use-cart-recommendations';
import { useLiveMenu } from '../hooks/use-live-menu';
import { dishesOf } from '../lib/recommendations';
import '../menu.css';
import { cartItemsTotal, errorText, useCart } from '@santap/web';

/** An unknown restaurant is a 404 page, not a retry. */
export async function loader(args: LoaderFunctionArgs) {
  try {
    return await loadMenu(args);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * After the browser hydrated the server's menu (main.tsx): what the loader would have done here, which
 * the server could not (keep the order session for this tab), and whether this browser would have
 * loaded other data — a logged-in diner (their cart, repeat items, allergies) or an order session this
 * tab changed before a reload. Then the app runs the loader again.
 */
export function afterHydration(data: MenuLoaderData): 'stale' | 'fresh' {
  const nameid = data.restaurant.nameid;
  const stored = readOrderSession(nameid);
  if (storedAuth()) return 'stale';
  if (stored && !sameSession(stored, data.session)) return 'stale';
  writeOrderSession(nameid, data.session);
  return 'fresh';
}

/** Is the restaurant taking this order now? Closed for an ASAP order of this type, or not at all. */
function closedMessageKey(data: MenuLoaderData, orderType: number, scheduled: boolean) {
  if (!data.restaurant.accepting_orders) return 'errors.restaurantNotTakingOrders' as const;
  if (scheduled) return undefined;
  const open = data.restaurant.is_open;
  const isOpen =
    orderType === ORDER_TYPE.DINE_IN
      ? open.dineIn
      : orderType === ORDER_TYPE.DELIVERY
        ? open.delivery
        : open.pickup;
  return isOpen ? undefined : ('errors.restaurantClosed' as const);
}

/**
 * `/r/:name/:ot?/:pickupType?`: the restaurant's menu. The order bar says how and when the diner
 * orders (and opens the order settings); categories sit in a sticky bar; the search filters every
 * dish; a dish opens the variants and add-ons popup, which adds it to the server cart; best sellers,
 * 'frequently bought with' and 'complete your meal' suggest more; the cart bar leads to the cart.
 */
export function Component() {
  const loaded = useLoaderData() as MenuLoaderData;
  const { restaurant } = loaded;
  const menu = useLiveMenu(loaded.menu, restaurant.nameid);
  const currency = menu.currency;
  const { t } = useT();
  const toast = usePageToast();
  const navigate = useNavigate();
  const cart = useCart(api, restaurant.nameid, loaded.cart);
  const order = useOrderSession(restaurant.nameid, loaded.session, cart.cart, cart.setCart);
  const { session } = order;
  const [query, setQuery] = useState('');
  const [openItem, setOpenItem] = useState<MenuItemData | undefined>();
  const [lastAdded, setLastAdded] = useState<MenuItemData | undefined>();
  const [settingsOpen, setSettingsOpen] = useState<false | OrderSettingsStep>(false);

  const refreshCart = cart.refresh;
  useEffect(() => {
    // The loader could not read the cart (a route name that is not the nameid, a network blip).
    if (!loaded.cart) refreshCart().catch(() => undefined);
  }, [loaded.cart, refreshCart]);

  const inCart = useMemo(() => new Set(cart.cart?.items.map((line) => line.item_id) ?? []), [cart.cart]);
  // Recommendations come from the server (spec §7): best sellers and repeat items with the page,
  // 'complete your meal' and 'often ordered with' as the cart changes.
  const sellers = useMemo(() => dishesOf(menu, loaded.bestSellerIds), [menu, loaded.bestSellerIds]);
  const repeatItems = useMemo(() => dishesOf(menu, loaded.repeatItemIds), [menu, loaded.repeatItemIds]);
  const { completeMeal, boughtWith } = useCartRecommendations(menu, restaurant.nameid, inCart, lastAdded);

  const scheduled = session.context.orderTime === 'SCHEDULED';
  const closedKey = closedMessageKey(loaded, session.context.orderType, scheduled);
  const needsTable = session.context.orderType === ORDER_TYPE.DINE_IN && session.tableId === undefined;
  const needsAddress = session.context.orderType === ORDER_TYPE.DELIVERY && !session.address;

  const addToCart = useCallback(
    async (item: MenuItemData, choice: VariantsChoice) => {
      await cart.addDish(item.id, choice);
      setOpenItem(undefined);
      setLastAdded(item);
      toast.show(t('menu.added', { name: item.name }), { tone: 'success' });
    },
    [cart, toast, t],
  );

  const count = cart.cart?.item_count ?? 0;
  const goToCart = () => {
    if (!isSessionComplete(session)) {
      setSettingsOpen(needsAddress ? 'address' : 'time');
      return;
    }
    navigate(paths.cart(restaurant.nameid, session.context.orderType, session.context.pickupType));
  };
  // Dishes the restaurant does not offer for this order type cannot be added (ItemCard).
  const orderTypeLabel = orderTypeText(session.context, t);
  const ordering = useMemo(
    () => ({ orderType: session.context.orderType, label: orderTypeLabel }),
    [session.context.orderType, orderTypeLabel],
  );

  return (
    <Page
      title={restaurant.name}
      headerEnd={<LanguageButton />}
      actions={
        count > 0 || boughtWith.length > 0 ? (
          <div className="dn-menu-actions">
            <Suggestions
              title={lastAdded ? t('menu.frequentlyBoughtWith', { name: lastAdded.name }) : ''}
              items={boughtWith}
              currency={currency}
              onOpen={setOpenItem}
              onDismiss={() => setLastAdded(undefined)}
            />
            {count > 0 ? (
              <CartBar
                count={count}
                total={cartItemsTotal(cart.cart)}
                currency={currency}
                onOpen={goToCart}
              />
            ) : null}
          </div>
        ) : undefined
      }
    >
      <div className="dn-stack">
        <HeaderPhoto
          className="dn-menu-header"
          photo={restaurant.photo}
          name={restaurant.name}
          baseUrl={env.VITE_API_BASE}
        />
        <OrderSummary session={session} onChange={() => setSettingsOpen('time')} />
        {session.tableId !== undefined ? (
          <TabJoinSlot restaurantId={restaurant.restaurant_id} tableId={session.tableId} />
        ) : null}
        <MenuOffers
          loaded={loaded.discounts}
          restaurant={restaurant.nameid}
          currency={currency}
          appliedCode={cart.cart?.discount_code ?? null}
          onApply={cart.setDiscount}
        />
        {restaurant.enabledForOrderType.dineIn ? (
          <Link className="st-button st-button--secondary" to={bookingPaths.form(restaurant.nameid)}>
            {t('booking.bookTable')}
          </Link>
        ) : null}

        {closedKey ? (
          <Banner
            tone="warning"
            title={t(closedKey)}
            action={
              closedKey === 'errors.restaurantClosed' ? (
                <Button variant="secondary" icon="calendar" onClick={() => setSettingsOpen('time')}>
                  {t('menu.scheduleInstead')}
                </Button>
              ) : undefined
            }
          />
        ) : null}
        {needsTable ? (
          <Banner
            tone="info"
            title={t('menu.table.needed')}
            action={
              <div className="dn-actions">
                <Button variant="secondary" icon="qr" onClick={() => navigate(paths.qr())}>
                  {t('menu.table.scan')}
                </Button>
                <Button variant="ghost" onClick={() => setSettingsOpen('time')}>
                  {t('menu.orderType.change')}
                </Button>
              </div>
            }
          />
        ) : null}
        {needsAddress ? (
          <Banner
            tone="info"
            title={t('validation.addressRequired')}
            action={
              <Button variant="secondary" icon="pin" onClick={() => setSettingsOpen('address')}>
                {t('menu.address.choose')}
              </Button>
            }
          />
        ) : null}
        {loaded.tableError !== undefined ? (
          <Banner tone="error">{errorText(loaded.tableError, t)}</Banner>
        ) : null}
        {order.syncError !== undefined ? (
          <Banner
            tone="error"
            action={
              <Button variant="secondary" onClick={() => setSettingsOpen('time')}>
                {t('menu.orderType.change')}
              </Button>
            }
          >
            {errorText(order.syncError, t)}
          </Banner>
        ) : null}

        <TextField
          type="search"
          label={t('menu.search.label')}
          hideLabel
          placeholder={t('menu.search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />

        {query.trim() ? (
          <MenuOrderTypeContext.Provider value={ordering}>
            <SearchResults menu={menu} query={query} onOpen={setOpenItem} />
          </MenuOrderTypeContext.Provider>
        ) : (
          <>
            <Suggestions
              title={t('reco.repeatItems')}
              items={repeatItems}
              currency={currency}
              onOpen={setOpenItem}
            />
            <Suggestions
              title={t('menu.completeYourMeal')}
              items={completeMeal}
              currency={currency}
              onOpen={setOpenItem}
            />
            <CategoryBar categories={menu.categories} />
            <MenuOrderTypeContext.Provider value={ordering}>
              <MenuSections menu={menu} bestSellers={sellers} onOpen={setOpenItem} />
            </MenuOrderTypeContext.Provider>
          </>
        )}
      </div>

      <LazyItemPopup
        item={openItem}
        currency={currency}
        onClose={() => setOpenItem(undefined)}
        onAdd={addToCart}
      />
      <LazyOrderSettings
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        restaurant={restaurant}
        session={session}
        onSave={(next) => {
          order.setSession(next);
          setSettingsOpen(false);
        }}
      />
    </Page>
  );
}
