import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportedLanguage } from '@santap/i18n';
import { createI18n, TranslationProvider } from '@santap/ui';
import type { MenuData } from '../../../lib/api-types';
import { itemFixture } from '../../../lib/testing/fixtures';
import { foldText, searchItems } from '../lib/search';
import { SearchResults } from './menu-sections';

afterEach(cleanup);

/** A kopitiam menu with accents, a description-only match and a sold-out dish. */
function menu(): MenuData {
  const items = [
    itemFixture({ id: 1, name: 'Nasi Lemak', description: 'Coconut rice with sambal and anchovies' }),
    itemFixture({ id: 2, name: 'Café Latte', description: 'Espresso with steamed milk', price: 900 }),
    itemFixture({ id: 3, name: 'Es Teh Manis', description: 'Sweet iced tea' }),
    itemFixture({ id: 4, name: 'Roti Canai', description: 'Flaky flatbread with dhal curry' }),
    itemFixture({ id: 5, name: 'Nasi Goreng', description: 'Fried rice with egg', in_stock: false }),
  ];
  return {
    restaurant_id: 1001,
    currency: 'MYR',
    categories: [{ id: 1, name: 'All day', item_ids: items.map((item) => item.id) }],
    items,
  };
}

const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

describe('searchItems', () => {
  it('"nasi" -> both nasi dishes, in menu order (sold-out included)', () => {
    expect(names(searchItems(menu().items, 'nasi'))).toEqual(['Nasi Lemak', 'Nasi Goreng']);
  });

  it('"cafe" finds "Café Latte"; "ES TEH" finds "Es Teh Manis" (accents and case folded)', () => {
    expect(names(searchItems(menu().items, 'cafe'))).toEqual(['Café Latte']);
    expect(names(searchItems(menu().items, 'ES TEH'))).toEqual(['Es Teh Manis']);
    expect(foldText('Café ÉS')).toBe('cafe es');
  });

  it('"rice sambal" -> only the dish whose text holds both words (description counts)', () => {
    expect(names(searchItems(menu().items, 'rice sambal'))).toEqual(['Nasi Lemak']);
    expect(names(searchItems(menu().items, '  curry   roti '))).toEqual(['Roti Canai']);
  });

  it('blank query -> every dish; no match -> none', () => {
    expect(searchItems(menu().items, '   ')).toHaveLength(5);
    expect(searchItems(menu().items, 'pizza')).toEqual([]);
  });
});

function renderResults(query: string, language: SupportedLanguage = 'en') {
  const onOpen = vi.fn();
  render(
    <TranslationProvider i18n={createI18n(language)}>
      <SearchResults menu={menu()} query={query} onOpen={onOpen} />
    </TranslationProvider>,
  );
  return { onOpen };
}

const results = () => screen.getByRole('region', { name: /Search results|Hasil/ });
const dishHeadings = () =>
  within(results())
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('SearchResults', () => {
  it('"nasi" -> "Dishes found: 2" announced, both dishes listed; Add on Nasi Lemak opens it', async () => {
    const { onOpen } = renderResults('nasi');
    expect(within(results()).getByRole('status').textContent).toBe('Dishes found: 2');
    expect(dishHeadings()).toEqual(['Nasi Lemak', 'Nasi Goreng']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Nasi Lemak' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen.mock.calls[0]?.[0]).toMatchObject({ id: 1, name: 'Nasi Lemak' });
  });

  it('a sold-out match is listed but cannot be added', () => {
    renderResults('goreng');
    expect(dishHeadings()).toEqual(['Nasi Goreng']);
    expect(screen.queryByRole('button', { name: 'Add Nasi Goreng' })).toBeNull();
    expect((screen.getByRole('button', { name: /Nasi Goreng/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('"pizza  " -> \'No dishes match "pizza".\' (query trimmed), no dish', () => {
    renderResults('pizza  ');
    expect(within(results()).getByRole('status').textContent).toBe('No dishes match "pizza".');
    expect(dishHeadings()).toEqual([]);
  });

  it('Indonesian -> the heading, the count and the no-match message in Indonesian', () => {
    renderResults('teh', 'id');
    expect(screen.getByRole('heading', { level: 2, name: 'Hasil pencarian' })).toBeTruthy();
    expect(within(results()).getByRole('status').textContent).toBe('Menu ditemukan: 1');
    cleanup();
    renderResults('pizza', 'id');
    expect(screen.getByRole('status').textContent).toBe('Tidak ada menu yang cocok dengan "pizza".');
  });
});
