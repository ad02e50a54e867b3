import { useEffect, useMemo, useRef, useState } from 'react';
import type { Order } from '@santap/api-client';
import { toIntlLocale } from '@santap/i18n';
import { Banner, Button, useUiTranslation } from '@santap/ui';
import { useStaffMe } from '../../../app/staff-context';
import { BOARD_TICK_MS } from '../../../config/paths';
import { OrderCard } from '../components/order-card';
import { TableRequestsPanel } from '../components/table-requests-panel';
import { useBoard } from '../hooks/use-board';
import { chime } from '../lib/alert';
import { createSignal } from '../lib/signal';
import { COLUMNS, COLUMN_LABEL, columnOf, movesFor } from '../lib/columns';
import type { BoardColumn } from '../lib/columns';

/** The clock in Unix seconds, re-read every {@link BOARD_TICK_MS}: scheduled orders appear when released. */
function useNowEpoch() {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), BOARD_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const EMPTY: readonly number[] = [];

/**
 * The order board (kitchen display): columns by status, newest first; a chime and a count in the tab
 * title for new orders until someone taps 'Seen'; a banner while offline (actions are refused then).
 */
export function Component() {
  const me = useStaffMe();
  const { t, language } = useUiTranslation();
  const [tableRequestsChanged] = useState(createSignal);
  const { state, online, loadError, move, declineItem, seen, retry } = useBoard(
    me.staff.restaurant_id,
    tableRequestsChanged.emit,
  );
  const now = useNowEpoch();
  const locale = toIntlLocale(language);
  const mayDeclineItems = me.staff.role === 'manager' || me.staff.role === 'kitchen';

  const columns = useMemo(() => {
    const grouped: Record<BoardColumn, Order[]> = { waiting: [], cooking: [], ready: [], handedOver: [] };
    for (const order of Object.values(state.orders)) {
      const column = columnOf(order, now);
      if (column) grouped[column].push(order);
    }
    for (const list of Object.values(grouped)) list.sort((a, b) => b.order_id - a.order_id);
    return grouped;
  }, [state.orders, now]);

  // Moves per order, kept per order object so a card's props stay equal when its order did not change.
  const movesCache = useRef(new WeakMap<Order, readonly number[]>());
  const movesOf = (order: Order) => {
    let moves = movesCache.current.get(order);
    if (!moves) {
      const found = movesFor(order, me.moves);
      moves = found.length ? found : EMPTY;
      movesCache.current.set(order, moves);
    }
    return moves;
  };

  const freshCount = state.fresh.length;
  const lastFresh = useRef(0);
  useEffect(() => {
    if (freshCount > lastFresh.current) chime();
    lastFresh.current = freshCount;
    const title = t('staff.board.title');
    document.title = freshCount > 0 ? `(${freshCount}) ${title}` : title;
  }, [freshCount, t]);
  const fresh = useMemo(() => new Set(state.fresh), [state.fresh]);

  return (
    <main className="staff-board" aria-busy={!state.loaded}>
      {!online ? (
        <Banner tone="warning" className="staff-offline">
          {t('staff.offline')}
        </Banner>
      ) : null}
      {loadError ? (
        <Banner tone="error" action={<Button onClick={() => void retry()}>{t('staff.retry')}</Button>}>
          {loadError}
        </Banner>
      ) : null}
      {freshCount > 0 ? (
        <div className="staff-board__fresh" role="status">
          <strong>{t('staff.board.newOrders', { count: freshCount })}</strong>
          <Button variant="secondary" onClick={seen}>
            {t('staff.board.seen')}
          </Button>
        </div>
      ) : null}
      <TableRequestsPanel changed={tableRequestsChanged} online={online} />
      <div className="staff-board__columns">
        {COLUMNS.map((column) => (
          <section key={column} className="staff-column" aria-label={t(COLUMN_LABEL[column])}>
            <h2 className="staff-column__title">
              {t(COLUMN_LABEL[column])} <span className="staff-column__count">{columns[column].length}</span>
            </h2>
            {columns[column].length === 0 ? (
              <p className="staff-column__empty">{t('staff.board.empty')}</p>
            ) : null}
            {columns[column].map((order) => (
              <OrderCard
                key={order.order_id}
                order={order}
                moves={movesOf(order)}
                mayDeclineItems={mayDeclineItems}
                fresh={fresh.has(order.order_id)}
                timeZone={me.restaurant.time_zone}
                locale={locale}
                onMove={move}
                onDeclineItem={declineItem}
              />
            ))}
          </section>
        ))}
      </div>
    </main>
  );
}
