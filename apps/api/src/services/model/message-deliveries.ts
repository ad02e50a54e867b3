/**
 * Message deliveries as rows (the model floor, README "Floors"): an order update's queued template,
 * read from its JSON column once.
 */
import { z } from 'zod';
import { LANGUAGES } from '@santap/domain';
import type { QueuedTemplate } from '../../db/schema';

const queuedTemplateSchema = z.object({
  template: z.string().min(1),
  lang: z.enum(LANGUAGES),
  body: z.array(z.string()),
}) satisfies z.ZodType<QueuedTemplate>;

/**
 * The template an order update's row queued (`message_deliveries.payload`), or null when the stored
 * value is not one: an OTP's row (`{}`), or one written by hand or by older code.
 */
export function queuedTemplateOf(stored: unknown): QueuedTemplate | null {
  const parsed = queuedTemplateSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
