import { useState } from 'react';
import { Button, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { memberLabel } from '../lib/tab-words';
import type { TabMember, TabView } from '../lib/types';

export interface WaitingMembersProps {
  tab: TabView;
  /** Lets the member in (`staff.tabAdmit`); rejects with the server's refusal. */
  onAdmit: (tabId: number, member: TabMember) => Promise<unknown>;
}

/** The members at the table, by the name and emoji they chose (those waiting to be let in are not yet members). */
export function MemberList({ tab }: { tab: TabView }) {
  const { t } = useUiTranslation();
  const members = tab.members.filter((member) => !member.waiting);
  return (
    <ul className="staff-tab__members">
      {members.map((member) => (
        <li key={member.member_id}>{memberLabel(tab, member, t)}</li>
      ))}
    </ul>
  );
}

/**
 * Diners who asked staff to let them in (`tabs.askToJoin`): 'Aisyah asks to join' and 'Let in'. A
 * refusal (they left meanwhile, the tab was closed) is shown under their row in the console's words.
 */
export function WaitingMembers({ tab, onAdmit }: WaitingMembersProps) {
  const { t } = useUiTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const [errors, setErrors] = useState<Readonly<Record<number, string>>>({});
  const waiting = tab.members.filter((member) => member.waiting);
  if (waiting.length === 0) return null;

  const admit = async (member: TabMember) => {
    if (busy !== null) return;
    setBusy(member.member_id);
    setErrors(({ [member.member_id]: _gone, ...rest }) => rest);
    try {
      await onAdmit(tab.tab_id, member);
    } catch (failure) {
      setErrors((all) => ({ ...all, [member.member_id]: errorText(failure, t) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <ul className="staff-tab__waiting">
      {waiting.map((member) => {
        const name = memberLabel(tab, member, t);
        return (
          <li key={member.member_id} className="staff-tab__ask">
            <span className="staff-tab__ask-who">{t('staff.tabs.asksToJoin', { name })}</span>
            <Button
              variant="secondary"
              loading={busy === member.member_id}
              onClick={() => void admit(member)}
            >
              {t('staff.tabs.letIn')}
            </Button>
            {errors[member.member_id] ? (
              <p className="staff-tab__error" role="alert">
                {errors[member.member_id]}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
