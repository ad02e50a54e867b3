import { Suspense, useState } from 'react';
import { account } from '@santap/api-client';
import { Button, useToast } from '@santap/ui';
import type { UiMessage } from '@santap/ui';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import type { Profile } from '../api/load-user-profile';
import { dateLocale, deviceTimeZone } from '../lib/dates';
import { LazyDateOfBirthPopup } from './lazy-validated';
import { uiMessageOf } from '@santap/web';

/**
 * The date of birth (spec §1, §5): saved once, after the confirmation of the date of birth popup
 * (18 or older), and read-only from then on. A corporate account needs none.
 */
export function BirthDate({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t, language } = useT();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<UiMessage>();

  const save = async (dateOfBirth: string) => {
    setSaving(true);
    setError(undefined);
    try {
      await api.call(account.updateUserDetails, { body: { date_of_birth: dateOfBirth } });
      setOpen(false);
      toast.show(t('account.profile.birthDateSaved'), { tone: 'success' });
      onSaved();
    } catch (failure) {
      setError(uiMessageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  const saved = profile.date_of_birth_set && profile.date_of_birth;
  return (
    <div className="account-row">
      <div>
        <p className="dn-muted">{t('account.profile.birthDate')}</p>
        {saved ? (
          <>
            <p className="account-row__value">
              {new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
                new Date(`${profile.date_of_birth}T00:00:00Z`),
              )}
            </p>
            <p className="dn-muted">{t('validation.dateOfBirthLocked')}</p>
          </>
        ) : profile.is_corporate ? (
          <p className="account-row__value">{t('account.home.corporate')}</p>
        ) : (
          <p className="account-row__value">{t('account.profile.none')}</p>
        )}
      </div>
      {!saved && !profile.is_corporate ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('account.profile.addBirthDate')}
        </Button>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <LazyDateOfBirthPopup
            open
            onClose={() => setOpen(false)}
            now={new Date()}
            timeZone={deviceTimeZone()}
            onSave={(date) => void save(date)}
            saving={saving}
            {...(error ? { error } : {})}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
