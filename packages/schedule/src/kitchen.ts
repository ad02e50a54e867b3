import { KITCHEN_LEAD_MINUTES } from './constants';
import type { Slot } from './slots';

/**
 * Unix seconds at which an accepted scheduled order goes to the kitchen: 15 minutes before its
 * slot starts (spec §4 "accepted scheduled orders are made 15 minutes before", §9). Takes a
 * {@link Slot} or the slot's start epoch in Unix seconds.
 *
 * @example
 * ```ts
 * kitchenReleaseAt(1741951800); // 1741950900, i.e. 19:15 for a 19:30 slot
 * kitchenReleaseAt(slot); // slot.epoch - 900
 * ```
 */
export function kitchenReleaseAt(slot: Pick<Slot, 'epoch'> | number): number {
  const startEpoch = typeof slot === 'number' ? slot : slot.epoch;
  return startEpoch - KITCHEN_LEAD_MINUTES * 60;
}
