import { MIN_OVERLAP_MINUTES, SCHEDULE_WINDOW_DAYS, SLOT_MINUTES } from './constants';
import type { OpeningHoursInput } from './opening-hours';
import { openingOfDay, weekFor } from './opening-hours';
import type { OpeningInterval } from './timings';
import {
  DAY_MINUTES,
  DAY_MS,
  MINUTE_MS,
  assertTimeZone,
  assertValidDate,
  hhmm,
  isoDate,
  toLocal,
  wallTimeToEpochMs,
} from './zoned-time';

/**
 * A schedule slot as the schedule popup shows it and the order context keeps it (spec §3 order
 * context `date`, `time`, `epoch`, `selectedTime`; spec §5 slots of 30 minutes).
 *
 * @example
 * ```ts
 * const slot: Slot = {
 *   date: '2025-03-14', // restaurant-local date of the start
 *   time: '19:30', // restaurant-local start
 *   endTime: '20:00',
 *   epoch: 1741951800, // Unix seconds of the start instant
 *   selectedTime: '19:30 - 20:00',
 * };
 * ```
 */
export type Slot = {
  /** `YYYY-MM-DD`: the restaurant-local date on which the slot starts. */
  date: string;
  /** `HH:mm`: restaurant-local start. */
  time: string;
  /** `HH:mm`: restaurant-local end; the last slot of a day ends at `00:00`. */
  endTime: string;
  /** Unix seconds of the start instant. */
  epoch: number;
  /** Display label `HH:mm - HH:mm`. */
  selectedTime: string;
};

/** One date of the schedule popup with its slots. */
export type SlotGroup = { date: string; slots: Slot[] };

/** Input of {@link generateSlots}. */
export type GenerateSlotsInput = OpeningHoursInput & {
  /** Local calendar days to offer, today included (default {@link SCHEDULE_WINDOW_DAYS}). */
  days?: number;
};

/** Input of {@link isValidSlot}: the same as {@link generateSlots} plus the submitted epoch. */
export type IsValidSlotInput = GenerateSlotsInput & {
  /** Unix seconds of the submitted slot start. */
  epoch: number;
};

const SLOTS_PER_DAY = DAY_MINUTES / SLOT_MINUTES;
// Spec §5: the next hour boundary is moved a further slot when it is under 30 minutes away.
const MIN_NOTICE_MS = 30 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The earliest instant a slot may start (spec §5): the first local hour boundary strictly after
 * `now`, moved 30 minutes later when it is under 30 minutes away. At exactly 10:00 the boundary is
 * 11:00 (60 minutes away, kept); at exactly 10:30 it is 11:00 (exactly 30 minutes away, not under,
 * kept); at 10:30:01 it becomes 11:30.
 */
function earliestSlotStartMs(nowMs: number, timeZone: string): number {
  const local = toLocal(nowMs, timeZone);
  // May be 1440: wallTimeToEpochMs rolls it over to 00:00 of the next day.
  const boundaryMinute = (Math.floor(local.msOfDay / HOUR_MS) + 1) * 60;
  const boundaryMs = wallTimeToEpochMs(local.day, boundaryMinute, timeZone).epochMs;
  if (boundaryMs - nowMs >= MIN_NOTICE_MS) return boundaryMs;
  return wallTimeToEpochMs(local.day, boundaryMinute + SLOT_MINUTES, timeZone).epochMs;
}

/** Minutes of opening within each of the day's 48 slots, given the day's merged opening. */
function overlapBySlot(opening: readonly OpeningInterval[]): number[] {
  const overlaps = new Array<number>(SLOTS_PER_DAY).fill(0);
  for (const { start, end } of opening) {
    // Only the slots the interval touches: no per-minute or per-slot scan of the whole day.
    for (let index = Math.floor(start / SLOT_MINUTES); index * SLOT_MINUTES < end; index++) {
      const slotStart = index * SLOT_MINUTES;
      const minutes = Math.min(end, slotStart + SLOT_MINUTES) - Math.max(start, slotStart);
      overlaps[index] = (overlaps[index] ?? 0) + minutes;
    }
  }
  return overlaps;
}

/** Minutes of opening within the slot that starts at `minuteOfDay`. */
function overlapOfSlot(opening: readonly OpeningInterval[], minuteOfDay: number): number {
  return opening.reduce(
    (sum, { start, end }) =>
      sum + Math.max(0, Math.min(end, minuteOfDay + SLOT_MINUTES) - Math.max(start, minuteOfDay)),
    0,
  );
}

/**
 * Maps a minute of local `day` to its instant. On a day without an offset change (every day in
 * Malaysia and Indonesia) that is midnight plus the minutes, which spares a zone look-up per slot.
 */
function dayClock(day: number, timeZone: string): (minuteOfDay: number) => number | null {
  const midnight = wallTimeToEpochMs(day, 0, timeZone);
  const nextMidnight = wallTimeToEpochMs(day + 1, 0, timeZone);
  if (midnight.exists && nextMidnight.exists && nextMidnight.epochMs - midnight.epochMs === DAY_MS) {
    return (minuteOfDay) => midnight.epochMs + minuteOfDay * MINUTE_MS;
  }
  return (minuteOfDay) => {
    const resolved = wallTimeToEpochMs(day, minuteOfDay, timeZone);
    // A wall time skipped by a daylight-saving jump is no slot.
    return resolved.exists ? resolved.epochMs : null;
  };
}

function toSlot(day: number, minuteOfDay: number, epochMs: number): Slot {
  const time = hhmm(minuteOfDay);
  const endTime = hhmm(minuteOfDay + SLOT_MINUTES);
  return {
    date: isoDate(day),
    time,
    endTime,
    epoch: Math.floor(epochMs / 1000),
    selectedTime: `${time} - ${endTime}`,
  };
}

function assertDays(days: number): void {
  if (!Number.isInteger(days) || days < 0) {
    throw new RangeError('`days` must be a non-negative integer');
  }
}

/**
 * Every slot a diner may schedule an order for, in time order (spec §5, §9).
 *
 * - Slots are 30 minutes long and start on the restaurant's local :00 and :30.
 * - A slot is offered only when at least 15 of its minutes are opening hours, summed over every
 *   interval it touches (adjoining intervals count together, overlapping ones once), including an
 *   interval that started the previous local day and runs past midnight.
 * - The earliest slot starts at the next local hour boundary strictly after `now`, moved 30 minutes
 *   later when that boundary is under 30 minutes away: at 10:20 → 11:00, at 10:40 → 11:30, at
 *   exactly 10:00 → 11:00, at exactly 10:30 → 11:00 (30 minutes away is not under 30).
 * - Slots cover `days` local calendar days starting today (default 45), so today counts as day 1
 *   even when the earliest boundary already falls tomorrow (e.g. at 23:40).
 *
 * Cost: one pass over at most `days` × 48 slot positions and two zone look-ups per day.
 *
 * @example
 * ```ts
 * // 10:40 in Kuala Lumpur, open 10:00–22:00 every day → first slot 11:30 - 12:00
 * const slots = generateSlots({ timings, orderType: 1, now, timeZone: 'Asia/Kuala_Lumpur' });
 * slots[0]?.selectedTime; // '11:30 - 12:00'
 * ```
 */
export function generateSlots({
  timings,
  orderType,
  now,
  timeZone,
  days = SCHEDULE_WINDOW_DAYS,
}: GenerateSlotsInput): Slot[] {
  assertValidDate(now);
  assertTimeZone(timeZone);
  assertDays(days);

  const week = weekFor(timings, orderType);
  const nowMs = now.getTime();
  const today = toLocal(nowMs, timeZone).day;
  const earliestMs = earliestSlotStartMs(nowMs, timeZone);

  const slots: Slot[] = [];
  for (let offset = 0; offset < days; offset++) {
    const day = today + offset;
    const overlaps = overlapBySlot(openingOfDay(week, day));
    if (!overlaps.some((minutes) => minutes >= MIN_OVERLAP_MINUTES)) continue;

    const epochMsAt = dayClock(day, timeZone);
    overlaps.forEach((minutes, index) => {
      if (minutes < MIN_OVERLAP_MINUTES) return;
      const minuteOfDay = index * SLOT_MINUTES;
      const epochMs = epochMsAt(minuteOfDay);
      if (epochMs === null || epochMs < earliestMs) return;
      slots.push(toSlot(day, minuteOfDay, epochMs));
    });
  }
  return slots;
}

/**
 * Whether a submitted slot start is exactly one of the epochs {@link generateSlots} would offer
 * with the same input (spec §5), for the server to check a scheduled order. It inspects only the
 * submitted slot's own day, not the whole window.
 *
 * @example
 * ```ts
 * if (!isValidSlot({ timings, orderType, now, timeZone, epoch: body.epoch })) {
 *   throw new DomainError(MESSAGE.invalidSlot);
 * }
 * ```
 */
export function isValidSlot({
  timings,
  orderType,
  now,
  timeZone,
  days = SCHEDULE_WINDOW_DAYS,
  epoch,
}: IsValidSlotInput): boolean {
  assertValidDate(now);
  assertTimeZone(timeZone);
  assertDays(days);
  if (!Number.isSafeInteger(epoch)) return false;

  const nowMs = now.getTime();
  const epochMs = epoch * 1000;
  if (epochMs < earliestSlotStartMs(nowMs, timeZone)) return false;

  const local = toLocal(epochMs, timeZone);
  if (local.msOfDay % (SLOT_MINUTES * MINUTE_MS) !== 0) return false;
  const offset = local.day - toLocal(nowMs, timeZone).day;
  if (offset < 0 || offset >= days) return false;

  const minuteOfDay = local.msOfDay / MINUTE_MS;
  // The repeated hour of a daylight-saving change: only the occurrence generateSlots offers counts.
  const resolved = wallTimeToEpochMs(local.day, minuteOfDay, timeZone);
  if (!resolved.exists || resolved.epochMs !== epochMs) return false;

  const opening = openingOfDay(weekFor(timings, orderType), local.day);
  return overlapOfSlot(opening, minuteOfDay) >= MIN_OVERLAP_MINUTES;
}

/**
 * Groups time-ordered slots by their local date for the schedule popup (spec §2 schedule order
 * popup), keeping the order of first appearance; dates without slots do not appear.
 *
 * @example
 * ```ts
 * groupSlotsByDate(slots); // [{ date: '2025-03-14', slots: [...] }, { date: '2025-03-15', ... }]
 * ```
 */
export function groupSlotsByDate(slots: readonly Slot[]): SlotGroup[] {
  const groups = new Map<string, Slot[]>();
  for (const slot of slots) {
    const group = groups.get(slot.date);
    if (group) group.push(slot);
    else groups.set(slot.date, [slot]);
  }
  return [...groups].map(([date, dateSlots]) => ({ date, slots: dateSlots }));
}
