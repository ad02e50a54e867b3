import type { ReactNode } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Spinner } from '../components/spinner';
import { CartLockPopup } from '../popups/cart-lock-popup';
import { PaymentMethodList } from './payment-method-list';
import type { PaymentMethodChoice } from './payment-method-list';

/** Props of {@link PaymentStep}. */
export interface PaymentStepProps {
  /** The methods on offer (`paymentMethodChoices`); none: 'no payment method' instead of the list. */
  choices: readonly PaymentMethodChoice[];
  choice: PaymentMethodChoice | undefined;
  onChoose: (choice: PaymentMethodChoice) => void;
  /** Paid already: 'already paid' with `orderLink` instead of the methods. */
  paid: boolean;
  /** The way to the order ('View order'). */
  orderLink: ReactNode;
  /** A payment is starting: 'Redirecting…' under the methods. */
  busy: boolean;
  /** Why the last payment could not start, in words. */
  error?: string | undefined;
  /** Said above the methods (a scheduled order is paid first). */
  notice?: ReactNode;
  /** A processing payment's lock (`usePaymentPage` of `@santap/web`): the cart-lock popup over the page. */
  lock: { startedAt: Date } | undefined;
  /** The clock of the lock's countdown; the app passes `() => new Date()`. */
  now: () => Date;
  /** The payment's status is being asked for. */
  checking: boolean;
  /** The lock is being lifted: a second tap on Unlock does nothing. */
  unlocking: boolean;
  onUnlock: () => void;
  onCheckStatus: () => void;
  /** The lock's 60 s window ended: ask the server again. */
  onLockEnded: () => void;
}

/**
 * The body of a payment page (the diner's and the food court's, spec §4): the error of the last try,
 * then 'already paid' with the way to the order, 'no payment method', or the methods with
 * 'Redirecting…' while a payment starts; and while a payment is processing, the cart-lock popup
 * (its countdown, 'Check status', 'Unlock cart' after 30 s). The page's Pay button and what is paid
 * stay the page's own.
 */
export function PaymentStep({
  choices,
  choice,
  onChoose,
  paid,
  orderLink,
  busy,
  error,
  notice,
  lock,
  now,
  checking,
  unlocking,
  onUnlock,
  onCheckStatus,
  onLockEnded,
}: PaymentStepProps) {
  const { t } = useUiTranslation();
  return (
    <>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {paid ? (
        <Banner tone="success" action={orderLink}>
          {t('pay.alreadyPaid')}
        </Banner>
      ) : choices.length === 0 ? (
        <Banner tone="warning">{t('pay.noMethods')}</Banner>
      ) : (
        <>
          {notice}
          <PaymentMethodList choices={choices} value={choice} onChange={onChoose} />
          {busy ? <Spinner label={t('pay.redirecting')} /> : null}
        </>
      )}
      {lock ? (
        <CartLockPopup
          key={lock.startedAt.getTime()}
          open
          startedAt={lock.startedAt}
          now={now}
          onUnlock={() => (unlocking ? undefined : onUnlock())}
          onCheckStatus={onCheckStatus}
          checking={checking}
          onExpire={onLockEnded}
        />
      ) : null}
    </>
  );
}
