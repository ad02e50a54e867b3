import { memo, useCallback, useEffect, useState } from 'react';
import type { TableRequest } from '@santap/api-client';
import { Button, useUiTranslation } from '@santap/ui';
import type { UiTranslate } from '@santap/ui';
import { useTableRequests } from '../hooks/use-table-requests';
import type { Signal } from '../../../lib/signal';

/** How often (ms) the panel re-reads the clock for the requests' ages. */
const AGE_TICK_MS = 20_000;

function useNowEpoch() {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ageText(createdEpoch: number, now: number, t: UiTranslate) {
  const minutes = Math.floor(Math.max(0, now - createdEpoch) / 60);
  return minutes < 1 ? t('staff.tableRequests.justNow') : t('staff.tableRequests.minutesAgo', { minutes });
}

interface RowProps {
  request: TableRequest;
  /** Whole minutes of age, so a row re-renders once a minute, not on every tick. */
  age: string;
  onAcknowledge: (requestId: number) => void;
}

const TableRequestRow = memo(function TableRequestRow({ request, age, onAcknowledge }: RowProps) {
  const { t } = useUiTranslation();
  const table =
    request.table_label ??
    (request.table_no
      ? t('staff.card.table', { table: request.table_no })
      : t('staff.tableRequests.noTable'));
  return (
    <li
      className={`staff-request staff-request--${request.kind}`}
      aria-label={`${table}: ${request.kind === 'waiter' ? t('staff.tableRequests.waiter') : t('staff.tableRequests.bill')}`}
      data-request-id={request.request_id}
    >
      <strong className="staff-request__table">{table}</strong>
      <span className="staff-request__kind">
        {request.kind === 'waiter' ? t('staff.tableRequests.waiter') : t('staff.tableRequests.bill')}
      </span>
      <span className="staff-request__age">{age}</span>
      <span className="staff-request__order">{t('staff.card.order', { id: request.order_id })}</span>
      <Button onClick={() => onAcknowledge(request.request_id)}>
        {t('staff.tableRequests.acknowledge')}
      </Button>
    </li>
  );
});

/**
 * The board's table requests: a diner called a waiter or asked for the bill. Each row: the table, what
 * they want, how long ago, the order, 'Acknowledge' (the diner's page then says 'Waiter is on the way'
 * / 'Bill is coming'). Its own state: a request event re-renders this panel, no order card. Hidden
 * when nothing is waiting.
 */
export function TableRequestsPanel({ changed, online }: { changed: Signal; online: boolean }) {
  const { t } = useUiTranslation();
  const { requests, acknowledge } = useTableRequests(changed, online);
  const now = useNowEpoch();
  const onAcknowledge = useCallback((id: number) => void acknowledge(id), [acknowledge]);
  if (requests.length === 0) return null;
  return (
    <section className="staff-requests" aria-label={t('staff.tableRequests.title')}>
      <h2 className="staff-requests__title">
        {t('staff.tableRequests.title')} <span className="staff-column__count">{requests.length}</span>
      </h2>
      <ul className="staff-requests__list">
        {requests.map((request) => (
          <TableRequestRow
            key={request.request_id}
            request={request}
            age={ageText(request.created_epoch, now, t)}
            onAcknowledge={onAcknowledge}
          />
        ))}
      </ul>
    </section>
  );
}
