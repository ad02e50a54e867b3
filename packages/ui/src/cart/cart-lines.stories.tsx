import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CartLines } from './cart-lines';

const line = {
  cart_item_id: 1,
  name: 'Nasi Lemak',
  options: [{ name: 'Extra sambal' }],
  notes: null,
  quantity: 2,
  seen_unit_price: 1200,
  line_total: 2400,
  available: true,
  price_changed: false,
};

const meta = {
  title: 'Cart/Lines',
  component: CartLines,
  args: {
    title: 'Warung Mak Jah',
    lines: [line, { ...line, cart_item_id: 2, name: 'Teh Tarik', options: [], notes: 'Less sugar' }],
    currency: 'MYR',
    disabled: false,
    onQuantity: fn(),
    onEditNote: fn(),
    onAddMore: fn(),
  },
} satisfies Meta<typeof CartLines>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Lines: Story = {};
/** A price changed since the line was added: the old price struck through. */
export const PriceChanged: Story = {
  args: { lines: [{ ...line, price_changed: true, seen_unit_price: 1000 }] },
};
/** A line ran out: it says so and can only be removed. */
export const Unavailable: Story = { args: { lines: [{ ...line, available: false }] } };
/** A food court's outlet: no notes to edit. */
export const Outlet: Story = { args: { onEditNote: undefined } };
