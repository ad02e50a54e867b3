import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CouponsPopup } from './coupons-popup';
import { DiscountsPopup } from './discounts-popup';
import { LoyaltyPopup } from './loyalty-popup';
import { ReferralInfoPopup } from './referral-info-popup';

const meta = {
  title: 'Popups/Discounts, coupons, loyalty, referral',
  component: DiscountsPopup,
  args: {
    open: true,
    onClose: fn(),
    currency: 'MYR',
    discounts: [
      { id: 'd1', title: '10% off lunch sets', description: 'Weekdays 11:00 - 15:00', minOrder: 3000 },
      { id: 'd2', title: 'Free teh tarik' },
    ],
  },
} satisfies Meta<typeof DiscountsPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Discounts: Story = {};
export const DiscountsLoading: Story = { args: { discounts: undefined } };
export const DiscountsEmpty: Story = { args: { discounts: [] } };
export const DiscountsFailed: Story = {
  args: { discounts: undefined, error: 'errors.noInternet', onRetry: fn() },
};

const COUPONS = [
  { code: 'SANTAP10', title: 'RM 10 off', description: 'Your first order', minOrder: 4000 },
  { code: 'TEHFREE', title: 'Free drink' },
];
const couponArgs = { onApply: fn(), onRemove: fn(), coupons: COUPONS };

export const Coupons: Story = { render: (args) => <CouponsPopup {...args} {...couponArgs} /> };
export const CouponApplied: Story = {
  render: (args) => <CouponsPopup {...args} {...couponArgs} appliedCode="SANTAP10" />,
};
export const CouponApplying: Story = {
  render: (args) => <CouponsPopup {...args} {...couponArgs} applyingCode="TEHFREE" />,
};
export const CouponRefused: Story = {
  render: (args) => (
    <CouponsPopup
      {...args}
      {...couponArgs}
      error={{ key: 'errors.couponMinOrder', values: { amount: 'RM 40.00' } }}
    />
  ),
};
export const CouponsLoading: Story = {
  render: (args) => <CouponsPopup {...args} {...couponArgs} coupons={undefined} />,
};
export const CouponsGuest: Story = {
  render: (args) => <CouponsPopup {...args} {...couponArgs} loggedIn={false} onLogin={fn()} />,
};

const loyaltyArgs = { onApplyChange: fn(), earnRateBps: 500, minOrder: 2000, applied: false, loggedIn: true };
export const Loyalty: Story = {
  render: (args) => <LoyaltyPopup {...args} {...loyaltyArgs} balance={1250} />,
};
export const LoyaltyApplied: Story = {
  render: (args) => <LoyaltyPopup {...args} {...loyaltyArgs} balance={1250} applied />,
};
export const LoyaltyLoading: Story = {
  render: (args) => <LoyaltyPopup {...args} {...loyaltyArgs} balance={undefined} />,
};
/** No cashback yet: the balance is RM 0.00 and 'Use' is off. */
export const LoyaltyNoBalance: Story = {
  render: (args) => <LoyaltyPopup {...args} {...loyaltyArgs} balance={0} />,
};
export const LoyaltyFailed: Story = {
  render: (args) => <LoyaltyPopup {...args} {...loyaltyArgs} balance={undefined} error="errors.noInternet" />,
};
export const LoyaltyGuest: Story = {
  render: (args) => (
    <LoyaltyPopup {...args} {...loyaltyArgs} balance={undefined} loggedIn={false} onLogin={fn()} />
  ),
};

const referralArgs = { onCopy: fn(), onShare: fn(), onApplyCode: fn(), maxDiscount: 1000 };
export const Referral: Story = {
  render: (args) => <ReferralInfoPopup {...args} {...referralArgs} ownCode="ALI7K2" />,
};
export const ReferralCopied: Story = {
  render: (args) => <ReferralInfoPopup {...args} {...referralArgs} ownCode="ALI7K2" copied />,
};
export const ReferralRefused: Story = {
  render: (args) => (
    <ReferralInfoPopup {...args} {...referralArgs} maxDiscount={undefined} error="errors.referralOwnCode" />
  ),
};
export const ReferralApplied: Story = {
  render: (args) => <ReferralInfoPopup {...args} {...referralArgs} appliedCode="SITI99" />,
};
