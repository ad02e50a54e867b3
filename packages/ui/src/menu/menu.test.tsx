import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { DishAddButton } from './dish-add-button';
import { DishBadges } from './dish-badges';
import { dishFlags } from './dish-flags';
import type { DishFacts } from './dish-flags';
import { DishPopup } from './dish-popup';
import type { MenuDish } from './dish-popup';

afterEach(cleanup);

const facts = (overrides: Partial<DishFacts>): DishFacts => ({
  halal: false,
  no_pork: false,
  contains_alcohol: false,
  allergens: [],
  ...overrides,
});

describe('dishFlags (a dish badges, in order)', () => {
  it('halal + no pork + alcohol + fish -> halal, alcohol, fish (no pork dropped under halal)', () => {
    expect(
      dishFlags(facts({ halal: true, no_pork: true, contains_alcohol: true, allergens: ['fish'] })),
    ).toEqual([{ kind: 'halal' }, { kind: 'alcohol' }, { kind: 'allergen', allergen: 'fish' }]);
  });

  it('no pork only -> noPork; an allergen the product does not know ("celery") -> left out', () => {
    expect(dishFlags(facts({ no_pork: true, allergens: ['celery', 'nuts'] }))).toEqual([
      { kind: 'noPork' },
      { kind: 'allergen', allergen: 'nuts' },
    ]);
  });

  it('nothing -> no flag', () => {
    expect(dishFlags(facts({}))).toEqual([]);
  });
});

describe('DishBadges', () => {
  it('nuts among the diner allergies -> only the nuts badge says "Your allergy"', () => {
    const { container } = renderIn(
      <DishBadges dish={facts({ allergens: ['nuts', 'fish'] })} conflicts={['nuts']} />,
    );
    const badges = Array.from(container.querySelectorAll('.st-badge'));
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Contains: Nuts(Your allergy)',
      'Contains: Fish',
    ]);
  });
});

describe('DishAddButton', () => {
  it('in stock -> "Add Teh Tarik", a tap opens the dish', async () => {
    const onAdd = vi.fn();
    renderIn(<DishAddButton name="Teh Tarik" inStock onAdd={onAdd} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Teh Tarik' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('sold out (even where not offered) -> "Out of stock", off', () => {
    renderIn(<DishAddButton name="Teh Tarik" inStock={false} notOfferedFor="Delivery" onAdd={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Teh Tarik is out of stock' });
    expect(button).toHaveProperty('disabled', true);
  });

  it('not offered for delivery -> "Not available", off, and no Add', () => {
    renderIn(<DishAddButton name="Teh Tarik" inStock notOfferedFor="Delivery" onAdd={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Teh Tarik is not available for Delivery' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByRole('button', { name: 'Add Teh Tarik' })).toBeNull();
  });

  it('disabled (an outlet that does not deliver) -> Add shown, off', () => {
    renderIn(<DishAddButton name="Teh Tarik" inStock disabled onAdd={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Add Teh Tarik' })).toHaveProperty('disabled', true);
  });
});

describe('DishPopup', () => {
  const dish: MenuDish = {
    id: 3,
    name: 'Teh Tarik',
    description: '',
    price: 350,
    halal: true,
    no_pork: false,
    contains_alcohol: false,
    allergens: [],
    option_groups: [],
  };

  it('Add refused -> the failure in the popup, which stays open; a second Add that succeeds -> onAdd again', async () => {
    const onAdd = vi
      .fn<(added: MenuDish) => Promise<void>>()
      .mockRejectedValueOnce(new Error('gone'))
      .mockResolvedValueOnce(undefined);
    renderIn(
      <DishPopup
        dish={dish}
        currency="MYR"
        onClose={vi.fn()}
        onAdd={onAdd}
        failureMessage={() => 'errors.outOfStock'}
      />,
    );
    const user = userEvent.setup();
    const popup = screen.getByRole('dialog', { name: 'Teh Tarik' });
    await user.click(within(popup).getByRole('button', { name: /^Add/ }));
    expect(await within(popup).findByText('Out of stock')).toBeTruthy();
    expect(onAdd).toHaveBeenCalledWith(dish, expect.objectContaining({ quantity: 1 }));
    await user.click(within(popup).getByRole('button', { name: /^Add/ }));
    expect(onAdd).toHaveBeenCalledTimes(2);
  });

  it('no dish -> nothing', () => {
    renderIn(
      <DishPopup
        dish={undefined}
        currency="MYR"
        onClose={vi.fn()}
        onAdd={vi.fn()}
        failureMessage={vi.fn()}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
