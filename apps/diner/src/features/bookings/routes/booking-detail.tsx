import { useCallback, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useRevalidator } from 'react-router';
import type { Reservation } from '@santap/api-client';
import { BookingSummary, Button, Page, bookingInstantText, useToast } from '@santap/ui';
import type { TranslationKey } from '@santap/i18n';
import type { BookingAction } from '@santap/ui';
import { paths } from '../../../config/paths';
import { loginRedirect } from '../../../lib/login-redirect';
import { useT } from '../../../lib/use-t';
import { loadBookingDetail } from '../api/load-bookings';
import type { Loaded } from '../api/load-bookings';
// The order pages' 'not found / failed, try again' page serves every page that could not load its data.
import { OrderProblem } from '../../../components/order-problem';
import { BookingRefund } from '../components/booking-refund';
import { BookingStatePill } from '../components/booking-state';
import { ManageBooking } from '../components/manage-booking';
import { useLiveBooking } from '../hooks/use-live-booking';
import { allowedRequests, bookingFacts, cutOffPassed, hasRefund, stateWords } from '../lib/booking-words';
import { OCCASION_KEY } from '../lib/occasion';
import { bookingPaths } from '../../../config/booking-paths';
import '../bookings.css';

export const loader = loadBookingDetail;

const DEPOSIT_KEY = {
  unpaid: 'booking.deposit.unpaid',
  paid: 'booking.deposit.paid',
  refund_initiated: 'booking.deposit.refundInitiated',
  refunded: 'booking.deposit.refunded',
} as const satisfies Record<Reservation['payment_status'], TranslationKey>;

/** `/table-booking/:reservation_id` (spec §2): one booking, live. */
export function Component() {
  const data = useLoaderData() as Loaded<{ booking: Reservation }>;
  const { t } = useT();
  if (data.kind !== 'ready') return <OrderProblem data={data} title={t('booking.detail.title')} />;
  return <BookingDetail booking={data.booking} />;
}

function BookingDetail({ booking }: { booking: Reservation }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  const { connected } = useLiveBooking(booking.reservation_id, refresh);
  const [managing, setManaging] = useState(false);
  const words = stateWords(booking.state);
  const allowed = allowedRequests(booking);
  const change = booking.state === 'modification_requested' ? booking.requested_change : null;

  const done = (_next: Reservation, action: BookingAction) => {
    setManaging(false);
    toast.show(t(action === 'cancel' ? 'booking.cancelled' : 'booking.changeSent'), { tone: 'success' });
    void revalidate();
  };

  const toLogin = () =>
    navigate(loginRedirect({ path: `${location.pathname}${location.search}` }, paths.login()));

  return (
    <Page title={t('booking.detail.title')} onBack={() => navigate(bookingPaths.list())}>
      <section className="dn-booking-head" aria-labelledby="booking-restaurant">
        <h2 id="booking-restaurant" className="dn-booking-head__name">
          {booking.restaurant_name}
        </h2>
        <p className="st-muted">{t('booking.number', { id: String(booking.reservation_id) })}</p>
        {/* Announced when a live update changes it. */}
        <div role="status" aria-live="polite" aria-atomic="true" className="dn-booking-head__state">
          <BookingStatePill state={booking.state} id="booking-state" />
          <p>{t(words.body)}</p>
        </div>
        <p className="dn-booking-live st-muted">
          {connected ? t('booking.live') : t('booking.reconnecting')}
        </p>
      </section>

      <BookingSummary booking={bookingFacts(booking)} />

      {change ? (
        <section className="dn-booking-section" aria-labelledby="booking-change">
          <h3 id="booking-change">{t('booking.detail.requestedChange')}</h3>
          <BookingSummary
            booking={{ date: change.date, slot: change.slot, guests: change.guests, smoking: change.smoking }}
          />
        </section>
      ) : null}

      {booking.reason ? (
        <p>
          <span className="st-strong">{t('booking.detail.reason')}: </span>
          {booking.reason}
        </p>
      ) : null}

      <section className="dn-booking-section" aria-labelledby="booking-contact">
        <h3 id="booking-contact">{t('booking.detail.contact')}</h3>
        <dl className="st-lines">
          <div className="st-lines__row">
            <dt>{t('booking.form.name')}</dt>
            <dd>{booking.contact_name}</dd>
          </div>
          <div className="st-lines__row">
            <dt>{t('booking.form.email')}</dt>
            <dd className="dn-booking-break">{booking.email}</dd>
          </div>
          <div className="st-lines__row">
            <dt>{t('booking.form.phone')}</dt>
            <dd>{booking.contact_number}</dd>
          </div>
          {booking.occasion ? (
            <div className="st-lines__row">
              <dt>{t('ui.occasion.legend')}</dt>
              <dd>{t(OCCASION_KEY[booking.occasion])}</dd>
            </div>
          ) : null}
          {booking.special_request ? (
            <div className="st-lines__row">
              <dt>{t('ui.specialRequest.title')}</dt>
              <dd className="dn-booking-break">{booking.special_request}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      {booking.token_amount > 0 ? (
        <section className="dn-booking-section" aria-labelledby="booking-deposit">
          <h3 id="booking-deposit">{t('booking.field.token')}</h3>
          <p>{t(DEPOSIT_KEY[booking.payment_status])}</p>
          {booking.payment_status === 'paid' ? (
            <p className="st-muted">{t('booking.depositOffBill')}</p>
          ) : null}
          {hasRefund(booking) ? <BookingRefund booking={booking} /> : null}
          {booking.can_pay ? (
            <Link className="st-button st-button--primary" to={bookingPaths.payment(booking.reservation_id)}>
              {t('booking.payDeposit')}
            </Link>
          ) : null}
        </section>
      ) : null}

      {allowed.modify || allowed.cancel ? (
        <section className="dn-booking-section" aria-labelledby="booking-manage">
          <h3 id="booking-manage">{t('booking.manage.title')}</h3>
          <p className="st-muted">
            {t(cutOffPassed(booking) ? 'booking.cutOffPassed' : 'booking.cutOffNote', {
              time: bookingInstantText(new Date(booking.cut_off_epoch * 1000), booking.time_zone, language),
            })}
          </p>
          <Button variant="secondary" fullWidth onClick={() => setManaging(true)}>
            {t('booking.manage.open')}
          </Button>
        </section>
      ) : null}

      <div className="dn-actions">
        <Link className="st-button st-button--ghost" to={paths.menu(booking.nameid)}>
          {t('booking.viewMenu')}
        </Link>
      </div>

      {managing ? (
        <ManageBooking
          booking={booking}
          onClose={() => setManaging(false)}
          onDone={done}
          onLoginNeeded={toLogin}
        />
      ) : null}
    </Page>
  );
}
