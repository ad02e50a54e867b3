/** Length of a schedule slot in minutes (spec §5, §9). Slots start on the local :00 and :30. */
export const SLOT_MINUTES = 30;

/** A slot is offered only when at least this many of its minutes fall in opening hours (spec §5, §9). */
export const MIN_OVERLAP_MINUTES = 15;

/** How many local calendar days of slots are offered, today included (spec §5 "about 45 days", §9). */
export const SCHEDULE_WINDOW_DAYS = 45;

/** Accepted scheduled orders go to the kitchen this many minutes before their slot (spec §4, §9). */
export const KITCHEN_LEAD_MINUTES = 15;
