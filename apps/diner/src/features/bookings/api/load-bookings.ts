import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, AuthRequired, payments, reservations } from '@santap/api-client';
import type { EndpointData, Reservation, RestaurantDetails } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { loginRedirect } from '../../../lib/login-redirect';
import { fetchRestaurant } from '../../../lib/restaurant';

export type PaymentMethods = EndpointData<typeof payments.paymentMethodsGet>;

/** A page's data, or why there is none: not found, or a failure to show with a retry. */
export type Loaded<T> = ({ kind: 'ready' } & T) | { kind: 'missing' } | { kind: 'error'; error: unknown };

/** A reservation id of a route param or query, or undefined when it is not a positive int4. */
export function reservationIdOf(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** Login needed (spec §8 'invalid token', or a guest): to `/login`, and back to this page afterwards. */
export function loginFirst(request: Request, menuPath?: string) {
  const url = new URL(request.url);
  return redirect(
    loginRedirect({ path: `${url.pathname}${url.search}`, menu_path: menuPath }, paths.login()),
  );
}

/** `/table-bookings`: the diner's bookings, upcoming first. */
export async function loadBookingList({
  request,
}: LoaderFunctionArgs): Promise<Loaded<{ bookings: Reservation[] }>> {
  try {
    const reply = await api.call(reservations.userReservations, { query: {} }, { signal: request.signal });
    return { kind: 'ready', bookings: reply.reservations };
  } catch (error) {
    if (error instanceof AuthRequired) throw loginFirst(request);
    return { kind: 'error', error };
  }
}

async function fetchBooking(
  reservationId: number,
  request: Request,
): Promise<Loaded<{ booking: Reservation }>> {
  try {
    const booking = await api.call(
      reservations.fetchReservation,
      { query: { reservation_id: reservationId } },
      { signal: request.signal },
    );
    return { kind: 'ready', booking };
  } catch (error) {
    if (error instanceof AuthRequired) throw loginFirst(request);
    // Another diner's booking answers 404, like a missing one.
    if (error instanceof ApiError && error.statusCode === 404) return { kind: 'missing' };
    return { kind: 'error', error };
  }
}

/** `/table-booking/:reservation_id`: one of the diner's bookings. */
export function loadBookingDetail({ params, request }: LoaderFunctionArgs) {
  const id = reservationIdOf(params.reservation_id);
  if (id === undefined) return { kind: 'missing' } as const;
  return fetchBooking(id, request);
}

/** `/reservation`: the booking form (`?restaurant=`) or the deposit payment (`?reservation_id=`). */
export type ReservationPageData =
  | { kind: 'form'; restaurant: RestaurantDetails }
  | { kind: 'payment'; booking: Reservation; methods: PaymentMethods }
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown };

export async function loadReservationPage({ request }: LoaderFunctionArgs): Promise<ReservationPageData> {
  const query = new URL(request.url).searchParams;
  const reservationId = reservationIdOf(query.get('reservation_id'));
  if (reservationId !== undefined) {
    const loaded = await fetchBooking(reservationId, request);
    if (loaded.kind !== 'ready') return loaded;
    try {
      const methods = await api.call(
        payments.paymentMethodsGet,
        { query: { restaurant_id: loaded.booking.restaurant_id, order_type: ORDER_TYPE.DINE_IN } },
        { signal: request.signal },
      );
      return { kind: 'payment', booking: loaded.booking, methods };
    } catch (error) {
      return { kind: 'error', error };
    }
  }
  const restaurant = query.get('restaurant')?.trim();
  if (!restaurant) return { kind: 'missing' };
  try {
    return { kind: 'form', restaurant: await fetchRestaurant(restaurant) };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return { kind: 'missing' };
    return { kind: 'error', error };
  }
}
