import { PAYMENT_RESULT, parsePaymentResult } from '@santap/domain';
import { Banner } from '../components/banner';
import { Page } from '../components/page';
import { useUiTranslation } from '../i18n/translation';

/**
 * The last screen of a kiosk's payer (`/payment/response?isKiosk=1` of the diner app and the food
 * court's): how the payment went, from the return `status` alone. No status call: every payment status
 * call answers only the order's owner (the kiosk's cart token), so the phone would get a 404, and a
 * call that answered anyone would tell strangers about orders by id. The kiosk's own screen follows
 * the payment and shows the order number.
 */
export function KioskPaymentReturn({ status }: { status: string | null }) {
  const { t } = useUiTranslation();
  const result = parsePaymentResult(status);
  const [title, body, tone] =
    result === PAYMENT_RESULT.SUCCESS
      ? (['pay.kioskReturn.paidTitle', 'pay.kioskReturn.paidBody', 'success'] as const)
      : result === PAYMENT_RESULT.FAILURE
        ? (['pay.kioskReturn.failedTitle', 'pay.kioskReturn.failedBody', 'error'] as const)
        : (['pay.kioskReturn.pendingTitle', 'pay.kioskReturn.pendingBody', 'info'] as const);
  return (
    <Page title={t('pay.title')}>
      <div className="st-stack">
        <h2>{t(title)}</h2>
        <Banner tone={tone}>{t(body)}</Banner>
      </div>
    </Page>
  );
}
