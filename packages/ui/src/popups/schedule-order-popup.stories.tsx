import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { screenOf, wordsOf } from '../storybook/play';
import { SchedulePopup } from './schedule-order-popup';
import type { ScheduleDay } from './schedule-order-popup';

/** Two days of 30-minute slots, as `GET schedule_slots.php` returns them (Asia/Kuala_Lumpur, UTC+8). */
function daysFrom(date: string, count: number): ScheduleDay[] {
  return Array.from({ length: count }, (_, dayIndex) => {
    const day = new Date(`${date}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + dayIndex);
    const iso = day.toISOString().slice(0, 10);
    const slots =
      dayIndex === 1
        ? []
        : [18, 18.5, 19, 19.5].map((hour) => {
            const start = `${String(Math.floor(hour)).padStart(2, '0')}:${hour % 1 ? '30' : '00'}`;
            const end = `${String(Math.floor(hour + 0.5)).padStart(2, '0')}:${(hour + 0.5) % 1 ? '30' : '00'}`;
            return {
              date: iso,
              time: start,
              epoch: Date.parse(`${iso}T${start}:00+08:00`) / 1000,
              selectedTime: `${start} - ${end}`,
            };
          });
    return { date: iso, slots };
  });
}

const DAYS = daysFrom('2025-03-14', 4);

const meta = {
  title: 'Popups/Schedule order',
  component: SchedulePopup,
  args: {
    open: true,
    onClose: fn(),
    onConfirm: fn(),
    onOrderTypeChange: fn(),
    orderTypes: [1, 2, 3],
    orderType: 2,
    asapAvailable: true,
    days: DAYS,
    today: '2025-03-14',
  },
} satisfies Meta<typeof SchedulePopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Asap: Story = {};
export const Scheduled: Story = {
  args: { initial: { orderTime: 'SCHEDULED', epoch: DAYS[0]?.slots[1]?.epoch } },
};
export const ClosedNowScheduleOnly: Story = { args: { asapAvailable: false } };
export const LoadingSlots: Story = { args: { asapAvailable: false, days: undefined } };
export const NoSlots: Story = { args: { asapAvailable: false, days: [{ date: '2025-03-14', slots: [] }] } };
export const Indonesia: Story = {
  args: { orderTypes: [2, 3], orderType: 3, error: 'errors.restaurantClosedForType' },
};
/** Only scheduling open, Confirm tapped with no time slot chosen: the slots say so, nothing is sent. */
export const TimeSlotMissing: Story = {
  args: { asapAvailable: false },
  play: async (context) => {
    const screen = screenOf(context);
    await userEvent.click(screen.getByRole('button', { name: wordsOf(context, 'ui.common.confirm') }));
    await expect(context.args.onConfirm).not.toHaveBeenCalled();
    await expect(screen.getByText(wordsOf(context, 'ui.schedule.selectSlot'))).toBeInTheDocument();
  },
};
