import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ExitPagePopup } from './exit-page-popup';

const meta = {
  title: 'Popups/Exit page',
  component: ExitPagePopup,
  args: { open: true, onStay: fn(), onLeave: fn(), reason: 'cart' },
} satisfies Meta<typeof ExitPagePopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenCart: Story = {};
export const PaymentInProgress: Story = { args: { reason: 'payment' } };
