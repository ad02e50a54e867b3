import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AddressList } from './address-list';

const ADDRESSES = [
  {
    id: 1,
    label: 'home',
    apartment: 'A-12-3, Residensi Bukit',
    street: 'Jalan Tun Razak',
    landmark: 'Opposite the mosque',
    city: 'Kuala Lumpur',
    postcode: '50400',
    isDefault: true,
  },
  { id: 2, label: 'work', apartment: 'Level 8, Menara Maju', city: 'Petaling Jaya', isDefault: false },
  {
    id: 3,
    label: 'Nenek',
    apartment: 'No. 14',
    street: 'Jl. Kemang Raya',
    city: 'Jakarta',
    isDefault: false,
  },
];

const meta = {
  title: 'Account/Address list',
  component: AddressList,
  args: { addresses: ADDRESSES, onSetDefault: fn(), onDelete: fn() },
} satisfies Meta<typeof AddressList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Saved: Story = {};
export const Loading: Story = { args: { addresses: undefined } };
export const None: Story = { args: { addresses: [] } };
export const SettingDefault: Story = { args: { busyId: 2 } };
export const Failed: Story = { args: { error: 'errors.addressNotFound' } };
