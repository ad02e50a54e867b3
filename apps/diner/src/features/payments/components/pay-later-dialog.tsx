import { Button, Dialog } from '@santap/ui';
import { useT } from '../../../lib/use-t';

export interface PayLaterDialogProps {
  open: boolean;
  /** Back to the payment methods (also Escape and the close button). */
  onBack: () => void;
  /** Pay later: the order goes ahead and the diner pays at the counter or the table. */
  onConfirm: () => void;
}

/** 'Pay later?' on the payment page, when the diner chose to pay after eating: Back, then Confirm. */
export function PayLaterDialog({ open, onBack, onConfirm }: PayLaterDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onClose={onBack}
      variant="center"
      title={t('pay.payLaterTitle')}
      description={t('pay.payLaterBody')}
      footer={
        <>
          <Button variant="secondary" onClick={onBack}>
            {t('pay.back')}
          </Button>
          <Button onClick={onConfirm}>{t('pay.payLaterConfirm')}</Button>
        </>
      }
    />
  );
}
