import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PaymentModeChoice } from './payment-mode-choice';

const meta = {
  title: 'Cart/Pay now or later',
  component: PaymentModeChoice,
  args: { value: 'online', onChange: fn() },
} satisfies Meta<typeof PaymentModeChoice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PayNow: Story = {};
export const PayLater: Story = { args: { value: 'pay_later' } };
/** A food court: pay later at each outlet's counter. */
export const FoodCourt: Story = { args: { laterHint: 'fc.payLater.each' } };
