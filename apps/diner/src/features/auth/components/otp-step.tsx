import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { OTP_LENGTH, otpSchema } from '@santap/domain';
import { Banner, Button, OtpField } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import { useCountdown } from '../../../lib/use-countdown';
import type { OtpChannel } from './phone-step';
import { errorText } from '@santap/web';
import { useOtpChannels } from '../hooks/use-otp-channels';
import { useOtpDelivery } from '../hooks/use-otp-delivery';

export interface OtpStepProps {
  phone: string;
  channel: OtpChannel;
  /** `resend_after_seconds` of the send reply. */
  resendAfterSeconds: number;
  /** `status_token` of the send reply: what became of the code is read with it. */
  statusToken?: string;
  /** Checks the code; rejects with the server's message ('You have entered an incorrect OTP!'). */
  onVerify: (otp: string) => Promise<void>;
  /** Sends a new code (by `channel`, the current one when absent); resolves with the next `resend_after_seconds`. */
  onResend: (channel?: OtpChannel) => Promise<number>;
  onChangeNumber: () => void;
}

/**
 * Step 2: the 6-digit code, verified when complete, with the resend countdown the server set. What
 * became of the code is read meanwhile: when WhatsApp could not deliver it and the server sent it by
 * SMS the page says so (and a resend goes by SMS); when it could not be delivered at all, it says that
 * instead of letting the diner wait out the countdown.
 */
export function OtpStep({
  phone,
  channel: sentBy,
  resendAfterSeconds,
  statusToken,
  onVerify,
  onResend,
  onChangeNumber,
}: OtpStepProps) {
  const { t } = useT();
  const delivery = useOtpDelivery(statusToken);
  const smsOffered = useOtpChannels()?.includes('sms') ?? true;
  const switched = delivery?.switched_to_sms === true;
  const channel: OtpChannel = switched ? 'sms' : sentBy;
  const undelivered = delivery?.status === 'failed';
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const { secondsLeft, start } = useCountdown(resendAfterSeconds);
  const busyRef = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const verify = async (code: string) => {
    if (busyRef.current) return;
    const parsed = otpSchema.safeParse(code);
    if (!parsed.success) {
      setError(t('validation.otpInvalidFormat'));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await onVerify(parsed.data);
    } catch (failure) {
      setError(errorText(failure, t));
      setOtp('');
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const resend = async (by?: OtpChannel) => {
    setResending(true);
    setError(undefined);
    try {
      // After the server switched to SMS, a new code goes by SMS too.
      start(await onResend(by ?? (switched ? 'sms' : undefined)));
      setNotice(t('auth.codeResent'));
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setResending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify(otp);
  };

  return (
    <form onSubmit={submit} noValidate className="auth-form">
      <h2 ref={heading} tabIndex={-1}>
        {t('auth.otpTitle')}
      </h2>
      <p>{t(channel === 'whatsapp' ? 'auth.otpSentWhatsapp' : 'auth.otpSentSms', { phone })}</p>
      {switched && !undelivered ? <Banner tone="info">{t('auth.fellBackToSms', { phone })}</Banner> : null}
      {undelivered ? (
        <Banner tone="error">
          {t(channel === 'whatsapp' ? 'auth.undeliveredWhatsapp' : 'auth.undeliveredSms', { phone })}
        </Banner>
      ) : null}
      <OtpField
        value={otp}
        onChange={setOtp}
        onComplete={(code) => void verify(code)}
        error={error}
        disabled={busy}
        length={OTP_LENGTH}
      />
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      <Button type="submit" fullWidth loading={busy}>
        {t('auth.verify')}
      </Button>
      {/* A code that was not delivered may be asked again at once (the server keeps no cooldown for it). */}
      {secondsLeft > 0 && !undelivered ? (
        <p aria-live="off">{t('auth.resendIn', { seconds: String(secondsLeft) })}</p>
      ) : (
        <>
          <Button variant="secondary" fullWidth loading={resending} onClick={() => void resend()}>
            {t('auth.resend')}
          </Button>
          {channel === 'whatsapp' && smsOffered ? (
            <Button variant="ghost" fullWidth loading={resending} onClick={() => void resend('sms')}>
              {t('auth.switchToSms')}
            </Button>
          ) : null}
        </>
      )}
      <Button variant="ghost" fullWidth onClick={onChangeNumber}>
        {t('auth.changeNumber')}
      </Button>
    </form>
  );
}
