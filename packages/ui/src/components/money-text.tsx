import { formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import { cx } from './cx';

/** Props of {@link MoneyText}: an amount in minor units (sen, rupiah). */
export interface MoneyTextProps {
  amount: number;
  currency: Currency;
  /** A price before a discount: struck through. */
  strike?: boolean;
  /** Prefix '+' for add-on prices ('+RM 2.00'). */
  signed?: boolean;
  className?: string;
}

/** Money formatted with `formatMoney` in the current language (`RM 12.50`, `Rp 15.000`). */
export function MoneyText({ amount, currency, strike, signed, className }: MoneyTextProps) {
  const { language } = useUiTranslation();
  const text = formatMoney(amount, currency, language);
  const Tag = strike ? 's' : 'span';
  return <Tag className={cx('st-money', className)}>{signed && amount > 0 ? `+${text}` : text}</Tag>;
}
