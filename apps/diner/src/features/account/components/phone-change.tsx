import { Suspense, useState } from 'react';
import { account } from '@santap/api-client';
import { Button, useToast } from '@santap/ui';
import type { PhoneCountry, UiMessage } from '@santap/ui';
import { api } from '../../../lib/api';
import { country } from '../../../lib/session';
import { useCountdown } from '../../../lib/use-countdown';
import { useT } from '../../../lib/use-t';
import { LazyPhoneChangePopup } from './lazy-validated';
import { uiMessageOf } from '@santap/web';

type Step = { kind: 'closed' } | { kind: 'phone' } | { kind: 'code'; phone: string; country: PhoneCountry };

/**
 * The mobile number and its change: a code goes to the new number
 * (`account.phoneChangeRequest`), and the number changes once that code is confirmed
 * (`account.phoneChangeVerify`); login uses the new number from then on.
 */
export function PhoneChange({ phone, onChanged }: { phone: string | null; onChanged: () => void }) {
  const { t } = useT();
  const toast = useToast();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiMessage>();
  const { secondsLeft, start } = useCountdown(0);

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
    } catch (failure) {
      setError(uiMessageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const send = (request: { phone: string; country: PhoneCountry }) =>
    run(async () => {
      const sent = await api.call(account.phoneChangeRequest, { body: { ...request, channel: 'sms' } });
      start(sent.resend_after_seconds);
      setStep({ kind: 'code', phone: sent.phone, country: request.country });
    });

  const verify = (otp: string) =>
    run(async () => {
      if (step.kind !== 'code') return;
      const { user } = await api.call(account.phoneChangeVerify, {
        body: { phone: step.phone, country: step.country, otp },
      });
      setStep({ kind: 'closed' });
      toast.show(t('account.phone.changed', { phone: user.phone ?? step.phone }), { tone: 'success' });
      onChanged();
    });

  const resend = () =>
    run(async () => {
      if (step.kind !== 'code') return;
      const sent = await api.call(account.phoneChangeRequest, {
        body: { phone: step.phone, country: step.country, channel: 'sms' },
      });
      start(sent.resend_after_seconds);
    });

  return (
    <div className="account-row">
      <div>
        <p className="dn-muted">{t('ui.phone.label')}</p>
        <p className="account-row__value">{phone ?? t('account.profile.none')}</p>
      </div>
      <Button variant="secondary" onClick={() => setStep({ kind: 'phone' })}>
        {t('account.phone.change')}
      </Button>
      {step.kind !== 'closed' ? (
        <Suspense fallback={null}>
          <LazyPhoneChangePopup
            open
            onClose={() => setStep({ kind: 'closed' })}
            currentPhone={phone}
            initialCountry={country()}
            step={step.kind}
            {...(step.kind === 'code' ? { sentTo: step.phone } : {})}
            onSendCode={(request) => void send(request)}
            onVerify={(otp) => void verify(otp)}
            onResend={() => void resend()}
            onChangeNumber={() => {
              setError(undefined);
              setStep({ kind: 'phone' });
            }}
            resendInSeconds={secondsLeft}
            busy={busy}
            {...(error ? { error } : {})}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
