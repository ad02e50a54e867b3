import { formatMoney, formatRate } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import { Button } from '../components/button';
import { Illustrated } from '../components/illustrated';

/** Where sharing the invite stands: `copied` after the copy fallback, `copyFailed` when even that failed. */
export type ReferralShareStatus = 'idle' | 'shared' | 'copied' | 'copyFailed';

/** Props of {@link ReferralShareCard}. */
export interface ReferralShareCardProps {
  /** The diner's own referral code. */
  code: string;
  currency: Currency;
  /** The friend's first-order discount: a percentage (basis points) 'up to' an amount (minor units). */
  discountPercentBps: number;
  discountUpTo: number;
  /** Cashback the diner gets once the friend's first order completes (0: none). */
  referrerReward: number;
  /** Shares the invite (the app uses `navigator.share`, or copies the invite when it cannot). */
  onShare: () => void;
  status?: ReferralShareStatus;
  /** How the diner's referrals stand. */
  stats?: { referred: number; pending: number; rewarded: number };
}

/**
 * Referral sharing (spec §2 'referral sharing'): what a friend gets 'up to', what the
 * diner gets, the diner's code, and one share button; the outcome of a copy is announced politely.
 */
export function ReferralShareCard({
  code,
  currency,
  discountPercentBps,
  discountUpTo,
  referrerReward,
  onShare,
  status = 'idle',
  stats,
}: ReferralShareCardProps) {
  const { t, language } = useUiTranslation();
  return (
    <div className="st-stack">
      <Illustrated icon="gift">
        {t('account.referral.friendGets', {
          percent: formatRate(discountPercentBps),
          amount: formatMoney(discountUpTo, currency, language),
        })}
        {referrerReward > 0
          ? ` ${t('account.referral.youGet', { amount: formatMoney(referrerReward, currency, language) })}`
          : null}
      </Illustrated>
      <div className="st-code-box">
        <span className="st-muted">{t('account.referral.yourCode')}</span>
        <span className="st-code st-code--large">{code}</span>
        <Button icon={status === 'copied' ? 'check' : 'share'} onClick={onShare}>
          {t('account.referral.share')}
        </Button>
        <p
          role="status"
          className={status === 'copyFailed' ? 'st-warning-text' : 'st-muted'}
          style={{ margin: 0 }}
        >
          {status === 'copied'
            ? t('account.referral.copied')
            : status === 'copyFailed'
              ? t('account.referral.copyFailed')
              : null}
        </p>
      </div>
      {stats ? (
        <p className="st-muted">
          {t('account.referral.stats', {
            referred: String(stats.referred),
            pending: String(stats.pending),
            rewarded: String(stats.rewarded),
          })}
        </p>
      ) : null}
    </div>
  );
}
