import { formatMoney, formatRate } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { CheckboxGroup } from '../components/choice-group';
import { Dialog } from '../components/dialog';
import { MoneyText } from '../components/money-text';
import { LoginHint } from './login-hint';
import { LoadingList } from './offer-list-states';

/** Props of {@link LoyaltyPopup}. */
export interface LoyaltyPopupProps {
  open: boolean;
  onClose: () => void;
  currency: Currency;
  /** Cashback balance in minor units; `undefined` while loading. */
  balance: number | undefined;
  /** Earn rate in basis points (500 = 5%), server-provided. */
  earnRateBps?: number;
  /** Minimum order value to earn, in minor units (server-provided). */
  minOrder?: number;
  /** Cashback is applied to this order. */
  applied: boolean;
  onApplyChange: (apply: boolean) => void;
  loggedIn: boolean;
  onLogin?: () => void;
  error?: UiMessage;
}

/** Loyalty cashback: the balance, how it is earned, and 'Use my cashback on this order'. */
export function LoyaltyPopup({
  open,
  onClose,
  currency,
  balance,
  earnRateBps,
  minOrder,
  applied,
  onApplyChange,
  loggedIn,
  onLogin,
  error,
}: LoyaltyPopupProps) {
  const { t, language } = useUiTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.loyalty.title')}
      busy={loggedIn && balance === undefined}
      description={
        earnRateBps !== undefined ? (
          <>
            <p>{t('ui.loyalty.earn', { rate: formatRate(earnRateBps) })}</p>
            {minOrder ? (
              <p className="st-muted">
                {t('ui.loyalty.minOrder', { amount: formatMoney(minOrder, currency, language) })}
              </p>
            ) : null}
          </>
        ) : undefined
      }
      footer={
        <Button fullWidth onClick={onClose}>
          {t('ui.common.done')}
        </Button>
      }
    >
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
      {!loggedIn ? (
        <LoginHint onLogin={onLogin}>{t('ui.loyalty.guest')}</LoginHint>
      ) : balance === undefined ? (
        <LoadingList />
      ) : (
        <>
          <div className="st-balance">
            <span>{t('ui.loyalty.balance')}</span>
            <MoneyText className="st-balance__amount" amount={balance} currency={currency} />
          </div>
          <CheckboxGroup
            legend={t('ui.loyalty.title')}
            hideLegend
            values={applied ? ['use'] : []}
            onToggle={(_value, checked) => onApplyChange(checked)}
            options={[{ value: 'use', label: t('ui.loyalty.use'), disabled: balance <= 0 }]}
          />
        </>
      )}
    </Dialog>
  );
}
