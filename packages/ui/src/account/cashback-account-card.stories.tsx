import type { Meta, StoryObj } from '@storybook/react-vite';
import { CashbackAccountCard } from './cashback-account-card';

const meta = {
  title: 'Account/Cashback account card',
  component: CashbackAccountCard,
  args: {
    name: 'Kopitiam Ali',
    kind: 'restaurant',
    currency: 'MYR',
    balance: 1250,
    earned: 2050,
    spent: 800,
    rule: { minOrder: 2000, percentBps: 500 },
    timeZone: 'Asia/Kuala_Lumpur',
    history: [
      { kind: 'earn', amount: 150, orderId: 1204, createdEpoch: 1_767_600_000 },
      { kind: 'spend', amount: -800, orderId: 1188, createdEpoch: 1_767_400_000 },
      { kind: 'referral', amount: 500, orderId: null, createdEpoch: 1_767_300_000 },
      { kind: 'reverse', amount: -100, orderId: 1150, createdEpoch: 1_767_200_000 },
    ],
  },
} satisfies Meta<typeof CashbackAccountCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Restaurant: Story = {};
export const FoodCourtInRupiah: Story = {
  args: {
    name: 'Mall Demo Food Court',
    kind: 'mall',
    currency: 'IDR',
    balance: 15_000,
    earned: 15_000,
    spent: 0,
    rule: { minOrder: 50_000, percentBps: 250 },
    timeZone: 'Asia/Jakarta',
    history: [{ kind: 'earn', amount: 15_000, orderId: 88, createdEpoch: 1_767_600_000 }],
  },
};
export const NoRuleNoHistory: Story = { args: { rule: null, history: [], balance: 0, earned: 0, spent: 0 } };
