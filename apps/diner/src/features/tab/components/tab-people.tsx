import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { tabs } from '@santap/api-client';
import { Banner, Button, RadioGroup, TextField } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import type { TabView } from '../api/tab-types';
import { memberLabel } from '../lib/people';

/** The emoji a diner may stand for (contract: any emoji up to 16 characters; these are offered). */
export const TAB_EMOJI = ['😀', '😎', '🐯', '🐼', '🐱', '🌶️', '🍜', '⭐'] as const;
const NO_EMOJI = 'none';

/** Who is at the table (names or emoji, 'Diner 2' otherwise), and the caller's own name to set. */
export function TabPeople({ tab, onChanged }: { tab: TabView; onChanged: (tab: TabView) => void }) {
  const { t } = useT();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const me = tab.members.find((member) => member.me);
  return (
    <section className="tab-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('tab.people.title')}</h2>
      <ul className="tab-people">
        {tab.members.map((member) => (
          <li key={member.member_id} className={member.me ? 'tab-people__me' : undefined}>
            {memberLabel(tab, member, t)}
          </li>
        ))}
      </ul>
      {me && tab.status === 'open' ? (
        editing ? (
          <MeForm
            tab={tab}
            name={me.name}
            emoji={me.emoji}
            onSaved={(next) => {
              setEditing(false);
              onChanged(next);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('tab.me.edit')}
          </Button>
        )
      ) : null}
    </section>
  );
}

function MeForm({
  tab,
  name: startName,
  emoji: startEmoji,
  onSaved,
  onCancel,
}: {
  tab: TabView;
  name: string;
  emoji: string | null;
  onSaved: (tab: TabView) => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  const [name, setName] = useState(startName);
  const [emoji, setEmoji] = useState<string>(startEmoji ?? NO_EMOJI);
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(t('validation.required'));
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const reply = await api.call(tabs.tabSetMe, {
        params: { tabId: tab.tab_id },
        body: { name: name.trim(), emoji: emoji === NO_EMOJI ? null : emoji },
      });
      onSaved(reply.tab);
    } catch (failure) {
      // What was typed stays; the server's words say why.
      setError(errorText(failure, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="tab-section" onSubmit={(event) => void save(event)} noValidate>
      <TextField
        label={t('tab.me.name')}
        hint={t('tab.me.nameHint')}
        value={name}
        maxLength={20}
        autoComplete="nickname"
        error={nameError}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(undefined);
        }}
      />
      <RadioGroup
        className="st-chips tab-emoji"
        legend={t('tab.me.emoji')}
        value={emoji}
        onChange={setEmoji}
        options={[
          { value: NO_EMOJI, label: t('tab.me.noEmoji') },
          ...TAB_EMOJI.map((value) => ({ value, label: value })),
        ]}
      />
      {error ? <Banner tone="error">{error}</Banner> : null}
      <div className="dn-actions">
        <Button type="submit" loading={saving}>
          {t('ui.common.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('ui.common.cancel')}
        </Button>
      </div>
    </form>
  );
}
