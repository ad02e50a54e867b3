import { describe, expect, it } from 'vitest';
import * as schedule from './index';

describe('@santap/schedule public API', () => {
  it('index -> exactly the documented runtime exports', () => {
    expect(Object.keys(schedule).sort()).toEqual([
      'KITCHEN_LEAD_MINUTES',
      'MIN_OVERLAP_MINUTES',
      'SCHEDULE_WINDOW_DAYS',
      'SLOT_MINUTES',
      'calendarDay',
      'generateSlots',
      'groupSlotsByDate',
      'instantAtWallClock',
      'isOpen',
      'isValidSlot',
      'kitchenReleaseAt',
      'localDateAt',
      'nextOpenEpoch',
      'restTimingsSchema',
      'timingsKeyFor',
      'wallClockAt',
    ]);
  });
});
