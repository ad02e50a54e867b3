import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ManualAddressPopup } from './manual-address-popup';

const meta = {
  title: 'Popups/Manual address',
  component: ManualAddressPopup,
  args: { open: true, onClose: fn(), onSubmit: fn(), onPickOnMap: fn() },
} satisfies Meta<typeof ManualAddressPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Saving: Story = {
  args: {
    initial: { houseNumber: 'B-12-3, Residensi Bangsar', landmark: 'Bangsar LRT', city: 'Kuala Lumpur' },
    saving: true,
  },
};
export const AddressNotFound: Story = {
  args: { initial: { houseNumber: '12', city: 'Kuala Lumpa' }, error: 'notFound' },
};
export const TooFar: Story = {
  args: { initial: { houseNumber: '8', city: 'Ipoh' }, error: 'validation.addressTooFar' },
};
