import { describe, expect, it } from 'vitest';
import { KITCHEN_LEAD_MINUTES, MIN_OVERLAP_MINUTES, SCHEDULE_WINDOW_DAYS, SLOT_MINUTES } from './constants';

describe('schedule constants (spec §9)', () => {
  it('slot -> 30 minutes', () => expect(SLOT_MINUTES).toBe(30));
  it('minimum overlap -> 15 minutes', () => expect(MIN_OVERLAP_MINUTES).toBe(15));
  it('window -> 45 days', () => expect(SCHEDULE_WINDOW_DAYS).toBe(45));
  it('kitchen lead -> 15 minutes', () => expect(KITCHEN_LEAD_MINUTES).toBe(15));
});
