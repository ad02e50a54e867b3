import { useEffect, useRef, useState } from 'react';
import type { MenuCategory } from '../../../lib/api-types';
import { useT } from '../../../lib/use-t';

export const categorySectionId = (id: number) => `category-${id}`;

/**
 * The sticky bar of menu categories under the page header: a tap scrolls to the category and moves
 * focus to its heading; the category being read is marked (`aria-current`) and kept in view in the
 * bar as the diner scrolls.
 */
export function CategoryBar({ categories }: { categories: readonly MenuCategory[] }) {
  const { t } = useT();
  const [active, setActive] = useState<number | undefined>(categories[0]?.id);
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const sections = categories
      .map((category) => document.getElementById(categorySectionId(category.id)))
      .filter((element): element is HTMLElement => element !== null);
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
          else visible.delete(entry.target.id);
        }
        const top = [...visible.entries()].sort((a, b) => a[1] - b[1])[0];
        if (top) setActive(Number(top[0].replace('category-', '')));
      },
      { rootMargin: '-120px 0px -55% 0px' },
    );
    sections.forEach((section) => observer.observe(section));
    return () => observer.disconnect();
  }, [categories]);

  useEffect(() => {
    const nav = bar.current;
    const link = nav?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!nav || !link) return;
    // Sideways only, within the bar: scrollIntoView would also move the page down to a bar below the
    // fold, so a diner opening the menu would land past the restaurant's header.
    const [own, its] = [nav.getBoundingClientRect(), link.getBoundingClientRect()];
    const left = nav.scrollLeft + its.left - own.left - (nav.clientWidth - its.width) / 2;
    nav.scrollTo?.({ left: Math.max(0, left) });
  }, [active]);

  return (
    <nav ref={bar} className="dn-category-bar" aria-label={t('menu.categories')}>
      <ul>
        {categories.map((category) => (
          <li key={category.id}>
            <a
              href={`#${categorySectionId(category.id)}`}
              aria-current={active === category.id ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                const section = document.getElementById(categorySectionId(category.id));
                section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
                section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
                setActive(category.id);
              }}
            >
              {category.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
