import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, TranslationProvider } from '@santap/ui';
import { itemFixture } from '../../../lib/testing/fixtures';
import { ItemCard, MenuOrderTypeContext } from './item-card';

afterEach(cleanup);

function renderCard(orderTypes: number[] | undefined, ordering: { orderType: number; label: string }) {
  const item = itemFixture({ id: 7, name: 'Teh Tarik', ...(orderTypes ? { order_types: orderTypes } : {}) });
  render(
    <TranslationProvider i18n={createI18n('en')}>
      <MenuOrderTypeContext.Provider value={ordering}>
        <ul>
          <ItemCard item={item} currency="MYR" onOpen={() => undefined} />
        </ul>
      </MenuOrderTypeContext.Provider>
    </TranslationProvider>,
  );
  return screen.getByRole('article', { name: 'Teh Tarik' });
}

describe('a dish and the order type', () => {
  it('not offered for delivery (a manager took it off): cannot be added, and says so', () => {
    const card = renderCard([1, 3], { orderType: 2, label: 'Delivery' });
    const button = within(card).getByRole('button', { name: 'Teh Tarik is not available for Delivery' });
    expect(button).toHaveProperty('disabled', true);
    expect(within(card).getByText('Not available')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Add Teh Tarik' })).toBeNull();
  });

  it('offered for dine-in, or a menu without order types: Add', () => {
    expect(
      within(renderCard([1, 3], { orderType: 1, label: 'Dine-in' })).getByRole('button', {
        name: 'Add Teh Tarik',
      }),
    ).toBeTruthy();
    cleanup();
    expect(
      within(renderCard(undefined, { orderType: 2, label: 'Delivery' })).getByRole('button', {
        name: 'Add Teh Tarik',
      }),
    ).toBeTruthy();
  });
});
