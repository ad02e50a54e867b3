import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { QrExpiredPopup } from './qr-expired-popup';

const meta = {
  title: 'Popups/QR expired',
  component: QrExpiredPopup,
  args: { open: true, onScanAgain: fn(), reason: 'expired' },
} satisfies Meta<typeof QrExpiredPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Expired: Story = {};
export const NoLongerExists: Story = { args: { reason: 'gone' } };
