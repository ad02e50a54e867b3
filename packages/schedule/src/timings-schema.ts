import { MESSAGE } from '@santap/domain';
import { z } from 'zod';
import type { RestTimings } from './timings';

const invalid = { error: MESSAGE.invalidInput };

const openingIntervalSchema = z.object({
  start: z.number(invalid).int(invalid).min(0, invalid).max(1439, invalid),
  end: z.number(invalid).int(invalid).min(1, invalid).max(2880, invalid),
});

const dayTimingSchema = z.object({
  is_enabled: z.boolean(invalid),
  slots: z.array(openingIntervalSchema, invalid),
});

const weekSchema = z.array(dayTimingSchema, invalid).length(7, invalid);

/**
 * Parses `rest_timings` as the server sends it (spec §3): `DINING`, `DELIVERY` and `TAKEAWAY`, each
 * exactly 7 day entries (index 0 = Sunday), each interval with integer minutes
 * `0 <= start < 1440` and `0 < end <= 2880`. An `end <= start`, or an `end > 1440`, means the
 * opening runs past midnight into the next day: 18:00–01:00 is `{ start: 1080, end: 60 }` or
 * `{ start: 1080, end: 1500 }`. Errors carry the message key `MESSAGE.invalidInput`.
 *
 * Pass only parsed timings to the functions of this package; they treat a missing day as closed.
 *
 * @example
 * ```ts
 * const timings = restTimingsSchema.parse(settings.rest_timings);
 * ```
 */
export const restTimingsSchema: z.ZodType<RestTimings> = z.object({
  DINING: weekSchema,
  DELIVERY: weekSchema,
  TAKEAWAY: weekSchema,
});
