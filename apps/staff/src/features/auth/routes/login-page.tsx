import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ServerMessage, staff } from '@santap/api-client';
import { MESSAGE } from '@santap/domain';
import { Banner, Button, TextField, useUiTranslation } from '@santap/ui';
import { DeviceSettings } from '../../../components/device-settings';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { setStaffToken, useStaffToken } from '../../../lib/session';
import { errorText } from '@santap/web';

/** Username and password of a staff account -> the board (the token is kept on this device). */
export function Component() {
  const { t } = useUiTranslation();
  const navigate = useNavigate();
  const token = useStaffToken();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (token && !busy) return <Navigate to={paths.board} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await api.call(staff.staffLogin, { body: { username: username.trim(), password } });
      setStaffToken(session.token);
      void navigate(paths.board, { replace: true });
    } catch (failure) {
      setError(
        failure instanceof ServerMessage && failure.code === MESSAGE.forbidden
          ? t('staff.login.failed')
          : errorText(failure, t),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="staff-center staff-login">
      <h1>{t('staff.login.title')}</h1>
      <form onSubmit={(event) => void submit(event)} className="staff-form">
        <TextField
          label={t('staff.login.username')}
          autoComplete="username"
          autoCapitalize="none"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          required
        />
        <TextField
          label={t('staff.login.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        {error ? <Banner tone="error">{error}</Banner> : null}
        <Button type="submit" loading={busy} fullWidth>
          {t('staff.login.submit')}
        </Button>
      </form>
      <DeviceSettings inline />
    </main>
  );
}
