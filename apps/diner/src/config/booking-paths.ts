/**
 * The booking screens' URLs (README: bookings), one place to change them. The booking form and the deposit
 * payment share `/reservation`: `?restaurant=` opens the form (its choices ride in the query, so the
 * login redirect brings them back), `?reservation_id=` the payment of that booking (where the payment
 * gateway returns the diner too).
 */
const enc = encodeURIComponent;

/** What the form's query carries: the choices that find a table. */
export interface BookingFormQuery {
  date?: string | undefined;
  guests?: number | undefined;
  smoking?: boolean | undefined;
  slot?: string | undefined;
}

/** The form's query: the restaurant, and the choices made so far. */
export function formQuery(restaurant: string, choice: BookingFormQuery = {}): URLSearchParams {
  const query = new URLSearchParams({ restaurant });
  if (choice.date) query.set('date', choice.date);
  if (choice.guests !== undefined) query.set('guests', String(choice.guests));
  if (choice.smoking !== undefined) query.set('smoking', choice.smoking ? '1' : '0');
  if (choice.slot) query.set('slot', choice.slot);
  return query;
}

export const bookingPaths = {
  list: () => '/table-bookings',
  detail: (reservationId: number | string) => `/table-booking/${enc(String(reservationId))}`,
  form: (restaurant: string, choice: BookingFormQuery = {}) =>
    `/reservation?${formQuery(restaurant, choice).toString()}`,
  payment: (reservationId: number | string) =>
    `/reservation?${new URLSearchParams({ reservation_id: String(reservationId) }).toString()}`,
} as const;
