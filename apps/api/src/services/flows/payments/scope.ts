/** What one payment touches, locked in the one order used everywhere (the payment core's lock). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { foodCourtOrders, payments } from '../../../db/schema';
import { lockBookingOfPayment } from './booking-token';
import { allocationOf, lockOrders } from './model';
import type { PaymentRow } from './model';

/**
 * Locks what a payment touches, in the one order used everywhere: food court, orders, payment; for a
 * table booking's token, the restaurant's booking lock, the booking, payment.
 */
export async function lockPaymentScope(tx: DbOrTx, payment: PaymentRow) {
  const reservation = await lockBookingOfPayment(tx, payment);
  const fc = payment.fcOrderId
    ? ((
        await tx.select().from(foodCourtOrders).where(eq(foodCourtOrders.id, payment.fcOrderId)).for('update')
      )[0] ?? null)
    : null;
  const locked = await lockOrders(
    tx,
    allocationOf(payment).map((part) => part.order_id),
  );
  const [fresh] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
  return { fc, orders: locked, reservation, payment: fresh ?? payment };
}
