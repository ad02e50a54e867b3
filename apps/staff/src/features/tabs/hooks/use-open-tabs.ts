import { useCallback, useEffect, useRef, useState } from 'react';
import { NoInternet, RequestTimeout, tabs as tabCalls } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { useToast, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../../../lib/api';
import type { Signal } from '../../../lib/signal';
import type { TabView } from '../lib/types';
import type { Approval } from '../../../components/approval-dialog';

/** Says "a tab changed": the page's live channel on `tab.changed`, and on every subscription. */
export type TabsChanged = Pick<Signal, 'subscribe'>;

export type TabCashReply = EndpointData<typeof tabCalls.staffTabCash>;

/**
 * How long (ms) a burst of `tab.changed` events is gathered before the tabs are read again: a table
 * of four ordering and paying at once sends many events; the board reads once.
 */
export const TABS_REREAD_DELAY_MS = 300;

/** A tab whose reply did not change keeps its object, so its memoised card does not re-render. */
function keepUnchanged(previous: readonly TabView[], next: readonly TabView[]): readonly TabView[] {
  const before = new Map(previous.map((tab) => [tab.tab_id, tab]));
  const kept = next.map((tab) => {
    const old = before.get(tab.tab_id);
    return old && JSON.stringify(old) === JSON.stringify(tab) ? old : tab;
  });
  return kept.length === previous.length && kept.every((tab, i) => tab === previous[i]) ? previous : kept;
}

/** The list with `tab` as the server now has it: replaced, or gone once closed. */
function withTab(list: readonly TabView[], tab: TabView): readonly TabView[] {
  if (tab.status === 'closed') return list.filter((t) => t.tab_id !== tab.tab_id);
  return list.some((t) => t.tab_id === tab.tab_id)
    ? list.map((t) => (t.tab_id === tab.tab_id ? tab : t))
    : [...list, tab];
}

/**
 * The open tabs of the staff member's restaurant (`staff.tabs`, apps/api docs/tabs.md), read at once
 * and again {@link TABS_REREAD_DELAY_MS} after the last of a burst of `changed` signals; a read asked
 * for while one is under way runs once after it, never in parallel (no storm of reads on a busy
 * night). The actions answer the tab as it now is, which replaces it at once. `online` false refuses
 * an action with the offline toast, without a call; a lost connection on an action says so too.
 */
export function useOpenTabs(changed: TabsChanged, online: boolean) {
  const [tabs, setTabs] = useState<readonly TabView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { t } = useUiTranslation();
  const toast = useToast();
  const tRef = useRef(t);
  tRef.current = t;
  const onlineRef = useRef(online);
  onlineRef.current = online;
  const reading = useRef<{ again: boolean } | null>(null);

  const reload = useCallback(async (): Promise<void> => {
    if (reading.current) {
      reading.current.again = true;
      return;
    }
    const run = { again: false };
    reading.current = run;
    try {
      const reply = await api.call(tabCalls.staffTabs, {});
      setTabs((previous) => keepUnchanged(previous ?? [], reply.tabs));
      setLoadError(null);
    } catch (failure) {
      setLoadError(errorText(failure, tRef.current));
    } finally {
      reading.current = null;
    }
    if (run.again) await reload();
  }, []);

  useEffect(() => {
    void reload();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = changed.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), TABS_REREAD_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [changed, reload]);

  /** False (and the offline toast) while offline: the caller sends nothing. */
  const guard = useCallback(() => {
    if (onlineRef.current) return true;
    toast.show(tRef.current('staff.offline'), { tone: 'error' });
    return false;
  }, [toast]);

  /** Runs an action; its reply's tab replaces the one shown. A failure is thrown for the caller to show in place. */
  const act = useCallback(
    async <R extends { tab: TabView }>(call: () => Promise<R>): Promise<R> => {
      try {
        const reply = await call();
        setTabs((list) => withTab(list ?? [], reply.tab));
        return reply;
      } catch (failure) {
        // A refusal may mean the tab moved on meanwhile (paid elsewhere, closed): read it again.
        if (!(failure instanceof NoInternet || failure instanceof RequestTimeout)) void reload();
        throw failure;
      }
    },
    [reload],
  );

  const admit = useCallback(
    (tabId: number, memberId: number) =>
      act(() => api.call(tabCalls.staffTabAdmit, { params: { tabId, memberId } })),
    [act],
  );

  const takeRest = useCallback(
    (tabId: number, body: { method: 'Cash' | 'Card'; amount?: number }, idempotencyKey: string) =>
      act(() => api.call(tabCalls.staffTabCash, { params: { tabId }, body }, { idempotencyKey })),
    [act],
  );

  const close = useCallback(
    (tabId: number, force: boolean, approval?: Approval) =>
      act(() =>
        api.call(tabCalls.staffTabClose, {
          params: { tabId },
          body: { force, ...(approval ? { approval } : {}) },
        }),
      ),
    [act],
  );

  return { tabs, loadError, reload, guard, admit, takeRest, close };
}

export type OpenTabs = ReturnType<typeof useOpenTabs>;
