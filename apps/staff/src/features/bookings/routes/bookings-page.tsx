import { useCallback, useEffect, useState } from 'react';
import { NoInternet, RequestTimeout, reservations } from '@santap/api-client';
import type { Reservation } from '@santap/api-client';
import type { Currency } from '@santap/domain';
import { localDateAt } from '@santap/schedule';
import { Button, Spinner, TextField, useOnline, useToast, useUiTranslation } from '@santap/ui';
import { useStaffMe } from '../../../lib/staff-context';
import { api } from '../../../lib/api';
import { useMoney } from '../../../lib/use-money';
import { LoadFailure, OfflineNotice } from '../../../components/console-banners';
import { PanelActions } from '../../../components/panel-actions';
import { errorText } from '@santap/web';
import '../../../components/desk.css';

/** The booking states' words (the diner's, sections/bookings.ts). */
const STATE_LABEL = {
  confirmation_pending: 'booking.state.confirmationPending',
  confirmed: 'booking.state.confirmed',
  modification_requested: 'booking.state.modificationRequested',
  cancelled: 'booking.state.cancelled',
  payment_pending: 'booking.state.paymentPending',
  payment_failed: 'booking.state.paymentFailed',
  refund_initiated: 'booking.state.refundInitiated',
  refund_processed: 'booking.state.refundProcessed',
  declined: 'booking.state.declined',
  no_show: 'booking.state.noShow',
} as const satisfies Record<Reservation['state'], string>;

/** What became of the deposit (the token amount): paid, refund started, refunded, not paid. */
const DEPOSIT_LABEL = {
  unpaid: 'staff.bookings.depositUnpaid',
  paid: 'staff.bookings.depositPaid',
  refund_initiated: 'staff.bookings.depositRefundInitiated',
  refunded: 'staff.bookings.depositRefunded',
} as const satisfies Record<Reservation['payment_status'], string>;

/** The clock in Unix seconds, read again each minute: a booking's 'No-show' appears once its time has come. */
function useNowEpoch() {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Move = 'confirm' | 'decline' | 'acceptChange' | 'declineChange' | 'noShow';

/** Who may mark a no-show (the API's roles): the front of house sees who came. */
const NO_SHOW_ROLES: readonly string[] = ['manager', 'server'];

/**
 * The restaurant's table bookings of one day (`GET /api/staff/reservations?date=`), by start time:
 * slot, guests, table, contact, request, state and the deposit with what became of it. The manager
 * confirms or declines a waiting booking (a paid deposit is refunded in full on decline) and accepts or
 * declines a change the diner asked for; once a confirmed booking's time has come, the manager or a server
 * marks a no-show (`POST .../no-show`: a paid deposit is kept). Actions are refused while offline.
 */
export function Component() {
  const me = useStaffMe();
  const { t } = useUiTranslation();
  const money = useMoney();
  const toast = useToast();
  const deviceOnline = useOnline();
  const [lostConnection, setLostConnection] = useState(false);
  const online = deviceOnline && !lostConnection;
  const [date, setDate] = useState(() => localDateAt(new Date(), me.restaurant.time_zone));
  const [list, setList] = useState<Reservation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [declining, setDeclining] = useState<{ id: number; move: 'decline' | 'declineChange' } | null>(null);
  const [reason, setReason] = useState('');
  const manager = me.staff.role === 'manager';
  const now = useNowEpoch();

  const load = useCallback(async () => {
    try {
      const reply = await api.call(reservations.staffReservations, { query: { date } });
      setList(reply.reservations);
      setError(null);
      setLostConnection(false);
    } catch (failure) {
      setError(errorText(failure, t));
    }
  }, [date, t]);
  useEffect(() => {
    setList(null);
    void load();
  }, [load]);

  const run = async (booking: Reservation, move: Move) => {
    if (!online) {
      toast.show(t('staff.offline'), { tone: 'error' });
      return;
    }
    const params = { reservationId: booking.reservation_id };
    const body = reason.trim() ? { reason: reason.trim() } : {};
    setBusy(booking.reservation_id);
    try {
      const updated =
        move === 'confirm'
          ? await api.call(reservations.staffConfirmReservation, { params })
          : move === 'decline'
            ? await api.call(reservations.staffDeclineReservation, { params, body })
            : move === 'acceptChange'
              ? await api.call(reservations.staffAcceptModification, { params })
              : move === 'noShow'
                ? await api.call(reservations.staffNoShow, { params })
                : await api.call(reservations.staffDeclineModification, { params, body });
      setList((all) => (all ?? []).map((b) => (b.reservation_id === updated.reservation_id ? updated : b)));
      setDeclining(null);
      setReason('');
      toast.show(t('staff.bookings.saved', { id: booking.reservation_id }), { tone: 'success' });
    } catch (failure) {
      if (failure instanceof NoInternet || failure instanceof RequestTimeout) setLostConnection(true);
      toast.show(t('staff.actionFailed', { reason: errorText(failure, t) }), { tone: 'error' });
      void load();
    } finally {
      setBusy(null);
    }
  };

  return (
    <main className="staff-page staff-till" aria-busy={list === null}>
      <h1>{t('staff.bookings.title')}</h1>
      <OfflineNotice online={online} />
      <div className="staff-bookings__date">
        <TextField
          label={t('staff.bookings.date')}
          type="date"
          value={date}
          onChange={(event) => event.target.value && setDate(event.target.value)}
        />
      </div>
      <LoadFailure error={error} onRetry={() => void load()} />
      {list === null && !error ? <Spinner label={t('staff.loading')} /> : null}
      {list !== null && list.length === 0 ? (
        <p className="staff-column__empty">{t('staff.bookings.empty')}</p>
      ) : null}
      <ul className="staff-till__list">
        {(list ?? []).map((booking) => {
          const currency = booking.currency as Currency;
          const change = booking.requested_change;
          const isDeclining = declining?.id === booking.reservation_id;
          return (
            <li key={booking.reservation_id}>
              <article
                className="staff-till__row staff-till__row--booking"
                aria-label={t('staff.bookings.label', { id: booking.reservation_id })}
              >
                <div className="staff-till__head">
                  <span className="staff-till__who">
                    <strong>{booking.slot}</strong>
                    <strong>{booking.contact_name}</strong>
                    <span>{t('staff.bookings.guests', { count: booking.guests })}</span>
                    {booking.table ? <span>{booking.table.display_table}</span> : null}
                    {booking.smoking ? <span>{t('staff.bookings.smoking')}</span> : null}
                  </span>
                  <span className="staff-bookings__state">{t(STATE_LABEL[booking.state])}</span>
                </div>
                <p className="staff-till__mode">
                  <a href={`tel:${booking.contact_number}`}>{booking.contact_number}</a>
                  {' · '}
                  {booking.token_amount > 0
                    ? `${t('staff.bookings.deposit', { amount: money(booking.token_amount, currency) })}: ${t(
                        booking.state === 'no_show' && booking.payment_status === 'paid'
                          ? 'staff.bookings.depositKept'
                          : DEPOSIT_LABEL[booking.payment_status],
                      )}`
                    : t('staff.bookings.noDeposit')}
                  {booking.token_amount > 0 && booking.payment_status === 'paid' && booking.order_id !== null
                    ? ` · ${t('staff.bookings.depositUsed', { id: booking.order_id })}`
                    : null}
                </p>
                {booking.special_request ? (
                  <p className="staff-card__request">
                    {t('staff.card.request', { note: booking.special_request })}
                  </p>
                ) : null}
                {change && booking.state === 'modification_requested' ? (
                  <p className="staff-card__note">
                    {t('staff.bookings.asksFor', {
                      date: change.date,
                      slot: change.slot,
                      guests: change.guests,
                    })}
                  </p>
                ) : null}
                {!isDeclining ? (
                  <div className="staff-card__moves">
                    {booking.state === 'confirmed' &&
                    booking.order_id === null &&
                    booking.starts_epoch <= now &&
                    NO_SHOW_ROLES.includes(me.staff.role) ? (
                      <Button
                        variant="secondary"
                        loading={busy === booking.reservation_id}
                        onClick={() => void run(booking, 'noShow')}
                      >
                        {t('staff.bookings.noShow')}
                      </Button>
                    ) : null}
                    {manager && booking.state === 'confirmation_pending' ? (
                      <>
                        <Button
                          loading={busy === booking.reservation_id}
                          onClick={() => void run(booking, 'confirm')}
                        >
                          {t('staff.bookings.confirm')}
                        </Button>
                        <Button
                          variant="secondary"
                          onClick={() => setDeclining({ id: booking.reservation_id, move: 'decline' })}
                        >
                          {t('staff.bookings.decline')}
                        </Button>
                      </>
                    ) : null}
                    {manager && booking.state === 'modification_requested' ? (
                      <>
                        <Button
                          loading={busy === booking.reservation_id}
                          onClick={() => void run(booking, 'acceptChange')}
                        >
                          {t('staff.bookings.acceptChange')}
                        </Button>
                        <Button
                          variant="secondary"
                          onClick={() => setDeclining({ id: booking.reservation_id, move: 'declineChange' })}
                        >
                          {t('staff.bookings.declineChange')}
                        </Button>
                      </>
                    ) : null}
                  </div>
                ) : null}
                {isDeclining && declining ? (
                  <form
                    className="staff-pay"
                    onSubmit={(event) => {
                      event.preventDefault();
                      void run(booking, declining.move);
                    }}
                  >
                    <TextField
                      label={t('staff.bookings.declineReason')}
                      value={reason}
                      maxLength={300}
                      onChange={(event) => setReason(event.target.value)}
                    />
                    <PanelActions onClose={() => setDeclining(null)}>
                      <Button type="submit" variant="danger" loading={busy === booking.reservation_id}>
                        {declining.move === 'decline'
                          ? t('staff.bookings.decline')
                          : t('staff.bookings.declineChange')}
                      </Button>
                    </PanelActions>
                  </form>
                ) : null}
              </article>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
