import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { OutletCard } from './outlet-card';

const meta = {
  title: 'Food court/Outlet card',
  component: OutletCard,
  args: {
    outlet: { name: 'Nasi Lemak Mak Jah', cuisine: 'nasi-lemak', halal: true, isOpen: true },
    href: '/fc/mall-demo/r/mall-demo-nasi-lemak',
    onNavigate: fn(),
  },
  decorators: [
    (Story) => (
      <ul className="st-cards">
        <Story />
      </ul>
    ),
  ],
} satisfies Meta<typeof OutletCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenHalal: Story = {};
/** Closed now, not halal, a cuisine the catalogue does not name (shown as the restaurant wrote it). */
export const ClosedUnknownCuisine: Story = {
  args: {
    outlet: { name: 'Char Kway Teow Ah Seng', cuisine: 'teochew-noodles', halal: false, isOpen: false },
  },
};
/** A delivery cart: this outlet does not deliver. */
export const DeliveryNotSupported: Story = {
  args: {
    outlet: { name: 'Char Kway Teow Ah Seng', cuisine: 'chinese-hawker', halal: false, isOpen: true },
    noDelivery: true,
  },
};
/** Two of its dishes are in the cart. */
export const InCart: Story = { args: { inCart: 2 } };
