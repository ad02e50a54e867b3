import { useEffect, useState } from 'react';
import { tableRequests } from '@santap/api-client';
import type { Order, TableRequest, TableRequestKind } from '@santap/api-client';
import { Banner, Button } from '@santap/ui';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import type { Translate } from '../../../lib/use-t';
import './table-requests.css';
import { errorText } from '@santap/web';

const KINDS: readonly TableRequestKind[] = ['waiter', 'bill'];

function buttonText(kind: TableRequestKind, t: Translate) {
  return kind === 'waiter' ? t('order.tableRequest.callWaiter') : t('order.tableRequest.requestBill');
}

/** What the diner reads under the buttons: the staff have not seen it yet, or they are coming. */
function stateText(request: TableRequest, t: Translate) {
  if (request.acknowledged_epoch === null) {
    return request.kind === 'waiter'
      ? t('order.tableRequest.waiterPending')
      : t('order.tableRequest.billPending');
  }
  return request.kind === 'waiter'
    ? t('order.tableRequest.waiterAcknowledged')
    : t('order.tableRequest.billAcknowledged');
}

/**
 * 'Call waiter' and 'Request bill' on a running dine-in order's status page. Each shows its latest
 * request: pending (the button waits: a second press would answer the same request) until the staff
 * acknowledge it, then 'Waiter is on the way' / 'Bill is coming' and the button works again. The
 * requests are re-read whenever the page's order is (every live event of `order:<id>`, a reconnect,
 * the page shown again), so the acknowledgement arrives live on the page's one socket.
 */
export function TableRequests({ order }: { order: Order }) {
  const { t } = useT();
  const [requests, setRequests] = useState<readonly TableRequest[]>([]);
  const [sending, setSending] = useState<TableRequestKind | null>(null);
  const [error, setError] = useState<string>();
  const orderId = order.order_id;

  useEffect(() => {
    let current = true;
    api
      .call(tableRequests.orderTableRequests, { query: { order_id: orderId } })
      .then((reply) => {
        if (current) setRequests(reply.requests);
      })
      .catch(() => {
        // The buttons still work; the next live event or press brings the state.
      });
    return () => {
      current = false;
    };
    // `order` is a new object after every re-read of the page's order: read the requests with it.
  }, [orderId, order]);

  const press = async (kind: TableRequestKind) => {
    setSending(kind);
    setError(undefined);
    try {
      const request = await api.call(tableRequests.tableRequestCreate, {
        body: { order_id: orderId, kind },
      });
      setRequests((list) => [request, ...list.filter((other) => other.kind !== kind)]);
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setSending(null);
    }
  };

  const latest = (kind: TableRequestKind) => requests.find((request) => request.kind === kind);
  return (
    <section className="table-requests" aria-label={t('order.tableRequest.label')}>
      <div className="table-requests__buttons">
        {KINDS.map((kind) => {
          const request = latest(kind);
          const open = request !== undefined && request.acknowledged_epoch === null;
          return (
            <Button
              key={kind}
              variant="secondary"
              loading={sending === kind}
              disabled={open}
              onClick={() => void press(kind)}
            >
              {buttonText(kind, t)}
            </Button>
          );
        })}
      </div>
      {/* Announced when the staff acknowledge. */}
      <div className="table-requests__states" role="status" aria-live="polite">
        {KINDS.map((kind) => {
          const request = latest(kind);
          return request ? (
            <p
              key={kind}
              className={`table-requests__state${request.acknowledged_epoch === null ? '' : ' table-requests__state--done'}`}
            >
              {stateText(request, t)}
            </p>
          ) : null;
        })}
      </div>
      {error ? <Banner tone="error">{error}</Banner> : null}
    </section>
  );
}
