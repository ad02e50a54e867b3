import { Button, Dialog, useUiTranslation } from '@santap/ui';

export interface CounterPayConfirmProps {
  open: boolean;
  /** A food court's kiosk: the title names the counters (one per outlet), not one counter. */
  mall: boolean;
  /** What to pay at the counter, formatted (the quote's total, else the food total). */
  amount: string;
  /** The food total, formatted, when the server has not priced the order yet: 'about' this much. */
  estimate?: string;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * 'Pay RM 22.15 at the counter?': the kiosk's confirmation before a counter order goes to the
 * kitchen (the tile alone would place it on a tap); large type and buttons (`kiosk-confirm`).
 */
export function CounterPayConfirm({
  open,
  mall,
  amount,
  estimate,
  onBack,
  onConfirm,
}: CounterPayConfirmProps) {
  const { t } = useUiTranslation();
  return (
    <Dialog
      open={open}
      onClose={onBack}
      variant="center"
      className="kiosk-confirm"
      title={t(mall ? 'kiosk.pay.confirmTitleMall' : 'kiosk.pay.confirmTitle', { amount })}
      description={
        <>
          {estimate ? <p>{t('kiosk.pay.confirmEstimate', { amount: estimate })}</p> : null}
          <p>{t(mall ? 'kiosk.pay.confirmHintMall' : 'kiosk.pay.confirmHint')}</p>
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onBack}>
            {t('kiosk.pay.back')}
          </Button>
          <Button onClick={onConfirm}>{t('kiosk.pay.confirm')}</Button>
        </>
      }
    />
  );
}
