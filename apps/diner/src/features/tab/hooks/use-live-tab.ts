import { useCallback, useEffect, useRef, useState } from 'react';
import { tabs } from '@santap/api-client';
import { useLiveTopic } from '@santap/web';
import { env } from '../../../config/env';
import { api } from '../../../lib/api';
import type { TabView } from '../api/tab-types';

/**
 * A tab kept current (apps/api docs/tabs.md, Live): on every event of `tab:<id>` (`tab.changed`),
 * on a reconnect and when the page is shown again, the tab is read again (`tabs.get`). Reads that
 * overlap keep the newest; a failed read keeps what is shown (the next event brings it). `setTab`
 * takes a tab a call answered with (joining, a name change, a share cancelled).
 */
export function useLiveTab(initial: TabView) {
  const [tab, setTab] = useState(initial);
  const tabId = initial.tab_id;
  const asked = useRef(0);
  useEffect(() => setTab(initial), [initial]);

  const refresh = useCallback(() => {
    const ask = ++asked.current;
    api
      .call(tabs.tabGet, { params: { tabId } })
      .then((reply) => {
        if (ask === asked.current) setTab(reply.tab);
      })
      .catch(() => undefined);
  }, [tabId]);

  const { connected } = useLiveTopic(`tab:${tabId}`, refresh, env.VITE_API_BASE);
  const replace = useCallback((next: TabView) => {
    asked.current += 1;
    setTab(next);
  }, []);
  return { tab, connected, refresh, setTab: replace };
}
