import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import {
  PAYMENT_PROCESSING_MAX_SECONDS,
  PAYMENT_RESULT,
  parsePaymentResult,
  paymentPageStateFor,
} from '@santap/domain';
import type { PaymentPageState, PaymentResultCode } from '@santap/domain';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Spinner } from '../components/spinner';
import { useUiTranslation } from '../i18n/use-ui-translation';

/** The page state the return URL's `status` alone tells: success and failure are final. */
export function paymentStateFromStatus(status: string | null): PaymentPageState {
  const result = parsePaymentResult(status);
  if (result === undefined) return 'initiated';
  return result === PAYMENT_RESULT.INCOMPLETE ? 'processing' : paymentPageStateFor(result);
}

/** What the server says of the latest payment (`payments.previousPaymentStatus`). */
export interface PaymentCheck {
  order_payment_status: string;
  payment: { result: PaymentResultCode; page_state: PaymentPageState } | null;
}

const POLL_MS = 3000;

/**
 * The outcome of a payment on the page the gateway returns to (spec §4): the return URL's `status`
 * first; anything unfinished is asked of the server (`check`, the app's call) every 3 s until it is
 * final or 60 s have passed (`gaveUp`). Without `check` (no order to ask about) nothing is polled.
 */
export function usePaymentOutcome(
  status: string | null,
  check: (() => Promise<PaymentCheck>) | undefined,
): { state: PaymentPageState; gaveUp: boolean } {
  const [state, setState] = useState<PaymentPageState>(() => paymentStateFromStatus(status));
  const [gaveUp, setGaveUp] = useState(false);
  const checkRef = useRef(check);
  useEffect(() => {
    checkRef.current = check;
  });
  const canCheck = check !== undefined;
  const waiting = state === 'initiated' || state === 'processing' || state === 'pending';
  useEffect(() => {
    if (!waiting || gaveUp || !canCheck) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + PAYMENT_PROCESSING_MAX_SECONDS * 1000;
    const poll = async () => {
      try {
        const latest = await checkRef.current!();
        if (stopped) return;
        const payment = latest.payment;
        if (payment?.result === PAYMENT_RESULT.SUCCESS || latest.order_payment_status === 'paid') {
          setState('success');
          return;
        }
        if (payment?.result === PAYMENT_RESULT.FAILURE) {
          setState('failed');
          return;
        }
        if (payment) setState(payment.page_state);
      } catch {
        // a failed check is tried again on the next tick
      }
      if (stopped) return;
      if (Date.now() >= deadline) setGaveUp(true);
      else timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, gaveUp, canCheck]);
  return { state, gaveUp };
}

export interface PaymentOutcomeProps {
  state: PaymentPageState;
  /** The server was asked for 60 s without a final answer (or there was nothing to ask about). */
  gaveUp: boolean;
  /** Another method: back to the payment page. */
  onRetry: () => void;
  /** The link to the order (or home), shown under the outcome. */
  link: ReactNode;
  /** The words under 'Thank you!' once paid. */
  successText: ReactNode;
}

/**
 * A payment's outcome (spec §4, §8): 'Sorry, Payment Failed' with 'Oops! Transaction failed' and
 * the refund wording, and another method; 'Thank you!' once paid; 'payment pending' when no final
 * answer came; a spinner while asking. The heading takes focus when the state changes.
 */
export function PaymentOutcome({ state, gaveUp, onRetry, link, successText }: PaymentOutcomeProps) {
  const { t } = useUiTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [state]);
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        {state === 'failed'
          ? t('errors.paymentFailed')
          : state === 'success'
            ? t('pay.successTitle')
            : t(`payment.${state}`)}
      </h2>
      {state === 'failed' ? (
        <>
          <Banner tone="error" title={t('errors.transactionFailed')}>
            {t('errors.transactionFailedRefund')}
          </Banner>
          <Button fullWidth onClick={onRetry}>
            {t('pay.tryAnotherMethod')}
          </Button>
          {link}
        </>
      ) : state === 'success' ? (
        <>
          <p>{successText}</p>
          {link}
        </>
      ) : gaveUp ? (
        <>
          <Banner tone="warning">{t('errors.paymentPending')}</Banner>
          <Button fullWidth onClick={onRetry}>
            {t('pay.tryAnotherMethod')}
          </Button>
          {link}
        </>
      ) : (
        <Spinner label={t('pay.checking')} />
      )}
    </>
  );
}
