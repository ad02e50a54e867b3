import { useLayoutEffect } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, TranslationProvider } from '@santap/ui';
import type { MenuData } from '../../../lib/api-types';
import { itemFixture } from '../../../lib/testing/fixtures';
import { MenuSections } from './menu-sections';

afterEach(cleanup);

/** Five categories of two dishes each. */
function fiveCategories(): MenuData {
  const categories = Array.from({ length: 5 }, (_, index) => ({
    id: index + 1,
    name: `Category ${index + 1}`,
    item_ids: [index * 10 + 1, index * 10 + 2],
  }));
  return {
    restaurant_id: 1001,
    currency: 'MYR',
    categories,
    items: categories.flatMap((category) =>
      category.item_ids.map((id) => itemFixture({ id, name: `Dish ${id}`, category_id: category.id })),
    ),
  };
}

const sectionHeadings = () =>
  [...document.querySelectorAll('h2')].map((heading) => heading.textContent ?? '');
const dishNames = () => [...document.querySelectorAll('h3')].map((heading) => heading.textContent ?? '');

/** Reads the page in the layout effect of the first commit: what the diner's first paint shows. */
function FirstCommit({ seen }: { seen: { headings: string[]; dishes: string[] }[] }) {
  useLayoutEffect(() => {
    seen.push({ headings: sectionHeadings(), dishes: dishNames() });
  }, [seen]);
  return null;
}

describe('MenuSections', () => {
  it('ten dishes in five categories, 3 in the first render -> every heading and 3 dishes first; all ten follow in order', async () => {
    const seen: { headings: string[]; dishes: string[] }[] = [];
    render(
      <TranslationProvider i18n={createI18n('en')}>
        <MenuSections menu={fiveCategories()} bestSellers={[]} onOpen={() => undefined} firstRender={3} />
        <FirstCommit seen={seen} />
      </TranslationProvider>,
    );
    expect(seen[0]).toEqual({
      headings: ['Category 1', 'Category 2', 'Category 3', 'Category 4', 'Category 5'],
      dishes: ['Dish 1', 'Dish 2', 'Dish 11'],
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Dish 42' })).toBeTruthy();
    expect(dishNames()).toEqual([
      'Dish 1',
      'Dish 2',
      'Dish 11',
      'Dish 12',
      'Dish 21',
      'Dish 22',
      'Dish 31',
      'Dish 32',
      'Dish 41',
      'Dish 42',
    ]);
  });

  it('a category whose dishes are not shown yet -> keeps their room (no jump when they arrive)', async () => {
    const rooms: { dishes: number; room?: string; hidden?: string | null; firstRoom?: string }[] = [];
    function Rooms() {
      useLayoutEffect(() => {
        const second = document.getElementById('category-2')!;
        const room = second.querySelector<HTMLElement>('.dn-items__room');
        rooms.push({
          dishes: second.querySelectorAll('h3').length,
          room: room?.style.height,
          hidden: room?.getAttribute('aria-hidden'),
          firstRoom: document.getElementById('category-1')!.querySelector<HTMLElement>('.dn-items__room')
            ?.style.height,
        });
      }, []);
      return null;
    }
    render(
      <TranslationProvider i18n={createI18n('en')}>
        <MenuSections menu={fiveCategories()} bestSellers={[]} onOpen={() => undefined} firstRender={1} />
        <Rooms />
      </TranslationProvider>,
    );
    expect(rooms[0]).toEqual({ dishes: 0, room: '320px', hidden: 'true', firstRoom: '160px' });
    await waitFor(() => expect(dishNames()).toHaveLength(10));
    expect(document.querySelector('.dn-items__room')).toBeNull();
  });

  /** Renders the five categories with dishes 31, 32 and 41 as best sellers; answers the first commit. */
  function withBestSellers(firstRender: number) {
    const menu = fiveCategories();
    const seen: { headings: string[]; dishes: string[] }[] = [];
    render(
      <TranslationProvider i18n={createI18n('en')}>
        <MenuSections
          menu={menu}
          bestSellers={menu.items.slice(6, 9)}
          onOpen={() => undefined}
          firstRender={firstRender}
        />
        <FirstCommit seen={seen} />
      </TranslationProvider>,
    );
    return seen[0];
  }

  it('best sellers -> shown whole in the first render, before the categories, and counted in it', async () => {
    const first = withBestSellers(4);
    expect(first?.headings[0]).toBe('Best sellers');
    // 4 in the first render: the 3 best sellers and 1 dish of the categories.
    expect(first?.dishes).toEqual(['Dish 31', 'Dish 32', 'Dish 41', 'Dish 1']);
    await waitFor(() => expect(dishNames()).toHaveLength(3 + 10));
  });

  it('as many best sellers as the first render holds -> no category dish in it; they follow', async () => {
    expect(withBestSellers(3)?.dishes).toEqual(['Dish 31', 'Dish 32', 'Dish 41']);
    await waitFor(() => expect(dishNames().slice(3, 6)).toEqual(['Dish 1', 'Dish 2', 'Dish 11']));
  });
});
