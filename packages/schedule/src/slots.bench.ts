// `pnpm --filter @santap/schedule bench`: how long a schedule popup's slots take to make (figures
// printed by vitest bench; no timed assertion in the tests).
import { bench, describe } from 'vitest';
import { generateSlots } from './slots';
import { allTypes, everyDay, hm, localInstant, openDay } from './test-fixtures';

const KL = 'Asia/Kuala_Lumpur';
const OPEN_ALL_DAY = allTypes(everyDay(openDay([0, 1440])));
const LUNCH_AND_DINNER = allTypes(everyDay(openDay([hm(10), hm(14)], [hm(17), hm(21)])));
const now = localInstant('2025-03-14T00:00', KL);

describe('generateSlots, 45 days', () => {
  bench('open all day (48 slots a day)', () => {
    generateSlots({ timings: OPEN_ALL_DAY, orderType: 1, now, timeZone: KL, days: 45 });
  });
  bench('lunch and dinner (16 slots a day)', () => {
    generateSlots({ timings: LUNCH_AND_DINNER, orderType: 1, now, timeZone: KL, days: 45 });
  });
});
