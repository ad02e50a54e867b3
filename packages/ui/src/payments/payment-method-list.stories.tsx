import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PaymentMethodList, paymentMethodChoices } from './payment-method-list';

const offered = { online_methods: ['Card', 'Wallet', 'Net Banking'], channels: ['grab_pay_app', 'PNCO'] };

const meta = {
  title: 'Payments/Method list',
  component: PaymentMethodList,
  args: { choices: paymentMethodChoices(offered, false), value: undefined, onChange: fn() },
} satisfies Meta<typeof PaymentMethodList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A food court: card, each e-wallet channel, online banking. */
export const OnlineOnly: Story = {};
/** A restaurant that allows pay later for this order type: it comes last. */
export const WithPayLater: Story = {
  args: { choices: paymentMethodChoices({ online_methods: ['Card'], channels: [] }, true) },
};
/** A choice already made. */
export const Chosen: Story = { args: { value: { kind: 'online', method: 'Card' } } };
