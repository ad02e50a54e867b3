import type { Meta, StoryObj } from '@storybook/react-vite';
import { DishBadges } from './dish-badges';

const meta = {
  title: 'Menu/Dish badges',
  component: DishBadges,
  args: {
    dish: { halal: true, no_pork: true, contains_alcohol: false, allergens: ['nuts', 'fish', 'celery'] },
    conflicts: [],
  },
} satisfies Meta<typeof DishBadges>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Halal (no pork is not said again), nuts and fish; 'celery' is no allergy category and is left out. */
export const Typical: Story = {};
/** The diner avoids nuts: that badge says 'Your allergy'. */
export const YourAllergy: Story = { args: { conflicts: ['nuts'] } };
export const NoPorkAndAlcohol: Story = {
  args: { dish: { halal: false, no_pork: true, contains_alcohol: true, allergens: [] } },
};
