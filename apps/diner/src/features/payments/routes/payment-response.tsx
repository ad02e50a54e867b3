import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { payments } from '@santap/api-client';
import { Page, PaymentOutcome, usePaymentOutcome } from '@santap/ui';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import { orderIdOf } from '../api/load-payment';

/** The query of `/payment/response` (spec §2). */
export interface PaymentResponseQuery {
  status: string | null;
  orderId: number | undefined;
  type: 'addmore' | 'dinein' | undefined;
  redirect: boolean;
  amount: string | null;
  paymentType: string | null;
  isKiosk: boolean;
  fcOrderId: number | undefined;
  fc: string | null;
}

export function readPaymentResponseQuery(query: URLSearchParams): PaymentResponseQuery {
  const type = query.get('type');
  return {
    status: query.get('status'),
    orderId: orderIdOf(query.get('order_id')),
    type: type === 'addmore' || type === 'dinein' ? type : undefined,
    // The server always sends redirect=1; a link without it still goes on to the order.
    redirect: query.get('redirect') !== '0',
    amount: query.get('amount'),
    paymentType: query.get('paymentType'),
    isKiosk: query.get('isKiosk') === '1',
    fcOrderId: orderIdOf(query.get('fc_order_id')),
    fc: query.get('fc'),
  };
}

/**
 * `/payment/response` (spec §2, §4): where the gateway sends the diner back, and where pay later
 * lands. Success goes on to the order status; failure says so with the refund time and offers
 * another method; an unfinished payment is checked every few seconds for up to 60 s
 * (`usePaymentOutcome` and `PaymentOutcome` of `@santap/ui`, shared with the food court).
 */
export function Component() {
  const { t } = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const query = readPaymentResponseQuery(search);
  const orderId = query.orderId;
  const check = useCallback(
    () => api.call(payments.previousPaymentStatus, { query: { order_id: orderId! } }),
    [orderId],
  );
  const { state, gaveUp } = usePaymentOutcome(query.status, orderId !== undefined ? check : undefined);

  useEffect(() => {
    if (state === 'success' && query.redirect && orderId !== undefined) {
      navigate(paths.orderStatus(orderId), { replace: true });
    }
  }, [state, query.redirect, orderId, navigate]);

  const retryPath =
    orderId !== undefined
      ? paths.payments(orderId, query.amount && /^\d+$/.test(query.amount) ? query.amount : 0)
      : paths.home();
  return (
    <Page title={t('pay.title')}>
      <PaymentOutcome
        state={state}
        gaveUp={gaveUp || orderId === undefined}
        onRetry={() => navigate(retryPath)}
        successText={query.type ? t('pay.orderPlaced') : t('pay.successBody')}
        link={
          orderId !== undefined ? (
            <Link className="pay-link" to={paths.orderStatus(orderId)}>
              {t('pay.viewOrder')}
            </Link>
          ) : (
            <Link to={paths.home()}>{t('pay.backHome')}</Link>
          )
        }
      />
    </Page>
  );
}
