import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@santap/api-client';
import { MESSAGE, normalisePhone } from '@santap/domain';
import { Banner, Button, PHONE_PREFIXES, PhoneField, RadioGroup } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import type { PhoneCountry } from '@santap/ui';
import { paths } from '../../../config/paths';
import { errorText } from '@santap/web';

export type OtpChannel = 'sms' | 'whatsapp';

export interface PhoneStepProps {
  initialCountry: PhoneCountry;
  initialChannel: OtpChannel;
  initialNational?: string;
  /** Sends the code; rejects with an API error shown under the form. */
  onSubmit: (request: {
    phone: string;
    country: PhoneCountry;
    national: string;
    channel: OtpChannel;
  }) => Promise<void>;
}

/** The E.164 number of what the diner typed after the prefix (a full '+62…' number wins over the prefix). */
export function phoneFromInput(national: string, country: PhoneCountry): string {
  const typed = national.trim();
  return normalisePhone(typed.startsWith('+') ? typed : `${PHONE_PREFIXES[country]} ${typed}`, country);
}

/** Step 1: how to receive the code (WhatsApp or SMS) and the mobile number with its country prefix. */
export function PhoneStep({
  initialCountry,
  initialChannel,
  initialNational = '',
  onSubmit,
}: PhoneStepProps) {
  const { t } = useT();
  const [country, setCountry] = useState<PhoneCountry>(initialCountry);
  const [channel, setChannel] = useState<OtpChannel>(initialChannel);
  const [national, setNational] = useState(initialNational);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** WhatsApp could not take the code (not on WhatsApp, template refused, provider down): SMS is offered. */
  const [smsOffered, setSmsOffered] = useState(false);

  const send = async (chosen: OtpChannel) => {
    if (busy) return;
    setFormError(undefined);
    setSmsOffered(false);
    let phone: string;
    try {
      phone = phoneFromInput(national, country);
    } catch (error) {
      setFieldError(errorText(error, t));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await onSubmit({ phone, country, national, channel: chosen });
    } catch (error) {
      setFormError(errorText(error, t));
      if (error instanceof ApiError && error.code === MESSAGE.otpWhatsappFailed) setSmsOffered(true);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(channel);
  };

  const sendBySms = () => {
    setChannel('sms');
    void send('sms');
  };

  return (
    <form onSubmit={submit} noValidate className="auth-form">
      <p>{t('auth.intro')}</p>
      <RadioGroup<OtpChannel>
        legend={t('auth.channelLegend')}
        value={channel}
        onChange={setChannel}
        options={[
          { value: 'whatsapp', label: t('auth.channelWhatsapp') },
          { value: 'sms', label: t('auth.channelSms') },
        ]}
      />
      <PhoneField
        country={country}
        onCountryChange={setCountry}
        value={national}
        onChange={setNational}
        hint={t('auth.phoneHint')}
        error={fieldError}
        required
      />
      {formError ? <Banner tone="error">{formError}</Banner> : null}
      {smsOffered ? (
        <Button variant="secondary" fullWidth loading={busy} onClick={sendBySms}>
          {t('auth.sendBySms')}
        </Button>
      ) : null}
      <Button type="submit" fullWidth loading={busy}>
        {t('auth.sendCode')}
      </Button>
      <p className="auth-form__legal">
        {t('auth.agree')} <Link to={paths.terms()}>{t('legal.terms.title')}</Link>
        {' · '}
        <Link to={paths.privacy()}>{t('legal.privacy.title')}</Link>
      </p>
    </form>
  );
}
