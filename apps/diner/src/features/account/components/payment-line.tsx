import type { Payment } from '@santap/api-client';
import type { TranslationKey } from '@santap/i18n';
import { MoneyText, paymentRailKey } from '@santap/ui';
import { formatDateTime } from '../../../components/order-words';
import { useT } from '../../../lib/use-t';

/** The methods no gateway took; a gateway's payment is named by its rail (`paymentRailKey` of ui). */
const COUNTER_METHOD_KEY: Readonly<Record<string, TranslationKey>> = {
  'pay later': 'pay.methodPayLater',
  Cash: 'account.payments.cash',
  'Cash kiosk': 'account.payments.cashKiosk',
};

/** How it was paid, by the rail's name: 'DuitNow QR', "Touch 'n Go eWallet", 'Online banking (FPX)'… */
const methodKey = (payment: PaymentLineProps['payment']): TranslationKey =>
  paymentRailKey(payment) ?? COUNTER_METHOD_KEY[payment.method] ?? 'pay.methodCard';

const PAGE_STATE_KEY: Readonly<Record<string, TranslationKey>> = {
  initiated: 'payment.initiated',
  processing: 'payment.processing',
  pending: 'payment.pending',
  failed: 'payment.failed',
  success: 'payment.success',
};

const REFUND_STATE_KEY: Readonly<Record<string, TranslationKey>> = {
  refund_initiated: 'order.payment.refundInitiated',
  refunded: 'order.payment.refunded',
  failed: 'account.payments.refundFailed',
};

export interface PaymentLineProps {
  payment: Pick<
    Payment,
    | 'payment_id'
    | 'method'
    | 'channel'
    | 'amount'
    | 'currency'
    | 'page_state'
    | 'created_epoch'
    | 'reference'
    | 'refunds'
  >;
  /** Where it was paid and for what, when the list mixes places (the payment history). */
  heading?: string;
  subject?: string;
}

/**
 * One payment (spec §3 payment: id, transaction, mode): how (the rail it went through, by name), how
 * much, when, where it stands, and its refunds with the time they take ('3-5 days').
 */
export function PaymentLine({ payment, heading, subject }: PaymentLineProps) {
  const { t, language } = useT();
  return (
    <li className="account-payment">
      <div className="account-payment__head">
        <span className="account-row__value">{heading ?? t(methodKey(payment))}</span>
        <MoneyText amount={payment.amount} currency={payment.currency} />
      </div>
      {heading ? <p>{t(methodKey(payment))}</p> : null}
      {subject ? <p>{subject}</p> : null}
      <p className="dn-muted">
        {formatDateTime(payment.created_epoch, language)} ·{' '}
        {t(PAGE_STATE_KEY[payment.page_state] ?? 'payment.pending')}
      </p>
      <p className="dn-muted">{t('account.payments.reference', { reference: payment.reference })}</p>
      {payment.refunds.map((refund) => (
        <p key={refund.refund_id}>
          {t(REFUND_STATE_KEY[refund.state] ?? 'order.payment.refundInitiated')}:{' '}
          <MoneyText amount={refund.amount} currency={refund.currency} />
          {refund.state === 'refund_initiated'
            ? ` · ${t('account.payments.refundTime', { time: refund.wording })}`
            : null}
        </p>
      ))}
    </li>
  );
}
