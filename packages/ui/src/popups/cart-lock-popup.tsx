import { useEffect, useRef, useState } from 'react';
import { paymentLock } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import { Button } from '../components/button';
import { BlockingAlert } from './blocking-alert';
import { Spinner } from '../components/spinner';
import { Illustrated } from '../components/illustrated';

/** Props of {@link CartLockPopup}. */
export interface CartLockPopupProps {
  open: boolean;
  /** When the payment started (from the server or the moment the diner paid). */
  startedAt: Date;
  /** The clock, injected so tests and stories control time; the app passes `() => new Date()`. */
  now: () => Date;
  /** Unlock the cart (allowed 30 s after the start). */
  onUnlock: () => void;
  /** Offered when given: ask the server for the payment's status now. */
  onCheckStatus?: () => void;
  checking?: boolean;
  /** Called once when the 60 s processing window ends. */
  onExpire?: () => void;
  /** How often the countdown updates (ms); default 1000. */
  tickMs?: number;
}

/**
 * The cart lock while a payment is processing (spec §4, §9): a countdown from `paymentLock` of
 * `@santap/domain`, 'Unlock cart' enabled after 30 s, `onExpire` at 60 s. A non-dismissible
 * alertdialog (the diner must wait or unlock); the unlock hint is announced when it becomes
 * available, the countdown itself is a silent `timer`.
 */
export function CartLockPopup({
  open,
  startedAt,
  now,
  onUnlock,
  onCheckStatus,
  checking,
  onExpire,
  tickMs = 1000,
}: CartLockPopupProps) {
  const { t } = useUiTranslation();
  const [at, setAt] = useState(() => now());
  const expired = useRef(false);
  const nowRef = useRef(now);
  useEffect(() => {
    nowRef.current = now;
  });

  useEffect(() => {
    if (!open) return;
    setAt(nowRef.current());
    const timer = setInterval(() => setAt(nowRef.current()), tickMs);
    return () => clearInterval(timer);
  }, [open, tickMs, startedAt]);

  const lock = paymentLock(startedAt, at);
  useEffect(() => {
    if (open && !lock.locked && !expired.current) {
      expired.current = true;
      onExpire?.();
    }
  }, [open, lock.locked, onExpire]);

  const unlockIn = lock.secondsToUnlock;
  const canUnlock = lock.canUnlock || !lock.locked;
  return (
    <BlockingAlert
      open={open}
      title={t('ui.cartLock.title')}
      description={<Illustrated icon="lock">{t('ui.cartLock.body')}</Illustrated>}
      footer={
        <>
          {onCheckStatus ? (
            <Button variant="secondary" loading={checking} onClick={onCheckStatus}>
              {t('ui.cartLock.checkStatus')}
            </Button>
          ) : null}
          <Button disabled={!canUnlock} onClick={onUnlock}>
            {t('ui.cartLock.unlock')}
          </Button>
        </>
      }
    >
      <div className="st-countdown">
        {lock.locked ? <Spinner size={28} decorative /> : null}
        <p role="timer" className="st-countdown__text">
          {canUnlock
            ? t('ui.cartLock.secondsLeft', { seconds: String(lock.secondsLeft) })
            : t('ui.cartLock.wait', { seconds: String(unlockIn) })}
        </p>
      </div>
      <p aria-live="polite">{canUnlock ? t('ui.cartLock.canUnlock') : ''}</p>
    </BlockingAlert>
  );
}
