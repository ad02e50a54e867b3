/**
 * The print spooler (apps/api docs/printing.md, "The spooler"): reads the order log of a printer's
 * restaurant after the printer's cursor, makes the jobs the log made due for it (`due.ts`), and moves
 * the cursor, in ONE transaction under the printer's row lock. It runs when a restaurant's order
 * changes (the live event, a fast path) and at every poll of the printer (catch-up), so a restart or a
 * missed event loses no docket, and the dedupe key makes none twice.
 *
 * The log is read in the order of the writing transactions' ids (`order_events.tx_id`). Every
 * committed event is spooled at once, but the saved cursor passes only events of transactions older
 * than every running one (`pg_snapshot_xmin`, the horizon): an event committed late by a slow
 * transaction is never behind the cursor when it appears. The horizon is the whole cluster's, so a
 * long transaction anywhere (another database on the same server included) only makes the next runs
 * read this restaurant's newer events again, finding their jobs made (the dedupe key); it never holds
 * a docket back.
 */
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderEvents, orderItems, orders, printJobs, printers } from '../../../db/schema';
import type { AppContext } from '../../context';
import { printsOf } from '../../model/printers';
import type { PrinterRow } from '../../model/printers';
import { paidFirst } from '../../flows/ordering/orders';
import { dueDockets } from './due';
import type { DueDocket, HistoryEvent } from './due';
import { readOrderForPrint } from './docket-input';
import type { OrderForPrint } from './docket-input';
import { renderFor } from './render';
import type { DocketSpec } from './render';
import { publishJob } from './queue';

/** Events read per statement; a printer behind by more reads on in the same transaction. */
const BATCH = 200;
/** Statements of one spooling run at most (the next run goes on from the cursor). */
const MAX_BATCHES = 10;
/** The largest `order_events.id`: a cursor at (tx, this) is past every row of that transaction. */
const LAST_ID = 2_147_483_647;

interface LogRow {
  horizon: string;
  id: number | null;
  order_id: number | null;
  kind: string | null;
  to_status: number | null;
  data: Record<string, unknown> | null;
  tx: string | null;
}

/** Compares two (tx, id) positions of the log. */
function after(a: { tx: string; id: number }, b: { tx: string; id: number }): boolean {
  const ta = BigInt(a.tx);
  const tb = BigInt(b.tx);
  return ta > tb || (ta === tb && a.id > b.id);
}

/**
 * The restaurant's committed events after `cursor`, with the horizon (the oldest running transaction's
 * id), read in one statement so both see the same moment.
 */
async function readLog(tx: DbOrTx, restaurantId: number, cursor: { tx: string; id: number }) {
  const result = await tx.execute(sql`
    with h as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
    select h.xmin::text as horizon, e.id, e.order_id, e.kind, e.to_status, e.data, e.tx
    from h left join lateral (
      select ev.id, ev.order_id, ev.kind, ev.to_status, ev.data, ev.tx_id::text as tx
      from ${orderEvents} ev join ${orders} o on o.id = ev.order_id
      where o.restaurant_id = ${restaurantId}
        and (ev.tx_id, ev.id) > (${cursor.tx}::xid8, ${cursor.id})
      order by ev.tx_id, ev.id
      limit ${BATCH}
    ) e on true`);
  const rows = (result as unknown as { rows: LogRow[] }).rows;
  const horizon = rows[0]!.horizon;
  const events = rows.filter((row) => row.id !== null) as (LogRow & {
    id: number;
    order_id: number;
    tx: string;
  })[];
  return { horizon, events };
}

/** The cursor a new printer starts at: after every event visible now (it prints what comes next). */
export async function currentLogPosition(tx: DbOrTx): Promise<{ tx: string; id: number }> {
  const result = await tx.execute(
    sql`select ${orderEvents.txId}::text as tx from ${orderEvents} order by ${orderEvents.txId} desc limit 1`,
  );
  const [row] = (result as unknown as { rows: { tx: string }[] }).rows;
  return { tx: row?.tx ?? '0', id: LAST_ID };
}

/** The order's log up to `upTo` and its lines: what `dueDockets` reads. */
async function historyOf(tx: DbOrTx, orderIds: number[], upTo: number) {
  const events = await tx
    .select({
      id: orderEvents.id,
      orderId: orderEvents.orderId,
      kind: orderEvents.kind,
      toStatus: orderEvents.toStatus,
      data: orderEvents.data,
    })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, orderIds), lte(orderEvents.id, upTo)))
    .orderBy(orderEvents.id);
  const items = await tx
    .select({ id: orderItems.id, orderId: orderItems.orderId, batch: orderItems.batch })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.id);
  const rows = await tx.select().from(orders).where(inArray(orders.id, orderIds));
  return { events, items, rows };
}

/** The dockets due at the events read, for the kinds the printer prints. */
async function dueAt(
  tx: DbOrTx,
  printer: PrinterRow,
  events: { id: number; order_id: number }[],
): Promise<{ orderId: number; docket: DueDocket }[]> {
  const orderIds = [...new Set(events.map((event) => event.order_id))];
  const read = new Set(events.map((event) => event.id));
  const upTo = Math.max(...events.map((event) => event.id));
  const { events: history, items, rows } = await historyOf(tx, orderIds, upTo);
  const prints = new Set<string>(printsOf(printer));
  return rows.flatMap((order) => {
    const log: HistoryEvent[] = history
      .filter((event) => event.orderId === order.id)
      .map(({ id, kind, toStatus, data }) => ({ id, kind, toStatus, data: data ?? {} }));
    const facts = { paidFirst: paidFirst(order), items: items.filter((item) => item.orderId === order.id) };
    return dueDockets(order.id, facts, log)
      .filter((docket) => read.has(docket.dueAt) && prints.has(docket.kind))
      .map((docket) => ({ orderId: order.id, docket }));
  });
}

/** A job of the printer with that dedupe key exists already. */
async function jobExists(tx: DbOrTx, printerId: number, sourceKey: string): Promise<boolean> {
  const [job] = await tx
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(and(eq(printJobs.printerId, printerId), eq(printJobs.sourceKey, sourceKey)))
    .limit(1);
  return job !== undefined;
}

/**
 * Makes a job of a docket for the printer, once (the dedupe key is the printer and `sourceKey`).
 * Returns the new job's id, or null when it existed already or there was nothing for this printer.
 */
export async function enqueue(
  ctx: AppContext,
  tx: DbOrTx,
  printer: PrinterRow,
  order: OrderForPrint,
  spec: DocketSpec,
  sourceKey: string,
): Promise<number | null> {
  const rendered = renderFor(printer, spec, order);
  if (!rendered) return null;
  const [job] = await tx
    .insert(printJobs)
    .values({
      printerId: printer.id,
      restaurantId: printer.restaurantId,
      orderId: order.order.id,
      kind: spec.kind,
      heading: order.heading,
      reprint: spec.reprint === true,
      status: 'queued',
      payload: rendered.payload,
      commandSet: rendered.commandSet,
      sourceKey,
      createdAt: ctx.now(),
    })
    .onConflictDoNothing({ target: [printJobs.printerId, printJobs.sourceKey] })
    .returning();
  if (!job) return null;
  await publishJob(ctx, tx, job);
  return job.id;
}

/**
 * Spools one printer: reads its restaurant's log after its cursor, makes the jobs due for it and moves
 * the cursor, in one transaction holding the printer's row lock. `wait`: wait for another spooler of
 * the same printer (a poll, which then hands out what was made); `skip`: leave it to that one (the
 * fast path). Returns how many jobs it made.
 */
export async function spoolPrinter(
  ctx: AppContext,
  printerId: number,
  mode: 'wait' | 'skip',
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const query = tx
      .select()
      .from(printers)
      .where(and(eq(printers.id, printerId), isNull(printers.deletedAt)))
      .limit(1);
    const [printer] =
      mode === 'skip' ? await query.for('update', { skipLocked: true }) : await query.for('update');
    if (!printer) return 0;
    const saved = { tx: printer.cursorTx, id: printer.cursorEventId };
    // `read`: where the next statement reads on; `cursor`: what is saved, never past an event of a
    // transaction at or after the horizon (one older than it may still commit behind it).
    let read = saved;
    let cursor = saved;
    let held = false;
    let made = 0;
    const orders = new Map<number, OrderForPrint | null>();
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const { horizon, events } = await readLog(tx, printer.restaurantId, read);
      if (events.length > 0) {
        for (const { orderId, docket } of await dueAt(tx, printer, events)) {
          if (await jobExists(tx, printer.id, docket.key)) continue; // read again while held
          if (!orders.has(orderId))
            orders.set(orderId, await readOrderForPrint(tx, orderId, ctx.config.publicUrl));
          const order = orders.get(orderId);
          if (order && (await enqueue(ctx, tx, printer, order, docket, docket.key)) !== null) made += 1;
        }
        for (const event of events) {
          if (held || BigInt(event.tx) >= BigInt(horizon)) held = true;
          else cursor = { tx: event.tx, id: event.id };
        }
        const last = events.at(-1)!;
        read = { tx: last.tx, id: last.id };
      }
      if (events.length < BATCH) {
        // Every transaction older than the horizon is done and was read: the cursor may pass them all.
        const passed = { tx: (BigInt(horizon) - 1n).toString(), id: LAST_ID };
        if (!held && after(passed, cursor)) cursor = passed;
        break;
      }
    }
    if (cursor.tx !== saved.tx || cursor.id !== saved.id)
      await tx
        .update(printers)
        .set({ cursorTx: cursor.tx, cursorEventId: cursor.id })
        .where(eq(printers.id, printer.id));
    return made;
  });
}

/** Spools every printer of a restaurant that is not being spooled already (the fast path). */
export async function spoolRestaurant(ctx: AppContext, restaurantId: number): Promise<number> {
  const live = await ctx.db
    .select({ id: printers.id })
    .from(printers)
    .where(and(eq(printers.restaurantId, restaurantId), isNull(printers.deletedAt)));
  let made = 0;
  for (const { id } of live) made += await spoolPrinter(ctx, id, 'skip');
  return made;
}
