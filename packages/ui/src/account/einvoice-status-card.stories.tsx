import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { EInvoiceStatusCard } from './einvoice-status-card';

const meta = {
  title: 'Account/E-invoice status card',
  component: EInvoiceStatusCard,
  args: {
    status: 'submitted',
    buyerName: 'Aisyah binti Rahman',
    tinUsed: 'IG12345678901',
    generalTinUsed: false,
    requestedAt: new Date('2026-11-20T06:30:00Z'),
    onRefresh: fn(),
  },
} satisfies Meta<typeof EInvoiceStatusCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WaitingForLhdn: Story = {};
export const Refreshing: Story = { args: { refreshing: true } };
export const Valid: Story = {
  args: {
    status: 'valid',
    validationLink: 'https://myinvois.hasil.gov.my/3RQ8ZTP1X9K/share/LIJAVXBQ4ZB',
  },
};
export const ValidWithGeneralTin: Story = {
  args: { status: 'valid', tinUsed: 'EI00000000010', generalTinUsed: true },
};
export const Rejected: Story = {
  args: {
    status: 'invalid',
    errors: [{ code: 'CF321', message: 'Buyer TIN does not match the registration number.' }],
  },
};
export const Cancelled: Story = { args: { status: 'cancelled' } };
