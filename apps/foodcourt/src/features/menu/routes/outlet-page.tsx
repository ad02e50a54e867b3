import { useMemo, useState } from 'react';
import { data, useLoaderData, useNavigate } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { restaurants } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import type { Allergen } from '@santap/domain';
import {
  Banner,
  DishPopup,
  HeaderPhoto,
  LanguageButton,
  Page,
  TextField,
  usePageToast,
  useUiTranslation,
} from '@santap/ui';
import type { VariantsChoice } from '@santap/ui';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { cartBarFor } from '../../../components/cart-bar';
import { OrderPanel } from '../../../components/order-panel';
import type { SettingsStep } from '../../../components/order-panel';
import { api } from '../../../lib/api';
import type { MenuData, MenuItemData, Outlet } from '../../../lib/api-types';
import { loadMallBase } from '../../../lib/load-base';
import type { MallBase } from '../../../lib/load-base';
import { useFcOrder } from '../../../lib/use-fc-order';
import { loadDinerAllergies, useSevereDinerAllergies } from '../api/diner-allergies';
import { DishRow } from '../components/dish-row';
import '../menu.css';
import { uiMessageOf, useCart } from '@santap/web';

/** How many dishes at the top load their photos at once (the first screen of a phone). */
const FIRST_SCREEN_DISHES = 3;

interface OutletPageData extends MallBase {
  outlet: Outlet;
  menu: MenuData;
  /** The logged-in diner's saved allergies (none for a guest): their dishes are highlighted. */
  allergies: readonly Allergen[];
}

/**
 * An outlet of this food court, its menu and the diner's allergies; an outlet of another mall (or
 * none) is a 404.
 */
export async function loader(args: LoaderFunctionArgs): Promise<OutletPageData> {
  const name = args.params.outlet ?? '';
  const [base, menu, allergies] = await Promise.all([
    loadMallBase(args),
    api.call(restaurants.menu, { query: { restaurant_id: name } }, { signal: args.request.signal }),
    loadDinerAllergies(args.request.signal),
  ]);
  const outlet = base.outlets.find(
    (candidate) => candidate.nameid === name || String(candidate.restaurant_id) === name,
  );
  if (!outlet) throw data(null, { status: 404 });
  return { ...base, outlet, menu, allergies };
}

/** The server-rendered page's data, settled in this browser (`afterHydration` of lib/load-base). */
export { afterHydration } from '../../../lib/load-base';

/**
 * `/fc/:mall/r/:outlet`: one outlet's menu by category, with search; a dish opens the variants and
 * add-ons popup and goes into the food court's one cart. An outlet that does not deliver takes no
 * dish while the cart is for delivery ('Delivery Not Supported'). Dishes holding the logged-in
 * diner's saved allergies are highlighted in the list and in the popup, as on the diner app's menu;
 * one holding an allergy marked severe asks 'Add anyway?' before it goes into the cart.
 */
export function Component() {
  const loaded = useLoaderData() as OutletPageData;
  const { slug, mall, outlets, outlet, menu, allergies } = loaded;
  // Published by the same load as `allergies`: adding a dish holding one of these asks first.
  const severeAllergies = useSevereDinerAllergies();
  const { t } = useUiTranslation();
  const toast = usePageToast();
  const navigate = useNavigate();
  const cartState = useCart(api, slug, loaded.cart);
  const order = useFcOrder(slug, outlets, loaded.session, cartState);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<MenuItemData>();
  const [settings, setSettings] = useState<SettingsStep>(false);
  const { cart } = cartState;

  const noDelivery =
    order.session.orderType === ORDER_TYPE.DELIVERY && !outlet.ot.includes(ORDER_TYPE.DELIVERY);
  const byId = useMemo(() => new Map(menu.items.map((item) => [item.id, item])), [menu]);
  const needle = query.trim().toLocaleLowerCase();
  const sections = menu.categories
    .map((category) => ({
      ...category,
      items: category.item_ids
        .map((id) => byId.get(id))
        .filter((item): item is MenuItemData => item !== undefined)
        .filter((item) => needle === '' || item.name.toLocaleLowerCase().includes(needle)),
    }))
    .filter((category) => category.items.length > 0);

  const add = async (item: MenuItemData, choice: VariantsChoice) => {
    await cartState.addDish(item.id, choice);
    setOpen(undefined);
    toast.show(t('menu.added', { name: item.name }), { tone: 'success' });
  };

  return (
    <Page
      title={outlet.name}
      onBack={() => navigate(paths.mall(slug))}
      headerEnd={<LanguageButton />}
      actions={cartBarFor(cart, mall.currency, () => navigate(paths.cart(slug)))}
    >
      <div className="fc-stack">
        <HeaderPhoto
          className="fc-outlet-header"
          photo={outlet.photo}
          name={outlet.name}
          baseUrl={env.VITE_API_BASE}
        />
        <OrderPanel
          mall={mall}
          outlets={outlets}
          order={order}
          cart={cart}
          problem={order.syncError}
          step={settings}
          onStep={setSettings}
        />
        {noDelivery ? (
          <Banner tone="warning" title={t('errors.deliveryNotSupported')}>
            {t('fc.menu.noDelivery')}
          </Banner>
        ) : null}
        {!outlet.is_open ? <Banner tone="warning">{t('errors.restaurantClosed')}</Banner> : null}
        <TextField
          type="search"
          label={t('menu.search.label')}
          placeholder={t('menu.search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />
        {sections.length === 0 ? <p>{t('menu.search.none', { query })}</p> : null}
        {sections.map((category, sectionIndex) => (
          <section key={category.id} aria-labelledby={`fc-category-${category.id}`}>
            <h2 id={`fc-category-${category.id}`} className="fc-section-title">
              {category.name}
            </h2>
            <ul className="fc-dishes">
              {category.items.map((item, index) => (
                <DishRow
                  key={item.id}
                  priority={sectionIndex === 0 && index < FIRST_SCREEN_DISHES}
                  item={item}
                  currency={menu.currency}
                  blocked={noDelivery}
                  allergies={allergies}
                  onAdd={setOpen}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <DishPopup
        dish={open}
        currency={menu.currency}
        photoBaseUrl={env.VITE_API_BASE}
        allergies={allergies}
        severeAllergies={severeAllergies}
        onClose={() => setOpen(undefined)}
        onAdd={add}
        failureMessage={uiMessageOf}
      />
    </Page>
  );
}
