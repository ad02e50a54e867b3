import { useState } from 'react';
import type { FormEvent } from 'react';
import { account } from '@santap/api-client';
import { Banner, Button, RadioGroup, useToast } from '@santap/ui';
import { errorCodeOf, errorText } from '@santap/web';
import { NameEmailFields } from '../../../components/name-email-fields';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import type { Profile } from '../api/load-user-profile';
import type { ProfileProblems } from '../../../lib/profile-rules';
import { loadProfileErrors } from './lazy-validated';

type Gender = 'male' | 'female';
type FieldErrors = Partial<Record<'name' | 'email', string>>;

/** Which field a refusal of `update_user_details.php` belongs to, by its catalogue key. */
function fieldOfKey(key: string | undefined): keyof FieldErrors | undefined {
  if (key === 'validation.nameTooShort') return 'name';
  if (key?.startsWith('validation.email')) return 'email';
  return undefined;
}

/**
 * The profile data form (spec §3, §5): full name (3 characters or more), email (optional; the three
 * spec messages), gender (male or female). Checked here with the `@santap/domain` rules and again by
 * the server, whose refusal lands under its field.
 */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t } = useT();
  const toast = useToast();
  const [name, setName] = useState(profile.name ?? '');
  const [email, setEmail] = useState(profile.email ?? '');
  const [gender, setGender] = useState<Gender | undefined>(profile.gender ?? undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setFormError(undefined);
    try {
      // The rules come with the validation chunk (fetched when the page is idle).
      const problems: ProfileProblems = (await loadProfileErrors())(name, email);
      setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])));
      if (problems.name || problems.email) {
        document.getElementById(problems.name ? 'profile-name' : 'profile-email')?.focus();
        return;
      }
      await api.call(account.updateUserDetails, {
        body: { name: name.trim(), email: email.trim(), ...(gender ? { gender } : {}) },
      });
      toast.show(t('account.profile.saved'), { tone: 'success' });
      onSaved();
    } catch (error) {
      const field = fieldOfKey(errorCodeOf(error));
      if (field) setErrors({ [field]: errorText(error, t) });
      else setFormError(errorText(error, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="dn-stack" noValidate onSubmit={(event) => void submit(event)}>
      <NameEmailFields
        name={name}
        email={email}
        onName={setName}
        onEmail={setEmail}
        errors={errors}
        labels={{
          name: t('account.profile.name'),
          email: `${t('account.profile.email')} (${t('ui.common.optional')})`,
        }}
        ids={{ name: 'profile-name', email: 'profile-email' }}
      />
      <RadioGroup<Gender>
        legend={t('account.profile.gender')}
        value={gender}
        onChange={setGender}
        options={[
          { value: 'male', label: t('account.profile.male') },
          { value: 'female', label: t('account.profile.female') },
        ]}
      />
      {formError ? <Banner tone="error">{formError}</Banner> : null}
      <Button type="submit" fullWidth loading={saving}>
        {t('account.profile.save')}
      </Button>
    </form>
  );
}
