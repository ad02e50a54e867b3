import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { payments } from '@santap/api-client';
import { KioskPaymentReturn, Page, PaymentOutcome, useUiTranslation } from '@santap/ui';
import { usePaymentOutcome } from '@santap/web';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useMall } from '../../../lib/mall';
import { idOf } from '../api/load-pay';

/**
 * `/fc/:mall/payment/response` (spec §2, §4): where the gateway sends the diner back after the one
 * payment (`status`, `fc_order_id`, `fc`, `amount`, `redirect`). Success goes on to the food-court
 * order; failure says so with the refund time and offers another method; anything unfinished is
 * asked of the server (the food-court order's latest payment) every few seconds for up to 60 s.
 *
 * `isKiosk=1`: a kiosk's food-court order paid on the payer's phone. The order belongs to the kiosk
 * (its cart token), so the phone gets a last screen from `status` alone and never the order page.
 */
export function Component() {
  const [search] = useSearchParams();
  if (search.get('isKiosk') === '1') return <KioskPaymentReturn status={search.get('status')} />;
  return <PaymentReturn />;
}

function PaymentReturn() {
  const { t } = useUiTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const slug = useMall();
  const fcOrderId = idOf(search.get('fc_order_id'));
  const redirect = search.get('redirect') !== '0';
  const check = useCallback(
    () => api.call(payments.previousPaymentStatus, { query: { fc_order_id: fcOrderId! } }),
    [fcOrderId],
  );
  const { state, gaveUp } = usePaymentOutcome(
    search.get('status'),
    fcOrderId !== undefined ? check : undefined,
  );

  useEffect(() => {
    if (state === 'success' && redirect && fcOrderId !== undefined) {
      navigate(paths.order(slug, fcOrderId), { replace: true });
    }
  }, [state, redirect, fcOrderId, slug, navigate]);

  const retry = fcOrderId !== undefined ? paths.pay(slug, fcOrderId) : paths.mall(slug);
  return (
    <Page title={t('pay.title')}>
      <div className="fc-stack">
        <PaymentOutcome
          state={state}
          gaveUp={gaveUp || fcOrderId === undefined}
          onRetry={() => navigate(retry)}
          successText={t('pay.successBody')}
          link={
            fcOrderId !== undefined ? (
              <Link to={paths.order(slug, fcOrderId)}>{t('pay.viewOrder')}</Link>
            ) : null
          }
        />
      </div>
    </Page>
  );
}
