/**
 * Which documents an order's log makes due, and at which event (apps/api docs/printing.md, "What
 * prints when"). Pure: the order's facts and its `order_events` in id order in, dockets out, each with
 * the event it became due at and a key that names it for good (the print queue's dedupe key). The
 * spooler asks it for the dockets due at the events it reads: a docket is never due twice.
 *
 * @example
 * ```ts
 * dueDockets(12, { paidFirst: false, items: [{ id: 1, batch: 1 }] }, [
 *   { id: 40, kind: 'created', toStatus: 0, data: {} },
 * ]);
 * // [{ key: 'order:12:new', kind: 'order_new', docket: 'new', itemIds: [1], dueAt: 40 }]
 * ```
 */
import { ORDER_STATUS } from '@santap/domain';
import type { PrintKind } from '../../model/printers';

/** One row of `order_events`, as the rule reads it. */
export interface HistoryEvent {
  id: number;
  kind: string;
  toStatus: number | null;
  data: Record<string, unknown>;
}

/** What the rule needs of the order: whether it is paid before the kitchen takes it, and its lines. */
export interface OrderFacts {
  /** `paidFirst` of the ordering flow: online, prepay or scheduled. */
  paidFirst: boolean;
  items: readonly { id: number; batch: number }[];
}

/** A document the order's log made due. */
export interface DueDocket {
  /** What it prints, for good: `order:<id>:new`, `order:<id>:batch:<n>`, `order:<id>:cancelled`… */
  key: string;
  kind: Exclude<PrintKind, 'shift_report'>;
  /** A kitchen docket's kind (the layout's): absent on receipts and queue tickets. */
  docket?: 'new' | 'added' | 'cancelled';
  /** The lines a kitchen docket carries (all lines for a receipt or a ticket: empty here). */
  itemIds: number[];
  /** The `order_events` id it became due at. */
  dueAt: number;
}

const ENDINGS: ReadonlySet<number> = new Set([
  ORDER_STATUS.DECLINED,
  ORDER_STATUS.CANCELLED,
  ORDER_STATUS.DELETED,
]);
/** Statuses of an order (or its new batch) the restaurant has not taken on yet. */
const NOT_TAKEN_ON: ReadonlySet<number> = new Set([
  ORDER_STATUS.WAITING_CONFIRMATION,
  ORDER_STATUS.SCHEDULED,
  ORDER_STATUS.MORE_ITEMS_ADDED,
]);

/**
 * Every docket the log makes due, in the order they became due. The rule (docs/printing.md):
 * - the first docket (`order_new`) when the order becomes work for the kitchen: at `created` for an
 *   order paid after (pay later, cash), else when it is paid (a `payment` event reaching `paid`) or
 *   taken on by staff (a status past waiting), whichever comes first; never for one that ends before;
 * - items added later (`batch`): a docket of only them (`order_added`), by the same rule;
 * - an ending (declined, cancelled, deleted) after the kitchen had work: a CANCELLED docket of the
 *   lines it had and that were not declined; a declined item it had: a CANCELLED docket of that item;
 *   an item declined before its docket printed is left off that docket;
 * - a receipt when a payment makes the order paid; a queue ticket when a kiosk takes the order.
 */
export function dueDockets(orderId: number, facts: OrderFacts, events: readonly HistoryEvent[]): DueDocket[] {
  const due: DueDocket[] = [];
  const batchOf = new Map(facts.items.map((item) => [item.id, item.batch]));
  const released = new Set<number>();
  const pending: number[] = [];
  const declined = new Set<number>();
  let ended = false;

  const linesOf = (batches: readonly number[]) =>
    facts.items
      .filter((item) => batches.includes(item.batch) && !declined.has(item.id))
      .map((item) => item.id);

  const release = (eventId: number) => {
    if (pending.length === 0) return;
    const batches = pending.splice(0).sort((a, b) => a - b);
    for (const batch of batches) released.add(batch);
    if (batches[0] === 1) {
      // The kitchen has not seen the order yet: one first docket with everything it has now.
      const itemIds = linesOf(batches);
      if (itemIds.length > 0)
        due.push({ key: `order:${orderId}:new`, kind: 'order_new', docket: 'new', itemIds, dueAt: eventId });
      return;
    }
    for (const batch of batches) {
      const itemIds = linesOf([batch]);
      if (itemIds.length > 0)
        due.push({
          key: `order:${orderId}:batch:${batch}`,
          kind: 'order_added',
          docket: 'added',
          itemIds,
          dueAt: eventId,
        });
    }
  };

  for (const event of events) {
    if (ended) break;
    switch (event.kind) {
      case 'created':
      case 'batch': {
        const batch = event.kind === 'created' ? 1 : Number(event.data.batch);
        if (!Number.isInteger(batch) || batch < 1) break;
        // A batch grows the bill: an order paid first waits for this part to be paid too.
        pending.push(batch);
        if (!facts.paidFirst) release(event.id);
        break;
      }
      case 'payment': {
        // The counter's payment events carry no payment_status: a counter payment always pays it all.
        const status = event.data.payment_status;
        if (status !== undefined && status !== 'paid') break;
        release(event.id);
        due.push({
          key: `order:${orderId}:receipt:${event.id}`,
          kind: 'receipt',
          itemIds: [],
          dueAt: event.id,
        });
        break;
      }
      case 'status': {
        const to = event.toStatus;
        if (to === null) break;
        if (ENDINGS.has(to)) {
          ended = true;
          const itemIds = linesOf([...released]);
          if (itemIds.length > 0)
            due.push({
              key: `order:${orderId}:cancelled`,
              kind: 'order_cancelled',
              docket: 'cancelled',
              itemIds,
              dueAt: event.id,
            });
        } else if (!NOT_TAKEN_ON.has(to)) {
          // Taken on by staff (when paid first, only possible once paid): the kitchen has it.
          release(event.id);
        }
        break;
      }
      case 'item_declined': {
        const itemId = Number(event.data.order_item_id);
        const batch = batchOf.get(itemId);
        if (batch === undefined || declined.has(itemId)) break;
        declined.add(itemId);
        if (released.has(batch))
          due.push({
            key: `order:${orderId}:item:${itemId}:cancelled`,
            kind: 'order_cancelled',
            docket: 'cancelled',
            itemIds: [itemId],
            dueAt: event.id,
          });
        break;
      }
      case 'kiosk':
        due.push({
          key: `order:${orderId}:queue_ticket`,
          kind: 'queue_ticket',
          itemIds: [],
          dueAt: event.id,
        });
        break;
      default:
        break;
    }
  }
  return due;
}
