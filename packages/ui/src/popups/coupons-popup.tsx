import { formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icons';
import { CouponCodeForm } from './coupon-code-form';
import { LoginHint } from './login-hint';
import { LoadingList } from './offer-list-states';

/** A coupon the diner may apply (from the promotions endpoint). */
export interface CouponOffer {
  code: string;
  title: string;
  description?: string;
  minOrder?: number;
}

/** Props of {@link CouponsPopup}. */
export interface CouponsPopupProps {
  open: boolean;
  onClose: () => void;
  currency: Currency;
  /** `undefined` while loading. */
  coupons: readonly CouponOffer[] | undefined;
  appliedCode?: string;
  /** The code being applied (its button shows a spinner). */
  applyingCode?: string;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** A refusal from the server (`errors.coupon*`) or a load failure. */
  error?: UiMessage;
  /** Guests see a log-in prompt (coupons need an account). */
  loggedIn?: boolean;
  onLogin?: () => void;
}

/**
 * Coupons: type a code or pick one from the list. The applied coupon is shown with Remove; the
 * server's refusal ('This coupon has expired') is shown under the field.
 */
export function CouponsPopup({
  open,
  onClose,
  currency,
  coupons,
  appliedCode,
  applyingCode,
  onApply,
  onRemove,
  error,
  loggedIn = true,
  onLogin,
}: CouponsPopupProps) {
  const { t, language } = useUiTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('ui.coupons.title')} busy={coupons === undefined}>
      {appliedCode ? (
        <Banner
          tone="success"
          action={
            <Button variant="secondary" onClick={onRemove}>
              {t('ui.common.remove')}
            </Button>
          }
        >
          {t('ui.coupons.applied', { code: appliedCode })}
        </Banner>
      ) : null}
      {!loggedIn ? (
        <LoginHint onLogin={onLogin}>{t('ui.coupons.loginHint')}</LoginHint>
      ) : (
        <>
          <CouponCodeForm
            onApply={onApply}
            applyingCode={applyingCode}
            error={error ? messageText(t, error) : undefined}
          />
          <h3 className="st-subheading">{t('ui.coupons.available')}</h3>
          {coupons === undefined ? (
            <LoadingList />
          ) : coupons.length === 0 ? (
            <p className="st-muted">{t('ui.coupons.empty')}</p>
          ) : (
            <ul className="st-cards">
              {coupons.map((coupon) => (
                <li key={coupon.code} className="st-card">
                  <Icon name="tag" />
                  <div className="st-card__body">
                    <p className="st-strong">{coupon.title}</p>
                    <p className="st-code">{coupon.code}</p>
                    {coupon.description ? <p>{coupon.description}</p> : null}
                    {coupon.minOrder ? (
                      <p className="st-muted">
                        {t('ui.discounts.minOrder', {
                          amount: formatMoney(coupon.minOrder, currency, language),
                        })}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    variant="secondary"
                    aria-label={t('ui.coupons.applyCode', { code: coupon.code })}
                    disabled={coupon.code === appliedCode}
                    loading={applyingCode === coupon.code}
                    onClick={() => onApply(coupon.code)}
                  >
                    {coupon.code === appliedCode ? <Icon name="check" /> : t('ui.common.apply')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Dialog>
  );
}
