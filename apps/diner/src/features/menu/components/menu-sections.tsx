import { memo, useDeferredValue, useMemo } from 'react';
import type { MenuData, MenuItemData } from '../../../lib/api-types';
import { useT } from '../../../lib/use-t';
import { searchItems } from '../lib/search';
import { categorySectionId } from './category-bar';
import { ItemCard } from './item-card';

/** How many dishes at the top load their images at once (the first screen). */
const EAGER_IMAGES = 3;
/**
 * Categories in the first render. The rest follow in a background render (`useDeferredValue`),
 * which React splits into short tasks, so a 200-dish menu shows its first screen at once and never
 * blocks a tap for long (Lighthouse TBT).
 */
const FIRST_RENDER_CATEGORIES = 2;

interface SectionsProps {
  menu: MenuData;
  bestSellers: readonly MenuItemData[];
  onOpen: (item: MenuItemData) => void;
}

/**
 * Best sellers, then every category with its dishes, each under a focusable heading. Memoised: the
 * page re-renders for the cart, the toasts and the popups, and 200 dishes should not re-render with it.
 */
export const MenuSections = memo(function MenuSections({ menu, bestSellers, onOpen }: SectionsProps) {
  const { t } = useT();
  const byId = useMemo(() => new Map(menu.items.map((item) => [item.id, item])), [menu]);
  const categories = useDeferredValue(menu.categories, menu.categories.slice(0, FIRST_RENDER_CATEGORIES));
  let shown = 0;
  return (
    <div className="dn-menu">
      {bestSellers.length > 0 ? (
        <section className="dn-menu__section" aria-labelledby="best-sellers-title">
          <h2 id="best-sellers-title" className="dn-menu__heading">
            {t('menu.bestSellers')}
          </h2>
          <ul className="dn-items">
            {bestSellers.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                currency={menu.currency}
                onOpen={onOpen}
                eager={shown++ < EAGER_IMAGES}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {categories.map((category) => {
        const items = category.item_ids
          .map((id) => byId.get(id))
          .filter((item): item is MenuItemData => item !== undefined);
        if (items.length === 0) return null;
        const headingId = `${categorySectionId(category.id)}-title`;
        return (
          <section
            key={category.id}
            id={categorySectionId(category.id)}
            className="dn-menu__section"
            aria-labelledby={headingId}
          >
            <h2 id={headingId} className="dn-menu__heading" tabIndex={-1}>
              {category.name}
            </h2>
            <ul className="dn-items">
              {items.map((item) => (
                <ItemCard
                  key={item.id}
                  item={item}
                  currency={menu.currency}
                  onOpen={onOpen}
                  eager={shown++ < EAGER_IMAGES}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
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
