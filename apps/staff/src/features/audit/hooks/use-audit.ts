import { useCallback, useEffect, useRef, useState } from 'react';
import { audit } from '@santap/api-client';
import type { AuditRecord, EndpointData, EndpointInput } from '@santap/api-client';
import { useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../../../lib/api';

/** The trail's filters as the form holds them ('' = any). */
export interface AuditFilters {
  from: string;
  to: string;
  action: string;
  actor: string;
  subjectType: string;
  subjectId: string;
}

type Query = EndpointInput<typeof audit.staffAudit>['query'];

const queryOf = (filters: AuditFilters, cursor: number | null): Query => ({
  from: filters.from,
  to: filters.to,
  ...(filters.action ? { action: filters.action } : {}),
  ...(filters.actor ? { actor: filters.actor } : {}),
  ...(filters.subjectType ? { subject_type: filters.subjectType } : {}),
  ...(filters.subjectType && filters.subjectId ? { subject_id: filters.subjectId } : {}),
  ...(cursor !== null ? { cursor } : {}),
});

/**
 * The trail for `filters` (null: not asked yet), newest first, a page at a time: `loadMore` appends
 * the next page by the keyset cursor. A refusal (a range the server will not read) is kept as words.
 */
export function useAuditTrail(filters: AuditFilters | null) {
  const { t } = useUiTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  const [records, setRecords] = useState<AuditRecord[] | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The newest request wins: a slow first page does not overwrite a later filter's.
  const asked = useRef(0);

  const read = useCallback(async (wanted: AuditFilters, after: number | null) => {
    const ask = ++asked.current;
    setBusy(true);
    try {
      const page: EndpointData<typeof audit.staffAudit> = await api.call(audit.staffAudit, {
        query: queryOf(wanted, after),
      });
      if (ask !== asked.current) return;
      setRecords((shown) => (after === null ? page.records : [...(shown ?? []), ...page.records]));
      setCursor(page.next_cursor);
      setError(null);
    } catch (failure) {
      if (ask !== asked.current) return;
      setError(errorText(failure, tRef.current));
      if (after === null) setRecords(null);
    } finally {
      if (ask === asked.current) setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (filters) void read(filters, null);
  }, [filters, read]);

  const loadMore = useCallback(() => {
    if (filters && cursor !== null) void read(filters, cursor);
  }, [filters, cursor, read]);

  return { records, hasMore: cursor !== null, error, busy, loadMore };
}

/** One day's exceptions (the restaurant's calendar day), oldest first. */
export function useAuditExceptions(date: string) {
  const { t } = useUiTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  const [exceptions, setExceptions] = useState<
    EndpointData<typeof audit.staffAuditExceptions>['exceptions'] | null
  >(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!date) return;
    let live = true;
    setExceptions(null);
    api
      .call(audit.staffAuditExceptions, { query: { date } })
      .then((reply) => {
        if (!live) return;
        setExceptions(reply.exceptions);
        setError(null);
      })
      .catch((failure: unknown) => live && setError(errorText(failure, tRef.current)));
    return () => {
      live = false;
    };
  }, [date]);
  return { exceptions, error };
}
