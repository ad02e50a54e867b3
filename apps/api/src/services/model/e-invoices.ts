/**
 * E-invoices as rows (the model floor, README "Floors"): the buyer kept with each, read from its JSON
 * column once.
 */
import { z } from 'zod';
import { invoices } from '@santap/contract';
import type { StoredBuyer } from '../../db/schema';

const storedBuyerSchema = z.object({
  details: invoices.eInvoiceBuyerSchema,
  tinUsed: z.string(),
  generalTin: z.boolean(),
}) satisfies z.ZodType<StoredBuyer>;

/**
 * `e_invoices.buyer` (the details as given and the TIN put on the document), or null when the stored
 * value is not one (written by hand or by older code).
 */
export function storedBuyerOf(stored: unknown): StoredBuyer | null {
  const parsed = storedBuyerSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
