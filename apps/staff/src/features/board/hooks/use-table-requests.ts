import { useCallback, useEffect, useRef, useState } from 'react';
import { tableRequests } from '@santap/api-client';
import type { TableRequest } from '@santap/api-client';
import { useToast, useUiTranslation } from '@santap/ui';
import { api } from '../../../lib/api';
import { chime } from '../lib/alert';
import type { Signal } from '../../../lib/signal';
import { errorText } from '@santap/web';

/**
 * Keeps the previous object of a request that did not change, so its memoised row does not re-render.
 */
function keepUnchanged(previous: readonly TableRequest[], next: TableRequest[]): readonly TableRequest[] {
  const byId = new Map(previous.map((request) => [request.request_id, request]));
  return next.map((request) => {
    const before = byId.get(request.request_id);
    return before && before.acknowledged_epoch === request.acknowledged_epoch ? before : request;
  });
}

/**
 * The restaurant's open table requests (call waiter, request bill), re-read whenever `changed` fires
 * (a `table.request` event or a reconnect of the board's socket). A request not seen before chimes
 * like a new order. `acknowledge` answers one; it leaves the list at once.
 */
export function useTableRequests(changed: Signal, online: boolean) {
  const [requests, setRequests] = useState<readonly TableRequest[]>([]);
  const { t } = useUiTranslation();
  const toast = useToast();
  const tRef = useRef(t);
  tRef.current = t;
  const onlineRef = useRef(online);
  onlineRef.current = online;
  const known = useRef<Set<number> | null>(null);
  const latestRead = useRef(0);

  const refetch = useCallback(async () => {
    const read = ++latestRead.current;
    try {
      const reply = await api.call(tableRequests.staffTableRequests, {});
      if (read !== latestRead.current) return; // a later read is under way
      const ids = reply.requests.map((request) => request.request_id);
      if (known.current && ids.some((id) => !known.current!.has(id))) chime();
      known.current = new Set([...(known.current ?? []), ...ids]);
      setRequests((previous) => keepUnchanged(previous, reply.requests));
    } catch {
      // The next event or reconnect reads them again.
    }
  }, []);

  useEffect(() => {
    void refetch();
    return changed.subscribe(() => void refetch());
  }, [changed, refetch]);

  const acknowledge = useCallback(
    async (requestId: number) => {
      if (!onlineRef.current) {
        toast.show(tRef.current('staff.offline'), { tone: 'error' });
        return;
      }
      try {
        await api.call(tableRequests.staffAcknowledgeTableRequest, { params: { requestId } });
        setRequests((list) => list.filter((request) => request.request_id !== requestId));
      } catch (error) {
        toast.show(tRef.current('staff.actionFailed', { reason: errorText(error, tRef.current) }), {
          tone: 'error',
        });
        void refetch();
      }
    },
    [toast, refetch],
  );

  return { requests, acknowledge };
}
