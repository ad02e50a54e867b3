import { useEffect, useRef, useState } from 'react';
import {
  PAYMENT_PROCESSING_MAX_SECONDS,
  PAYMENT_RESULT,
  parsePaymentResult,
  paymentPageStateFor,
} from '@santap/domain';
import type { PaymentPageState, PaymentResultCode } from '@santap/domain';

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
 * `PaymentOutcome` of `@santap/ui` shows it.
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
