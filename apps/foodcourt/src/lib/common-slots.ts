import type { ScheduleDay } from '@santap/ui';

/**
 * The slots every outlet of a food-court cart can take (spec §5 slots, per outlet from the server):
 * a food-court order is one order per outlet at one time, so only a slot every outlet offers is
 * offered. Days keep the first outlet's order; a day left without slots stays, empty, so the
 * calendar still shows it.
 */
export function commonSlotDays(perOutlet: readonly (readonly ScheduleDay[])[]): ScheduleDay[] {
  const [first, ...rest] = perOutlet;
  if (!first) return [];
  const offeredByAll = (epoch: number) =>
    rest.every((days) => days.some((day) => day.slots.some((slot) => slot.epoch === epoch)));
  return first.map((day) => ({ ...day, slots: day.slots.filter((slot) => offeredByAll(slot.epoch)) }));
}
