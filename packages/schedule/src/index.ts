export { KITCHEN_LEAD_MINUTES, MIN_OVERLAP_MINUTES, SCHEDULE_WINDOW_DAYS, SLOT_MINUTES } from './constants';
export { kitchenReleaseAt } from './kitchen';
export { isOpen, nextOpenEpoch } from './opening-hours';
export type { NextOpenInput, OpeningHoursInput } from './opening-hours';
export { generateSlots, groupSlotsByDate, isValidSlot } from './slots';
export type { GenerateSlotsInput, IsValidSlotInput, Slot, SlotGroup } from './slots';
export { restTimingsSchema } from './timings-schema';
export { timingsKeyFor } from './timings';
export type { DayTiming, OpeningInterval, RestTimings, TimingsKey } from './timings';
