import { useState } from 'react';
import type { FormEvent } from 'react';
import { staff } from '@santap/api-client';
import { Button, TextField, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import '../../../components/approval-dialog.css';
import { api } from '../../../lib/api';

/**
 * A manager sets their own approval PIN (`POST /api/staff/me/pin`, apps/api docs/audit.md "Manager
 * approval"): their current password and 4 to 6 digits, masked. The server's refusal (a wrong
 * password) is shown in the console's language.
 */
export function SetPinForm() {
  const { t } = useUiTranslation();
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const ready = password !== '' && /^\d{4,6}$/.test(pin);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await api.call(staff.staffSetPin, { body: { current_password: password, pin } });
      setMessage({ tone: 'done', text: t('approval.setPin.done') });
    } catch (failure) {
      setMessage({ tone: 'error', text: errorText(failure, t) });
    } finally {
      setPassword('');
      setPin('');
      setBusy(false);
    }
  };

  return (
    <form
      className="staff-approval__form"
      aria-label={t('approval.setPin.title')}
      onSubmit={(event) => void submit(event)}
    >
      <h2>{t('approval.setPin.title')}</h2>
      <p>{t('approval.setPin.intro')}</p>
      <TextField
        label={t('approval.setPin.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <TextField
        label={t('approval.setPin.pin')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]{4,6}"
        maxLength={6}
        value={pin}
        onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
        required
      />
      {message ? <p role={message.tone === 'error' ? 'alert' : 'status'}>{message.text}</p> : null}
      <Button type="submit" loading={busy} disabled={!ready}>
        {t('approval.setPin.submit')}
      </Button>
    </form>
  );
}
