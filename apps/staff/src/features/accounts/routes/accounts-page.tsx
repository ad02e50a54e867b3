import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { staff } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { Banner, Button, TextField, useToast, useUiTranslation } from '@santap/ui';
import { useStaffMe } from '../../../lib/staff-context';
import { api } from '../../../lib/api';
import { roleLabel } from '../../../lib/roles';
import { errorText } from '@santap/web';
import { SetPinForm } from '../components/set-pin-form';

type Account = EndpointData<typeof staff.staffAccounts>['accounts'][number];
const MANAGED = ['kitchen', 'server', 'business'] as const;

/** A manager's staff accounts: create a kitchen, server or business account; disable, enable, set a new password. */
export function Component() {
  const me = useStaffMe();
  const { t } = useUiTranslation();
  const toast = useToast();
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<(typeof MANAGED)[number]>('kitchen');
  const [busy, setBusy] = useState(false);
  const [resetting, setResetting] = useState<Account | null>(null);
  const [newPassword, setNewPassword] = useState('');

  const load = useCallback(async () => {
    try {
      setAccounts((await api.call(staff.staffAccounts, {})).accounts);
      setError(null);
    } catch (failure) {
      setError(errorText(failure, t));
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  if (me.staff.role !== 'manager') return <Banner tone="error">{t('errors.forbidden')}</Banner>;

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      toast.show(t('staff.accounts.saved'), { tone: 'success' });
      await load();
      return true;
    } catch (failure) {
      toast.show(errorText(failure, t), { tone: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const done = await run(() => api.call(staff.staffCreateAccount, { body: { username, password, role } }));
    if (done) {
      setUsername('');
      setPassword('');
    }
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    if (!resetting) return;
    const done = await run(() =>
      api.call(staff.staffUpdateAccount, {
        params: { staffId: resetting.staff_id },
        body: { password: newPassword },
      }),
    );
    if (done) {
      setResetting(null);
      setNewPassword('');
    }
  };

  return (
    <main className="staff-page">
      <h1>{t('staff.accounts.title')}</h1>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <SetPinForm />
      <ul className="staff-accounts">
        {(accounts ?? []).map((account) => {
          const managed = (MANAGED as readonly string[]).includes(account.role);
          return (
            <li key={account.staff_id} className="staff-accounts__row">
              <span>
                <b>{account.username}</b> · {t(roleLabel(account.role))}
                {account.disabled ? ` · ${t('staff.accounts.disabled')}` : null}
              </span>
              {managed ? (
                <span className="staff-accounts__actions">
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() =>
                      void run(() =>
                        api.call(staff.staffUpdateAccount, {
                          params: { staffId: account.staff_id },
                          body: { disabled: !account.disabled },
                        }),
                      )
                    }
                  >
                    {account.disabled ? t('staff.accounts.enable') : t('staff.accounts.disable')}
                  </Button>
                  <Button variant="ghost" disabled={busy} onClick={() => setResetting(account)}>
                    {t('staff.accounts.reset')}
                  </Button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {resetting ? (
        <form className="staff-form" onSubmit={(event) => void reset(event)}>
          <TextField
            label={t('staff.accounts.newPassword', { username: resetting.username })}
            type="password"
            autoComplete="new-password"
            minLength={8}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            required
          />
          <Button type="submit" loading={busy}>
            {t('staff.accounts.reset')}
          </Button>
        </form>
      ) : null}
      <h2>{t('staff.accounts.create')}</h2>
      <form className="staff-form" onSubmit={(event) => void create(event)}>
        <TextField
          label={t('staff.accounts.username')}
          autoCapitalize="none"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          required
        />
        <TextField
          label={t('staff.accounts.password')}
          type="password"
          autoComplete="new-password"
          minLength={8}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <label className="staff-select">
          <span>{t('staff.accounts.role')}</span>
          <select value={role} onChange={(event) => setRole(event.target.value as (typeof MANAGED)[number])}>
            {MANAGED.map((name) => (
              <option key={name} value={name}>
                {t(roleLabel(name))}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" loading={busy}>
          {t('staff.accounts.create')}
        </Button>
      </form>
    </main>
  );
}
