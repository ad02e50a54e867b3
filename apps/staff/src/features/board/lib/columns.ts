/**
 * Which column of the board an order stands in, and which moves a role may make on it. The moves
 * come from the server (`GET /api/staff/me`: the role's `STAFF_ROLE_MOVES`) and the domain's
 * transition table (`canTransition`): the console never keeps its own copy of either rule.
 */
import { ORDER_STATUS, canTransition } from '@santap/domain';
import type { OrderStatus, OrderTypeCode } from '@santap/domain';
import { kitchenReleaseAt } from '@santap/schedule';
import type { StaffOrder } from '@santap/api-client';

export const COLUMNS = ['waiting', 'cooking', 'ready', 'handedOver'] as const;
export type BoardColumn = (typeof COLUMNS)[number];

const S = ORDER_STATUS;

const COLUMN_OF: Partial<Record<OrderStatus, BoardColumn>> = {
  [S.WAITING_CONFIRMATION]: 'waiting',
  [S.SCHEDULED]: 'waiting',
  [S.MORE_ITEMS_ADDED]: 'waiting',
  [S.CONFIRMED]: 'cooking',
  [S.SCHEDULED_ACCEPTED]: 'cooking',
  [S.PREPARING]: 'cooking',
  [S.PREPARED]: 'cooking',
  [S.READY]: 'ready',
  [S.SERVED_OR_PICKED]: 'handedOver',
  [S.ON_THE_WAY]: 'handedOver',
  [S.DELIVERED]: 'handedOver',
};

/**
 * The order's column at `nowEpoch`, or null when the board does not show it: finished orders, an order
 * to be paid first that is not paid yet (the server's `kitchen.awaiting_payment`: prepay orders reach
 * the kitchen only once paid), and an accepted scheduled order before its kitchen release time (spec
 * §4: made 15 minutes before its slot).
 */
export function columnOf(order: StaffOrder, nowEpoch: number): BoardColumn | null {
  if (order.kitchen.awaiting_payment) return null;
  if (
    order.status === S.SCHEDULED_ACCEPTED &&
    order.scheduled_epoch !== null &&
    nowEpoch < kitchenReleaseAt(order.scheduled_epoch)
  )
    return null;
  return COLUMN_OF[order.status as OrderStatus] ?? null;
}

/** The statuses this role may move the order to now, in the order buttons show them. */
export function movesFor(order: StaffOrder, roleMoves: readonly number[]): OrderStatus[] {
  const from = order.status as OrderStatus;
  const orderType = order.order_type as OrderTypeCode;
  return (roleMoves as OrderStatus[]).filter(
    (to) => to !== S.DELETED && to !== from && canTransition(from, to, { orderType }),
  );
}

/** The words of a move's button. */
export const MOVE_LABEL = {
  [S.CONFIRMED]: 'staff.move.confirm',
  [S.DECLINED]: 'staff.move.decline',
  [S.SCHEDULED_ACCEPTED]: 'staff.move.accept',
  [S.PREPARING]: 'staff.move.preparing',
  [S.PREPARED]: 'staff.move.prepared',
  [S.READY]: 'staff.move.ready',
  [S.SERVED_OR_PICKED]: 'staff.move.servedOrPicked',
  [S.ON_THE_WAY]: 'staff.move.onTheWay',
  [S.DELIVERED]: 'staff.move.delivered',
  [S.COMPLETED]: 'staff.move.completed',
  [S.CANCELLED]: 'staff.move.cancel',
} as const;

export const COLUMN_LABEL = {
  waiting: 'staff.column.waiting',
  cooking: 'staff.column.cooking',
  ready: 'staff.column.ready',
  handedOver: 'staff.column.handedOver',
} as const;
