import type { Reservation } from '@santap/api-client';
import type { BookingState } from '@santap/domain';
import { canBookingTransition } from '@santap/domain';
import type { TranslationKey } from '@santap/i18n';
import type { BookingFacts } from '@santap/ui';

/** How a state looks: waiting on someone, settled well, over, or gone wrong. */
export type StateTone = 'waiting' | 'good' | 'over' | 'problem';

const STATE: Readonly<
  Record<BookingState, { title: TranslationKey; body: TranslationKey; tone: StateTone }>
> = {
  payment_pending: {
    title: 'booking.state.paymentPending',
    body: 'booking.stateBody.paymentPending',
    tone: 'waiting',
  },
  payment_failed: {
    title: 'booking.state.paymentFailed',
    body: 'booking.stateBody.paymentFailed',
    tone: 'problem',
  },
  confirmation_pending: {
    title: 'booking.state.confirmationPending',
    body: 'booking.stateBody.confirmationPending',
    tone: 'waiting',
  },
  confirmed: { title: 'booking.state.confirmed', body: 'booking.stateBody.confirmed', tone: 'good' },
  modification_requested: {
    title: 'booking.state.modificationRequested',
    body: 'booking.stateBody.modificationRequested',
    tone: 'waiting',
  },
  cancelled: { title: 'booking.state.cancelled', body: 'booking.stateBody.cancelled', tone: 'over' },
  declined: { title: 'booking.state.declined', body: 'booking.stateBody.declined', tone: 'problem' },
  refund_initiated: {
    title: 'booking.state.refundInitiated',
    body: 'booking.stateBody.refundInitiated',
    tone: 'over',
  },
  refund_processed: {
    title: 'booking.state.refundProcessed',
    body: 'booking.stateBody.refundProcessed',
    tone: 'over',
  },
  no_show: { title: 'booking.state.noShow', body: 'booking.stateBody.noShow', tone: 'problem' },
};

/** The words and tone of a booking state (spec §4). */
export const stateWords = (state: BookingState) => STATE[state];

/**
 * What the booking's state lets the diner ask for (spec §4 moves). Whether the restaurant still takes
 * it so close to the booking (the cut-off, spec §5) is the server's answer, shown in its words.
 */
export function allowedRequests(booking: Reservation): { modify: boolean; cancel: boolean } {
  return {
    modify: canBookingTransition(booking.state, 'modification_requested'),
    cancel: canBookingTransition(booking.state, 'cancelled'),
  };
}

/**
 * The restaurant's cut-off has passed (spec §5): the state would allow a request but the server, on
 * its own clock, no longer offers either. The phone's clock is not asked: it may be wrong.
 */
export function cutOffPassed(booking: Reservation): boolean {
  const allowed = allowedRequests(booking);
  return (allowed.modify || allowed.cancel) && !booking.can_modify && !booking.can_cancel;
}

/** A refund of the deposit is under way or done: the refund status popup has something to say. */
export const hasRefund = (booking: Reservation) =>
  booking.payment_status === 'refund_initiated' ||
  booking.payment_status === 'refunded' ||
  booking.state === 'refund_initiated' ||
  booking.state === 'refund_processed';

/** The booking as `@santap/ui`'s `BookingSummary` shows it. */
export function bookingFacts(booking: Reservation): BookingFacts {
  return {
    date: booking.date,
    slot: booking.slot,
    guests: booking.guests,
    smoking: booking.smoking,
    ...(booking.table ? { table: booking.table.display_table } : {}),
    ...(booking.token_amount > 0 ? { tokenAmount: booking.token_amount, currency: booking.currency } : {}),
  };
}
