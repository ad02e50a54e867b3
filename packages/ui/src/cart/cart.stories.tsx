import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CartWarnings } from './cart-warnings';

const meta = {
  title: 'Cart/Warnings',
  component: CartWarnings,
  args: {
    locked: false,
    unavailable: true,
    priceChanged: false,
    removing: false,
    onRemoveUnavailable: fn(),
  },
} satisfies Meta<typeof CartWarnings>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ItemsNotAvailable: Story = {};
export const PriceChanged: Story = { args: { unavailable: false, priceChanged: true } };
/** The cart is locked while its payment is under way, and a line ran out meanwhile. */
export const LockedWhilePaying: Story = { args: { locked: true } };
export const RemovingUnavailable: Story = { args: { removing: true } };
