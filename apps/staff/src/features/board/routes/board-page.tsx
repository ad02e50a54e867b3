import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StaffOrder } from '@santap/api-client';
import { toIntlLocale } from '@santap/i18n';
import { Button, useUiTranslation } from '@santap/ui';
import { useStaffMe } from '../../../lib/staff-context';
import { BOARD_TICK_MS, paths } from '../../../config/paths';
import { LoadFailure, OfflineNotice } from '../../../components/console-banners';
import { PrinterAlarm } from '../../../components/printing/printer-alarm';
import { TabletPrintEntry } from '../../../components/printing/tablet-print-entry';
import { isPrinterOnlyStation, printsDockets } from '../../../lib/printing/printer-states';
import type { StaffPrinter } from '../../../lib/printing/types';
import { usePrinters } from '../../../lib/printing/use-printers';
import { OrderCard } from '../components/order-card';
import { AllDayPanel } from '../components/all-day-panel';
import { TableRequestsPanel } from '../components/table-requests-panel';
import { BumpedStrip } from '../components/bumped-strip';
import type { Bump } from '../components/bumped-strip';
import { useBoard } from '../hooks/use-board';
import { ApprovalDialog } from '../../../components/approval-dialog';
import { chime } from '../lib/alert';
import { usePrinterAlarmSound } from '../hooks/use-printer-alarm-sound';
import { createSignal } from '../../../lib/signal';
import type { Signal } from '../../../lib/signal';
import { COLUMNS, COLUMN_LABEL, columnOf, movesFor } from '../lib/columns';
import type { BoardColumn } from '../lib/columns';
import {
  RECALL_WINDOW_S,
  allDayCounts,
  bumpMove,
  recallMove,
  saveStation,
  savedStation,
  stationFilter,
  stationItems,
} from '../lib/kitchen';
import '../board.css';

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
/** From this width (CSS px) 'All day' starts open. */
const ALL_DAY_OPEN_WIDTH = 1440;
const NO_PRINTERS: readonly StaffPrinter[] = [];
/** Columns the kitchen works in: their tickets carry the age clock and count for 'All day'. */
const KITCHEN_COLUMNS: readonly BoardColumn[] = ['waiting', 'cooking'];

/** Rush first, then the oldest (first in, first out), as a kitchen works. */
const byUrgency = (a: StaffOrder, b: StaffOrder) =>
  Number(b.kitchen.rush) - Number(a.kitchen.rush) || a.order_id - b.order_id;

/**
 * What the app puts above the board's columns, given the board's live channel (the tables' tabs of
 * features/tabs: a feature does not import another, so src/app/routes/board.tsx joins them).
 */
export type BoardTablesSlot = (live: { changed: Signal; online: boolean }) => ReactNode;

export interface BoardPageProps {
  tables?: BoardTablesSlot;
}

/**
 * The order board, a kitchen display (README 'Kitchen display'): columns by status, rush then oldest
 * first; each ticket's age clock in the restaurant's colours; a station picker (kept on this device)
 * that shows each ticket's dishes of that station; dishes struck off as made; bump (the next move) and
 * recall within 30 minutes; the all-day counts; a chime and a count in the tab title for new orders
 * until someone taps 'Seen'; a banner while offline (actions are refused then).
 */
export function BoardPage({ tables }: BoardPageProps) {
  const me = useStaffMe();
  const { t, language } = useUiTranslation();
  const [tableRequestsChanged] = useState(createSignal);
  const [printersChanged] = useState(createSignal);
  const [tabsChanged] = useState(createSignal);
  const { state, online, loadError, move, approvalAsk, declineItem, setRush, setLineDone, seen, retry } =
    useBoard(me.staff.restaurant_id, tableRequestsChanged.emit, printersChanged.emit, tabsChanged.emit);
  // Printing (README 'Printing'): the alarm, a reprint per ticket, a paper-only station's board.
  const printers = usePrinters(printersChanged).printers ?? NO_PRINTERS;
  usePrinterAlarmSound(printers);
  const now = useNowEpoch();
  const locale = toIntlLocale(language);
  const mayMark = me.staff.role === 'manager' || me.staff.role === 'kitchen';
  const stations = me.kitchen.stations;

  const [stationName, setStationName] = useState<string | null>(() => {
    const saved = savedStation();
    return saved !== null && stations.some((s) => s.name === saved) ? saved : null;
  });
  const station = useMemo(() => stationFilter(stations, stationName), [stations, stationName]);
  const printerOnly = isPrinterOnlyStation(printers, stationName);
  const reprint = me.staff.role !== 'business' && printsDockets(printers);
  const pickStation = (name: string) => {
    const next = name === '' ? null : name;
    setStationName(next);
    saveStation(next);
  };
  // Open by default where four columns keep their room beside it (wider than a 1280 px landscape
  // tablet, README 'Layout'); a tap opens it anywhere.
  const [allDayOpen, setAllDayOpen] = useState(() => window.innerWidth >= ALL_DAY_OPEN_WIDTH);

  // Bumps made on this device (recallable for 30 minutes) and tickets recalled here.
  const [bumps, setBumps] = useState<Bump[]>([]);
  const [recalled, setRecalled] = useState<ReadonlyMap<number, StaffOrder>>(new Map());
  const ordersRef = useRef(state.orders);
  ordersRef.current = state.orders;
  const roleMoves = me.moves;

  const onMove = useCallback(
    (orderId: number, to: number) => {
      const order = ordersRef.current[orderId];
      void move(orderId, to).then((moved) => {
        if (!moved || !order || bumpMove(movesFor(order, roleMoves)) !== to) return;
        const at = Math.floor(Date.now() / 1000);
        setBumps((list) => [
          { orderId, from: order.status, to, at, order },
          ...list.filter((bump) => bump.orderId !== orderId && at - bump.at < RECALL_WINDOW_S),
        ]);
      });
    },
    [move, roleMoves],
  );

  const onRecall = useCallback(
    async (bump: Bump) => {
      const current = ordersRef.current[bump.orderId];
      const back = current ? recallMove(current, bump.from, roleMoves) : null;
      // The rules allow the move back: the server moves it. Otherwise (the usual case) the ticket is
      // shown again on this board only, pinned with a 'Recalled' badge.
      if (back !== null && (await move(bump.orderId, back)) === true) {
        setBumps((list) => list.filter((b) => b !== bump));
        return;
      }
      setRecalled((map) => new Map(map).set(bump.orderId, bump.order));
      setBumps((list) => list.filter((b) => b !== bump));
    },
    [move, roleMoves],
  );
  const clearRecall = useCallback(
    (orderId: number) =>
      setRecalled((map) => {
        const next = new Map(map);
        next.delete(orderId);
        return next;
      }),
    [],
  );

  const { columns, awaitingPayment } = useMemo(() => {
    const grouped: Record<BoardColumn, StaffOrder[]> = {
      waiting: [],
      cooking: [],
      ready: [],
      handedOver: [],
    };
    let awaiting = 0;
    for (const order of Object.values(state.orders)) {
      if (order.kitchen.awaiting_payment) awaiting += 1;
      if (recalled.has(order.order_id)) continue;
      const column = columnOf(order, now);
      // A station sees a ticket only when it has dishes of the station.
      if (column && stationItems(order, station).length > 0) grouped[column].push(order);
    }
    for (const list of Object.values(grouped)) list.sort(byUrgency);
    // Recalled tickets stand first in the column of the status they were bumped from.
    for (const [orderId, snapshot] of recalled) {
      const order = state.orders[orderId] ?? snapshot;
      const bumpedFrom = columnOf({ ...order, status: snapshot.status }, now) ?? 'ready';
      grouped[bumpedFrom].unshift(order);
    }
    return { columns: grouped, awaitingPayment: awaiting };
  }, [state.orders, now, station, recalled]);

  const allDay = useMemo(
    () =>
      allDayCounts(
        KITCHEN_COLUMNS.flatMap((column) => columns[column]),
        station,
      ),
    [columns, station],
  );

  // Moves per order, kept per order object so a card's props stay equal when its order did not change.
  const movesCache = useRef(new WeakMap<StaffOrder, readonly number[]>());
  const movesOf = (order: StaffOrder) => {
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
  const recentBumps = bumps.filter((bump) => now - bump.at < RECALL_WINDOW_S);

  return (
    <main className="staff-board" aria-busy={!state.loaded}>
      <PrinterAlarm printers={printers} timeZone={me.restaurant.time_zone} locale={locale} />
      <OfflineNotice online={online} />
      <LoadFailure error={loadError} onRetry={() => void retry()} />
      <div className="staff-board__tools">
        <label className="staff-board__station">
          {t('staff.board.station')}
          <select value={stationName ?? ''} onChange={(event) => pickStation(event.target.value)}>
            <option value="">{t('staff.board.stationAll')}</option>
            {stations.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" aria-pressed={allDayOpen} onClick={() => setAllDayOpen((open) => !open)}>
          {t('staff.board.allDay')}
        </Button>
        <Link className="staff-board__link" to={paths.ready}>
          {t('staff.nav.ready')}
        </Link>
        {awaitingPayment > 0 ? (
          <span className="staff-board__awaiting">
            {t('staff.board.awaitingPayment', { count: awaitingPayment })}
          </span>
        ) : null}
        {freshCount > 0 ? (
          <div className="staff-board__fresh" role="status">
            <strong>{t('staff.board.newOrders', { count: freshCount })}</strong>
            <Button variant="secondary" onClick={seen}>
              {t('staff.board.seen')}
            </Button>
          </div>
        ) : null}
      </div>
      <TableRequestsPanel changed={tableRequestsChanged} online={online} />
      {tables?.({ changed: tabsChanged, online })}
      <TabletPrintEntry printers={printers} changed={printersChanged} />
      {recentBumps.length > 0 ? (
        <BumpedStrip bumps={recentBumps} onRecall={(bump) => void onRecall(bump)} />
      ) : null}
      <div className={`staff-board__body${allDayOpen ? ' staff-board__body--all-day' : ''}`}>
        <div className="staff-board__columns">
          {COLUMNS.map((column) => (
            <section key={column} className="staff-column" aria-label={t(COLUMN_LABEL[column])}>
              <h2 className="staff-column__title">
                {t(COLUMN_LABEL[column])}{' '}
                <span className="staff-column__count">{columns[column].length}</span>
              </h2>
              {columns[column].length === 0 ? (
                <p className="staff-column__empty">{t('staff.board.empty')}</p>
              ) : null}
              {columns[column].map((order) => (
                <OrderCard
                  key={order.order_id}
                  order={order}
                  moves={movesOf(order)}
                  mayMark={mayMark}
                  printerOnly={printerOnly}
                  reprint={reprint}
                  fresh={fresh.has(order.order_id)}
                  recalled={recalled.has(order.order_id)}
                  station={station}
                  thresholds={column === 'handedOver' ? null : me.kitchen}
                  timeZone={me.restaurant.time_zone}
                  locale={locale}
                  onMove={onMove}
                  onDeclineItem={declineItem}
                  onRush={setRush}
                  onLineDone={setLineDone}
                  onClearRecall={clearRecall}
                />
              ))}
            </section>
          ))}
        </div>
        {allDayOpen ? <AllDayPanel counts={allDay} /> : null}
      </div>
      {approvalAsk ? (
        <ApprovalDialog need={approvalAsk.need} onApprove={approvalAsk.send} onClose={approvalAsk.cancel} />
      ) : null}
    </main>
  );
}
