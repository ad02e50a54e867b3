import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CancelOrderDialog } from './cancel-order-dialog';

const meta = {
  title: 'Apps/Diner/Cancel order dialog',
  component: CancelOrderDialog,
  args: { open: true, cancelling: false, onKeep: fn(), onConfirm: fn() },
} satisfies Meta<typeof CancelOrderDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Asking: Story = {};
export const Cancelling: Story = { args: { cancelling: true } };
