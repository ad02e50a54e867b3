import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '@santap/api-client';
import { hasKey } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import { Banner, Button, DateOfBirthPopup, RadioGroup } from '@santap/ui';
import { NameEmailFields } from '../../../components/name-email-fields';
import { profileErrors } from '../../../lib/profile-rules';
import { useT } from '../../../lib/use-t';
import { errorText } from '@santap/web';

export interface Registration {
  name: string;
  email?: string;
  date_of_birth?: string;
  is_corporate: boolean;
}

export interface ProfileStepProps {
  initialName?: string;
  initialEmail?: string;
  /** Saves the details (`auth.registerUser`); rejects with the server's message. */
  onSubmit: (registration: Registration) => Promise<void>;
  /** The clock, for the 18+ check (tests pin it). */
  now?: () => Date;
}

type AccountType = 'individual' | 'corporate';

/** The catalogue key of a failed save, for the date of birth popup (which shows keys, not sentences). */
const failureKey = (error: unknown): TranslationKey =>
  error instanceof ApiError && error.code && hasKey(error.code) ? error.code : 'errors.somethingWentWrong';

/**
 * Step 3 for a diner without a date of birth or corporate status (spec §1, §5): name, optional email,
 * and either a date of birth of someone 18 or older — entered and confirmed in the date of birth popup
 * of `@santap/ui`, because it is saved once — or a corporate entity.
 */
export function ProfileStep({
  initialName = '',
  initialEmail = '',
  onSubmit,
  now = () => new Date(),
}: ProfileStepProps) {
  const { t } = useT();
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState(initialEmail);
  const [accountType, setAccountType] = useState<AccountType>('individual');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'email', string>>>({});
  const [formError, setFormError] = useState<string>();
  const [dobOpen, setDobOpen] = useState(false);
  const [dobError, setDobError] = useState<TranslationKey>();
  const [busy, setBusy] = useState(false);

  const details = (): Registration => ({
    name: name.trim(),
    ...(email.trim() ? { email: email.trim() } : {}),
    is_corporate: accountType === 'corporate',
  });

  const save = async (registration: Registration) => {
    setBusy(true);
    setFormError(undefined);
    setDobError(undefined);
    try {
      await onSubmit(registration);
    } catch (error) {
      if (registration.date_of_birth) setDobError(failureKey(error));
      else setFormError(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = profileErrors(name, email);
    setErrors({ name: problems.name && t(problems.name), email: problems.email && t(problems.email) });
    if (problems.name || problems.email) return;
    if (accountType === 'individual') {
      setDobError(undefined);
      setDobOpen(true);
    } else void save(details());
  };

  // The popup sits outside the form: React events bubble through portals, and its own form's submit
  // must not submit this one.
  return (
    <>
      <form onSubmit={submit} noValidate className="auth-form">
        <h2>{t('auth.profileTitle')}</h2>
        <p>{t('validation.adultOrCorporate')}</p>
        <NameEmailFields
          name={name}
          email={email}
          onName={setName}
          onEmail={setEmail}
          errors={errors}
          labels={{ name: t('auth.nameLabel'), email: t('auth.emailLabel') }}
        />
        <RadioGroup<AccountType>
          legend={t('auth.accountTypeLegend')}
          value={accountType}
          onChange={setAccountType}
          options={[
            { value: 'individual', label: t('auth.individual') },
            { value: 'corporate', label: t('auth.corporate') },
          ]}
        />
        {formError ? <Banner tone="error">{formError}</Banner> : null}
        <Button type="submit" fullWidth loading={busy && !dobOpen}>
          {t('auth.continue')}
        </Button>
      </form>
      {dobOpen ? (
        <DateOfBirthPopup
          open
          onClose={() => setDobOpen(false)}
          now={now()}
          onSave={(dateOfBirth) => void save({ ...details(), date_of_birth: dateOfBirth })}
          saving={busy}
          error={dobError}
        />
      ) : null}
    </>
  );
}
