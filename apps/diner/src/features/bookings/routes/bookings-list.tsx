import { Link, useLoaderData, useNavigate } from 'react-router';
import type { Reservation } from '@santap/api-client';
import { Page, bookingDateText } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';
import { loadBookingList } from '../api/load-bookings';
import type { Loaded } from '../api/load-bookings';
// The order pages' 'not found / failed, try again' page serves every page that could not load its data.
import { OrderProblem } from '../../../components/order-problem';
import { BookingStatePill } from '../components/booking-state';
import { bookingPaths } from '../../../config/booking-paths';
import '../bookings.css';

export const loader = loadBookingList;

/**
 * Upcoming bookings (not over yet) and past ones, in the server's order (upcoming soonest first,
 * past latest first).
 */
export function splitBookings(bookings: readonly Reservation[], now: Date) {
  const at = now.getTime() / 1000;
  return {
    upcoming: bookings.filter((booking) => booking.ends_epoch > at),
    past: bookings.filter((booking) => booking.ends_epoch <= at),
  };
}

/** `/table-bookings` (spec §2): the diner's bookings with their states, each opening its detail. */
export function Component() {
  const data = useLoaderData() as Loaded<{ bookings: Reservation[] }>;
  const { t } = useT();
  const navigate = useNavigate();
  if (data.kind !== 'ready') return <OrderProblem data={data} title={t('booking.title')} />;
  const { upcoming, past } = splitBookings(data.bookings, new Date());
  return (
    <Page title={t('booking.title')} onBack={() => navigate(paths.home())}>
      {data.bookings.length === 0 ? (
        <div className="dn-booking-empty">
          <p className="st-strong">{t('booking.list.empty')}</p>
          <p>{t('booking.list.emptyHint')}</p>
          <Link className="st-button st-button--primary" to={paths.home()}>
            {t('booking.list.find')}
          </Link>
        </div>
      ) : (
        <>
          <BookingGroup id="bookings-upcoming" title={t('booking.list.upcoming')} bookings={upcoming} />
          <BookingGroup id="bookings-past" title={t('booking.list.past')} bookings={past} />
        </>
      )}
    </Page>
  );
}

function BookingGroup({ id, title, bookings }: { id: string; title: string; bookings: Reservation[] }) {
  const { t, language } = useT();
  if (bookings.length === 0) return null;
  return (
    <section className="dn-booking-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="st-cards">
        {bookings.map((booking) => (
          <li key={booking.reservation_id}>
            <Link className="dn-booking-card" to={bookingPaths.detail(booking.reservation_id)}>
              <span className="dn-booking-card__name">{booking.restaurant_name}</span>
              <span>
                {t('booking.list.when', {
                  date: bookingDateText(booking.date, language),
                  time: booking.slot,
                })}
              </span>
              <span className="st-muted">{t('booking.list.guests', { guests: String(booking.guests) })}</span>
              <BookingStatePill state={booking.state} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
