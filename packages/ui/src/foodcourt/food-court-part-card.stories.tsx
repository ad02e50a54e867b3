import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FoodCourtPartCard } from './food-court-part-card';

const meta = {
  title: 'Food court/Outlet part of an order',
  component: FoodCourtPartCard,
  args: {
    part: {
      outletName: 'Nasi Lemak Mak Jah',
      statusKey: 'status.preparing',
      declined: false,
      items: [
        { name: 'Nasi Lemak', quantity: 1, declined: false },
        { name: 'Teh Tarik', quantity: 2, declined: false },
      ],
      total: 1250,
      currency: 'MYR',
    },
    href: '/fc/mall-demo/order/7/12',
    onNavigate: fn(),
  },
} satisfies Meta<typeof FoodCourtPartCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Preparing: Story = {};
export const Ready: Story = { args: { part: { ...meta.args.part, statusKey: 'status.ready' } } };
/** The outlet declined its part: that part alone is refunded, the rest goes on. */
export const DeclinedRefunding: Story = {
  args: {
    part: {
      ...meta.args.part,
      statusKey: 'status.declined',
      declined: true,
      refund: { amount: 1250, arrived: false },
    },
  },
};
export const DeclinedRefunded: Story = {
  args: {
    part: {
      ...meta.args.part,
      statusKey: 'status.declined',
      declined: true,
      refund: { amount: 1250, arrived: true },
    },
  },
};
/** Rupiah: no fraction digits. */
export const Rupiah: Story = {
  args: { part: { ...meta.args.part, total: 45_000, currency: 'IDR' } },
};
