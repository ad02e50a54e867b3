import { memo } from 'react';
import { Button, useUiTranslation } from '@santap/ui';
import { clockTime, tableName } from '../lib/tab-words';
import type { TabMember, TabView } from '../lib/types';
import { JoinCode } from './join-code';
import { TabMoney } from './tab-money';
import { MemberList, WaitingMembers } from './tab-members';

export interface TabCardProps {
  tab: TabView;
  timeZone: string;
  locale: string;
  onAdmit: (tabId: number, member: TabMember) => Promise<unknown>;
  onOpen: (tabId: number) => void;
}

/**
 * One open table at a glance: its name and since when, the join code, who is at it, what is paid,
 * being paid and left, and anyone asking to join with 'Let in'; 'Bill and payments' opens the rest.
 * Memoised: a re-read that did not change this tab keeps its object (hooks/use-open-tabs.ts), so the
 * card does not re-render.
 */
export const TabCard = memo(function TabCard({ tab, timeZone, locale, onAdmit, onOpen }: TabCardProps) {
  const { t } = useUiTranslation();
  const table = tableName(tab, t);
  const since = tab.orders.reduce<number | null>(
    (first, order) => (first === null || order.created_epoch < first ? order.created_epoch : first),
    null,
  );
  const waiting = tab.members.some((member) => member.waiting);
  return (
    <li>
      <article
        className={waiting ? 'staff-tab staff-tab--asking' : 'staff-tab'}
        aria-label={table}
        data-tab-id={tab.tab_id}
      >
        <div className="staff-tab__head">
          <h3 className="staff-tab__table">{table}</h3>
          {since !== null ? (
            <span className="staff-tab__since">
              {t('staff.tabs.since', { time: clockTime(since, timeZone, locale) })}
            </span>
          ) : null}
        </div>
        <JoinCode tab={tab} />
        <MemberList tab={tab} />
        <TabMoney tab={tab} />
        <WaitingMembers tab={tab} onAdmit={onAdmit} />
        <Button variant="secondary" fullWidth onClick={() => onOpen(tab.tab_id)}>
          {t('staff.tabs.details')}
        </Button>
      </article>
    </li>
  );
});
