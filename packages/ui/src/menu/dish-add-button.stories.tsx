import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { screenOf } from '../storybook/play';
import { DishAddButton } from './dish-add-button';

const meta = {
  title: 'Menu/Dish add button',
  component: DishAddButton,
  args: { name: 'Nasi Lemak Ayam', inStock: true, onAdd: fn() },
} satisfies Meta<typeof DishAddButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In stock: Add opens the dish. */
export const Add: Story = {
  play: async (context) => {
    await userEvent.click(screenOf(context).getByRole('button'));
    await expect(context.args.onAdd).toHaveBeenCalled();
  },
};
/** Sold out: 'Out of stock', not tappable. */
export const SoldOut: Story = { args: { inStock: false } };
/** Not offered for the order type the diner chose: 'Not available', not tappable. */
export const NotOffered: Story = { args: { notOfferedFor: 'Delivery' } };
/** The food court's outlet that does not deliver, while the cart is for delivery: Add shown, off. */
export const Blocked: Story = { args: { disabled: true } };
