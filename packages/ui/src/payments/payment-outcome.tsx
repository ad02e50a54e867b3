import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { PaymentPageState } from '@santap/domain';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Spinner } from '../components/spinner';
import { useUiTranslation } from '../i18n/translation';

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
 * A payment's outcome (spec §4, §8), in the state `usePaymentOutcome` of `@santap/web` gives: 'Sorry, Payment Failed' with 'Oops! Transaction failed' and
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
