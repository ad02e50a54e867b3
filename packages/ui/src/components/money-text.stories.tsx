import type { Meta, StoryObj } from '@storybook/react-vite';
import { MoneyText } from './money-text';

const meta = {
  title: 'Primitives/MoneyText',
  component: MoneyText,
  args: { amount: 1250, currency: 'MYR' },
} satisfies Meta<typeof MoneyText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ringgit: Story = {};
export const Rupiah: Story = { args: { amount: 1_234_500, currency: 'IDR' } };
export const AddOnPrice: Story = { args: { amount: 200, signed: true } };
export const StruckThrough: Story = { args: { amount: 1500, strike: true } };
