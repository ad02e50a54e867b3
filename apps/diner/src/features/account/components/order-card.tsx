import { useState } from 'react';
import { Link } from 'react-router';
import { account } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { ORDER_STATUS } from '@santap/domain';
import { Banner, Button, MoneyText, Spinner } from '@santap/ui';
import { OrderBill, OrderItems } from '../../../components/order-items';
import {
  formatDateTime,
  orderTypeText,
  paymentStatusText,
  statusWordingKey,
} from '../../../components/order-words';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import type { OrderDetails } from '../api/load-order-history';
import { PaymentLine } from './payment-line';
import { errorText } from '@santap/web';

/**
 * A Malaysian order that is paid or completed may get a MyInvois e-invoice (the server says why not
 * otherwise: not paid yet, not a Malaysian restaurant).
 */
export function offersEInvoice(order: Pick<Order, 'currency' | 'payment_status' | 'status'>): boolean {
  return (
    order.currency === 'MYR' && (order.payment_status === 'paid' || order.status === ORDER_STATUS.COMPLETED)
  );
}

export interface OrderCardProps {
  order: Order;
  onRepeat: (order: Order) => void;
  onEmailInvoice: (order: Order) => void;
}

/**
 * One past order: where, when, what, its status and payment in words, the total; its details (items,
 * bill, payments and refunds) read when opened; and what can be done with it: order again, email the
 * invoice, request a Malaysian e-invoice, the receipt.
 */
export function OrderCard({ order, onRepeat, onEmailInvoice }: OrderCardProps) {
  const { t, language } = useT();
  const [details, setDetails] = useState<{ data?: OrderDetails; error?: unknown; loading: boolean }>();
  const number = t('account.orderNumber', { id: String(order.order_id) });
  const served = order.items.filter((item) => item.status !== 'declined');

  const loadDetails = () => {
    if (details) return;
    setDetails({ loading: true });
    api.call(account.userOrderDetails, { params: { orderId: order.order_id } }).then(
      (data) => setDetails({ data, loading: false }),
      (error: unknown) => setDetails({ error, loading: false }),
    );
  };

  return (
    <article className="account-order" aria-labelledby={`order-${order.order_id}`}>
      <header className="account-payment__head">
        <h3 id={`order-${order.order_id}`} className="account-order__place">
          {order.restaurant_name}
        </h3>
        <MoneyText amount={order.total} currency={order.currency} />
      </header>
      <p className="dn-muted">
        {number} · {formatDateTime(order.created_epoch, language, order.time_zone)}
      </p>
      <p>
        {orderTypeText(order, t)} · {t(statusWordingKey(order))} ·{' '}
        {paymentStatusText(order.payment_status, t)}
      </p>
      <p className="account-order__items">
        {served.map((item) => `${item.quantity} × ${item.name}`).join(', ')}
      </p>

      <details
        className="account-order__details"
        aria-label={t('account.history.details')}
        onToggle={(event) => {
          if ((event.currentTarget as HTMLDetailsElement).open) loadDetails();
        }}
      >
        <summary>{t('account.history.details')}</summary>
        <OrderItems order={order} t={t} language={language} level={4} />
        <OrderBill order={order} t={t} language={language} level={4} />
        <h4 className="dn-section-title">{t('account.history.orderPayments')}</h4>
        {details?.loading ? <Spinner label={t('account.history.detailsLoading')} /> : null}
        {details?.error ? <Banner tone="error">{errorText(details.error, t)}</Banner> : null}
        {details?.data ? (
          details.data.payments.length === 0 ? (
            <p className="dn-muted">{t('account.payments.noneForOrder')}</p>
          ) : (
            <ul className="account-list">
              {details.data.payments.map((payment) => (
                <PaymentLine key={payment.payment_id} payment={payment} />
              ))}
            </ul>
          )
        ) : null}
      </details>

      <div className="dn-actions">
        <Button
          variant="secondary"
          icon="repeat"
          aria-label={t('account.history.repeatFor', {
            id: String(order.order_id),
            place: order.restaurant_name,
          })}
          onClick={() => onRepeat(order)}
        >
          {t('account.history.repeat')}
        </Button>
        <Button
          variant="ghost"
          icon="mail"
          aria-label={t('account.history.emailInvoiceFor', { id: String(order.order_id) })}
          onClick={() => onEmailInvoice(order)}
        >
          {t('account.history.emailInvoice')}
        </Button>
        {offersEInvoice(order) ? (
          <Link
            className="st-button st-button--ghost"
            to={paths.eInvoice(order.order_id)}
            aria-label={t('account.history.eInvoiceFor', { id: String(order.order_id) })}
          >
            {t('account.history.eInvoice')}
          </Link>
        ) : null}
        <Link
          className="st-button st-button--ghost"
          to={paths.orderSummary(order.order_id)}
          aria-label={t('account.history.receiptFor', { id: String(order.order_id) })}
        >
          {t('account.history.receipt')}
        </Link>
      </div>
    </article>
  );
}
