/**
 * Printing's background part: the spooler's fast path (a restaurant's order change, heard as a live
 * event, spools its printers at once instead of at their next poll) and, outside tests, the offline
 * sweep that tells every board when a printer stopped polling.
 */
import type { LiveEvent } from '../../../lib/live-events';
import type { AppContext } from '../../context';
import { spoolRestaurant } from './spooler';
import { POLL_INTERVAL_SECONDS, sweepOfflinePrinters } from './states';

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

  const unsubscribe = ctx.events.subscribeAll((event) => {
    if (stopped || !ORDER_CHANGES.has(event.type)) return;
    for (const topic of event.topics) {
      const match = /^restaurant:(\d+)$/.exec(topic);
      if (match) run(Number(match[1]));
    }
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
