/**
 * `payment-id`: starts (or resumes) paying a booking's token through the payment gateways, on the
 * machinery of `/api/v1/payment/initiate`: the attempt is committed as `initiated` first (the booking
 * locked), then the gateway is called outside the transaction (`reachGateway`); the webhook settles
 * it (services/flows/payments/booking-token.ts). A payment still processing is returned instead of a second.
 */
import { MESSAGE } from '@santap/domain';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { referenceOf } from '../payments/model';
import { paymentsOfBooking } from '../payments/booking-token';
import {
  GATEWAY_EXPIRY_MINUTES,
  gatewayUrls,
  insertAttempt,
  liveOf,
  offeredProvider,
  reachGateway,
} from '../payments/service';
import type { StartedAttempt } from '../payments/service';
import { pick, settingsOf } from '../../model/restaurants';
import { retakeTable } from '../reservations/capacity';
import { holdsTable, moveBooking } from '../reservations/model';
import { lockOwned } from './service';

/** Where the gateway sends the payer back: the reservation payment page (spec §2 `/reservation`). */
export const RESERVATION_RETURN_PATH = '/reservation';

export async function payReservation(
  ctx: AppContext,
  caller: Caller,
  input: {
    reservation_id: number;
    method: string;
    channel?: string | undefined;
    provider?: string | undefined;
    speed_mode: 'fast' | 'secure';
  },
) {
  const started = await ctx.db.transaction(async (tx): Promise<StartedAttempt> => {
    const now = ctx.now();
    const { booking, restaurant } = await lockOwned(tx, caller, input.reservation_id);
    const live = liveOf(await paymentsOfBooking(tx, booking.id), now);
    if (live) return { resumed: true, payment: live };
    const payable =
      booking.tokenAmount > 0 &&
      booking.paymentStatus === 'unpaid' &&
      (booking.state === 'payment_pending' || booking.state === 'payment_failed');
    if (!payable) return fail(MESSAGE.bookingNotPayable);
    const currency = booking.currency as 'MYR' | 'IDR';
    const provider = offeredProvider(ctx, settingsOf(restaurant), currency, input);

    // A failed booking, or one whose hold lapsed, takes a table again before the diner pays.
    const tableId = holdsTable(booking, now)
      ? booking.tableId
      : ((await retakeTable(tx, booking, now)) ?? fail(MESSAGE.bookingUnavailable)).id;

    const payment = await insertAttempt(
      tx,
      now,
      {
        reservationId: booking.id,
        userId: booking.userId,
        purpose: 'reservation',
        provider: provider.name,
        channel: input.channel ?? null,
        method: input.method,
        amount: booking.tokenAmount,
        currency,
      },
      { speed_mode: input.speed_mode, is_kiosk: false },
    );
    const reference = referenceOf(payment);
    // A retry after a failure is pending payment again; either way the table hold starts afresh.
    await moveBooking(
      ctx,
      tx,
      booking,
      booking.state === 'payment_failed' ? 'payment_pending' : null,
      { tableId },
      { payment_id: payment.id, payment_state: payment.state },
    );
    return {
      resumed: false,
      payment,
      provider,
      input: {
        reference,
        amount: booking.tokenAmount,
        currency,
        method: input.method,
        channel: input.channel,
        description: `${pick(restaurant.name, caller.lang)} R${booking.id}`,
        language: caller.lang,
        ...gatewayUrls(ctx, provider.name, RESERVATION_RETURN_PATH, {
          reservation_id: String(booking.id),
          payment_id: String(payment.id),
          amount: String(booking.tokenAmount),
          redirect: '1',
          paymentType: input.channel ?? input.method,
          isKiosk: '0',
        }),
        expiresAt: new Date(now.getTime() + GATEWAY_EXPIRY_MINUTES * 60_000),
      },
    };
  });
  return { ...(await reachGateway(ctx, started)), reservation_id: input.reservation_id };
}
