import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PackagingChargesPopup } from './packaging-charges-popup';

const meta = {
  title: 'Popups/Packaging charges',
  component: PackagingChargesPopup,
  args: { open: true, onClose: fn(), amount: 150, currency: 'MYR' },
} satisfies Meta<typeof PackagingChargesPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TotalOnly: Story = {};
export const PerDish: Story = {
  args: {
    amount: 250,
    lines: [
      { name: 'Nasi Lemak Ayam', quantity: 2, amount: 100 },
      { name: 'Teh Tarik', quantity: 3, amount: 150 },
    ],
  },
};
export const Rupiah: Story = { args: { amount: 4000, currency: 'IDR' } };
