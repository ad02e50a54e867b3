import { formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { Button } from '@santap/ui';
import { useT } from '../../../lib/use-t';

export interface CartBarProps {
  count: number;
  /** The items' total in minor units (charges and taxes come on the cart's bill). */
  total: number;
  currency: Currency;
  onOpen: () => void;
}

/**
 * 'View cart' with the number of items and their total, at the bottom of the menu. The three parts
 * are kept apart by a separator in the text itself, so they never run together ('Items: 1View cart')
 * when the bar wraps, is copied or is read out.
 */
export function CartBar({ count, total, currency, onOpen }: CartBarProps) {
  const { t, language } = useT();
  const money = formatMoney(total, currency, language);
  return (
    <Button fullWidth className="dn-cart-bar" onClick={onOpen}>
      <span className="dn-cart-bar__count">{t('menu.cart.count', { count })}</span>
      <span className="dn-cart-bar__sep"> · </span>
      <span className="dn-cart-bar__label">{t('menu.cart.view')}</span>
      <span className="dn-cart-bar__sep"> · </span>
      <span className="dn-cart-bar__total">{money}</span>
    </Button>
  );
}
