import { useId } from 'react';
import { Button, useUiTranslation } from '@santap/ui';

/** Each reason's words: a restaurant's kiosk, then a food court's. */
const WHY = {
  noOrderType: ['kiosk.orderAtCounter.noOrderType', 'kiosk.orderAtCounter.noOrderTypeMall'],
  noPayment: ['kiosk.orderAtCounter.noPayment', 'kiosk.orderAtCounter.noPaymentMall'],
} as const;

export interface OrderAtCounterProps {
  /** What the kiosk cannot offer: no order type it takes, or no way to pay on this kiosk. */
  reason: 'noOrderType' | 'noPayment';
  /** A food court's kiosk: the diner orders at a stall instead (and pays at the food court's cashier). */
  mall: boolean;
  /** The one way on: back to the start (order screen), or a fresh look at the settings (start screen). */
  actionLabel: string;
  onAction(): void;
}

/**
 * In place of an empty list of choices: the kiosk's settings leave the diner nothing to pick, so it
 * sends them to the counter (a food court's: to the stalls) and keeps one big way on. A kiosk must
 * never look broken.
 */
export function OrderAtCounter({ reason, mall, actionLabel, onAction }: OrderAtCounterProps) {
  const { t } = useUiTranslation();
  const heading = useId();
  return (
    <section className="kiosk-counter-only" aria-labelledby={heading}>
      <h2 id={heading}>{t(mall ? 'kiosk.orderAtCounter.titleMall' : 'kiosk.orderAtCounter.title')}</h2>
      <p className="kiosk-lead">{t(WHY[reason][mall ? 1 : 0])}</p>
      <Button onClick={onAction}>{actionLabel}</Button>
    </section>
  );
}
