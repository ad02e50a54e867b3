import { useId } from 'react';
import type { Currency } from '@santap/domain';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { MoneyText } from '../components/money-text';
import { Spinner } from '../components/spinner';
import { useUiTranslation } from '../i18n/translation';
import { CouponCodeForm } from '../popups/coupon-code-form';
import './foodcourt.css';

/** Which coupon discounts one outlet of the cart, and by how much. */
export interface AppliedOutletCoupon {
  outletId: number;
  outletName: string;
  code: string | null;
  amount: number;
}

/** A coupon of the food court (the mall's, `outletName` undefined) or of one of its outlets. */
export interface FoodCourtCouponOffer {
  code: string;
  title: string;
  outletId: number | null;
  outletName?: string;
  usable: boolean;
  /** Why it cannot be used now, in the diner's language (from the server). */
  reason?: string;
}

export interface FoodCourtCouponsProps {
  currency: Currency;
  /** Per outlet in the cart: the coupon on it (null: none). */
  applied: readonly AppliedOutletCoupon[];
  /** `undefined` while loading. */
  coupons: readonly FoodCourtCouponOffer[] | undefined;
  onApply: (code: string, outletId?: number) => void;
  onRemoveOutlet: (outletId: number) => void;
  onRemoveAll: () => void;
  /** A request is running (buttons busy). */
  busy?: boolean;
  /** The server's refusal, in the diner's language. */
  error?: string;
}

/**
 * The coupons of one food-court cart (spec §7 food-court coupons): a mall coupon covers every outlet
 * it allows, an outlet's coupon only its outlet. Each outlet's discount is listed with its own
 * Remove (remove-rest), plus Remove all; a code can be typed or picked from the list (folded away:
 * the cart comes first), where a coupon that cannot be used now says why.
 */
export function FoodCourtCoupons({
  currency,
  applied,
  coupons,
  onApply,
  onRemoveOutlet,
  onRemoveAll,
  busy = false,
  error,
}: FoodCourtCouponsProps) {
  const { t } = useUiTranslation();
  const headingId = useId();
  const discounted = applied.filter((part) => part.code !== null);
  return (
    <section className="st-fc-coupons" aria-labelledby={headingId}>
      <h2 id={headingId} className="st-subheading">
        {t('ui.coupons.title')}
      </h2>
      {discounted.length > 0 ? (
        <>
          <ul className="st-fc-coupons__applied">
            {discounted.map((part) => (
              <li key={part.outletId} className="st-fc-coupons__row">
                <span>
                  {t('fc.coupons.appliedTo', { code: part.code ?? '', outlet: part.outletName })}{' '}
                  <MoneyText amount={-part.amount} currency={currency} />
                </span>
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-label={t('fc.coupons.removeFrom', { outlet: part.outletName })}
                  onClick={() => onRemoveOutlet(part.outletId)}
                >
                  {t('ui.common.remove')}
                </Button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" disabled={busy} onClick={onRemoveAll}>
            {t('fc.coupons.removeAll')}
          </Button>
        </>
      ) : null}
      <CouponCodeForm onApply={onApply} busy={busy} />
      {error ? <Banner tone="error">{error}</Banner> : null}
      {coupons === undefined ? <Spinner size={20} /> : null}
      {coupons && coupons.length > 0 ? (
        <details className="st-fc-coupons__offers" aria-label={t('ui.coupons.available')}>
          <summary>{t('ui.coupons.available')}</summary>
          <ul className="st-cards">
            {coupons.map((coupon) => (
              <li key={`${coupon.outletId ?? 'mall'}-${coupon.code}`} className="st-card">
                <div className="st-card__body">
                  <p className="st-strong">{coupon.title}</p>
                  <p>
                    <span className="st-code">{coupon.code}</span> ·{' '}
                    {coupon.outletName ?? t('fc.coupons.wholeFoodCourt')}
                  </p>
                  {!coupon.usable && coupon.reason ? <p className="st-muted">{coupon.reason}</p> : null}
                </div>
                <Button
                  variant="secondary"
                  disabled={!coupon.usable || busy}
                  aria-label={t('ui.coupons.applyCode', { code: coupon.code })}
                  onClick={() => onApply(coupon.code, coupon.outletId ?? undefined)}
                >
                  {t('ui.common.apply')}
                </Button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
