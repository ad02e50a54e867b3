import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DeleteAddressDialog } from './delete-address-dialog';

const meta = {
  title: 'Apps/Diner/Delete address dialog',
  component: DeleteAddressDialog,
  args: {
    address: { apartment: 'Level 8, Menara Hap Seng', city: 'Kuala Lumpur' },
    onCancel: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof DeleteAddressDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Its only state: deleting is sent after it closes (the address list shows that step as busy). */
export const Asking: Story = {};
