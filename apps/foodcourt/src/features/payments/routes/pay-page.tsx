import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { payments } from '@santap/api-client';
import { formatMoney } from '@santap/domain';
import {
  Banner,
  Button,
  CartLockPopup,
  MoneyText,
  Page,
  PaymentMethodList,
  Spinner,
  lockStartedAt,
  paymentMethodChoices,
  useUiTranslation,
} from '@santap/ui';
import type { PaymentMethodChoice } from '@santap/ui';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { loadPayPage } from '../api/load-pay';
import type { PayPageData } from '../api/load-pay';
import { errorText, gateway } from '@santap/web';

export const loader = loadPayPage;

const POLL_MS = 3000;
const now = () => new Date();

const CHANNELS: readonly string[] = payments.PAYMENT_CHANNELS;
type Channel = (typeof payments.PAYMENT_CHANNELS)[number];
const asChannel = (channel: string | undefined): Channel | undefined =>
  channel !== undefined && CHANNELS.includes(channel) ? (channel as Channel) : undefined;

/** The lock of a processing payment: which payment, and when it started (from the server's clock). */
const lockOf = (paymentId: number, secondsLeft: number) => ({
  paymentId,
  startedAt: lockStartedAt(secondsLeft, Date.now()),
});

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
  const processing = previous.processing && previous.payment?.lock.locked ? previous.payment : undefined;
  const [lock, setLock] = useState(
    processing ? lockOf(processing.payment_id, processing.lock.seconds_left) : undefined,
  );
  const choices = useMemo(() => paymentMethodChoices(methods, false), [methods]);
  const [choice, setChoice] = useState<PaymentMethodChoice | undefined>(choices[0]);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string>();
  const orderPath = paths.order(slug, fc.fc_order_id);
  const amount = formatMoney(fc.total, methods.currency, language);

  const checkAgain = useCallback(async () => {
    try {
      const latest = await api.call(payments.previousPaymentStatus, {
        query: { fc_order_id: fc.fc_order_id },
      });
      if (latest.payment?.result === 1) {
        navigate(orderPath, { replace: true });
        return;
      }
      if (latest.processing && latest.payment?.lock.locked) {
        const { payment_id: paymentId, lock: serverLock } = latest.payment;
        setLock((shown) =>
          shown?.paymentId === paymentId ? shown : lockOf(paymentId, serverLock.seconds_left),
        );
        return;
      }
      setLock(undefined);
      if (latest.payment?.result === 2) setError(t('errors.paymentFailed'));
    } catch (failure) {
      setLock(undefined);
      setError(errorText(failure, t));
    }
  }, [fc.fc_order_id, navigate, orderPath, t]);

  const locked = lock !== undefined;
  useEffect(() => {
    if (!locked) return undefined;
    const timer = setInterval(() => void checkAgain(), POLL_MS);
    return () => clearInterval(timer);
  }, [locked, checkAgain]);

  const pay = async () => {
    if (!choice || choice.kind !== 'online' || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const started = await api.call(payments.paymentInitiateFoodCourt, {
        body: { fc_order_id: fc.fc_order_id, method: choice.method, channel: asChannel(choice.channel) },
      });
      if (started.page_state === 'success') navigate(orderPath, { replace: true });
      else if (started.redirect_url) {
        gateway.open(started.redirect_url);
        return; // stays busy while the browser leaves for the gateway
      } else if (started.lock.locked) setLock(lockOf(started.payment_id, started.lock.seconds_left));
      else setError(t('errors.paymentPending'));
    } catch (failure) {
      setError(errorText(failure, t));
    }
    setBusy(false);
  };

  const unlock = async () => {
    if (!lock) return;
    try {
      await api.call(payments.paymentUnlock, { body: { payment_id: lock.paymentId } });
      setError(undefined);
    } catch (failure) {
      setError(errorText(failure, t));
    }
    setLock(undefined);
  };

  const paid = fc.payment_status === 'paid';
  return (
    <Page
      title={t('pay.title')}
      onBack={lock ? undefined : () => navigate(paths.cart(slug))}
      actions={
        lock || paid || choices.length === 0 ? undefined : (
          <Button fullWidth loading={busy} disabled={!choice} onClick={() => void pay()}>
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
        {error ? <Banner tone="error">{error}</Banner> : null}
        {paid ? (
          <Banner tone="success" action={<Link to={orderPath}>{t('pay.viewOrder')}</Link>}>
            {t('pay.alreadyPaid')}
          </Banner>
        ) : choices.length === 0 ? (
          <Banner tone="warning">{t('pay.noMethods')}</Banner>
        ) : (
          <>
            <PaymentMethodList choices={choices} value={choice} onChange={setChoice} />
            {busy ? <Spinner label={t('pay.redirecting')} /> : null}
          </>
        )}
      </div>
      {lock ? (
        <CartLockPopup
          key={lock.startedAt.getTime()}
          open
          startedAt={lock.startedAt}
          now={now}
          onUnlock={() => void unlock()}
          onCheckStatus={() => {
            setChecking(true);
            void checkAgain().finally(() => setChecking(false));
          }}
          checking={checking}
          onExpire={() => void checkAgain()}
        />
      ) : null}
    </Page>
  );
}
