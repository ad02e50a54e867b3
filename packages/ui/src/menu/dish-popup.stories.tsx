import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { screenOf, startsWith, wordsOf } from '../storybook/play';
import type { UiMessage } from '../i18n/message';
import type { MenuDish } from './dish-popup';
import { DishPopup } from './dish-popup';

/** Sample restaurant data: dish and option names come from the menu, not the catalogues. */
const DISH: MenuDish = {
  id: 7,
  name: 'Nasi Lemak Ayam',
  description: 'Coconut rice, fried chicken, sambal, anchovies',
  price: 1250,
  photo: null,
  halal: true,
  no_pork: false,
  contains_alcohol: false,
  allergens: ['nuts', 'fish'],
  option_groups: [
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
  ],
};

const meta = {
  title: 'Menu/Dish popup',
  component: DishPopup<MenuDish>,
  args: {
    dish: DISH,
    currency: 'MYR',
    allergies: ['nuts'],
    onClose: fn(),
    onAdd: fn(() => Promise.resolve()),
    failureMessage: (): UiMessage => 'errors.somethingWentWrong',
  },
} satisfies Meta<typeof DishPopup<MenuDish>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dish's badges (halal, nuts highlighted for the diner, fish) above its options. */
export const Choosing: Story = {};
/** The cart refused the dish: the popup stays open and says why. */
export const AddRefused: Story = {
  args: {
    onAdd: fn(() => Promise.reject(new Error('sold out meanwhile'))),
    failureMessage: () => 'errors.outOfStock',
  },
  play: async (context) => {
    const screen = screenOf(context);
    await userEvent.click(screen.getByRole('radio', { name: /^Regular/ }));
    await userEvent.click(
      screen.getByRole('button', { name: startsWith(wordsOf(context, 'ui.variants.add')) }),
    );
    await expect(await screen.findByText(wordsOf(context, 'errors.outOfStock'))).toBeInTheDocument();
    await expect(context.args.onAdd).toHaveBeenCalledOnce();
  },
};
