import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RefundStatusPopup } from './refund-status-popup';

const meta = {
  title: 'Popups/Refund status',
  component: RefundStatusPopup,
  args: { open: true, onClose: fn(), status: 'initiated', amount: 4550, currency: 'MYR', kind: 'bank' },
} satisfies Meta<typeof RefundStatusPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BankRefundStarted: Story = {};
export const FailedPaymentRefund: Story = {
  args: { kind: 'failedPayment', amount: 125000, currency: 'IDR' },
};
export const Completed: Story = { args: { status: 'processed' } };
