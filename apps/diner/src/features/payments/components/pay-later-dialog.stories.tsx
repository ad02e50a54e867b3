import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PayLaterDialog } from './pay-later-dialog';

const meta = {
  title: 'Apps/Diner/Pay later dialog',
  component: PayLaterDialog,
  args: { open: true, onBack: fn(), onConfirm: fn() },
} satisfies Meta<typeof PayLaterDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Its only state: the dialog has no busy or error step (confirming just moves on). */
export const Asking: Story = {};
