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
import { useOtpChannels } from '../hooks/use-otp-channels';
import type { OtpChannel } from '../hooks/use-otp-channels';

export type { OtpChannel };

export interface PhoneStepProps {
  initialCountry: PhoneCountry;
  /** The channel to start on, when the server offers it (else the first it offers). */
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

/** What the form offers until the server has said which channels it sends by. */
const UNTIL_KNOWN: readonly OtpChannel[] = ['whatsapp', 'sms'];

/**
 * Step 1: how to receive the code and the mobile number with its country prefix. Only the channels
 * the server sends by are offered (`auth.otpChannels`): a choice of WhatsApp or SMS, a line naming
 * the only one, or — login by mobile number off on this server — words that say so and no form.
 */
export function PhoneStep(props: PhoneStepProps) {
  const { t } = useT();
  const channels = useOtpChannels();
  if (channels?.length === 0) return <Banner tone="info">{t('errors.otpLoginOff')}</Banner>;
  return <PhoneForm {...props} channels={channels ?? UNTIL_KNOWN} />;
}

function PhoneForm({
  initialCountry,
  initialChannel,
  initialNational = '',
  onSubmit,
  channels,
}: PhoneStepProps & { channels: readonly OtpChannel[] }) {
  const { t } = useT();
  const [country, setCountry] = useState<PhoneCountry>(initialCountry);
  const [picked, setChannel] = useState<OtpChannel>(initialChannel);
  // The diner's pick (or the page's default) where the server offers it, else the first it offers.
  const channel = channels.includes(picked) ? picked : channels[0]!;
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
      if (error instanceof ApiError && error.code === MESSAGE.otpWhatsappFailed && channels.includes('sms'))
        setSmsOffered(true);
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
      {channels.length > 1 ? (
        <RadioGroup<OtpChannel>
          legend={t('auth.channelLegend')}
          value={channel}
          onChange={setChannel}
          options={channels.map((value) => ({
            value,
            label: t(value === 'whatsapp' ? 'auth.channelWhatsapp' : 'auth.channelSms'),
          }))}
        />
      ) : (
        <p>{t(channel === 'whatsapp' ? 'auth.channelOnlyWhatsapp' : 'auth.channelOnlySms')}</p>
      )}
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
