import { useCallback, useId, useRef, useState } from 'react';
import { toIntlLocale } from '@santap/i18n';
import { useToast, useUiTranslation } from '@santap/ui';
import { LoadFailure } from '../../../components/console-banners';
import { FRONT_OF_HOUSE } from '../../../lib/roles';
import { useStaffMe } from '../../../lib/staff-context';
import { useOpenTabs } from '../hooks/use-open-tabs';
import type { TabsChanged } from '../hooks/use-open-tabs';
import { tableName } from '../lib/tab-words';
import type { TabMember, TabView } from '../lib/types';
import { TabCard } from './tab-card';
import { TabDetails } from './tab-details';
import '../tabs.css';
import type { Approval } from '../../../components/approval-dialog';

export interface OpenTabsProps {
  /** The page's live channel says a tab changed (`tab.changed`) or it subscribed again. */
  changed: TabsChanged;
  /** False while the page's channel is down: actions are refused with the offline toast. */
  online: boolean;
  /** Say 'No open tables' rather than show nothing (the counter; the board hides the empty panel). */
  showEmpty?: boolean;
}

const SHOWN_KEY = 'santap.staff.tabsShown';

/** Whether this device keeps the tables' cards folded away (localStorage; the board's columns come first). */
function savedShown(): boolean {
  try {
    return localStorage.getItem(SHOWN_KEY) !== 'no';
  } catch {
    return true;
  }
}

function saveShown(shown: boolean) {
  try {
    localStorage.setItem(SHOWN_KEY, shown ? 'yes' : 'no');
  } catch {
    // A device without storage keeps the choice until reload.
  }
}

/**
 * The open tables' tabs (apps/api docs/tabs.md) on the board and the counter, for front of house
 * (manager, server): kitchen and business accounts see nothing and call nothing (`staff.tabs`
 * refuses them). Each table's card, and its full bill and payments in a dialog with 'Take the rest'
 * and 'Close table' (force: a manager only). Live: re-read after each burst of `tab.changed`.
 */
export function OpenTabs(props: OpenTabsProps) {
  const me = useStaffMe();
  if (!FRONT_OF_HOUSE.includes(me.staff.role)) return null;
  return (
    <OpenTabsPanel {...props} mayForce={me.staff.role === 'manager'} timeZone={me.restaurant.time_zone} />
  );
}

function OpenTabsPanel({
  changed,
  online,
  showEmpty = false,
  mayForce,
  timeZone,
}: OpenTabsProps & { mayForce: boolean; timeZone: string }) {
  const { t, language } = useUiTranslation();
  const toast = useToast();
  const locale = toIntlLocale(language);
  const { tabs, loadError, reload, guard, admit, takeRest, close } = useOpenTabs(changed, online);
  const [shown, setShown] = useState(savedShown);
  const [openId, setOpenId] = useState<number | null>(null);
  // The dialog's tab as last seen: a tab closed on another device stays readable, marked gone.
  const lastOpen = useRef<TabView | null>(null);
  const tRef = useRef(t);
  tRef.current = t;
  const titleId = useId();

  const onAdmit = useCallback(
    async (tabId: number, member: TabMember) => {
      if (!guard()) return;
      const reply = await admit(tabId, member.member_id);
      toast.show(
        tRef.current('staff.tabs.admitted', { name: member.name, table: tableName(reply.tab, tRef.current) }),
        {
          tone: 'success',
        },
      );
    },
    [admit, guard, toast],
  );
  const onCloseTab = useCallback(
    async (tabId: number, force: boolean, approval?: Approval) => {
      const reply = await close(tabId, force, approval);
      setOpenId(null);
      toast.show(tRef.current('staff.tabs.closed', { table: tableName(reply.tab, tRef.current) }), {
        tone: 'success',
      });
    },
    [close, toast],
  );
  const onOpen = useCallback((tabId: number) => setOpenId(tabId), []);

  if (tabs === null && !loadError) return null;
  const list = tabs ?? [];
  const current = openId === null ? null : (list.find((tab) => tab.tab_id === openId) ?? null);
  if (current) lastOpen.current = current;
  const dialogTab = current ?? (openId !== null ? lastOpen.current : null);
  // The board hides the empty panel, unless a tab closed elsewhere is still open in the dialog.
  if (list.length === 0 && !showEmpty && !loadError && dialogTab === null) return null;
  // Folded away, a table with someone asking to join still shows: it needs a tap.
  const cards = shown ? list : list.filter((tab) => tab.members.some((member) => member.waiting));

  return (
    <section className="staff-tabs" aria-labelledby={titleId}>
      <h2 className="staff-tabs__title" id={titleId}>
        <button
          type="button"
          className="staff-tabs__toggle"
          aria-expanded={shown}
          onClick={() => {
            setShown(!shown);
            saveShown(!shown);
          }}
        >
          {t('staff.tabs.title')} <span className="staff-column__count">{list.length}</span>
        </button>
      </h2>
      <LoadFailure error={loadError} onRetry={() => void reload()} />
      {list.length === 0 && !loadError ? (
        <p className="staff-column__empty">{t('staff.tabs.empty')}</p>
      ) : null}
      {cards.length > 0 ? (
        <ul className="staff-tabs__list">
          {cards.map((tab) => (
            <TabCard
              key={tab.tab_id}
              tab={tab}
              timeZone={timeZone}
              locale={locale}
              onAdmit={onAdmit}
              onOpen={onOpen}
            />
          ))}
        </ul>
      ) : null}
      {dialogTab ? (
        <TabDetails
          tab={dialogTab}
          gone={current === null}
          mayForce={mayForce}
          timeZone={timeZone}
          locale={locale}
          guard={guard}
          onAdmit={onAdmit}
          onTake={takeRest}
          onCloseTab={onCloseTab}
          onDismiss={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}
