import { memo, useDeferredValue, useMemo } from 'react';
import type { Currency } from '@santap/domain';
import type { MenuCategory, MenuData, MenuItemData } from '../../../lib/api-types';
import { useT } from '../../../lib/use-t';
import { searchItems } from '../lib/search';
import { categorySectionId } from './category-bar';
import { ItemCard } from './item-card';

/** How many dishes at the top load their images at once (the first screen). */
const EAGER_IMAGES = 3;
/**
 * Dishes in the first render (the best sellers count, a phone's screen holds about five). Every
 * category's heading is there from the first render (the category bar can jump to any of them); the
 * other dishes come in a deferred render (`useDeferredValue` with this as its initial value), which
 * React renders as a transition: in slices of a few milliseconds that yield to the browser, so a
 * 200-dish menu paints its first screen at once and never blocks a tap for long (Lighthouse TBT).
 */
const FIRST_RENDER = 8;
/** The usual height of a dish card (menu.css), kept for dishes not rendered yet so nothing jumps. */
const CARD_HEIGHT_PX = 160;

interface SectionsProps {
  menu: MenuData;
  bestSellers: readonly MenuItemData[];
  onOpen: (item: MenuItemData) => void;
  /** Dishes in the first render, best sellers included (tests); default {@link FIRST_RENDER}. */
  firstRender?: number;
}

/**
 * Best sellers, then every category with its dishes, each under a focusable heading. Memoised: the
 * page re-renders for the cart, the toasts and the popups, and 200 dishes should not re-render with it.
 */
export const MenuSections = memo(function MenuSections({
  menu,
  bestSellers,
  onOpen,
  firstRender = FIRST_RENDER,
}: SectionsProps) {
  const { t } = useT();
  const sections = useMemo(() => {
    const byId = new Map(menu.items.map((item) => [item.id, item]));
    let offset = 0;
    return menu.categories.flatMap((category) => {
      const items = category.item_ids
        .map((id) => byId.get(id))
        .filter((item): item is MenuItemData => item !== undefined);
      if (items.length === 0) return [];
      const section = { category, items, offset };
      offset += items.length;
      return [section];
    });
  }, [menu]);
  const total = sections.reduce((sum, section) => sum + section.items.length, 0);
  const revealed = useDeferredValue(total, Math.min(total, Math.max(0, firstRender - bestSellers.length)));
  const eagerInCategories = Math.max(0, EAGER_IMAGES - bestSellers.length);
  return (
    <div className="dn-menu">
      {bestSellers.length > 0 ? (
        <section className="dn-menu__section" aria-labelledby="best-sellers-title">
          <h2 id="best-sellers-title" className="dn-menu__heading">
            {t('menu.bestSellers')}
          </h2>
          <ul className="dn-items">
            {bestSellers.map((item, index) => (
              <ItemCard
                key={item.id}
                item={item}
                currency={menu.currency}
                onOpen={onOpen}
                eager={index < EAGER_IMAGES}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {sections.map(({ category, items, offset }) => (
        <CategorySection
          key={category.id}
          category={category}
          items={items}
          shown={Math.min(items.length, Math.max(0, revealed - offset))}
          eager={Math.max(0, eagerInCategories - offset)}
          currency={menu.currency}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
});

/**
 * One category: its heading, its first `shown` dishes, and the room the others will take. Memoised,
 * so the deferred render re-renders only the categories that grow.
 */
const CategorySection = memo(function CategorySection({
  category,
  items,
  shown,
  eager,
  currency,
  onOpen,
}: {
  category: MenuCategory;
  items: readonly MenuItemData[];
  shown: number;
  /** How many of its first dishes load their images at once. */
  eager: number;
  currency: Currency;
  onOpen: (item: MenuItemData) => void;
}) {
  const headingId = `${categorySectionId(category.id)}-title`;
  const pending = items.length - shown;
  return (
    <section id={categorySectionId(category.id)} className="dn-menu__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="dn-menu__heading" tabIndex={-1}>
        {category.name}
      </h2>
      <ul className="dn-items">
        {items.slice(0, shown).map((item, index) => (
          <ItemCard key={item.id} item={item} currency={currency} onOpen={onOpen} eager={index < eager} />
        ))}
      </ul>
      {pending > 0 ? (
        <div
          className="dn-items__room"
          aria-hidden="true"
          style={{ height: `${pending * CARD_HEIGHT_PX}px` }}
        />
      ) : null}
    </section>
  );
});

/** The dishes matching the search, or 'no dishes match'; the count is announced politely. */
export function SearchResults({
  menu,
  query,
  onOpen,
}: {
  menu: MenuData;
  query: string;
  onOpen: (item: MenuItemData) => void;
}) {
  const { t } = useT();
  const results = useMemo(() => searchItems(menu.items, query), [menu, query]);
  return (
    <section className="dn-menu__section" aria-labelledby="search-results-title">
      <h2 id="search-results-title" className="dn-menu__heading">
        {t('menu.search.results')}
      </h2>
      <p role="status" className="dn-muted">
        {results.length === 0
          ? t('menu.search.none', { query: query.trim() })
          : t('menu.search.count', { count: results.length })}
      </p>
      <ul className="dn-items">
        {results.map((item) => (
          <ItemCard key={item.id} item={item} currency={menu.currency} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}
