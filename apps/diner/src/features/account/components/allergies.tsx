import { useState } from 'react';
import { account } from '@santap/api-client';
import { AllergiesPopup, AllergyEditPopup, Badge, Button, allergenLabel, useToast } from '@santap/ui';
import type { Allergen, UiMessage } from '@santap/ui';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import type { Allergy } from '../api/load-user-profile';
import { uiMessageOf } from '@santap/web';

/**
 * The diner's allergies (spec §3: gluten, fish, nuts, seafood, shellfish), which menus highlight:
 * chosen with the allergies popup of `@santap/ui` (each newly ticked one added, each unticked one
 * removed), and each one's severity and note changed, or the allergy removed, in its edit popup.
 */
export function Allergies({ allergies, onChanged }: { allergies: Allergy[]; onChanged: () => void }) {
  const { t } = useT();
  const toast = useToast();
  const [choosing, setChoosing] = useState(false);
  const [editing, setEditing] = useState<Allergy>();
  const [busy, setBusy] = useState<'save' | 'remove'>();
  const [error, setError] = useState<UiMessage>();

  const run = async (kind: 'save' | 'remove', call: () => Promise<unknown>, done: () => void) => {
    setBusy(kind);
    setError(undefined);
    try {
      await call();
      done();
      toast.show(t('account.allergy.saved'), { tone: 'success' });
      onChanged();
    } catch (failure) {
      setError(uiMessageOf(failure));
    } finally {
      setBusy(undefined);
    }
  };

  const saveChoice = (chosen: Allergen[]) => {
    const current = allergies.map((allergy) => allergy.category);
    const added = chosen.filter((category) => !current.includes(category));
    const removed = allergies.filter((allergy) => !chosen.includes(allergy.category));
    void run(
      'save',
      // One call per change, one after another (a diner changes a handful at most).
      async () => {
        for (const category of added) await api.call(account.allergyAdd, { body: { category } });
        for (const allergy of removed) {
          await api.call(account.allergyDelete, { params: { allergyId: allergy.allergy_id } });
        }
      },
      () => setChoosing(false),
    );
  };

  return (
    <div className="dn-stack">
      {allergies.length === 0 ? (
        <p className="dn-muted">{t('account.allergy.none')}</p>
      ) : (
        <ul className="account-list">
          {allergies.map((allergy) => (
            <li key={allergy.allergy_id} className="account-row">
              <div>
                <Badge kind="allergen" allergen={allergy.category} />
                <p className="dn-muted">
                  {t(allergy.severity === 'severe' ? 'account.allergy.severe' : 'account.allergy.avoid')}
                  {allergy.note ? ` · ${allergy.note}` : null}
                </p>
              </div>
              <Button
                variant="ghost"
                aria-label={t('account.allergy.editFor', { allergen: allergenLabel(t, allergy.category) })}
                onClick={() => {
                  setError(undefined);
                  setEditing(allergy);
                }}
              >
                {t('ui.common.edit')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        fullWidth
        onClick={() => {
          setError(undefined);
          setChoosing(true);
        }}
      >
        {t('account.allergy.choose')}
      </Button>

      {choosing ? (
        <AllergiesPopup
          open
          onClose={() => setChoosing(false)}
          value={allergies.map((allergy) => allergy.category)}
          onSave={saveChoice}
          saving={busy === 'save'}
          {...(error ? { error } : {})}
        />
      ) : null}
      {editing ? (
        <AllergyEditPopup
          open
          onClose={() => setEditing(undefined)}
          allergen={editing.category}
          severity={editing.severity}
          note={editing.note}
          saving={busy === 'save'}
          removing={busy === 'remove'}
          {...(error ? { error } : {})}
          onSave={({ severity, note }) =>
            void run(
              'save',
              () =>
                api.call(account.allergyUpdate, {
                  params: { allergyId: editing.allergy_id },
                  body: { severity, note: note === '' ? null : note },
                }),
              () => setEditing(undefined),
            )
          }
          onRemove={() =>
            void run(
              'remove',
              () => api.call(account.allergyDelete, { params: { allergyId: editing.allergy_id } }),
              () => setEditing(undefined),
            )
          }
        />
      ) : null}
    </div>
  );
}
