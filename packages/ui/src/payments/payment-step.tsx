import type { ReactNode } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Spinner } from '../components/spinner';
import { CartLockPopup } from '../popups/cart-lock-popup';
import { PaymentMethodList } from './payment-method-list';
import type { PaymentMethodChoice } from './payment-method-list';

/** A payment page's state as `usePaymentPage` of `@santap/web` gives it (the parts shown here). */
export interface PaymentPageView {
  /** A processing payment's lock: the cart-lock popup over the page. */
  lock: { startedAt: Date } | undefined;
  /** A payment is starting: 'Redirecting…' under the methods. */
  busy: boolean;
  /** The payment's status is being asked for. */
  checking: boolean;
  /** The lock is being lifted: a second tap on Unlock does nothing. */
  unlocking: boolean;
  /** Why the last payment could not start, in words. */
  error: string | undefined;
  /** Asks for the payment's status now ('Check status'). */
  checkNow: () => Promise<void>;
  /** Asks again once the lock's 60 s window ended. */
  checkAgain: () => Promise<void>;
  unlock: () => Promise<void>;
}

/** Props of {@link PaymentStep}. */
export interface PaymentStepProps {
  /** The page's payment state (`usePaymentPage` of `@santap/web`). */
  page: PaymentPageView;
  /** The clock of the lock's countdown; the app passes `() => new Date()`. */
  now: () => Date;
  /** The methods on offer (`paymentMethodChoices`); none: 'no payment method' instead of the list. */
  choices: readonly PaymentMethodChoice[];
  choice: PaymentMethodChoice | undefined;
  onChoose: (choice: PaymentMethodChoice) => void;
  /** Paid already: 'already paid' with `orderLink` instead of the methods. */
  paid: boolean;
  /** The way to the order ('View order'). */
  orderLink: ReactNode;
  /** Said above the methods (a scheduled order is paid first). */
  notice?: ReactNode;
}

/**
 * The body of a payment page (the diner's and the food court's, spec §4): the error of the last try,
 * then 'already paid' with the way to the order, 'no payment method', or the methods with
 * 'Redirecting…' while a payment starts; and while a payment is processing, the cart-lock popup
 * (its countdown, 'Check status', 'Unlock cart' after 30 s). The page's Pay button and what is paid
 * stay the page's own.
 */
export function PaymentStep({
  page,
  now,
  choices,
  choice,
  onChoose,
  paid,
  orderLink,
  notice,
}: PaymentStepProps) {
  const { t } = useUiTranslation();
  const { lock, busy, error } = page;
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
          onUnlock={() => (page.unlocking ? undefined : void page.unlock())}
          onCheckStatus={() => void page.checkNow()}
          checking={page.checking}
          onExpire={() => void page.checkAgain()}
        />
      ) : null}
    </>
  );
}
