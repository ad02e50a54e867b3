import { useLayoutEffect } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@santap/ui';
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

/** Reads the page in the layout effect of the first commit: what the diner's first paint shows. */
function FirstCommit({ seen }: { seen: string[][] }) {
  useLayoutEffect(() => {
    seen.push(sectionHeadings());
  }, [seen]);
  return null;
}

describe('MenuSections', () => {
  it('five categories -> the first paint holds the first two; the other three follow', async () => {
    const seen: string[][] = [];
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <MenuSections menu={fiveCategories()} bestSellers={[]} onOpen={() => undefined} />
        <FirstCommit seen={seen} />
      </I18nextProvider>,
    );
    expect(seen[0]).toEqual(['Category 1', 'Category 2']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Category 5' })).toBeTruthy();
    expect(sectionHeadings()).toEqual(['Category 1', 'Category 2', 'Category 3', 'Category 4', 'Category 5']);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(10);
  });
});
