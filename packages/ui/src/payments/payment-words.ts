import type { TranslationKey } from '@santap/i18n';
import type { RefundStatusPopupProps } from '../popups/refund-status-popup';

const PAYMENT_STATUS_KEY: Readonly<Record<string, TranslationKey>> = {
  unpaid: 'order.payment.unpaid',
  partial_paid: 'order.payment.partialPaid',
  paid: 'order.payment.paid',
  pending: 'order.payment.pending',
  failed: 'order.payment.failed',
  processing: 'order.payment.processing',
  refund_initiated: 'order.payment.refundInitiated',
  refunded: 'order.payment.refunded',
};

/** The catalogue key of an order's payment state (spec §4 order payment states); unknown -> unpaid. */
export function paymentStatusKey(status: string): TranslationKey {
  return PAYMENT_STATUS_KEY[status] ?? 'order.payment.unpaid';
}

/** An order's refunds as `payments.orderPayments` lists them. */
export interface RefundHistory {
  currency: RefundStatusPopupProps['currency'];
  refunds: readonly { order_id: number | null; amount: number; state: string; wording_key: string }[];
}

/**
 * What the refund status popup shows: the refunds that did not fail (of one order when `orderId` is
 * given, e.g. one outlet's part of a food-court payment), their total, whether all arrived, and
 * which wait applies (spec §9: bank 3-5 days, a failed payment 5-7 working days).
 */
export function refundSummary(
  history: RefundHistory,
  orderId?: number,
): Omit<RefundStatusPopupProps, 'open' | 'onClose'> {
  const refunds = history.refunds.filter(
    (refund) => refund.state !== 'failed' && (orderId === undefined || refund.order_id === orderId),
  );
  return {
    amount: refunds.reduce((sum, refund) => sum + refund.amount, 0),
    currency: history.currency,
    status:
      refunds.length > 0 && refunds.every((refund) => refund.state === 'refunded')
        ? 'processed'
        : 'initiated',
    kind: refunds.some((refund) => refund.wording_key === 'refund.failedPayment') ? 'failedPayment' : 'bank',
  };
}
