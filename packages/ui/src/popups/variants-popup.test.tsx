import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { VariantsPopup } from './variants-popup';
import type { VariantGroup, VariantsPopupProps } from './variants-popup';

afterEach(cleanup);

const LIMIT = 'You have reached the maximum limit for this section/add-on';

const groups: VariantGroup[] = [
  {
    id: 'size',
    name: 'Portion',
    kind: 'one',
    required: true,
    options: [
      { id: 'regular', name: 'Regular', price: 0, available: true },
      { id: 'large', name: 'Large', price: 300, available: true },
    ],
  },
  {
    id: 'addons',
    name: 'Add-ons',
    kind: 'upTo',
    max: 2,
    required: false,
    options: [
      { id: 'egg', name: 'Fried egg', price: 200, available: true },
      { id: 'rendang', name: 'Beef rendang', price: 650, available: true },
      { id: 'sambal', name: 'Extra sambal', price: 100, available: true },
    ],
  },
];

function setup(
  language: 'en' | 'id' | 'my' = 'en',
  extra: Partial<
    Pick<VariantsPopupProps, 'allergies' | 'severeAllergies' | 'dish' | 'mode' | 'notePresets' | 'className'>
  > = {},
) {
  const onAdd = vi.fn();
  const user = userEvent.setup();
  renderIn(
    <VariantsPopup
      open
      onClose={() => undefined}
      onAdd={onAdd}
      dish={{ name: 'Nasi Lemak', price: 1250, currency: 'MYR' }}
      groups={groups}
      {...extra}
    />,
    language,
  );
  return { onAdd, user };
}

/** A dish with peanuts and anchovies, the size already chosen so Add is valid. */
const withNutsAndFish: VariantsPopupProps['dish'] = {
  name: 'Nasi Lemak',
  price: 1250,
  currency: 'MYR',
  flags: [
    { kind: 'allergen', allergen: 'nuts' },
    { kind: 'allergen', allergen: 'fish' },
  ],
};

async function chooseAndAdd(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: /Regular/ }));
  await user.click(screen.getByRole('button', { name: /Add to cart/ }));
}

describe('VariantsPopup', () => {
  it('up-to-2 group: 3rd tap -> limit message shown, option stays off; unticking one -> message gone', async () => {
    const { user } = setup();
    const addons = screen.getByRole('group', { name: 'Add-ons' });
    await user.click(within(addons).getByRole('checkbox', { name: /Fried egg/ }));
    await user.click(within(addons).getByRole('checkbox', { name: /Beef rendang/ }));
    expect(within(addons).queryByText(LIMIT)).toBeNull();
    const sambal = within(addons).getByRole('checkbox', { name: /Extra sambal/ }) as HTMLInputElement;
    await user.click(sambal);
    expect(within(addons).getByText(LIMIT)).toBeTruthy();
    expect(sambal.checked).toBe(false);
    await user.click(within(addons).getByRole('checkbox', { name: /Fried egg/ }));
    expect(within(addons).queryByText(LIMIT)).toBeNull();
  });

  it('limit message in Indonesian -> the id catalogue sentence', async () => {
    const { user } = setup('id');
    const addons = screen.getByRole('group', { name: 'Add-ons' });
    for (const name of [/Fried egg/, /Beef rendang/, /Extra sambal/]) {
      await user.click(within(addons).getByRole('checkbox', { name }));
    }
    expect(
      within(addons).getByText('Anda sudah mencapai batas maksimum untuk bagian/add-on ini'),
    ).toBeTruthy();
  });

  it('required choose-one empty -> Add shows "Please select any one option", onAdd not called; chosen -> onAdd', async () => {
    const { user, onAdd } = setup();
    await user.click(screen.getByRole('button', { name: /Add to cart/ }));
    expect(onAdd).not.toHaveBeenCalled();
    const portion = screen.getByRole('group', { name: 'Portion' });
    expect(within(portion).getByText('Please select any one option')).toBeTruthy();
    expect(document.activeElement).toBe(within(portion).getByRole('radio', { name: /Regular/ }));
    await user.click(within(portion).getByRole('radio', { name: /Large/ }));
    expect(within(portion).queryByText('Please select any one option')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Add to cart/ }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({
      selections: { size: ['large'], addons: [] },
      quantity: 1,
      unitPrice: 1550,
      total: 1550,
    });
  });

  it('Large + egg, quantity 2 -> total (12.50 + 3.00 + 2.00) × 2 = RM 35.00 on the Add button', async () => {
    const { user, onAdd } = setup();
    await user.click(screen.getByRole('radio', { name: /Large/ }));
    await user.click(screen.getByRole('checkbox', { name: /Fried egg/ }));
    await user.click(screen.getByRole('button', { name: 'One more: Nasi Lemak' }));
    const add = screen.getByRole('button', { name: /Add to cart/ });
    expect(add.textContent).toContain('RM 35.00');
    await user.type(screen.getByRole('textbox', { name: 'Notes for the kitchen' }), '  less spicy ');
    await user.click(add);
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ quantity: 2, total: 3500, notes: 'less spicy' });
  });

  describe('severe allergies', () => {
    it('dish with nuts, nuts marked severe -> "Add anyway?" naming nuts, Cancel focused; Cancel -> not added', async () => {
      const { user, onAdd } = setup('en', {
        dish: withNutsAndFish,
        allergies: ['nuts'],
        severeAllergies: ['nuts'],
      });
      await chooseAndAdd(user);
      const confirm = screen.getByRole('alertdialog', { name: 'Severe allergy' });
      expect(confirm.textContent).toContain(
        'Contains nuts, which you marked as a severe allergy. Add anyway?',
      );
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(onAdd).not.toHaveBeenCalled();
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(onAdd).not.toHaveBeenCalled();
    });

    it('Escape on the warning -> Cancel (not added); Add again, "Add anyway" -> onAdd once with the choice', async () => {
      const { user, onAdd } = setup('en', { dish: withNutsAndFish, severeAllergies: ['nuts'] });
      await chooseAndAdd(user);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(onAdd).not.toHaveBeenCalled();
      // Only the warning closed: the dish popup and its choice are still there.
      await user.click(screen.getByRole('button', { name: /Add to cart/ }));
      await user.click(screen.getByRole('button', { name: 'Add anyway' }));
      expect(onAdd).toHaveBeenCalledTimes(1);
      expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ selections: { size: ['regular'] }, quantity: 1 });
    });

    it('two severe allergens, Malay -> both named in one sentence, Malay buttons', async () => {
      const { user } = setup('my', { dish: withNutsAndFish, severeAllergies: ['fish', 'nuts'] });
      await user.click(screen.getByRole('radio', { name: /Regular/ }));
      await user.click(screen.getByRole('button', { name: /Tambah ke troli/ }));
      const confirm = screen.getByRole('alertdialog', { name: 'Alahan teruk' });
      expect(confirm.textContent).toMatch(
        /Mengandungi ikan dan kekacang, yang anda tandakan sebagai alahan teruk/,
      );
      expect(within(confirm).getByRole('button', { name: 'Tambah juga' })).toBeTruthy();
    });

    it('nuts saved but not severe -> badge highlighted, no prompt, added at once', async () => {
      const { user, onAdd } = setup('en', {
        dish: withNutsAndFish,
        allergies: ['nuts'],
        severeAllergies: [],
      });
      expect(screen.getByText('(Your allergy)')).toBeTruthy();
      await chooseAndAdd(user);
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(onAdd).toHaveBeenCalledTimes(1);
    });

    it('severe allergy the dish does not hold (shellfish) -> no prompt', async () => {
      const { user, onAdd } = setup('en', { dish: withNutsAndFish, severeAllergies: ['shellfish'] });
      await chooseAndAdd(user);
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(onAdd).toHaveBeenCalledTimes(1);
    });

    it('no allergies -> no prompt, nothing highlighted', async () => {
      const { user, onAdd } = setup('en', { dish: withNutsAndFish });
      expect(screen.queryByText('(Your allergy)')).toBeNull();
      await chooseAndAdd(user);
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(onAdd).toHaveBeenCalledTimes(1);
    });
  });
});

describe('VariantsPopup with preset notes (a touch kiosk)', () => {
  it('notePresets -> toggle buttons instead of the text field; the chosen ones, in the given order, are the notes', async () => {
    const { onAdd, user } = setup('en', {
      notePresets: {
        label: 'Notes for the kitchen',
        options: ['Less spicy', 'No onions', 'Takeaway packing'],
      },
      className: 'kiosk-options',
    });
    const dialog = screen.getByRole('dialog', { name: 'Nasi Lemak' });
    expect(dialog.classList.contains('kiosk-options')).toBe(true);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    const notes = within(dialog).getByRole('group', { name: 'Notes for the kitchen' });
    await user.click(within(notes).getByRole('button', { name: 'Takeaway packing' }));
    await user.click(within(notes).getByRole('button', { name: 'No onions' }));
    await user.click(within(notes).getByRole('button', { name: 'Less spicy' }));
    await user.click(within(notes).getByRole('button', { name: 'No onions' }));
    expect(
      within(notes)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-pressed')),
    ).toEqual(['true', 'false', 'true']);
    await user.click(within(dialog).getByRole('radio', { name: /Regular/ }));
    await user.click(within(dialog).getByRole('button', { name: /^Add to cart/ }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ notes: 'Less spicy, Takeaway packing' }));
  });
});
