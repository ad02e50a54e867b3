/**
 * Table bookings (spec §3 Reservation, §4 booking states, §5 cut-off, §7 reservations):
 * the diner's calls (user, check-availability, create, request-modification, request-cancellation,
 * fetch, payment-id, refund status) and the staff's calls (list, confirm, decline, accept or decline
 * a modification). Every call uses the `reservation` service (30 s time-out in the client).
 *
 * - Dates and slots are the restaurant's local date (`YYYY-MM-DD`) and slot start (`HH:MM`) in its
 *   time zone; `*_epoch` fields are the UTC instants they mean (seconds).
 * - A booking holds one table (seats ≥ guests, smoking as asked) for its window, so a restaurant is
 *   never overbooked. A booking with a token amount starts at `payment_pending`, is paid through the
 *   payment gateways (`payment-id`, like `/api/v1/payment/initiate`), and moves to
 *   `confirmation_pending` when the gateway confirms; a failed payment leaves `payment_failed` (pay
 *   again with `payment-id`). The paid token comes off the bill of the diner's dine-in order at that
 *   restaurant on the booking's day.
 * - Modification and cancellation are refused within the restaurant's cut-off minutes before the
 *   booking (`errors.bookingCutOff`). A cancellation outside it refunds a paid token through the
 *   gateway (`cancelled` → `refund_initiated` → `refund_processed`).
 * - Another diner's booking answers 404, like one that does not exist.
 *
 * The gateway returns the payer to `/reservation?reservation_id=…&payment_id=…&amount=…&redirect=1`;
 * `check-payment-status` and `get-payment-detail` also answer for a booking's payment.
 */
import { z } from 'zod';
import { BOOKING_STATES, emailSchema, nameSchema } from '@santap/domain';
import { defineEndpoint } from './endpoint';
import { currencyCode, idInput, money } from './common';
import {
  ONLINE_PAYMENT_METHODS,
  initiatedSchema,
  paymentChannel,
  paymentPageState,
  paymentProvider,
  paymentResultCode,
  paymentState,
  refundSchema,
  speedMode,
} from './payments';

/** Spec §3 occasion values. */
export const OCCASIONS = ['Birthday', 'Anniversary', 'Couple Date', 'Other'] as const;
export const occasion = z.enum(OCCASIONS);

/** Spec §4 booking states (as `@santap/domain` defines them). */
export const bookingState = z.enum(BOOKING_STATES);

/** The token's money, beside the booking state. */
export const BOOKING_PAYMENT_STATUSES = ['unpaid', 'paid', 'refund_initiated', 'refunded'] as const;
export const bookingPaymentStatus = z.enum(BOOKING_PAYMENT_STATUSES);

/** A local date in the restaurant's zone, `YYYY-MM-DD`. */
export const bookingDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
/** A slot start in the restaurant's zone, `HH:MM` (24 h). */
export const bookingSlot = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** Guests count as sent by forms ('4') or JSON (4); the restaurant's maximum is checked by the server. */
export const guestsInput = z.coerce.number().int().min(1).max(100);
/**
 * Smoking-table preference: `true` asks for a smoking table, `false` (default) for a non-smoking one.
 * Forms and query strings may send '1' / '0' / 'true' / 'false'.
 */
export const smokingFlag = z.union([
  z.boolean(),
  z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'),
]);
export const smokingInput = smokingFlag.default(false);

export const bookingTableSchema = z.object({
  table_id: z.number().int(),
  table_no: z.string(),
  display_table: z.string(),
  seats: z.number().int(),
  smoking: z.boolean(),
});

/** The booking's latest token payment, if any. */
export const bookingPaymentSchema = z.object({
  payment_id: z.number().int(),
  state: paymentState,
  page_state: paymentPageState,
  result: paymentResultCode,
  amount: money,
  currency: currencyCode,
});

/** A modification the diner asked for and staff have not answered yet. */
export const requestedChangeSchema = z.object({
  date: z.string(),
  slot: z.string(),
  guests: z.number().int(),
  smoking: z.boolean(),
  starts_epoch: z.number().int(),
  /** The table that would hold the changed booking (kept for it until staff answer). */
  table_id: z.number().int().nullable(),
});

export const reservationSchema = z.object({
  reservation_id: z.number().int(),
  restaurant_id: z.number().int(),
  nameid: z.string(),
  restaurant_name: z.string(),
  time_zone: z.string(),
  date: z.string(),
  slot: z.string(),
  starts_epoch: z.number().int(),
  ends_epoch: z.number().int(),
  guests: z.number().int(),
  smoking: z.boolean(),
  table: bookingTableSchema.nullable(),
  contact_name: z.string(),
  email: z.string(),
  contact_number: z.string(),
  special_request: z.string().nullable(),
  occasion: occasion.nullable(),
  state: bookingState,
  token_amount: money,
  currency: currencyCode,
  payment_status: bookingPaymentStatus,
  payment: bookingPaymentSchema.nullable(),
  requested_change: requestedChangeSchema.nullable(),
  /** Why staff declined, or the diner's cancellation reason. */
  reason: z.string().nullable(),
  /** From this instant on, modification and cancellation are refused (spec §5). */
  cut_off_epoch: z.number().int(),
  can_modify: z.boolean(),
  can_cancel: z.boolean(),
  /** A token is owed and no payment is processing: `payment-id` starts one. */
  can_pay: z.boolean(),
  /** The dine-in order whose bill took the paid token off, once the diner has ordered. */
  order_id: z.number().int().nullable(),
  created_epoch: z.number().int(),
});
export type Reservation = z.infer<typeof reservationSchema>;

const reservationRef = z.object({ reservation_id: idInput });

/** A reservation's refund summary and rows, for the refund status popup. */
export const refundStatusSchema = z.object({
  reservation_id: z.number().int(),
  state: bookingState,
  payment_status: bookingPaymentStatus,
  token_amount: money,
  currency: currencyCode,
  /** Where the refund stands: none started, initiated, refunded, or refused by the gateway. */
  refund_state: z.enum(['none', 'refund_initiated', 'refunded', 'failed']),
  refunded_amount: money,
  refunds: z.array(refundSchema),
});

export const userReservations = defineEndpoint({
  id: 'reservations.user',
  method: 'GET',
  path: '/api/reservations/user',
  service: 'reservation',
  access: 'user',
  summary:
    "The caller's bookings, upcoming first (soonest first), then past ones (latest first). `upcoming=1` keeps only those not yet over.",
  query: z.object({ upcoming: z.enum(['0', '1']).optional() }),
  data: z.object({ reservations: z.array(reservationSchema) }),
});

export const slotAvailabilitySchema = z.object({
  slot: z.string(),
  starts_epoch: z.number().int(),
  available: z.boolean(),
  /** Tables that could still take this booking (seats ≥ guests, smoking as asked). */
  tables_left: z.number().int(),
});

export const checkAvailability = defineEndpoint({
  id: 'reservations.checkAvailability',
  method: 'POST',
  path: '/api/reservations/check-availability',
  service: 'reservation',
  access: 'none',
  summary:
    "Which slots of a date can take a booking for `guests` with the smoking preference: every slot of the restaurant's dining hours (slot length and booking duration are restaurant settings) that starts after the cut-off, with the tables still free. With `slot`, `requested` says whether that slot can be booked and which tables would take it.",
  body: z.object({
    restaurant_id: idInput,
    date: bookingDate,
    slot: bookingSlot.optional(),
    guests: guestsInput,
    smoking: smokingInput,
  }),
  data: z.object({
    restaurant_id: z.number().int(),
    date: z.string(),
    time_zone: z.string(),
    guests: z.number().int(),
    smoking: z.boolean(),
    /** Booking is on for the restaurant (settings). When false, `slots` is empty. */
    enabled: z.boolean(),
    token_amount: money,
    currency: currencyCode,
    cut_off_minutes: z.number().int(),
    slot_minutes: z.number().int(),
    duration_minutes: z.number().int(),
    max_guests: z.number().int(),
    slots: z.array(slotAvailabilitySchema),
    requested: slotAvailabilitySchema.extend({ tables: z.array(bookingTableSchema) }).nullable(),
  }),
});

export const createReservation = defineEndpoint({
  id: 'reservations.create',
  method: 'POST',
  path: '/api/reservations/create',
  service: 'reservation',
  access: 'user',
  idempotent: true,
  summary:
    'Book a table (login needed: a guest is refused). The server picks the smallest free table that fits and holds it for the booking window; a slot with no such table is refused (`errors.bookingUnavailable`). With a token amount the booking starts at `payment_pending` (pay with `payment-id`), else at `confirmation_pending`.',
  body: z.object({
    restaurant_id: idInput,
    date: bookingDate,
    slot: bookingSlot,
    guests: guestsInput,
    smoking: smokingInput,
    contact_name: nameSchema.pipe(z.string().max(80)),
    email: emailSchema,
    /** Phone as typed; stored in E.164 (spec §5: leading 0 removed). */
    contact_number: z.string().min(1).max(32),
    special_request: z.string().trim().max(500).optional(),
    occasion: occasion.optional(),
  }),
  data: reservationSchema,
});

export const requestModification = defineEndpoint({
  id: 'reservations.requestModification',
  method: 'POST',
  path: '/api/reservations/request-modification',
  service: 'reservation',
  access: 'user',
  summary:
    'Ask the restaurant to change date, slot, guests or smoking preference (at least one). Refused within the cut-off before the booking, or when no table fits the change. The booking waits at `modification_requested` until staff accept (the change applies and the booking is confirmed) or decline (the booking stays as it was, back in the state it had before the request: `confirmation_pending` or `confirmed`).',
  body: z
    .object({
      reservation_id: idInput,
      date: bookingDate.optional(),
      slot: bookingSlot.optional(),
      guests: guestsInput.optional(),
      smoking: smokingFlag.optional(),
    })
    .refine(
      (b) =>
        b.date !== undefined || b.slot !== undefined || b.guests !== undefined || b.smoking !== undefined,
      { message: 'nothing to change' },
    ),
  data: reservationSchema,
});

export const requestCancellation = defineEndpoint({
  id: 'reservations.requestCancellation',
  method: 'POST',
  path: '/api/reservations/request-cancellation',
  service: 'reservation',
  access: 'user',
  summary:
    'Cancel a booking. Refused within the cut-off before the booking. A paid token is refunded through its gateway (state `refund_initiated`, then `refund_processed`); see `refund-status`.',
  body: reservationRef.extend({ reason: z.string().trim().max(300).optional() }),
  data: reservationSchema,
});

export const fetchReservation = defineEndpoint({
  id: 'reservations.fetch',
  method: 'GET',
  path: '/api/reservations/fetch',
  service: 'reservation',
  access: 'user',
  summary: "One of the caller's bookings (another diner's is 404).",
  query: reservationRef,
  data: reservationSchema,
});

export const reservationPaymentId = defineEndpoint({
  id: 'reservations.paymentId',
  method: 'POST',
  path: '/api/reservations/payment-id',
  service: 'reservation',
  access: 'user',
  summary:
    "Start (or resume) paying a booking's token amount through a gateway, like `/api/v1/payment/initiate`: the redirect URL or QR string, and the payment id. A payment still processing is returned (`resumed`) instead of a second one; a paid token is refused.",
  body: reservationRef.extend({
    method: z.enum(ONLINE_PAYMENT_METHODS).default('Wallet'),
    channel: paymentChannel.optional(),
    provider: paymentProvider.optional(),
    speed_mode: speedMode.default('secure'),
  }),
  data: initiatedSchema.extend({ reservation_id: z.number().int() }),
});

export const reservationRefundStatus = defineEndpoint({
  id: 'reservations.refundStatus',
  method: 'GET',
  path: '/api/reservations/refund-status',
  service: 'reservation',
  access: 'user',
  summary:
    "Where the refund of a booking's token stands, with the spec's wording of how long the money takes (the refund status popup).",
  query: reservationRef,
  data: refundStatusSchema,
});

// ---------------------------------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------------------------------

const staffReservationRef = z.object({ reservationId: idInput });

export const staffReservations = defineEndpoint({
  id: 'reservations.staffList',
  method: 'GET',
  path: '/api/staff/reservations',
  service: 'reservation',
  access: 'staff',
  summary:
    "The staff member's restaurant's bookings by start time; `date` (local) and `state` narrow the list.",
  query: z.object({ date: bookingDate.optional(), state: bookingState.optional() }),
  data: z.object({ reservations: z.array(reservationSchema) }),
});

export const staffConfirmReservation = defineEndpoint({
  id: 'reservations.staffConfirm',
  method: 'POST',
  path: '/api/staff/reservations/:reservationId/confirm',
  service: 'reservation',
  access: 'staff',
  summary:
    "Confirm a booking waiting at `confirmation_pending` (manager only). Another restaurant's booking is 404.",
  params: staffReservationRef,
  data: reservationSchema,
});

export const staffDeclineReservation = defineEndpoint({
  id: 'reservations.staffDecline',
  method: 'POST',
  path: '/api/staff/reservations/:reservationId/decline',
  service: 'reservation',
  access: 'staff',
  summary:
    'Decline a booking waiting at `confirmation_pending` (manager only): its table is freed and a paid token is refunded in full.',
  params: staffReservationRef,
  body: z.object({ reason: z.string().trim().max(300).optional() }),
  data: reservationSchema,
});

export const staffAcceptModification = defineEndpoint({
  id: 'reservations.staffAcceptModification',
  method: 'POST',
  path: '/api/staff/reservations/:reservationId/modification/accept',
  service: 'reservation',
  access: 'staff',
  summary:
    'Accept the modification a diner asked for (manager only): the booking takes the new date, slot, guests and table, and is confirmed.',
  params: staffReservationRef,
  data: reservationSchema,
});

export const staffDeclineModification = defineEndpoint({
  id: 'reservations.staffDeclineModification',
  method: 'POST',
  path: '/api/staff/reservations/:reservationId/modification/decline',
  service: 'reservation',
  access: 'staff',
  summary:
    'Decline the modification a diner asked for (manager only): the booking keeps its date, slot, guests and table, and goes back to the state it had before the request: `confirmation_pending` if staff had not confirmed it yet, else `confirmed`.',
  params: staffReservationRef,
  body: z.object({ reason: z.string().trim().max(300).optional() }),
  data: reservationSchema,
});

export const staffNoShow = defineEndpoint({
  id: 'reservations.staffNoShow',
  method: 'POST',
  path: '/api/staff/reservations/:reservationId/no-show',
  service: 'reservation',
  access: 'staff',
  summary:
    "Mark a confirmed booking whose time has come as a no-show (manager or server): the diner did not come. Refused before its start time, or once the diner ordered with its token (errors.bookingNotChangeable). A paid token is kept, not refunded (the token is the restaurant's guard against no-shows; spec §7 'token amount set by the restaurant'). Another restaurant's booking is 404.",
  params: staffReservationRef,
  data: reservationSchema,
});
