import { useRef } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';

/** Props of {@link ExitPagePopup}. */
export interface ExitPagePopupProps {
  open: boolean;
  /** What would be left behind: an open cart or a payment in progress. */
  reason: 'cart' | 'payment';
  /** Stay on the page (also Escape). */
  onStay: () => void;
  onLeave: () => void;
}

/**
 * 'Leave this page?' while a cart or a payment is open. An `alertdialog`; Stay is the safe default,
 * focused first, and Escape means Stay.
 */
export function ExitPagePopup({ open, reason, onStay, onLeave }: ExitPagePopupProps) {
  const { t } = useUiTranslation();
  const stay = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onStay}
      role="alertdialog"
      variant="center"
      initialFocus={stay}
      title={t('ui.exit.title')}
      description={<p>{reason === 'payment' ? t('ui.exit.payment') : t('ui.exit.cart')}</p>}
      footer={
        <>
          <Button variant="secondary" onClick={onLeave}>
            {t('ui.exit.leave')}
          </Button>
          <Button ref={stay} onClick={onStay}>
            {t('ui.exit.stay')}
          </Button>
        </>
      }
    />
  );
}
