/**
 * Printing's background part: the spooler's fast path (a restaurant's order change, heard as a live
 * event, spools its printers at once instead of at their next poll) and, outside tests, the offline
 * sweep that tells every board when a printer stopped polling.
 */
import { isNull } from 'drizzle-orm';
import { printers } from '../../../db/schema';
import type { LiveEvent } from '../../../lib/live-events';
import type { AppContext } from '../../context';
import { spoolRestaurant } from './spooler';
import { POLL_INTERVAL_SECONDS, sweepOfflinePrinters } from './states';

/** How long the list of restaurants with printers is used before it is read again. */
const PRINTER_LIST_SECONDS = 10;

/** The live events of an order change that may make a docket due. */
const ORDER_CHANGES: ReadonlySet<LiveEvent['type']> = new Set([
  'order.created',
  'order.status',
  'order.item',
  'order.payment',
]);

/**
 * Starts the fast path (and the offline sweep every {@link POLL_INTERVAL_SECONDS} when `sweep`).
 * Bursts of one restaurant's events spool once more after the run in progress, never in parallel.
 * Returns the stop, which waits for the runs in progress.
 */
export function startPrinting(ctx: AppContext, options: { sweep: boolean }): () => Promise<void> {
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  let stopped = false;

  const run = (restaurantId: number) => {
    if (running.has(restaurantId)) {
      again.add(restaurantId);
      return;
    }
    const work = (async () => {
      do {
        again.delete(restaurantId);
        await spoolRestaurant(ctx, restaurantId).catch((error: Error) =>
          ctx.log.error(
            { err: error, restaurant: restaurantId },
            'print spooler failed (the next poll catches up)',
          ),
        );
      } while (again.has(restaurantId) && !stopped);
      running.delete(restaurantId);
    })();
    running.set(restaurantId, work);
  };

  // The restaurants that have printers, read again every PRINTER_LIST_SECONDS: an order event of any
  // other restaurant costs nothing. A printer added since is spooled at its first poll anyway.
  let withPrinters: Promise<ReadonlySet<number>> | null = null;
  let readAt = 0;
  const restaurantsWithPrinters = () => {
    if (!withPrinters || Date.now() - readAt > PRINTER_LIST_SECONDS * 1000) {
      readAt = Date.now();
      withPrinters = ctx.db
        .selectDistinct({ id: printers.restaurantId })
        .from(printers)
        .where(isNull(printers.deletedAt))
        .then((rows) => new Set(rows.map((row) => row.id)))
        .catch(() => new Set<number>());
    }
    return withPrinters;
  };

  // A printer's state event (a printer added says it is offline) makes its restaurant known at once.
  const added = new Set<number>();

  const unsubscribe = ctx.events.subscribeAll((event) => {
    if (stopped) return;
    const ids = event.topics.flatMap((topic) => {
      const match = /^restaurant:(\d+)$/.exec(topic);
      return match ? [Number(match[1])] : [];
    });
    if (event.type === 'printer.state') for (const id of ids) added.add(id);
    if (ids.length === 0 || !ORDER_CHANGES.has(event.type)) return;
    void restaurantsWithPrinters().then((known) => {
      for (const id of ids) if ((known.has(id) || added.has(id)) && !stopped) run(id);
    });
  });
  const timer = options.sweep
    ? setInterval(() => {
        sweepOfflinePrinters(ctx).catch((error: Error) =>
          ctx.log.error({ err: error }, 'printer offline sweep failed'),
        );
      }, POLL_INTERVAL_SECONDS * 1000)
    : undefined;
  timer?.unref();

  return async () => {
    stopped = true;
    unsubscribe();
    if (timer) clearInterval(timer);
    await Promise.all([...running.values()]);
  };
}
