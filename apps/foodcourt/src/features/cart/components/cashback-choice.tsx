import type { Currency } from '@santap/domain';
import { formatMoney } from '@santap/domain';
import { CheckboxGroup, useUiTranslation } from '@santap/ui';
import type { CartPageData } from '../api/load-cart';

export interface CashbackChoiceProps {
  wallet: CartPageData['wallet'];
  /** This browser holds a registered diner's login (decides when the wallet call failed). */
  loggedIn: boolean;
  currency: Currency;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The diner login, back to this cart. */
  loginPath: string;
}

/**
 * Cashback in the food court's cart: a logged-in diner with a balance switches it on or off; a guest
 * is asked to log in (back to this cart); a logged-in diner without cashback sees nothing.
 */
export function CashbackChoice({
  wallet,
  loggedIn,
  currency,
  checked,
  onChange,
  loginPath,
}: CashbackChoiceProps) {
  const { t, language } = useUiTranslation();
  if (wallet?.logged_in) {
    if (wallet.balance <= 0) return null;
    return (
      <CheckboxGroup
        legend={t('ui.loyalty.title')}
        options={[
          {
            value: 'use',
            label: t('fc.loyalty.use', { amount: formatMoney(wallet.balance, currency, language) }),
          },
        ]}
        values={checked ? ['use'] : []}
        onToggle={(_value, value) => onChange(value)}
      />
    );
  }
  if (wallet === undefined && loggedIn) return null;
  return (
    <a className="st-button st-button--ghost" href={loginPath}>
      {t('fc.loyalty.login')}
    </a>
  );
}
