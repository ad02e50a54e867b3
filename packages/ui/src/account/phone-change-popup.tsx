import { useState } from 'react';
import { OTP_LENGTH, otpSchema, phoneSchema } from '@santap/domain';
import { hasKey } from '@santap/i18n';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { OtpField } from '../components/otp-field';
import { PHONE_PREFIXES, PhoneField } from '../components/phone-field';
import type { PhoneCountry } from '../components/phone-field';

/** Props of {@link PhoneChangePopup}. */
export interface PhoneChangePopupProps {
  open: boolean;
  onClose: () => void;
  /** The number the account has now (E.164), shown for reference. */
  currentPhone?: string | null;
  /** The country code the field starts with. */
  initialCountry: PhoneCountry;
  /** `phone`: type the new number; `code`: enter the code sent to `sentTo`. */
  step: 'phone' | 'code';
  /** The new number the code went to (E.164). */
  sentTo?: string;
  /** Called with the new number in E.164 once it passed `phoneSchema` (spec §5). */
  onSendCode: (request: { phone: string; country: PhoneCountry }) => void;
  /** Called with the six digits, typed or pasted. */
  onVerify: (code: string) => void;
  onResend: () => void;
  /** Back to the number step. */
  onChangeNumber: () => void;
  /** Seconds until a new code may be asked for (the server's `resend_after_seconds`, counted down). */
  resendInSeconds?: number;
  /** A request is in flight (sending, verifying, resending). */
  busy?: boolean;
  /** The server's refusal: 'You have entered an incorrect OTP!', a number already in use… */
  error?: UiMessage;
}

/**
 * Changing the mobile number needs a one-time code sent to the new number: the number
 * with its country code, checked with `phoneSchema` of `@santap/domain` ('Required', 'Invalid phone
 * number', the leading 0 dropped), then the 6-digit code with the resend countdown. The app makes
 * the calls and moves `step`.
 */
export function PhoneChangePopup({
  open,
  onClose,
  currentPhone,
  initialCountry,
  step,
  sentTo,
  onSendCode,
  onVerify,
  onResend,
  onChangeNumber,
  resendInSeconds = 0,
  busy,
  error,
}: PhoneChangePopupProps) {
  const { t } = useUiTranslation();
  const [country, setCountry] = useState<PhoneCountry>(initialCountry);
  const [national, setNational] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();

  const keyText = (key: string | undefined, fallback: Parameters<typeof t>[0]) =>
    key && hasKey(key) ? t(key) : t(fallback);

  const send = () => {
    const typed = national.trim();
    const parsed = phoneSchema(country).safeParse(
      typed === '' || typed.startsWith('+') ? typed : `${PHONE_PREFIXES[country]} ${typed}`,
    );
    if (!parsed.success) {
      setFieldError(keyText(parsed.error.issues[0]?.message, 'validation.phoneInvalid'));
      return;
    }
    setFieldError(undefined);
    setCode('');
    onSendCode({ phone: parsed.data, country });
  };

  const verify = (digits: string) => {
    const parsed = otpSchema.safeParse(digits);
    if (!parsed.success) {
      setFieldError(keyText(parsed.error.issues[0]?.message, 'validation.otpInvalidFormat'));
      return;
    }
    setFieldError(undefined);
    onVerify(parsed.data);
  };

  const onCodeStep = step === 'code';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={onCodeStep ? t('auth.otpTitle') : t('account.phone.title')}
      description={
        <p>{onCodeStep ? t('auth.otpSentSms', { phone: sentTo ?? '' }) : t('account.phone.body')}</p>
      }
      footer={
        onCodeStep ? (
          <>
            <Button fullWidth loading={busy} onClick={() => verify(code)}>
              {t('account.phone.verify')}
            </Button>
            {resendInSeconds > 0 ? (
              <p className="st-muted" aria-live="off">
                {t('auth.resendIn', { seconds: String(resendInSeconds) })}
              </p>
            ) : (
              <Button fullWidth variant="secondary" disabled={busy} onClick={onResend}>
                {t('auth.resend')}
              </Button>
            )}
            <Button
              fullWidth
              variant="ghost"
              onClick={() => {
                setFieldError(undefined);
                onChangeNumber();
              }}
            >
              {t('auth.changeNumber')}
            </Button>
          </>
        ) : (
          <Button fullWidth loading={busy} onClick={send}>
            {t('auth.sendCode')}
          </Button>
        )
      }
    >
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
      {onCodeStep ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            verify(code);
          }}
        >
          <OtpField
            value={code}
            onChange={setCode}
            onComplete={verify}
            error={fieldError}
            disabled={busy}
            length={OTP_LENGTH}
          />
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          {currentPhone ? (
            <p className="st-muted">{t('account.phone.current', { phone: currentPhone })}</p>
          ) : null}
          <PhoneField
            label={t('account.phone.newLabel')}
            country={country}
            onCountryChange={setCountry}
            value={national}
            onChange={setNational}
            error={fieldError}
            required
          />
        </form>
      )}
    </Dialog>
  );
}
