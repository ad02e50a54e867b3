/** Nutrition per local day over the diner's orders. */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** Longest range of one nutrition request, in days. */
export const NUTRITION_MAX_DAYS = 92;

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const nutritionTotalsSchema = z.object({
  kcal: z.number(),
  /** Grams. */
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
});

export const nutritionDaily = defineEndpoint({
  id: 'account.nutritionDaily',
  method: 'GET',
  path: '/api/user/nutrition/daily',
  service: 'main',
  access: 'user',
  summary:
    "Nutrition per local day from `from` to `to` (inclusive, at most 92 days): the server's per-item nutrition times quantity, over the non-declined items of the caller's orders that were not cancelled, declined or deleted. An order counts on its day in the restaurant's time zone (its scheduled time if scheduled), or in `time_zone` when given. Every day of the range is listed, zeros included.",
  query: z.object({
    from: calendarDate,
    to: calendarDate,
    /** An IANA zone ('Asia/Kuala_Lumpur'); default: each order's restaurant's zone. */
    time_zone: z.string().min(1).max(64).optional(),
  }),
  data: z.object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string().nullable(),
    days: z.array(
      nutritionTotalsSchema.extend({
        /** 'YYYY-MM-DD'. */
        date: z.string(),
        /** Portions counted (quantities summed). */
        items: z.number().int(),
        orders: z.number().int(),
      }),
    ),
    total: nutritionTotalsSchema,
    /** Portions in the range whose dish has no nutrition data (not in the sums). */
    items_without_nutrition: z.number().int(),
  }),
});
