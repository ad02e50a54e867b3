import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
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

/**
 * The dish's badges (halal, nuts highlighted for the diner, fish) above its options. A refused add
 * (its message in the popup) is tested in `menu.test.tsx`.
 */
export const Choosing: Story = {};
/** Nuts marked severe: Add asks 'Add anyway?' first. */
export const SevereAllergy: Story = { args: { severeAllergies: ['nuts'] } };
