import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { OTP_LENGTH, otpSchema } from '@santap/domain';
import { Banner, Button, OtpField } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import { useCountdown } from '../../../lib/use-countdown';
import type { OtpChannel } from './phone-step';
import { errorText } from '@santap/web';

export interface OtpStepProps {
  phone: string;
  channel: OtpChannel;
  /** `resend_after_seconds` of the send reply. */
  resendAfterSeconds: number;
  /** Checks the code; rejects with the server's message ('You have entered an incorrect OTP!'). */
  onVerify: (otp: string) => Promise<void>;
  /** Sends a new code (by `channel`, the current one when absent); resolves with the next `resend_after_seconds`. */
  onResend: (channel?: OtpChannel) => Promise<number>;
  onChangeNumber: () => void;
}

/** Step 2: the 6-digit code, verified when complete, with the resend countdown the server set. */
export function OtpStep({
  phone,
  channel,
  resendAfterSeconds,
  onVerify,
  onResend,
  onChangeNumber,
}: OtpStepProps) {
  const { t } = useT();
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
      start(await onResend(by));
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
      {secondsLeft > 0 ? (
        <p aria-live="off">{t('auth.resendIn', { seconds: String(secondsLeft) })}</p>
      ) : (
        <>
          <Button variant="secondary" fullWidth loading={resending} onClick={() => void resend()}>
            {t('auth.resend')}
          </Button>
          {channel === 'whatsapp' ? (
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
