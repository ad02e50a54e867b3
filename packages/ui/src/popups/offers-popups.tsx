import { useState } from 'react';
import { formatMoney, formatRate } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/use-ui-translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { CheckboxGroup } from '../components/choice-group';
import { Dialog } from '../components/dialog';
import { TextField } from '../components/fields';
import { Icon } from '../components/icons';
import { MoneyText } from '../components/money-text';
import { Skeleton } from '../components/spinner';

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

function LoadingList() {
  return (
    <div className="st-stack" aria-hidden="true">
      <Skeleton height="64px" />
      <Skeleton height="64px" />
    </div>
  );
}

function LoadError({ error, onRetry }: { error: UiMessage; onRetry?: () => void }) {
  const { t } = useUiTranslation();
  return (
    <Banner
      tone="error"
      action={
        onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            {t('ui.common.tryAgain')}
          </Button>
        ) : undefined
      }
    >
      {messageText(t, error)}
    </Banner>
  );
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
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const apply = () => {
    const trimmed = code.trim().toUpperCase();
    setEmpty(trimmed === '');
    if (trimmed) onApply(trimmed);
  };
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
        <Banner
          tone="info"
          action={
            onLogin ? (
              <Button variant="secondary" onClick={onLogin}>
                {t('ui.common.login')}
              </Button>
            ) : undefined
          }
        >
          {t('ui.coupons.loginHint')}
        </Banner>
      ) : (
        <>
          <form
            className="st-inline-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
          >
            <TextField
              label={t('ui.coupons.codeLabel')}
              value={code}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              error={empty ? t('validation.required') : error ? messageText(t, error) : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button
              type="submit"
              variant="secondary"
              loading={applyingCode !== undefined && applyingCode === code.trim().toUpperCase()}
            >
              {t('ui.common.apply')}
            </Button>
          </form>
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
        <Banner
          tone="info"
          action={
            onLogin ? (
              <Button variant="secondary" onClick={onLogin}>
                {t('ui.common.login')}
              </Button>
            ) : undefined
          }
        >
          {t('ui.loyalty.guest')}
        </Banner>
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

/** Props of {@link ReferralInfoPopup}. */
export interface ReferralInfoPopupProps {
  open: boolean;
  onClose: () => void;
  currency: Currency;
  /** The 'up to' discount a friend gets, in minor units (server-provided; spec leaves it open). */
  maxDiscount?: number;
  /** The diner's own code (logged in). */
  ownCode?: string;
  onCopy?: () => void;
  copied?: boolean;
  onShare?: () => void;
  /** Apply a friend's code. */
  onApplyCode?: (code: string) => void;
  applying?: boolean;
  appliedCode?: string;
  /** A refusal (`errors.referral*`). */
  error?: UiMessage;
}

/** How referrals work, the diner's own code to copy or share, and a field for a friend's code. */
export function ReferralInfoPopup({
  open,
  onClose,
  currency,
  maxDiscount,
  ownCode,
  onCopy,
  copied,
  onShare,
  onApplyCode,
  applying,
  appliedCode,
  error,
}: ReferralInfoPopupProps) {
  const { t, language } = useUiTranslation();
  const [code, setCode] = useState('');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.referral.title')}
      description={
        <div className="st-illustrated">
          <Icon name="gift" size={32} />
          <p>
            {maxDiscount
              ? t('ui.referral.body', { amount: formatMoney(maxDiscount, currency, language) })
              : t('ui.referral.bodyNoAmount')}
          </p>
        </div>
      }
    >
      {ownCode ? (
        <div className="st-code-box">
          <span className="st-muted">{t('ui.referral.yourCode')}</span>
          <span className="st-code st-code--large">{ownCode}</span>
          <div className="st-row">
            {onCopy ? (
              <Button variant="secondary" icon={copied ? 'check' : 'copy'} onClick={onCopy}>
                {copied ? t('ui.common.copied') : t('ui.common.copy')}
              </Button>
            ) : null}
            {onShare ? (
              <Button variant="secondary" icon="share" onClick={onShare}>
                {t('ui.common.share')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {onApplyCode ? (
        appliedCode ? (
          <Banner tone="success">{t('ui.referral.applied', { code: appliedCode })}</Banner>
        ) : (
          <form
            className="st-inline-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (code.trim()) onApplyCode(code.trim().toUpperCase());
            }}
          >
            <TextField
              label={t('ui.referral.codeLabel')}
              hint={t('ui.referral.haveCode')}
              value={code}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              error={error ? messageText(t, error) : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" variant="secondary" loading={applying}>
              {t('ui.common.apply')}
            </Button>
          </form>
        )
      ) : null}
    </Dialog>
  );
}
