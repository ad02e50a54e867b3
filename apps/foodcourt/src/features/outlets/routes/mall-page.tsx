import { useEffect, useMemo, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { ORDER_TYPE } from '@santap/domain';
import {
  Banner,
  CheckboxGroup,
  LanguageButton,
  OutletCard,
  Page,
  TextField,
  cuisineText,
  useUiTranslation,
} from '@santap/ui';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { cartBarFor } from '../../../components/cart-bar';
import { OrderPanel } from '../../../components/order-panel';
import type { SettingsStep } from '../../../components/order-panel';
import { api } from '../../../lib/api';
import type { Outlet } from '../../../lib/api-types';
import { loadMallBase } from '../../../lib/load-base';
import type { MallBase } from '../../../lib/load-base';
import { useFcOrder } from '../../../lib/use-fc-order';
import { leavePage, qrErrorPath } from '../../../lib/qr-failure';
import { useCart } from '@santap/web';

export const loader = loadMallBase;
/** The server-rendered page's data, settled in this browser (`afterHydration` of lib/load-base). */
export { afterHydration } from '../../../lib/load-base';

/** How many outlet cards load their photos at once (the first screen of a phone). */
const FIRST_SCREEN_OUTLETS = 4;

type Filter = 'open' | 'halal';

/** Outlets matching the search (name or cuisine, in the diner's language) and the filters. */
export function filterOutlets(
  outlets: readonly Outlet[],
  query: string,
  filters: readonly Filter[],
  cuisineWords: (cuisine: string) => string,
): Outlet[] {
  const needle = query.trim().toLocaleLowerCase();
  return outlets.filter(
    (outlet) =>
      (!filters.includes('open') || outlet.is_open) &&
      (!filters.includes('halal') || outlet.halal) &&
      (needle === '' ||
        outlet.name.toLocaleLowerCase().includes(needle) ||
        (outlet.cuisine !== null && cuisineWords(outlet.cuisine).toLocaleLowerCase().includes(needle))),
  );
}

/**
 * `/fc/:mall` (and `/` of a mall host): the food court's outlets with search, open / closed now,
 * cuisine and halal flags; how the diner gets the food (order type in mall mode; a table QR makes it
 * dine-in at that table); the one cart across outlets.
 */
export function Component() {
  const base = useLoaderData() as MallBase;
  const { slug, mall, outlets } = base;
  const { t } = useUiTranslation();
  const navigate = useNavigate();
  const cartState = useCart(api, slug, base.cart);
  const order = useFcOrder(slug, outlets, base.session, cartState);
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<Filter[]>([]);
  const [settings, setSettings] = useState<SettingsStep>(false);
  const { cart } = cartState;

  const shown = useMemo(
    () => filterOutlets(outlets, query, filters, (cuisine) => cuisineText(cuisine, t)),
    [outlets, query, filters, t],
  );
  const inCart = (outletId: number) =>
    cart?.items
      .filter((line) => line.restaurant_id === outletId)
      .reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  const delivery = order.session.orderType === ORDER_TYPE.DELIVERY;
  // A refused table QR leaves for /qrError (its popup and the ask-the-staff line, spec §8).
  const qrError = qrErrorPath(base.tableError);
  useEffect(() => {
    if (qrError) leavePage.replace(qrError);
  }, [qrError]);
  const problem = (qrError ? undefined : base.tableError) ?? order.syncError;

  return (
    <Page
      title={mall.name}
      headerEnd={<LanguageButton />}
      actions={cartBarFor(cart, mall.currency, () => navigate(paths.cart(slug)))}
    >
      <div className="fc-stack">
        <p className="fc-muted">{t('fc.mall.intro')}</p>
        <OrderPanel
          mall={mall}
          outlets={outlets}
          order={order}
          cart={cart}
          problem={problem}
          step={settings}
          onStep={setSettings}
        />
        <TextField
          type="search"
          label={t('fc.mall.search.label')}
          placeholder={t('fc.mall.search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />
        <CheckboxGroup
          legend={t('fc.mall.filters')}
          options={[
            { value: 'open', label: t('fc.mall.filterOpen') },
            { value: 'halal', label: t('fc.mall.filterHalal') },
          ]}
          values={filters}
          onToggle={(value, checked) =>
            setFilters((current) => (checked ? [...current, value] : current.filter((f) => f !== value)))
          }
        />
        <section aria-labelledby="fc-outlets-title">
          <h2 id="fc-outlets-title" className="fc-section-title">
            {t('fc.mall.outlets')}
          </h2>
          {shown.length === 0 ? (
            <Banner tone="info">{t('fc.mall.noMatch')}</Banner>
          ) : (
            <ul className="st-cards">
              {shown.map((outlet, index) => (
                <OutletCard
                  key={outlet.restaurant_id}
                  outlet={{
                    name: outlet.name,
                    cuisine: outlet.cuisine,
                    halal: outlet.halal,
                    isOpen: outlet.is_open,
                    photo: outlet.photo ?? null,
                  }}
                  priority={index < FIRST_SCREEN_OUTLETS}
                  imageBaseUrl={env.VITE_API_BASE}
                  href={paths.outlet(slug, outlet.nameid)}
                  onNavigate={() => navigate(paths.outlet(slug, outlet.nameid))}
                  noDelivery={delivery && !outlet.ot.includes(ORDER_TYPE.DELIVERY)}
                  inCart={inCart(outlet.restaurant_id)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
    </Page>
  );
}
