import { useRef } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import './kiosk.css';

/** Props of {@link KioskIdleWarning}. */
export interface KioskIdleWarningProps {
  open: boolean;
  /** Seconds until the session is cleared (the app counts down). */
  secondsLeft: number;
  onStay: () => void;
  onLeave: () => void;
}

/**
 * The idle time-out's warning: an `alertdialog` that must be answered ('I'm still here' is focused
 * first, so a tap anywhere near it keeps the order). The countdown is a silent `role="timer"`; the
 * title is what a screen reader announces when the warning opens.
 */
export function KioskIdleWarning({ open, secondsLeft, onStay, onLeave }: KioskIdleWarningProps) {
  const { t } = useUiTranslation();
  const stay = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onStay}
      role="alertdialog"
      dismissible={false}
      variant="center"
      title={t('kiosk.idle.title')}
      initialFocus={stay}
      className="st-kiosk-idle"
      footer={
        <div className="st-kiosk-idle__actions">
          <Button ref={stay} onClick={onStay} fullWidth>
            {t('kiosk.idle.stay')}
          </Button>
          <Button variant="secondary" onClick={onLeave} fullWidth>
            {t('kiosk.idle.leave')}
          </Button>
        </div>
      }
    >
      <p role="timer" aria-live="off" className="st-kiosk-idle__count">
        {t('kiosk.idle.body', { seconds: Math.max(0, Math.ceil(secondsLeft)) })}
      </p>
    </Dialog>
  );
}
