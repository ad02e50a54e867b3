import { describe, expect, it } from 'vitest';
import { paymentStatusKey, refundSummary } from './payment-words';

describe('paymentStatusKey', () => {
  it.each([
    ['refund_initiated', 'order.payment.refundInitiated'],
    ['paid', 'order.payment.paid'],
    ['something-new', 'order.payment.unpaid'],
  ])('%s -> %s', (status, key) => expect(paymentStatusKey(status)).toBe(key));
});

describe('refundSummary', () => {
  const history = {
    currency: 'MYR' as const,
    refunds: [
      { order_id: 31, amount: 689, state: 'refunded', wording_key: 'refund.bank' },
      { order_id: 32, amount: 611, state: 'refund_initiated', wording_key: 'refund.bank' },
      { order_id: 32, amount: 100, state: 'failed', wording_key: 'refund.bank' },
    ],
  };

  it('the whole payment -> 12.00 on its way (one not arrived), failed refunds left out', () => {
    expect(refundSummary(history)).toEqual({
      amount: 1300,
      currency: 'MYR',
      status: 'initiated',
      kind: 'bank',
    });
  });

  it("one outlet's order (31) -> its refund only, arrived", () => {
    expect(refundSummary(history, 31)).toEqual({
      amount: 689,
      currency: 'MYR',
      status: 'processed',
      kind: 'bank',
    });
  });

  it('a failed payment refunded -> the 5-7 working days wait', () => {
    const failed = {
      currency: 'IDR' as const,
      refunds: [{ order_id: 1, amount: 50_000, state: 'refunded', wording_key: 'refund.failedPayment' }],
    };
    expect(refundSummary(failed).kind).toBe('failedPayment');
  });
});
