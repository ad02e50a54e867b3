import { formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { Button, useUiTranslation } from '@santap/ui';
import type { CartData } from '../lib/api-types';
import { cartItemsTotal } from '@santap/web';

export interface CartBarProps {
  cart: CartData;
  currency: Currency;
  onOpen: () => void;
}

/** 'View cart' with the number of items and their total, at the bottom of the food court's pages. */
export function CartBar({ cart, currency, onOpen }: CartBarProps) {
  const { t, language } = useUiTranslation();
  return (
    <Button fullWidth className="fc-cart-bar" onClick={onOpen}>
      <span>{t('menu.cart.count', { count: cart.item_count })}</span>
      <span className="fc-cart-bar__label">{t('menu.cart.view')}</span>
      <span>{formatMoney(cartItemsTotal(cart), currency, language)}</span>
    </Button>
  );
}

/** The page's action bar: the cart bar while the cart holds something, else none. */
export function cartBarFor(cart: CartData | undefined, currency: Currency, onOpen: () => void) {
  return cart && cart.item_count > 0 ? (
    <CartBar cart={cart} currency={currency} onOpen={onOpen} />
  ) : undefined;
}
