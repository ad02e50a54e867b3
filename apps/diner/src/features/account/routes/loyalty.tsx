import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { formatMoney, formatRate } from '@santap/domain';
import { CashbackAccountCard, Page, ReferralShareCard, SavingsSummary } from '@santap/ui';
import type { ReferralShareStatus } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';
import { loadLoyalty } from '../api/load-loyalty';
import type { LoyaltyPageData, ReferralCode } from '../api/load-loyalty';
import { AccountProblem } from '../components/account-problem';
import { savingsTotalsOf } from '../lib/savings';
import { shareInvite, signupLink } from '../lib/share';
import '../account.css';

export const loader = loadLoyalty;

/**
 * `/newLoyalty` (spec §2): cashback balance per restaurant and food court with the history
 * of earning and spending, what the diner earned and saved, and referral sharing (the code, a share
 * link through the share sheet or copied, and what a friend gets 'up to').
 */
export function Component() {
  const data = useLoaderData() as LoyaltyPageData;
  const { t } = useT();
  if (data.kind === 'error') return <AccountProblem error={data.error} title={t('account.loyalty.title')} />;
  return <Loyalty data={data} />;
}

function Loyalty({ data }: { data: Extract<LoyaltyPageData, { kind: 'ready' }> }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <Page title={t('account.loyalty.title')} onBack={() => navigate(paths.profileHome())}>
      <div className="account">
        <section aria-labelledby="loyalty-balances">
          <h2 id="loyalty-balances" className="dn-section-title">
            {t('account.loyalty.balanceTitle')}
          </h2>
          {data.accounts.length === 0 ? (
            <p className="dn-muted">{t('account.loyalty.empty')}</p>
          ) : (
            <ul className="st-cards">
              {data.accounts.map((account) => (
                <li key={account.scope}>
                  <CashbackAccountCard
                    name={account.name}
                    kind={account.kind}
                    currency={account.currency}
                    balance={account.balance}
                    earned={account.earned}
                    spent={account.spent}
                    rule={
                      account.loyalty
                        ? { minOrder: account.loyalty.min_order, percentBps: account.loyalty.percent_bps }
                        : null
                    }
                    history={account.history.map((entry) => ({
                      kind: entry.kind,
                      amount: entry.amount,
                      orderId: entry.order_id,
                      createdEpoch: entry.created_epoch,
                    }))}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="loyalty-savings">
          <h2 id="loyalty-savings" className="dn-section-title">
            {t('account.savings.title')}
          </h2>
          <SavingsSummary totals={savingsTotalsOf(data.totals)} />
        </section>

        <section aria-labelledby="loyalty-referral">
          <h2 id="loyalty-referral" className="dn-section-title">
            {t('account.referral.title')}
          </h2>
          <Referral referral={data.referral} stats={data.details.referrer} />
        </section>
      </div>
    </Page>
  );
}

function Referral({
  referral,
  stats,
}: {
  referral: ReferralCode;
  stats: { referred: number; pending: number; rewarded: number };
}) {
  const { t, language } = useT();
  const [status, setStatus] = useState<ReferralShareStatus>('idle');
  const { offer, referrer_code: code } = referral;
  const share = async () => {
    const outcome = await shareInvite({
      title: t('account.referral.shareTitle'),
      text: t('account.referral.shareText', {
        percent: formatRate(offer.discount_percent_bps),
        amount: formatMoney(offer.discount_up_to, offer.currency, language),
        code,
      }),
      url: signupLink(code),
    });
    if (outcome !== 'cancelled') setStatus(outcome);
  };
  return (
    <ReferralShareCard
      code={code}
      currency={offer.currency}
      discountPercentBps={offer.discount_percent_bps}
      discountUpTo={offer.discount_up_to}
      referrerReward={offer.referrer_reward}
      onShare={() => void share()}
      status={status}
      stats={{ referred: stats.referred, pending: stats.pending, rewarded: stats.rewarded }}
    />
  );
}
