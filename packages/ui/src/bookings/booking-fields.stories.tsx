import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { BookingQueryFields, BookingSlotPicker } from './booking-fields';
import type { BookingQuery, BookingSlotOption } from './booking-fields';

const EVENING: BookingSlotOption[] = [
  { slot: '18:00', available: true },
  { slot: '18:30', available: false },
  { slot: '19:00', available: true },
  { slot: '19:30', available: true },
];

/** The booking form's first step as a screen shows it: date, guests, seating, then the date's slots. */
function BookingFields({
  slots,
  initialSlot,
  maxGuests,
  slotError,
}: {
  slots: readonly BookingSlotOption[] | undefined;
  initialSlot?: string;
  maxGuests?: number;
  slotError?: boolean;
}) {
  const { t } = useUiTranslation();
  const [query, setQuery] = useState<BookingQuery>({ date: '2026-06-13', guests: 2, smoking: false });
  const [slot, setSlot] = useState(initialSlot);
  return (
    <div style={{ padding: 16 }} className="st-stack">
      <BookingQueryFields
        value={query}
        onChange={setQuery}
        minDate="2026-06-12"
        maxDate="2026-07-12"
        maxGuests={maxGuests}
      />
      <BookingSlotPicker
        slots={slots}
        value={slot}
        onChange={setSlot}
        error={slotError ? t('ui.schedule.selectSlot') : undefined}
      />
    </div>
  );
}

const meta = {
  title: 'Bookings/Booking fields',
  component: BookingFields,
  args: { slots: EVENING },
} satisfies Meta<typeof BookingFields>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FreeAndFullSlots: Story = {};
export const SlotChosen: Story = { args: { initialSlot: '19:00' } };
export const LoadingSlots: Story = { args: { slots: undefined } };
export const NoFreeTable: Story = {
  args: { slots: EVENING.map((slot) => ({ ...slot, available: false })) },
};
export const SlotMissing: Story = { args: { slotError: true } };
export const GuestLimitReached: Story = { args: { maxGuests: 2 } };
