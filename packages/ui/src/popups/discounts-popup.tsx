import { formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icons';
import { LoadError, LoadingList } from './offer-list-states';

/** A restaurant discount (restaurant data; the server applies it to the bill). */
export interface DiscountOffer {
  id: string;
  title: string;
  description?: string;
  /** Minimum order value, in minor units. */
  minOrder?: number;
}

/** Props of {@link DiscountsPopup}. */
export interface DiscountsPopupProps {
  open: boolean;
  onClose: () => void;
  currency: Currency;
  /** `undefined` while loading. */
  discounts: readonly DiscountOffer[] | undefined;
  error?: UiMessage;
  onRetry?: () => void;
  /** One tap applies an offer to the cart (its `id` is the code); without it the list only informs. */
  onApply?: (id: string) => void;
  /** The offer applied to the cart now. */
  appliedId?: string;
  /** The offer being applied (its button shows a spinner). */
  applyingId?: string;
  /** The server's refusal of the last apply ('errors.coupon*'). */
  applyError?: UiMessage;
}

/** The restaurant's current discounts, with their minimum order, each applied with one tap when `onApply` is given. */
export function DiscountsPopup({
  open,
  onClose,
  currency,
  discounts,
  error,
  onRetry,
  onApply,
  appliedId,
  applyingId,
  applyError,
}: DiscountsPopupProps) {
  const { t, language } = useUiTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.discounts.title')}
      busy={discounts === undefined && !error}
    >
      {error ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : discounts === undefined ? (
        <LoadingList />
      ) : discounts.length === 0 ? (
        <p className="st-muted">{t('ui.discounts.empty')}</p>
      ) : (
        <>
          {applyError ? <Banner tone="error">{messageText(t, applyError)}</Banner> : null}
          <ul className="st-cards">
            {discounts.map((discount) => (
              <li key={discount.id} className="st-card">
                <Icon name="tag" />
                <div className="st-card__body">
                  <p className="st-strong">{discount.title}</p>
                  {discount.description ? <p>{discount.description}</p> : null}
                  {discount.minOrder ? (
                    <p className="st-muted">
                      {t('ui.discounts.minOrder', {
                        amount: formatMoney(discount.minOrder, currency, language),
                      })}
                    </p>
                  ) : null}
                </div>
                {onApply ? (
                  <Button
                    variant="secondary"
                    aria-label={t('ui.coupons.applyCode', { code: discount.id })}
                    disabled={discount.id === appliedId}
                    loading={applyingId === discount.id}
                    onClick={() => onApply(discount.id)}
                  >
                    {discount.id === appliedId ? <Icon name="check" /> : t('ui.common.apply')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
