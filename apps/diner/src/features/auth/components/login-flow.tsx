import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { auth, cart, promotions } from '@santap/api-client';
import type { User } from '@santap/api-client';
import { Banner, Button, Page, useToast } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import type { PhoneCountry } from '@santap/ui';
import { api } from '../../../lib/api';
import { country, rememberLanguage } from '../../../lib/session';
import { browserId, parseLoginRedirect, returnPathAfterLogin } from '../../../lib/login-redirect';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';
import type { OtpChannel } from './phone-step';
import { ProfileStep } from './profile-step';
import type { Registration } from './profile-step';
import { errorText } from '@santap/web';

type Step =
  | { kind: 'phone' }
  | {
      kind: 'otp';
      phone: string;
      national: string;
      country: PhoneCountry;
      channel: OtpChannel;
      resendAfter: number;
      /** Reads what became of the code (the send reply's `status_token`). */
      statusToken: string;
    }
  | { kind: 'profile'; user: User }
  /** The friend's code of the signup link could not be applied: why, then on to where the diner was. */
  | { kind: 'referralFailed'; message: string };

/**
 * The friend's referral code of a signup link (`/signup?ref=CODE`, the invite shared from /newLoyalty),
 * read leniently like the server does (case, spaces and dashes do not matter); none on /login.
 */
export function referralCodeOf(mode: 'login' | 'signup', search: URLSearchParams): string | undefined {
  if (mode !== 'signup') return undefined;
  const code = (search.get('ref') ?? '').replace(/[\s-]+/g, '').toUpperCase();
  return /^[A-Z0-9]{4,20}$/.test(code) ? code : undefined;
}

/** Needs the one-time registration: neither a date of birth nor a corporate entity yet (spec §1). */
export const needsRegistration = (user: User) => !user.is_corporate && !user.date_of_birth;

/**
 * `/login` and `/signup`: mobile number -> OTP (SMS or WhatsApp) -> date of birth or corporate entity
 * for a new user -> back where the diner was (the login redirect of spec §2), with the cart intact.
 * A signup link's friend's code (`?ref`) stays in the URL through the steps and is applied
 * (`promotions.referralApply`) once the new account is made; a refusal is shown in the diner's language
 * before going on.
 */
export function LoginFlow({ mode }: { mode: 'login' | 'signup' }) {
  const { t, language, i18n } = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = useMemo(() => parseLoginRedirect(search), [search]);
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [lastNational, setLastNational] = useState('');
  /** The OTP made a new account (it is finished after the profile step). */
  const newAccount = useRef(false);
  const toast = useToast();
  const referralCode = useMemo(() => referralCodeOf(mode, search), [mode, search]);

  // Opened from a link in another browser (the WhatsApp login): show it in the diner's language.
  useEffect(() => {
    if (redirect.language && redirect.language !== language) {
      void i18n.changeLanguage(redirect.language);
      rememberLanguage(redirect.language);
    }
  }, [redirect.language, language, i18n]);

  /** Back where the login started; the food-court and kiosk apps are other pages of this site. */
  const goBack = (path: string, replace: boolean) => {
    if (/^\/(fc|kiosk)(\/|$)/.test(path)) window.location.assign(path);
    else navigate(path, { replace });
  };

  const finish = async () => {
    // A login finished in another browser takes the cart of the browser it started in (spec §2): its
    // handover moves that cart's guest rows into this diner's account (the token stays a cookie there).
    if (redirect.cartHandover && redirect.browser !== browserId()) {
      try {
        await api.call(cart.cartAdoptToken, { body: { cart_handover: redirect.cartHandover } });
      } catch {
        // The login stands; the diner finds an empty cart rather than no way back.
      }
    }
    goBack(returnPathAfterLogin(redirect), true);
  };

  /** A new account is made: apply the signup link's friend's code, if any, then go back. */
  const accountMade = async () => {
    if (!referralCode) {
      await finish();
      return;
    }
    try {
      await api.call(promotions.referralApply, { body: { referral_code: referralCode } });
      toast.show(t('auth.referral.applied', { code: referralCode }), { tone: 'success' });
      await finish();
    } catch (error) {
      setStep({ kind: 'referralFailed', message: errorText(error, t) });
    }
  };

  const sendOtp = async (request: {
    phone: string;
    country: PhoneCountry;
    national: string;
    channel: OtpChannel;
  }) => {
    const sent = await api.call(auth.sendOtp, {
      body: { phone: request.phone, channel: request.channel, country: request.country },
    });
    setLastNational(request.national);
    setStep({
      kind: 'otp',
      phone: sent.phone,
      national: request.national,
      country: request.country,
      channel: request.channel,
      resendAfter: sent.resend_after_seconds,
      statusToken: sent.status_token,
    });
  };

  const verify = (current: Extract<Step, { kind: 'otp' }>) => async (otp: string) => {
    // The reply sets the session's HttpOnly cookie and the `signed_in` marker (apps/api README).
    const session = await api.call(auth.verifyOtp, {
      body: { phone: current.phone, country: current.country, otp },
    });
    newAccount.current = session.is_new_user;
    if (session.is_new_user || needsRegistration(session.user))
      setStep({ kind: 'profile', user: session.user });
    else await finish();
  };

  /** A new code, by the same channel or — the diner's choice on the code step — by SMS. */
  const resend = (current: Extract<Step, { kind: 'otp' }>) => async (channel?: OtpChannel) => {
    const by = channel ?? current.channel;
    const sent = await api.call(auth.resendOtp, {
      body: { phone: current.phone, channel: by, country: current.country },
    });
    setStep({
      ...current,
      channel: by,
      resendAfter: sent.resend_after_seconds,
      statusToken: sent.status_token,
    });
    return sent.resend_after_seconds;
  };

  const register = async (registration: Registration) => {
    await api.call(auth.registerUser, { body: registration });
    if (newAccount.current) await accountMade();
    else await finish();
  };

  const title = t(mode === 'signup' ? 'auth.signupTitle' : 'auth.loginTitle');
  const back = () => {
    if (step.kind === 'otp') setStep({ kind: 'phone' });
    else goBack(redirect.path, false);
  };

  return (
    <Page title={title} onBack={step.kind === 'profile' || step.kind === 'referralFailed' ? undefined : back}>
      {referralCode && (step.kind === 'phone' || step.kind === 'otp') ? (
        <Banner tone="info">{t('auth.referral.withCode', { code: referralCode })}</Banner>
      ) : null}
      {step.kind === 'referralFailed' ? (
        <div className="dn-stack">
          <Banner tone="error" title={t('auth.referral.failed', { code: referralCode ?? '' })}>
            {step.message}
          </Banner>
          <Button fullWidth onClick={() => void finish()}>
            {t('auth.continue')}
          </Button>
        </div>
      ) : step.kind === 'phone' ? (
        <PhoneStep
          initialCountry={country()}
          initialChannel={redirect.otpless ? 'whatsapp' : 'sms'}
          initialNational={lastNational}
          onSubmit={sendOtp}
        />
      ) : step.kind === 'otp' ? (
        <OtpStep
          key={step.phone}
          phone={step.phone}
          channel={step.channel}
          resendAfterSeconds={step.resendAfter}
          statusToken={step.statusToken}
          onVerify={verify(step)}
          onResend={resend(step)}
          onChangeNumber={() => setStep({ kind: 'phone' })}
        />
      ) : (
        <ProfileStep
          initialName={step.user.name ?? ''}
          initialEmail={step.user.email ?? ''}
          onSubmit={register}
        />
      )}
    </Page>
  );
}
