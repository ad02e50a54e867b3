import { useState } from 'react';
import { auth } from '@santap/api-client';
import { Banner, Button, useToast } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import type { Profile } from '../api/load-user-profile';
import { ProviderLoginCancelled, ProviderPopupBlocked, canLink, providerToken } from '../lib/identity';
import type { IdentityProvider } from '../lib/identity';

const PROVIDERS: readonly IdentityProvider[] = ['facebook', 'google'];

/**
 * Linked Facebook and Google accounts (spec §3 profile, §6): link through the provider's own login
 * and `auth.linkAccount` (the server verifies the token), unlink with `auth.unlinkAccount`.
 */
export function LinkedAccounts({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { t } = useT();
  const toast = useToast();
  const [busy, setBusy] = useState<IdentityProvider>();
  const [error, setError] = useState<string>();

  const name = (provider: IdentityProvider) =>
    t(provider === 'google' ? 'account.linked.google' : 'account.linked.facebook');

  const change = async (provider: IdentityProvider, link: boolean) => {
    setBusy(provider);
    setError(undefined);
    try {
      if (link) {
        // Google's token is only accepted with the nonce its login was started with.
        const login = await providerToken(provider);
        await api.call(auth.linkAccount, { params: { provider }, body: login });
      } else {
        await api.call(auth.unlinkAccount, { params: { provider } });
      }
      toast.show(
        t(link ? 'account.linked.linkedNow' : 'account.linked.unlinkedNow', { provider: name(provider) }),
        { tone: 'success' },
      );
      onChanged();
    } catch (failure) {
      if (failure instanceof ProviderLoginCancelled) return;
      setError(
        failure instanceof ProviderPopupBlocked ? t('account.linked.popupBlocked') : errorText(failure, t),
      );
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="dn-stack">
      {error ? <Banner tone="error">{error}</Banner> : null}
      {PROVIDERS.every((provider) => !profile.linked[provider] && !canLink(provider)) ? (
        <p className="dn-muted">{t('account.linked.unavailable')}</p>
      ) : null}
      <ul className="account-list">
        {PROVIDERS.map((provider) => {
          const linked = profile.linked[provider];
          return (
            <li key={provider} className="account-row">
              <div>
                <p className="account-row__value">{name(provider)}</p>
                <p className="dn-muted">{t(linked ? 'account.linked.linked' : 'account.linked.notLinked')}</p>
              </div>
              {linked ? (
                <Button
                  variant="ghost"
                  loading={busy === provider}
                  aria-label={t('account.linked.unlinkProvider', { provider: name(provider) })}
                  onClick={() => void change(provider, false)}
                >
                  {t('account.linked.unlink')}
                </Button>
              ) : canLink(provider) ? (
                <Button
                  variant="secondary"
                  loading={busy === provider}
                  aria-label={t('account.linked.linkProvider', { provider: name(provider) })}
                  onClick={() => void change(provider, true)}
                >
                  {t('account.linked.link')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
