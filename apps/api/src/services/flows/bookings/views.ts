/** The contract's view of table bookings (spec §7 reservations), the diner's and the staff's. */
import { desc, inArray } from 'drizzle-orm';
import type { BookingState } from '@santap/domain';
import type { Reservation } from '@santap/contract';
import type { DbOrTx } from '../../../db/client';
import { diningTables, payments, restaurants } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { lockOf, pageStateOf, resultOf } from '../payments/model';
import type { PaymentState } from '../payments/model';
import { pick } from '../../model/restaurants';
import { requestedChangeOf } from '../../model/reservations';
import type { TableRow } from '../reservations/capacity';
import { orderUsingToken } from '../reservations/deposit';
import type { ReservationRow } from '../../model/reservations';
import { CANCELLABLE, MODIFIABLE, bookingSettingsOf, cutOffOf, epoch } from '../reservations/rules';

export const tableView = (table: TableRow) => ({
  table_id: table.id,
  table_no: table.tableNo,
  display_table: table.displayName,
  seats: table.seats,
  smoking: table.smoking,
});

/** The contract's view of bookings, their restaurants, tables, latest payments and orders in five queries. */
export async function reservationViews(
  ctx: AppContext,
  db: DbOrTx,
  rows: ReservationRow[],
  lang: Caller['lang'],
): Promise<Reservation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const tableIds = rows.map((row) => row.tableId).filter((id): id is number => id !== null);
  const [places, tables, attempts, usedBy] = await Promise.all([
    db
      .select()
      .from(restaurants)
      .where(inArray(restaurants.id, [...new Set(rows.map((row) => row.restaurantId))])),
    tableIds.length ? db.select().from(diningTables).where(inArray(diningTables.id, tableIds)) : [],
    db.select().from(payments).where(inArray(payments.reservationId, ids)).orderBy(desc(payments.id)),
    Promise.all(ids.map(async (id) => [id, await orderUsingToken(db, id)] as const)),
  ]);
  const orderOf = new Map(usedBy);
  const now = ctx.now();
  return rows.map((row) => {
    const restaurant = places.find((place) => place.id === row.restaurantId)!;
    const settings = bookingSettingsOf(restaurant);
    const table = tables.find((t) => t.id === row.tableId);
    const mine = attempts.filter((payment) => payment.reservationId === row.id);
    const latest = mine[0];
    const processing = mine.some((payment) => lockOf(payment, now).locked);
    const state = row.state as BookingState;
    const beforeCutOff = now < cutOffOf(row, settings);
    const orderId = orderOf.get(row.id) ?? null;
    const change = requestedChangeOf(row);
    return {
      reservation_id: row.id,
      restaurant_id: row.restaurantId,
      nameid: restaurant.nameid,
      restaurant_name: pick(restaurant.name, lang),
      time_zone: restaurant.timeZone,
      date: row.date,
      slot: row.slot,
      starts_epoch: epoch(row.startsAt),
      ends_epoch: epoch(row.endsAt),
      guests: row.guests,
      smoking: row.smoking,
      table: table ? tableView(table) : null,
      contact_name: row.contactName,
      email: row.email,
      contact_number: row.contactNumber,
      special_request: row.specialRequest,
      occasion: row.occasion as Reservation['occasion'],
      state,
      token_amount: row.tokenAmount,
      currency: row.currency as 'MYR' | 'IDR',
      payment_status: row.paymentStatus as Reservation['payment_status'],
      payment: latest
        ? {
            payment_id: latest.id,
            state: latest.state as PaymentState,
            page_state: pageStateOf(latest.state),
            result: resultOf(latest.state),
            amount: latest.amount,
            currency: latest.currency as 'MYR' | 'IDR',
          }
        : null,
      requested_change: change
        ? {
            date: change.date,
            slot: change.slot,
            guests: change.guests,
            smoking: change.smoking,
            starts_epoch: epoch(new Date(change.starts_at)),
            table_id: change.table_id,
          }
        : null,
      reason: row.reason,
      cut_off_epoch: epoch(cutOffOf(row, settings)),
      can_modify: MODIFIABLE.includes(state) && beforeCutOff && orderId === null,
      can_cancel: CANCELLABLE.includes(state) && beforeCutOff && orderId === null,
      can_pay:
        row.tokenAmount > 0 &&
        row.paymentStatus === 'unpaid' &&
        (state === 'payment_pending' || state === 'payment_failed') &&
        !processing,
      order_id: orderId,
      created_epoch: epoch(row.createdAt),
    };
  });
}

export async function reservationView(
  ctx: AppContext,
  db: DbOrTx,
  row: ReservationRow,
  lang: Caller['lang'],
) {
  return (await reservationViews(ctx, db, [row], lang))[0]!;
}
