import { useCallback, useEffect, useState } from 'react';
import { payments } from '@santap/api-client';
import type { ApiClient, EndpointData } from '@santap/api-client';
import { paymentLockStartedAt } from '@santap/domain';
import { errorText } from './error-words';
import type { Translate } from './error-words';
import { gateway } from './gateway';

const POLL_MS = 3000;
const CHANNELS: readonly string[] = payments.PAYMENT_CHANNELS;
type Channel = (typeof payments.PAYMENT_CHANNELS)[number];

/** A chosen e-wallet channel as the contract names it; undefined for none or an unknown one. */
export const paymentChannel = (channel: string | undefined): Channel | undefined =>
  channel !== undefined && CHANNELS.includes(channel) ? (channel as Channel) : undefined;

/** A previous payment's state (`previousPaymentStatus`). */
export type PreviousPayment = EndpointData<typeof payments.previousPaymentStatus>;
/** A started payment (`paymentInitiate`, the food court's alike). */
export type StartedPayment = EndpointData<typeof payments.paymentInitiate>;
/** A processing payment's lock as the page shows it: which payment, and when it started. */
export interface PaymentLock {
  paymentId: number;
  startedAt: Date;
}

const lockOf = (paymentId: number, secondsLeft: number): PaymentLock => ({
  paymentId,
  // From the server's `seconds_left`, not its timestamp: a phone's clock may be off.
  startedAt: paymentLockStartedAt(secondsLeft, new Date()),
});

/** What is paid: a restaurant's order, or a food-court order (one payment for every outlet's part). */
export type PaymentFor = { order_id: number } | { fc_order_id: number };

export interface PaymentPageOptions {
  /** The app's API client: the payment's state is read again and its lock lifted through it. */
  api: ApiClient;
  /** The order the page pays. */
  paying: PaymentFor;
  t: Translate;
  /** The payment state the page loaded with. */
  previous: PreviousPayment;
  /** Paid: on to the order. */
  onPaid: () => void;
}

/**
 * The payment page's state, the same for a restaurant order and a food-court order: starting a
 * payment (`start`: to the gateway's page, paid at once, or locked while processing), the cart
 * lock of a processing payment looked at again every 3 s and on demand (`checkNow`), its unlock, and
 * the error to show. A processing payment keeps the page locked (spec §4 payment lock).
 */
export function usePaymentPage({ api, paying, t, previous, onPaid }: PaymentPageOptions) {
  const orderId = 'order_id' in paying ? paying.order_id : undefined;
  const fcOrderId = 'fc_order_id' in paying ? paying.fc_order_id : undefined;
  const status = useCallback(
    () =>
      api.call(payments.previousPaymentStatus, {
        query: orderId !== undefined ? { order_id: orderId } : { fc_order_id: fcOrderId },
      }),
    [api, orderId, fcOrderId],
  );
  const processing = previous.processing && previous.payment?.lock.locked ? previous.payment : undefined;
  const [lock, setLock] = useState<PaymentLock | undefined>(
    processing ? lockOf(processing.payment_id, processing.lock.seconds_left) : undefined,
  );
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  const [error, setError] = useState<string>();

  const checkAgain = useCallback(async () => {
    try {
      const latest = await status();
      if (latest.payment?.result === 1) {
        onPaid();
        return;
      }
      if (latest.processing && latest.payment?.lock.locked) {
        const { payment_id: paymentId, lock: serverLock } = latest.payment;
        // Same payment: keep the popup as it is (a new start would remount it and move focus).
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
  }, [onPaid, status, t]);

  // The gateway may finish within the 60 s: look again every few seconds while locked.
  const locked = lock !== undefined;
  useEffect(() => {
    if (!locked) return undefined;
    const timer = setInterval(() => void checkAgain(), POLL_MS);
    return () => clearInterval(timer);
  }, [locked, checkAgain]);

  const checkNow = async () => {
    setChecking(true);
    await checkAgain();
    setChecking(false);
  };

  const unlock = async () => {
    if (!lock) return;
    setUnlocking(true);
    try {
      await api.call(payments.paymentUnlock, { body: { payment_id: lock.paymentId } });
      setLock(undefined);
      setError(undefined);
    } catch (failure) {
      // The lock popup is modal: close it so the diner reads why (paying again resumes the payment).
      setLock(undefined);
      setError(errorText(failure, t));
    } finally {
      setUnlocking(false);
    }
  };

  /** Starts a payment: paid at once, off to the gateway (staying busy), locked, or still pending. */
  const start = async (initiate: () => Promise<StartedPayment>) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const started = await initiate();
      if (started.page_state === 'success') {
        onPaid();
      } else if (started.redirect_url) {
        gateway.open(started.redirect_url);
        return; // stays busy while the browser leaves for the gateway
      } else if (started.lock.locked) {
        setLock(lockOf(started.payment_id, started.lock.seconds_left));
      } else {
        setError(t('errors.paymentPending'));
      }
    } catch (failure) {
      setError(errorText(failure, t));
    }
    setBusy(false);
  };

  return { lock, busy, checking, unlocking, error, setError, checkAgain, checkNow, unlock, start };
}
