import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Banner, Button, TextField, useOnline, useUiTranslation } from '@santap/ui';
import { useKiosk } from '../../../lib/kiosk-context';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';

/**
 * Staff set the kiosk up once: its device code (from the restaurant's kiosk settings; `?device=`
 * fills it in) and its secret. The server checks both before anything is kept.
 */
export function Component() {
  const kiosk = useKiosk();
  const navigate = useNavigate();
  const online = useOnline();
  const [query] = useSearchParams();
  const { t } = useUiTranslation();
  const [id, setId] = useState(query.get('device') ?? kiosk.device?.id ?? '');
  const [secret, setSecret] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [missing, setMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(!id.trim() || !secret);
    if (!id.trim() || !secret) return;
    setSaving(true);
    setError(undefined);
    try {
      await kiosk.register({ id: id.trim(), secret });
      void navigate(paths.attract, { replace: true });
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <main className="kiosk-screen kiosk-screen--center">
      <h1>{t('kiosk.setup.title')}</h1>
      <p className="kiosk-lead">{t('kiosk.setup.intro')}</p>
      {!online ? <Banner tone="warning">{t('kiosk.setup.offline')}</Banner> : null}
      {error ? <Banner tone="error">{error}</Banner> : null}
      <form className="kiosk-choices" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('kiosk.setup.deviceCode')}
          value={id}
          onChange={(event) => setId(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...(missing && !id.trim() ? { error: t('validation.required') } : {})}
        />
        <TextField
          label={t('kiosk.setup.secret')}
          type="password"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          autoComplete="off"
          required
          {...(missing && !secret ? { error: t('validation.required') } : {})}
        />
        <Button type="submit" loading={saving} fullWidth>
          {t('kiosk.setup.save')}
        </Button>
      </form>
    </main>
  );
}
