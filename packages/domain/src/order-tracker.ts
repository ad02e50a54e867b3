import type { OrderTypeCode } from './order-type';
import { ORDER_TYPE } from './order-type';
import type { OrderStatus } from './status';
import { ORDER_STATUS, ORDER_STATUSES, isTerminalOrderStatus, nextOrderStatuses } from './status';

/**
 * The order tracker a diner reads on the order status page (spec §4): the steps of an order's type,
 * which one it is at, when each was reached. The steps are not a second list of the status order:
 * they are the longest way through the transition table (`canTransition`) from the order's first
 * status to completed, with the statuses a diner cannot tell apart shown as one step (the kitchen's
 * "prepared" is "ready" to the diner; "completed" is the hand-over step, done).
 */

/** A step's name; its words are `order.tracker.step.<id>` (and `order.tracker.end.<id>` for an end). */
export type OrderTrackerStepId =
  | 'placed'
  | 'scheduled'
  | 'accepted'
  | 'confirmed'
  | 'preparing'
  | 'ready'
  | 'readyToCollect'
  | 'served'
  | 'pickedUp'
  | 'onTheWay'
  | 'delivered';

/** How a stopped order ended: declined by the restaurant, or cancelled (by the diner or the staff). */
export type OrderTrackerEndId = 'declined' | 'cancelled';

/** One entry of an order's status history: the status it entered and when (epoch seconds). */
export interface OrderStatusChange {
  status: number;
  at: number;
}

export interface OrderTrackerStep {
  id: OrderTrackerStepId;
  /** `done`: reached and left; `current`: the order is here; `todo`: still to come. */
  state: 'done' | 'current' | 'todo';
  /** When the step was (last) reached, epoch seconds; absent for a step to come or when unknown. */
  at?: number;
}

export interface OrderTracker {
  /** The steps in order; for an ended order only those it reached. */
  steps: OrderTrackerStep[];
  /** The current step's index in `steps` (-1 for an ended order). */
  current: number;
  /** Set when the order stopped before its end: declined or cancelled (deleted reads as cancelled). */
  end?: { id: OrderTrackerEndId; at?: number };
}

export interface OrderTrackerInput {
  status: OrderStatus;
  orderType: OrderTypeCode;
  /** A scheduled order (`order_time` SCHEDULED) starts at SCHEDULED, an ASAP one at WAITING_CONFIRMATION. */
  scheduled: boolean;
  /** The statuses the order entered, oldest first (the order reply's `status_history`); may be empty. */
  history?: readonly OrderStatusChange[];
}

const S = ORDER_STATUS;

/** The step a status on the way shows as, for an order type. */
function stepOf(status: OrderStatus, orderType: OrderTypeCode): OrderTrackerStepId | undefined {
  switch (status) {
    case S.WAITING_CONFIRMATION:
      return 'placed';
    case S.SCHEDULED:
      return 'scheduled';
    case S.CONFIRMED:
      return 'confirmed';
    case S.SCHEDULED_ACCEPTED:
      return 'accepted';
    case S.PREPARING:
      return 'preparing';
    // The kitchen's "prepared" and the pass's "ready" are one step to the diner.
    case S.PREPARED:
    case S.READY:
      return orderType === ORDER_TYPE.PICKUP ? 'readyToCollect' : 'ready';
    // Completed is the hand-over step, done.
    case S.SERVED_OR_PICKED:
    case S.COMPLETED:
      if (orderType === ORDER_TYPE.DELIVERY) return 'delivered';
      return orderType === ORDER_TYPE.PICKUP ? 'pickedUp' : 'served';
    case S.ON_THE_WAY:
      return 'onTheWay';
    case S.DELIVERED:
      return 'delivered';
    default:
      return undefined;
  }
}

/**
 * The longest chain of statuses from `start` to COMPLETED that the transition table allows for the
 * type, never visiting a status twice (so the "more items added" round back to confirmed is left out).
 */
function happyPath(start: OrderStatus, orderType: OrderTypeCode): OrderStatus[] {
  let best: OrderStatus[] = [start];
  const walk = (path: OrderStatus[]) => {
    const last = path[path.length - 1]!;
    if (last === S.COMPLETED) {
      if (path.length > best.length) best = path;
      return;
    }
    for (const next of nextOrderStatuses(last, { orderType })) {
      if (!path.includes(next)) walk([...path, next]);
    }
  };
  walk([start]);
  return best;
}

const pathCache = new Map<string, OrderStatus[]>();

/** The chain of statuses a running order of this type goes through (cached: the table is fixed). */
export function orderStatusPath(orderType: OrderTypeCode, scheduled: boolean): readonly OrderStatus[] {
  const key = `${orderType}:${scheduled}`;
  let path = pathCache.get(key);
  if (!path) {
    path = happyPath(scheduled ? S.SCHEDULED : S.WAITING_CONFIRMATION, orderType);
    pathCache.set(key, path);
  }
  return path;
}

/** The steps of an order type in order, each with the statuses it stands for. */
function stepsOf(
  orderType: OrderTypeCode,
  scheduled: boolean,
): { id: OrderTrackerStepId; statuses: OrderStatus[] }[] {
  const path = orderStatusPath(orderType, scheduled);
  const steps: { id: OrderTrackerStepId; statuses: OrderStatus[] }[] = [];
  for (const status of path) {
    const id = stepOf(status, orderType);
    if (id === undefined) continue;
    const last = steps[steps.length - 1];
    if (last?.id === id) last.statuses.push(status);
    else steps.push({ id, statuses: [status] });
  }
  // A running status off the chain (more items added: a new round waits for confirmation) stands with
  // the step before the first chain status it leads to — the new round is placed, not yet confirmed.
  for (const status of ORDER_STATUSES) {
    if (path.includes(status) || isTerminalOrderStatus(status)) continue;
    const to = nextOrderStatuses(status, { orderType }).find((next) => path.includes(next));
    if (to === undefined) continue;
    const index = steps.findIndex((step) => step.statuses.includes(to));
    if (index > 0) steps[index - 1]!.statuses.push(status);
  }
  return steps;
}

/** The step ids of an order type, in order (what a tracker of that type shows). */
export function orderTrackerStepIds(orderType: OrderTypeCode, scheduled: boolean): OrderTrackerStepId[] {
  return stepsOf(orderType, scheduled).map((step) => step.id);
}

/** The last time the order entered one of `statuses`, from its history. */
function lastEntered(
  history: readonly OrderStatusChange[],
  statuses: readonly OrderStatus[],
): number | undefined {
  let at: number | undefined;
  for (const change of history) {
    if ((statuses as readonly number[]).includes(change.status)) at = change.at;
  }
  return at;
}

/**
 * The tracker of an order: its type's steps with the current one, the time each reached step was
 * entered (from the history; a step reached again after "more items added" shows its latest time),
 * and for a declined, cancelled or deleted order the steps it reached and how it ended.
 *
 * @example
 * ```ts
 * orderTracker({ status: ORDER_STATUS.PREPARING, orderType: ORDER_TYPE.DINE_IN, scheduled: false });
 * // steps placed, confirmed (done), preparing (current), ready, served (todo); current 2
 * ```
 */
export function orderTracker(input: OrderTrackerInput): OrderTracker {
  const history = input.history ?? [];
  // A status says more than the order_time flag: a SCHEDULED status is a scheduled order's.
  const scheduled = input.scheduled || input.status === S.SCHEDULED || input.status === S.SCHEDULED_ACCEPTED;
  const steps = stepsOf(input.orderType, scheduled);

  if (isTerminalOrderStatus(input.status) && input.status !== S.COMPLETED) {
    const end: OrderTrackerEndId = input.status === S.DECLINED ? 'declined' : 'cancelled';
    const endAt = lastEntered(history, [input.status]);
    // The steps it reached: up to the last status it was in before it ended (else the first step).
    const before = [...history].reverse().find((change) => change.status !== input.status);
    const reached = before
      ? steps.findIndex((step) => (step.statuses as readonly number[]).includes(before.status))
      : 0;
    return {
      steps: steps.slice(0, Math.max(0, reached) + 1).map((step) => ({
        id: step.id,
        state: 'done' as const,
        ...withAt(lastEntered(history, step.statuses)),
      })),
      current: -1,
      end: { id: end, ...withAt(endAt) },
    };
  }

  const found = steps.findIndex((step) => step.statuses.includes(input.status));
  const current = found === -1 ? 0 : found;
  // Steps still to come show no time, even those reached before the order went back a round (more
  // items added); a reached step shows the last time it was entered.
  return {
    steps: steps.map((step, index) => {
      const state = index < current ? 'done' : index === current ? 'current' : 'todo';
      const at = state === 'todo' ? undefined : lastEntered(history, step.statuses);
      return { id: step.id, state, ...withAt(at) };
    }),
    current,
  };
}

const withAt = (at: number | undefined): { at?: number } => (at === undefined ? {} : { at });

/** Has the tracker moved on: another current step or an end (what a live region announces)? */
export function trackerMoved(before: OrderTracker, after: OrderTracker): boolean {
  if (before.end?.id !== after.end?.id) return true;
  return before.steps[before.current]?.id !== after.steps[after.current]?.id;
}
