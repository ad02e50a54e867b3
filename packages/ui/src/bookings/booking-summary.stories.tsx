import type { Meta, StoryObj } from '@storybook/react-vite';
import { BookingSummary } from './booking-summary';

const meta = {
  title: 'Bookings/Booking summary',
  component: BookingSummary,
  args: { booking: { date: '2026-06-13', slot: '19:30', guests: 4, smoking: false } },
} satisfies Meta<typeof BookingSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoDeposit: Story = {};
export const WithTableAndDeposit: Story = {
  args: {
    booking: {
      date: '2026-06-13',
      slot: '19:30',
      guests: 4,
      smoking: true,
      table: 'T4',
      tokenAmount: 2000,
      currency: 'MYR',
    },
  },
};
export const RupiahDeposit: Story = {
  args: {
    booking: {
      date: '2026-12-31',
      slot: '20:00',
      guests: 8,
      smoking: false,
      tokenAmount: 100000,
      currency: 'IDR',
    },
  },
};
