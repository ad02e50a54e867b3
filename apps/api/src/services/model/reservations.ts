/**
 * Table bookings as rows (the model floor, README "Floors"): the row type, and the modification a diner
 * asked for, read from its JSON column once.
 */
import { z } from 'zod';
import type { ModifiableState, RequestedChange, reservations } from '../../db/schema';

export type ReservationRow = typeof reservations.$inferSelect;

const requestedChangeSchema = z.object({
  date: z.string(),
  slot: z.string(),
  guests: z.int().positive(),
  smoking: z.boolean(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  table_id: z.int().nullable(),
  // Requests stored before the state was kept were all answered 'confirmed'.
  from_state: z
    .enum(['confirmation_pending', 'confirmed'] as const satisfies readonly ModifiableState[])
    .default('confirmed'),
}) satisfies z.ZodType<RequestedChange>;

/**
 * The modification waiting for staff (`reservations.requested_change`), or null when there is none or
 * the stored value is not one (written by hand or by older code): staff cannot accept it then
 * ('errors.bookingNotChangeable'), declining it takes the booking back to 'confirmed', and the
 * booking's views show no change.
 */
export function requestedChangeOf(booking: { requestedChange: unknown }): RequestedChange | null {
  if (booking.requestedChange === null || booking.requestedChange === undefined) return null;
  const parsed = requestedChangeSchema.safeParse(booking.requestedChange);
  return parsed.success ? parsed.data : null;
}
