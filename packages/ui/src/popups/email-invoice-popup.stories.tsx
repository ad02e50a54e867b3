import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { EmailInvoicePopup } from './email-invoice-popup';

const meta = {
  title: 'Popups/Email invoice',
  component: EmailInvoicePopup,
  args: { open: true, onClose: fn(), onSend: fn(), status: 'idle' },
} satisfies Meta<typeof EmailInvoicePopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Enter: Story = {};
export const Sending: Story = { args: { initialEmail: 'ali@example.com', status: 'sending' } };
export const Sent: Story = { args: { initialEmail: 'ali@example.com', status: 'sent' } };
export const CouldNotSend: Story = { args: { initialEmail: 'ali@example.com', status: 'failed' } };
