import type { TranslationKey } from '@santap/i18n';
import { RadioGroup } from '../components/choice-group';
import { useUiTranslation } from '../i18n/translation';

export type PaymentMode = 'online' | 'pay_later';

export interface PaymentModeChoiceProps {
  value: PaymentMode;
  onChange: (mode: PaymentMode) => void;
  /** The words under 'Pay later' (the food court: at each outlet's counter). */
  laterHint?: TranslationKey;
}

/** Pay now or pay later, where the order allows both (spec §4), in the diner's and the food court's cart. */
export function PaymentModeChoice({
  value,
  onChange,
  laterHint = 'cart.payment.laterHint',
}: PaymentModeChoiceProps) {
  const { t } = useUiTranslation();
  return (
    <RadioGroup
      legend={t('cart.payment.title')}
      options={[
        { value: 'online', label: t('cart.payment.online'), description: t('cart.payment.onlineHint') },
        { value: 'pay_later', label: t('cart.payment.later'), description: t(laterHint) },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}
