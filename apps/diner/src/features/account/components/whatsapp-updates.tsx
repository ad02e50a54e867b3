import { useState } from 'react';
import { account } from '@santap/api-client';
import { Banner, CheckboxGroup, useToast } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import type { Profile } from '../api/load-user-profile';

/**
 * The explicit agreement to order updates on WhatsApp (README of `apps/api`, Messaging): off until the
 * diner ticks it; unticking (or replying STOP on WhatsApp) stops them. Saved at once.
 */
export function WhatsAppUpdates({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { t } = useT();
  const toast = useToast();
  const [on, setOn] = useState(profile.whatsapp_updates);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  const toggle = async (checked: boolean) => {
    if (saving) return;
    setSaving(true);
    setError(undefined);
    setOn(checked);
    try {
      await api.call(account.updateUserDetails, { body: { whatsapp_updates: checked } });
      toast.show(t(checked ? 'account.whatsapp.on' : 'account.whatsapp.off'), { tone: 'success' });
      onChanged();
    } catch (failure) {
      setOn(!checked);
      setError(errorText(failure, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="dn-stack">
      <CheckboxGroup<'whatsapp'>
        legend={t('account.whatsapp.title')}
        hint={t('account.whatsapp.hint')}
        options={[
          { value: 'whatsapp', label: t('account.whatsapp.label'), disabled: saving || !profile.phone },
        ]}
        values={on ? ['whatsapp'] : []}
        onToggle={(_value, checked) => void toggle(checked)}
      />
      {error ? <Banner tone="error">{error}</Banner> : null}
    </div>
  );
}
