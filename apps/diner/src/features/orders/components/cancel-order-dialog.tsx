import { Button, Dialog } from '@santap/ui';
import { useT } from '../../../lib/use-t';

export interface CancelOrderDialogProps {
  open: boolean;
  /** The cancellation is being sent: the confirm button shows it is busy. */
  cancelling: boolean;
  /** Keep the order (also Escape and the close button). */
  onKeep: () => void;
  onConfirm: () => void;
}

/**
 * 'Cancel this order?' on the order status page: an `alertdialog` that says how a paid order's money
 * comes back (the bank's 3–5 days, spec §8 refunds); Keep first, the danger button second.
 */
export function CancelOrderDialog({ open, cancelling, onKeep, onConfirm }: CancelOrderDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      role="alertdialog"
      variant="center"
      title={t('order.cancelTitle')}
      description={t('order.cancelBody', { time: t('refund.bank') })}
      footer={
        <>
          <Button variant="secondary" onClick={onKeep}>
            {t('order.keep')}
          </Button>
          <Button variant="danger" loading={cancelling} onClick={onConfirm}>
            {t('order.cancelConfirm')}
          </Button>
        </>
      }
    />
  );
}
