import { useEffect, useMemo, useRef } from 'react';
import type { StaffOrder } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import { useUiTranslation } from '@santap/ui';
import { useStaffMe } from '../../../lib/staff-context';
import { useBoard } from '../hooks/use-board';
import { columnOf } from '../lib/columns';
import { useTickSeconds } from '../lib/ticker';
import '../ready.css';

/** How long (s) a number that just became ready stands out. */
export const JUST_READY_S = 20;

/** The number a customer waits for: the counter's queue number, else the order number (pickup). */
export const callNumber = (order: StaffOrder) => order.queue_no ?? order.order_id;

/** Orders whose customer collects them at the counter: pickup (food-court orders are), or a queue number. */
const collected = (order: StaffOrder) =>
  order.order_type === ORDER_TYPE.PICKUP || Boolean(order.queue_no) || order.fc_order_id !== null;

/**
 * The customer-facing 'ready' screen for a TV at the counter (`/staff/ready`, README 'Ready screen'):
 * the numbers being prepared and the numbers ready to collect, big, live (the board's channel). It
 * shows numbers only: no names, tables, dishes or payments. It needs a staff login like every screen.
 * A number that just became ready stands out for {@link JUST_READY_S} seconds.
 */
export function Component() {
  const me = useStaffMe();
  const { t } = useUiTranslation();
  const { state, online } = useBoard(me.staff.restaurant_id);

  useEffect(() => {
    document.title = t('staff.ready.title');
  }, [t]);

  const { ready, preparing } = useMemo(() => {
    const now = Math.floor(Date.now() / 1000);
    const lists = { ready: [] as number[], preparing: [] as number[] };
    for (const order of Object.values(state.orders)) {
      if (!collected(order)) continue;
      const column = columnOf(order, now);
      if (column === 'ready') lists.ready.push(callNumber(order));
      else if (column === 'cooking') lists.preparing.push(callNumber(order));
    }
    lists.ready.sort((a, b) => a - b);
    lists.preparing.sort((a, b) => a - b);
    return lists;
  }, [state.orders]);

  // When each ready number was first seen here; those on the screen at its first load do not flash.
  const now = useTickSeconds();
  const firstSeen = useRef(new Map<number, number>());
  const wasLoaded = useRef(false);
  for (const number of ready)
    if (!firstSeen.current.has(number)) firstSeen.current.set(number, wasLoaded.current ? now : 0);
  if (state.loaded) wasLoaded.current = true;
  const justReady = (number: number) => now - (firstSeen.current.get(number) ?? 0) < JUST_READY_S;

  return (
    <main className="staff-ready" aria-busy={!state.loaded} data-online={online}>
      <section className="staff-ready__side" aria-label={t('staff.ready.preparing')}>
        <h1>{t('staff.ready.preparing')}</h1>
        <ul className="staff-ready__numbers">
          {preparing.map((number) => (
            <li key={number}>{number}</li>
          ))}
        </ul>
      </section>
      <section className="staff-ready__side staff-ready__side--ready" aria-label={t('staff.ready.ready')}>
        <h1>{t('staff.ready.ready')}</h1>
        <ul className="staff-ready__numbers" aria-live="polite">
          {ready.map((number) => (
            <li key={number} className={justReady(number) ? 'staff-ready__new' : undefined}>
              {number}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
