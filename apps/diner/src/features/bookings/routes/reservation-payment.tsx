import { useLoaderData } from 'react-router';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { useT } from '../../../lib/use-t';
import { loadReservationPage } from '../api/load-bookings';
import type { ReservationPageData } from '../api/load-bookings';
import { BookingForm } from '../components/booking-form';
// The order pages' 'not found / failed, try again' page serves every page that could not load its data.
import { OrderProblem } from '../../../components/order-problem';
import { DepositPayment } from '../components/deposit-payment';
import '../bookings.css';

export const loader = loadReservationPage;

/**
 * The form keeps its choices in the query (date, guests, seating, slot): changing them must not load
 * the restaurant again. Another restaurant or booking does.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const same = (key: string) => currentUrl.searchParams.get(key) === nextUrl.searchParams.get(key);
  if (currentUrl.pathname === nextUrl.pathname && same('restaurant') && same('reservation_id')) {
    return nextUrl.searchParams.has('reservation_id') ? defaultShouldRevalidate : false;
  }
  return defaultShouldRevalidate;
}

/**
 * `/reservation` (spec §2; README: bookings): `?restaurant=<nameid>` books a table there;
 * `?reservation_id=<id>` pays that booking's deposit (and is where the payment gateway sends the diner back).
 */
export function Component() {
  const data = useLoaderData() as ReservationPageData;
  const { t } = useT();
  if (data.kind === 'form') return <BookingForm key={data.restaurant.nameid} restaurant={data.restaurant} />;
  if (data.kind === 'payment') {
    return <DepositPayment key={data.booking.reservation_id} booking={data.booking} methods={data.methods} />;
  }
  return <OrderProblem data={data} title={t('booking.form.title')} />;
}
