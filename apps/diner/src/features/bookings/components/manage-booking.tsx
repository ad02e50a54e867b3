import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { AuthRequired, ServerMessage, reservations } from '@santap/api-client';
import type { Reservation } from '@santap/api-client';
import { CancelOrModifyBookingPopup } from '@santap/ui';
import type { BookingAction, BookingChange, BookingQuery, BookingSlotOption, UiMessage } from '@santap/ui';
import { localDateAt } from '@santap/schedule';
import { api } from '../../../lib/api';
import { allowedRequests, bookingFacts, cutOffPassed } from '../lib/booking-words';
import { uiMessageOf } from '@santap/web';

export interface ManageBookingProps {
  booking: Reservation;
  onClose: () => void;
  /** A request went through: the booking as the server has it now, and which request it was. */
  onDone: (booking: Reservation, action: BookingAction) => void;
  /** The login expired meanwhile. */
  onLoginNeeded: () => void;
  /** The clock (tests pin it). */
  now?: () => Date;
}

/**
 * The change-or-cancel popup of a booking, wired to the server: the change form's slots come from
 * `check-availability` (the latest question wins), and the two requests go to `request-modification`
 * and `request-cancellation`. A refusal (the cut-off, no table for the change) keeps the popup open
 * with the server's words.
 */
export function ManageBooking({
  booking,
  onClose,
  onDone,
  onLoginNeeded,
  now = () => new Date(),
}: ManageBookingProps) {
  const [slots, setSlots] = useState<BookingSlotOption[] | undefined>();
  const [maxGuests, setMaxGuests] = useState<number>();
  const [busy, setBusy] = useState<BookingAction>();
  const [error, setError] = useState<UiMessage>();
  const [refusal, setRefusal] = useState<ReactNode>();
  const asked = useRef(0);
  const allowed = allowedRequests(booking);
  const cutOff = new Date(booking.cut_off_epoch * 1000);

  const loadSlots = async (query: BookingQuery) => {
    const ask = ++asked.current;
    setSlots(undefined);
    try {
      const reply = await api.call(reservations.checkAvailability, {
        body: { restaurant_id: booking.restaurant_id, ...query },
      });
      if (ask !== asked.current) return;
      setMaxGuests(reply.max_guests);
      setSlots(reply.slots.map((slot) => ({ slot: slot.slot, available: slot.available })));
    } catch (failure) {
      if (ask !== asked.current) return;
      setSlots([]);
      setError(uiMessageOf(failure));
    }
  };

  const send = async (action: BookingAction, request: () => Promise<Reservation>) => {
    setBusy(action);
    setError(undefined);
    setRefusal(undefined);
    try {
      onDone(await request(), action);
    } catch (failure) {
      if (failure instanceof AuthRequired) onLoginNeeded();
      else if (failure instanceof ServerMessage && failure.message.trim() !== '') setRefusal(failure.message);
      else setError(uiMessageOf(failure));
    } finally {
      setBusy(undefined);
    }
  };

  const modify = (change: BookingChange) =>
    void send('modify', () =>
      api.call(reservations.requestModification, {
        body: { reservation_id: booking.reservation_id, ...change },
      }),
    );

  const cancel = (reason: string) =>
    void send('cancel', () =>
      api.call(reservations.requestCancellation, {
        body: { reservation_id: booking.reservation_id, ...(reason ? { reason } : {}) },
      }),
    );

  return (
    <CancelOrModifyBookingPopup
      open
      onClose={onClose}
      booking={bookingFacts(booking)}
      timeZone={booking.time_zone}
      cutOff={cutOff}
      cutOffPassed={cutOffPassed(booking)}
      canModify={allowed.modify}
      canCancel={allowed.cancel}
      refund={
        booking.payment_status === 'paid'
          ? { amount: booking.token_amount, currency: booking.currency }
          : undefined
      }
      minDate={localDateAt(now(), booking.time_zone)}
      maxGuests={maxGuests}
      slots={slots}
      onQueryChange={(query) => void loadSlots(query)}
      onModify={modify}
      onCancel={cancel}
      busy={busy}
      error={error}
      refusal={refusal}
    />
  );
}
