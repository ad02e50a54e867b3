import { useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { auth } from '@santap/api-client';
import type { TranslationKey } from '@santap/i18n';
import { Button, Icon, NutritionSummary, Page, SavingsSummary } from '@santap/ui';
import type { IconName } from '@santap/ui';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { storeAuth } from '../../../lib/session';
import { useT } from '../../../lib/use-t';
import { loadProfileHome } from '../api/load-profile-home';
import type { ProfileHomeData } from '../api/load-profile-home';
import { AccountProblem } from '../components/account-problem';
import { SectionError } from '../components/section-error';
import { savingsTotalsOf } from '../lib/savings';
import '../account.css';

export const loader = loadProfileHome;

const LINKS: readonly { to: string; label: TranslationKey; icon: IconName }[] = [
  { to: paths.user(), label: 'account.home.profile', icon: 'info' },
  { to: paths.user('addresses'), label: 'account.home.addresses', icon: 'pin' },
  { to: paths.user('allergies'), label: 'account.home.allergies', icon: 'warning' },
  { to: paths.orderHistory(), label: 'account.home.orders', icon: 'repeat' },
  { to: paths.loyalty(), label: 'account.home.loyalty', icon: 'gift' },
  { to: paths.tableBookings(), label: 'account.home.bookings', icon: 'calendar' },
];

/**
 * `/profileHome` (spec §2): who is logged in, the account's pages, what the diner earned
 * and saved, this week's nutrition, and logging out.
 */
export function Component() {
  const data = useLoaderData() as ProfileHomeData;
  const { t } = useT();
  if (data.kind === 'error') return <AccountProblem error={data.error} title={t('account.title')} />;
  return <ProfileHome data={data} />;
}

function ProfileHome({ data }: { data: Extract<ProfileHomeData, { kind: 'ready' }> }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const { profile } = data;

  const logOut = async () => {
    setLoggingOut(true);
    try {
      await api.call(auth.signOut, {});
    } catch {
      // Offline or the token already gone: this browser forgets it all the same.
    }
    storeAuth(undefined);
    navigate(paths.home(), { replace: true });
  };

  return (
    <Page title={t('account.title')} onBack={() => navigate(paths.home())}>
      <div className="account">
        <section className="account-head" aria-labelledby="account-hello">
          <h2 id="account-hello">
            {profile.name ? t('account.home.hello', { name: profile.name }) : t('account.home.helloNoName')}
          </h2>
          {profile.phone ? <p className="dn-muted">{profile.phone}</p> : null}
          {profile.is_corporate ? <p>{t('account.home.corporate')}</p> : null}
          {!profile.is_corporate && !profile.date_of_birth_set ? (
            <p>
              <Link to={paths.user()}>{t('account.home.completeProfile')}</Link>
            </p>
          ) : null}
        </section>

        <nav aria-label={t('account.home.menu')}>
          <ul className="account-menu">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>
                  <Icon name={link.icon} size={20} />
                  <span>{t(link.label)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="account-savings">
          <h2 id="account-savings" className="dn-section-title">
            {t('account.savings.title')}
          </h2>
          {data.savings.ok ? (
            <SavingsSummary totals={savingsTotalsOf(data.savings.value)} />
          ) : (
            <SectionError error={data.savings.error} />
          )}
        </section>

        <section aria-labelledby="account-nutrition">
          <h2 id="account-nutrition" className="dn-section-title">
            {t('account.nutrition.title')}
          </h2>
          {data.nutrition.ok ? (
            <NutritionSummary
              days={data.nutrition.value.days}
              today={data.today}
              itemsWithoutNutrition={data.nutrition.value.items_without_nutrition}
            />
          ) : (
            <SectionError error={data.nutrition.error} />
          )}
        </section>

        <Button variant="secondary" fullWidth loading={loggingOut} onClick={() => void logOut()}>
          {t('account.home.logout')}
        </Button>
      </div>
    </Page>
  );
}
