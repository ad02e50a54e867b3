import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, MoneyText, useUiTranslation } from '@santap/ui';
import type { VariantsChoice } from '@santap/ui';
import { useKiosk } from '../../../lib/kiosk-context';
import { useStartOver } from '../../../lib/use-start-over';
import { menuOrderType, paths } from '../../../config/paths';
import type { MenuItem } from '../../../lib/kiosk-data';
import { useSession } from '../../../lib/session';
import { BrandMark } from '../../../components/brand';
import { ItemCard } from '../components/item-card';
import { ItemOptions, optionNames } from '../components/item-options';

/**
 * The menu: the place's name and logo on top, the categories of the outlet as a rail, the outlets (a
 * food-court kiosk) and the dishes as picture cards in a grid, and the order summary, always on screen,
 * with the way to review the order (kiosk layout: apps/kiosk/README.md). A dish without options is added with one tap (announced); a dish
 * with options opens the variants popup.
 */
export function Component() {
  const kiosk = useKiosk();
  const session = useSession();
  const navigate = useNavigate();
  const startOver = useStartOver();
  const { t } = useUiTranslation();
  const [outletIndex, setOutletIndex] = useState(0);
  const [categoryId, setCategoryId] = useState<number>();
  const [choosing, setChoosing] = useState<MenuItem>();
  const [announcement, setAnnouncement] = useState('');
  const [params, setParams] = useSearchParams();
  // The order type: the visit's, else the one the address names (a reload, the server's render) when
  // the kiosk takes it; the visit then keeps it.
  const named = menuOrderType(params);
  const orderType =
    session.orderType ?? (named !== null && kiosk.data?.settings.order_types.includes(named) ? named : null);
  const { setOrderType } = session;
  useEffect(() => {
    if (session.orderType === null && orderType !== null) setOrderType(orderType);
  }, [session.orderType, orderType, setOrderType]);

  if (!kiosk.data || !orderType) return <Navigate to={paths.attract} replace />;
  const { settings, menus } = kiosk.data;
  const menu = menus[outletIndex] ?? menus[0];
  const currency = settings.place.currency;
  // Gift vouchers are sold online, not at the counter (a voucher-only order would become a delivery).
  const sellable = (id: number) => menu?.items.find((item) => item.id === id && !item.is_voucher);
  const categories = (menu?.categories ?? []).filter((candidate) => candidate.item_ids.some(sellable));
  const category = categories.find((candidate) => candidate.id === categoryId) ?? categories[0];
  const items = (category?.item_ids ?? [])
    .map(sellable)
    .filter((item): item is MenuItem => item !== undefined);

  const add = (item: MenuItem, choice?: VariantsChoice) => {
    session.add({
      itemId: item.id,
      restaurantId: item.restaurant_id,
      name: item.name,
      unitPrice: choice?.unitPrice ?? item.price,
      quantity: choice?.quantity ?? 1,
      selections: choice
        ? Object.fromEntries(Object.entries(choice.selections).map(([group, ids]) => [group, [...ids]]))
        : {},
      optionNames: choice ? optionNames(item, choice) : [],
      notes: choice?.notes.trim() ?? '',
    });
    setChoosing(undefined);
    setAnnouncement(t('kiosk.menu.added', { name: item.name }));
  };
  const otherType = settings.order_types.find((type) => type !== orderType && (type === 1 || type === 3));
  const typeName = orderType === 1 ? t('kiosk.attract.eatHere') : t('kiosk.attract.takeAway');

  const outletName = settings.outlets[outletIndex]?.name;
  return (
    <main className="kiosk-menu">
      {/* The top of the screen carries the place's name and logo (out of reach from a wheelchair):
          every control sits below it, in the lower two thirds. */}
      <header className="kiosk-brand">
        <BrandMark name={settings.place.name} />
        <div className="kiosk-brand__text">
          <h1>{settings.place.name}</h1>
          <p className="kiosk-brand__sub">
            {`${menus.length > 1 && outletName ? outletName : t('kiosk.title')} · ${typeName}`}
          </p>
        </div>
      </header>
      <nav aria-label={t('kiosk.menu.categories')} className="kiosk-rail">
        <ul>
          {categories.map((candidate) => (
            <li key={candidate.id}>
              <button
                type="button"
                className="kiosk-rail__button"
                aria-pressed={candidate.id === category?.id}
                onClick={() => setCategoryId(candidate.id)}
              >
                {candidate.name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="kiosk-menu__dishes">
        {menus.length > 1 ? (
          <nav aria-label={t('kiosk.menu.outlets')}>
            <ul className="kiosk-chips">
              {settings.outlets.map((outlet, index) => (
                <li key={outlet.restaurant_id}>
                  <button
                    type="button"
                    className="st-kiosk-pill"
                    aria-pressed={index === outletIndex}
                    onClick={() => {
                      setOutletIndex(index);
                      setCategoryId(undefined);
                    }}
                  >
                    {outlet.name}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <section aria-labelledby="kiosk-category">
          <h2 id="kiosk-category" className="kiosk-menu__category">
            {category?.name ?? t('kiosk.menu.title')}
          </h2>
          {items.length === 0 ? (
            <p className="kiosk-lead kiosk-menu__empty">{t('kiosk.menu.empty')}</p>
          ) : (
            <ul className="kiosk-items">
              {items.map((item) => (
                <li key={item.id}>
                  <ItemCard
                    item={item}
                    currency={currency}
                    category={category?.name}
                    onPick={(picked) => (picked.option_groups.length > 0 ? setChoosing(picked) : add(picked))}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <p className="st-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {/* The order so far, always on screen, with the way on and the way out. */}
      <section className="kiosk-summary" aria-labelledby="kiosk-summary-title">
        <div className="kiosk-summary__actions">
          {otherType === 1 || otherType === 3 ? (
            <Button
              variant="secondary"
              onClick={() => {
                setOrderType(otherType);
                setParams({ ot: String(otherType) }, { replace: true });
              }}
            >
              {t('kiosk.menu.orderType', { type: typeName })}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={startOver}>
            {t('kiosk.startOver')}
          </Button>
        </div>
        <div className="kiosk-summary__order">
          <h2 id="kiosk-summary-title" className="kiosk-summary__title">
            {t('kiosk.cart.title')}
          </h2>
          {session.itemCount > 0 ? (
            <p className="kiosk-summary__totals">
              <span>{t('kiosk.menu.itemCount', { count: session.itemCount })}</span>
              <MoneyText amount={session.foodTotal} currency={currency} />
            </p>
          ) : (
            <p className="kiosk-muted kiosk-summary__totals">{t('kiosk.menu.summaryEmpty')}</p>
          )}
        </div>
        {session.itemCount > 0 ? (
          <Button className="kiosk-summary__review" onClick={() => void navigate(paths.cart)}>
            {t('kiosk.menu.review')}
          </Button>
        ) : null}
      </section>
      <ItemOptions item={choosing} currency={currency} onClose={() => setChoosing(undefined)} onAdd={add} />
    </main>
  );
}
