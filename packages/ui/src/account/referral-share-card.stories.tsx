import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ReferralShareCard } from './referral-share-card';

const meta = {
  title: 'Account/Referral share card',
  component: ReferralShareCard,
  args: {
    code: 'K7M2QX9P',
    currency: 'MYR',
    discountPercentBps: 1000,
    discountUpTo: 1000,
    referrerReward: 500,
    onShare: fn(),
    stats: { referred: 3, pending: 1, rewarded: 2 },
  },
} satisfies Meta<typeof ReferralShareCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Copied: Story = { args: { status: 'copied' } };
export const CopyFailed: Story = { args: { status: 'copyFailed' } };
export const IndonesiaNoReward: Story = {
  args: { currency: 'IDR', discountUpTo: 25_000, referrerReward: 0, stats: undefined },
};
