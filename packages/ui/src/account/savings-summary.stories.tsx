import type { Meta, StoryObj } from '@storybook/react-vite';
import { SavingsSummary } from './savings-summary';

const meta = {
  title: 'Account/Savings summary',
  component: SavingsSummary,
  args: {
    totals: [
      {
        currency: 'MYR',
        earnedCashback: 2050,
        savedCoupons: 1200,
        savedReferral: 500,
        savedCashback: 800,
        total: 4550,
      },
    ],
  },
} satisfies Meta<typeof SavingsSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OneCurrency: Story = {};
export const TwoCountries: Story = {
  args: {
    totals: [
      ...meta.args.totals,
      {
        currency: 'IDR',
        earnedCashback: 12_000,
        savedCoupons: 25_000,
        savedReferral: 0,
        savedCashback: 0,
        total: 37_000,
      },
    ],
  },
};
export const Loading: Story = { args: { totals: undefined } };
export const NothingYet: Story = { args: { totals: [] } };
