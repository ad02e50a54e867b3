import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { T } from '../storybook/t';
import { CancelOrModifyBookingPopup } from './cancel-or-modify-booking-popup';

const meta = {
  title: 'Bookings/Change or cancel booking',
  component: CancelOrModifyBookingPopup,
  args: {
    open: true,
    onClose: fn(),
    onQueryChange: fn(),
    onModify: fn(),
    onCancel: fn(),
    booking: {
      date: '2026-06-13',
      slot: '19:30',
      guests: 4,
      smoking: false,
      tokenAmount: 2000,
      currency: 'MYR',
    },
    timeZone: 'Asia/Kuala_Lumpur',
    // 18:30 in Kuala Lumpur, an hour before the booking.
    cutOff: new Date('2026-06-13T10:30:00Z'),
    canModify: true,
    canCancel: true,
    minDate: '2026-06-12',
    maxDate: '2026-07-12',
    maxGuests: 10,
    slots: [
      { slot: '18:00', available: true },
      { slot: '19:30', available: true },
      { slot: '20:00', available: false },
    ],
  },
} satisfies Meta<typeof CancelOrModifyBookingPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Choose: Story = {};
export const OnlyCancel: Story = { args: { canModify: false } };
export const NothingLeft: Story = { args: { canModify: false, canCancel: false } };
export const Modify: Story = { args: { initialStep: 'modify' } };
export const ModifyLoadingSlots: Story = { args: { initialStep: 'modify', slots: undefined } };
export const ModifySending: Story = { args: { initialStep: 'modify', busy: 'modify' } };
export const CancelWithRefund: Story = {
  args: { initialStep: 'cancel', refund: { amount: 2000, currency: 'MYR' } },
};
export const CancelNoDeposit: Story = {
  args: {
    initialStep: 'cancel',
    booking: { date: '2026-06-13', slot: '19:30', guests: 2, smoking: false },
  },
};
export const Cancelling: Story = {
  args: { initialStep: 'cancel', busy: 'cancel', refund: { amount: 2000, currency: 'MYR' } },
};
export const RefusedInsideCutOff: Story = {
  args: {
    initialStep: 'cancel',
    cutOffPassed: true,
    refusal: <T k="errors.bookingCutOff" values={{ minutes: 60 }} />,
  },
};
export const Offline: Story = { args: { initialStep: 'cancel', error: 'errors.noInternet' } };
