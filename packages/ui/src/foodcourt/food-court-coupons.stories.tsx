import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FoodCourtCoupons } from './food-court-coupons';

const meta = {
  title: 'Food court/Coupons',
  component: FoodCourtCoupons,
  args: {
    currency: 'MYR',
    applied: [
      { outletId: 1011, outletName: 'Nasi Lemak Mak Jah', code: null, amount: 0 },
      { outletId: 1013, outletName: 'Roti Canai Raju', code: null, amount: 0 },
    ],
    coupons: [
      { code: 'FOODCOURT10', title: '10% off the food court', outletId: null, usable: true },
      {
        code: 'SAMBAL2',
        title: 'RM 2 off orders from RM 15',
        outletId: 1011,
        outletName: 'Nasi Lemak Mak Jah',
        usable: false,
        reason: "Your order hasn't reached the minimum amount of RM 15.00 for this coupon",
      },
    ],
    onApply: fn(),
    onRemoveOutlet: fn(),
    onRemoveAll: fn(),
  },
} satisfies Meta<typeof FoodCourtCoupons>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoneApplied: Story = {};
export const Loading: Story = { args: { coupons: undefined } };
/** The mall coupon on one outlet, an outlet's own coupon on the other: each can be removed alone. */
export const AppliedPerOutlet: Story = {
  args: {
    applied: [
      { outletId: 1011, outletName: 'Nasi Lemak Mak Jah', code: 'FOODCOURT10', amount: 120 },
      { outletId: 1013, outletName: 'Roti Canai Raju', code: 'ROTI10', amount: 80 },
    ],
  },
};
export const Refused: Story = { args: { error: 'This coupon has expired' } };
export const Busy: Story = { args: { busy: true } };
