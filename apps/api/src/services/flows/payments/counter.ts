/** Payments area: money taken at the counter by staff (`direct_payment.php`). */
import { and, eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import { orderEvents, orders, payments } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller, CallerStaff } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { COUNTER_PROVIDER, moveOrderPayment, owedBy, publishPayment } from './model';

import { ENDED } from './ownership';
import { recordAudit } from '../../model/audit';

/** Who may take money at the counter: the manager and the front of house. */
const COUNTER_ROLES = ['manager', 'server'];

/**
 * Staff record a cash or card-at-counter payment of a pay-later or 'Cash kiosk' order of their own
 * restaurant (another restaurant's order is 404). The amount is what the order still owes.
 */
export async function directPayment(
  ctx: AppContext,
  caller: Caller,
  input: { order_id: number; method: 'Cash' | 'Card'; amount?: number | undefined },
) {
  const member: CallerStaff = caller.staff ?? fail(MESSAGE.invalidToken);
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.order_id), eq(orders.restaurantId, member.restaurantId)))
      .for('update');
    if (!order) return fail(MESSAGE.notFound);
    if (!COUNTER_ROLES.includes(member.role)) fail(MESSAGE.forbidden);
    if (order.paymentMode !== 'pay_later' && order.paymentMode !== 'cash_kiosk')
      fail(MESSAGE.paymentNotAtCounter);
    if (ENDED(order)) fail(MESSAGE.orderNotPayable);
    const amount = owedBy(order);
    if (amount <= 0) return fail(MESSAGE.paymentAlreadyPaid);
    if (input.amount !== undefined && input.amount !== amount) fail(MESSAGE.paymentAmountMismatch);
    const now = ctx.now();
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        userId: order.userId,
        cartToken: order.cartToken,
        purpose: 'order',
        provider: COUNTER_PROVIDER,
        method: input.method,
        amount,
        currency: order.currency,
        state: 'success',
        data: {
          reference: `COUNTER-${order.id}-${now.getTime()}`,
          allocation: [{ order_id: order.id, amount }],
          recorded_by: member.username,
        },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!payment) return fail(MESSAGE.somethingWentWrong);
    const was = { payment_status: order.paymentStatus, paid_amount: order.paidAmount };
    await moveOrderPayment(ctx, tx, order, 'paid', { paidAmount: order.paidAmount + amount });
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: 'payment',
      fromStatus: order.status,
      toStatus: order.status,
      actor: `staff:${member.username}`,
      data: { payment_id: payment.id, method: input.method, amount, payment_status: order.paymentStatus },
      createdAt: now,
    });
    await recordAudit(tx, {
      by: caller,
      at: now,
      action: 'payment.counter',
      subject: ['order', order.id],
      before: was,
      after: {
        payment_status: order.paymentStatus,
        paid_amount: order.paidAmount,
        payment_id: payment.id,
        method: input.method,
        amount,
      },
    });
    await publishPayment(ctx, tx, order, payment);
    return {
      payment_id: payment.id,
      order_id: order.id,
      amount,
      currency: order.currency as 'MYR' | 'IDR',
      payment_status: order.paymentStatus,
    };
  });
}
