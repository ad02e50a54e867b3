import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RepeatOrderPopup } from './repeat-order-popup';

const ITEMS = [
  {
    id: '1',
    name: 'Nasi Lemak Ayam',
    quantity: 2,
    unitPrice: 1550,
    options: 'Large, Fried egg',
    available: true,
  },
  { id: '2', name: 'Teh Tarik', quantity: 2, unitPrice: 350, available: true },
  { id: '3', name: 'Roti Canai', quantity: 1, unitPrice: 250, available: false },
];

const meta = {
  title: 'Popups/Repeat order',
  component: RepeatOrderPopup,
  args: {
    open: true,
    onClose: fn(),
    onRepeat: fn(),
    currency: 'MYR',
    items: ITEMS,
    placedAt: new Date('2025-03-01T05:30:00Z'),
  },
} satisfies Meta<typeof RepeatOrderPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LastOrder: Story = {};
export const Loading: Story = { args: { items: undefined } };
export const NothingAvailable: Story = {
  args: { items: ITEMS.map((item) => ({ ...item, available: false })) },
};
export const Adding: Story = { args: { adding: true } };
export const Failed: Story = { args: { error: 'errors.couldNotRequestItems' } };
