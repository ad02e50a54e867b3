import type { PaymentChoice } from '@santap/domain';
import { Banner, PaymentModeChoice } from '@santap/ui';
import type { PaymentMode } from '@santap/ui';
import { addingTo } from '../../../lib/add-more';
import { useT } from '../../../lib/use-t';

export interface CartPaymentModeProps {
  scope: string;
  choice: PaymentChoice;
  mode: PaymentMode;
  onChange: (mode: PaymentMode) => void;
}

/**
 * Pay now or later where the restaurant allows both. Items added to a running order are paid the
 * way that order is (spec §4): no choice, the order they join named instead.
 */
export function CartPaymentMode({ scope, choice, mode, onChange }: CartPaymentModeProps) {
  const { t } = useT();
  const addingToOrder = addingTo(scope);
  if (addingToOrder !== undefined) {
    return <Banner tone="info">{t('cart.addingToOrder', { id: String(addingToOrder) })}</Banner>;
  }
  return choice.modes.includes('pay_later') ? <PaymentModeChoice value={mode} onChange={onChange} /> : null;
}
