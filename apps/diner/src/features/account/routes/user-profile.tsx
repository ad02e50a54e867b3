import { useCallback, useEffect } from 'react';
import { useLoaderData, useLocation, useNavigate, useRevalidator } from 'react-router';
import { Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';
import { loadUserProfile } from '../api/load-user-profile';
import type { UserProfileData } from '../api/load-user-profile';
import { AccountProblem } from '../components/account-problem';
import { Addresses } from '../components/addresses';
import { Allergies } from '../components/allergies';
import { BirthDate } from '../components/birth-date';
import { LinkedAccounts } from '../components/linked-accounts';
import { PhoneChange } from '../components/phone-change';
import { ProfileForm } from '../components/profile-form';
import { SectionError } from '../components/section-error';
import { WhatsAppUpdates } from '../components/whatsapp-updates';
import { usePrefetchValidated } from '../components/lazy-validated';
import { completeProviderLogin } from '../lib/identity';
import '../account.css';

export const loader = loadUserProfile;

/**
 * `/user` (spec §2): the profile data (name, email, gender; the phone changed with a code; the date of
 * birth saved once; order updates on WhatsApp, off until ticked; linked Facebook and Google accounts), the saved addresses
 * (`#addresses`) and the allergies (`#allergies`). Every change reloads the page's data.
 */
export function Component() {
  const data = useLoaderData() as UserProfileData;
  const { t } = useT();
  // The provider login popup lands here; it hands its answer to the page that opened it.
  useEffect(() => void completeProviderLogin(), []);
  if (data.kind === 'error') return <AccountProblem error={data.error} title={t('account.profile.title')} />;
  return <UserProfile data={data} />;
}

function UserProfile({ data }: { data: Extract<UserProfileData, { kind: 'ready' }> }) {
  const { t } = useT();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const reload = useCallback(() => void revalidate(), [revalidate]);
  const { profile } = data;
  usePrefetchValidated();

  // '/user#addresses' from the profile home: bring that section into view.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <Page title={t('account.profile.title')} onBack={() => navigate(paths.profileHome())}>
      <div className="account">
        <section aria-labelledby="profile-details">
          <h2 id="profile-details" className="dn-section-title">
            {t('account.profile.details')}
          </h2>
          <ProfileForm profile={profile} onSaved={reload} />
        </section>

        <section aria-labelledby="profile-contact" className="dn-stack">
          <h2 id="profile-contact" className="dn-section-title">
            {t('account.profile.contact')}
          </h2>
          <PhoneChange phone={profile.phone} onChanged={reload} />
          <BirthDate profile={profile} onSaved={reload} />
          <WhatsAppUpdates profile={profile} onChanged={reload} />
        </section>

        <section aria-labelledby="profile-linked">
          <h2 id="profile-linked" className="dn-section-title">
            {t('account.linked.title')}
          </h2>
          <LinkedAccounts profile={profile} onChanged={reload} />
        </section>

        <section id="addresses" aria-labelledby="profile-addresses" tabIndex={-1}>
          <h2 id="profile-addresses" className="dn-section-title">
            {t('account.home.addresses')}
          </h2>
          {data.addresses.ok ? (
            <Addresses addresses={data.addresses.value} tiles={data.mapTiles} onChanged={reload} />
          ) : (
            <SectionError error={data.addresses.error} />
          )}
        </section>

        <section id="allergies" aria-labelledby="profile-allergies" tabIndex={-1}>
          <h2 id="profile-allergies" className="dn-section-title">
            {t('account.home.allergies')}
          </h2>
          <p className="dn-muted">{t('account.allergy.intro')}</p>
          {data.allergies.ok ? (
            <Allergies allergies={data.allergies.value} onChanged={reload} />
          ) : (
            <SectionError error={data.allergies.error} />
          )}
        </section>
      </div>
    </Page>
  );
}
