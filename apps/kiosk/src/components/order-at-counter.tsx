import { useId } from 'react';
import { Button, useUiTranslation } from '@santap/ui';

export interface OrderAtCounterProps {
  /** What the kiosk cannot offer: no order type it takes, or no way to pay on this kiosk. */
  reason: 'noOrderType' | 'noPayment';
  /** The one way on: back to the start (order screen), or a fresh look at the settings (start screen). */
  actionLabel: string;
  onAction(): void;
}

/**
 * In place of an empty list of choices: the kiosk's settings leave the diner nothing to pick, so it
 * sends them to the counter and keeps one big way on. A kiosk must never look broken.
 */
export function OrderAtCounter({ reason, actionLabel, onAction }: OrderAtCounterProps) {
  const { t } = useUiTranslation();
  const heading = useId();
  return (
    <section className="kiosk-counter-only" aria-labelledby={heading}>
      <h2 id={heading}>{t('kiosk.orderAtCounter.title')}</h2>
      <p className="kiosk-lead">
        {t(reason === 'noOrderType' ? 'kiosk.orderAtCounter.noOrderType' : 'kiosk.orderAtCounter.noPayment')}
      </p>
      <Button onClick={onAction}>{actionLabel}</Button>
    </section>
  );
}
