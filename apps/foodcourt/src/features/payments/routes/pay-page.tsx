import { useCallback, useMemo, useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { payments } from '@santap/api-client';
import { formatMoney } from '@santap/domain';
import {
  Banner,
  Button,
  MoneyText,
  Page,
  PaymentStep,
  paymentMethodChoices,
  useUiTranslation,
} from '@santap/ui';
import type { PaymentMethodChoice } from '@santap/ui';
import { errorText, paymentChannel, usePaymentPage } from '@santap/web';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { loadPayPage } from '../api/load-pay';
import type { PayPageData } from '../api/load-pay';

export const loader = loadPayPage;

const now = () => new Date();

/** `/fc/:mall/pay/:fcOrderId`: one payment for every outlet's order of a food-court order. */
export function Component() {
  const data = useLoaderData() as PayPageData;
  const { t } = useUiTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  if (data.kind !== 'ready') {
    return (
      <Page title={t('pay.title')} onBack={() => navigate(paths.mall(data.slug))}>
        <Banner
          tone="error"
          action={
            data.kind === 'error' ? (
              <Button variant="secondary" onClick={() => void revalidator.revalidate()}>
                {t('order.retry')}
              </Button>
            ) : undefined
          }
        >
          {data.kind === 'error' ? errorText(data.error, t) : t('errors.notFound')}
        </Banner>
      </Page>
    );
  }
  return <PayFoodCourt key={data.fc.fc_order_id} {...data} />;
}

function PayFoodCourt({ slug, fc, previous, methods }: Extract<PayPageData, { kind: 'ready' }>) {
  const { t, language } = useUiTranslation();
  const navigate = useNavigate();
  const choices = useMemo(() => paymentMethodChoices(methods, false), [methods]);
  const [choice, setChoice] = useState<PaymentMethodChoice | undefined>(choices[0]);
  const orderPath = paths.order(slug, fc.fc_order_id);
  const amount = formatMoney(fc.total, methods.currency, language);
  const toOrder = useCallback(() => navigate(orderPath, { replace: true }), [navigate, orderPath]);
  const payment = usePaymentPage({
    api,
    paying: { fc_order_id: fc.fc_order_id },
    t,
    previous,
    onPaid: toOrder,
  });
  const { lock, busy, start } = payment;
  const pay = () => {
    if (!choice || choice.kind !== 'online') return;
    void start(() =>
      api.call(payments.paymentInitiateFoodCourt, {
        body: { fc_order_id: fc.fc_order_id, method: choice.method, channel: paymentChannel(choice.channel) },
      }),
    );
  };

  const paid = fc.payment_status === 'paid';
  return (
    <Page
      title={t('pay.title')}
      onBack={lock ? undefined : () => navigate(paths.cart(slug))}
      actions={
        lock || paid || choices.length === 0 ? undefined : (
          <Button fullWidth loading={busy} disabled={!choice} onClick={pay}>
            {t('pay.payNow', { amount })}
          </Button>
        )
      }
    >
      <div className="fc-stack">
        <section aria-label={t('pay.amountDue')}>
          <p>{t('fc.pay.orderNumber', { id: String(fc.fc_order_id) })}</p>
          <ul className="fc-pay-outlets" aria-label={t('fc.pay.outlets')}>
            {fc.orders.map((part) => (
              <li key={part.order_id}>
                {part.restaurant_name}: <MoneyText amount={part.total} currency={part.currency} />
              </li>
            ))}
          </ul>
          <p>
            {t('pay.amountDue')}: <strong>{amount}</strong>
          </p>
        </section>
        <PaymentStep
          page={payment}
          now={now}
          choices={choices}
          choice={choice}
          onChoose={setChoice}
          paid={paid}
          orderLink={<Link to={orderPath}>{t('pay.viewOrder')}</Link>}
        />
      </div>
    </Page>
  );
}
