import {
  ORDER_TYPE,
  createOrderContext,
  maskOf,
  resolveOrderType,
  withAsap,
  withOrderType,
  withSchedule,
  withTable,
} from '@santap/domain';
import type { Country, OrderTypeCode } from '@santap/domain';
import type { OrderSession } from './order-session';

/** The checked table of a table QR (spec §7 table check). */
export interface CheckedTable {
  tableId: number;
  tableNo: string;
  table: string;
}

export interface BuildSessionInput {
  /** What this browser session already chose at this restaurant. */
  stored: OrderSession | undefined;
  /** Route params `:ot?` and `:pickupType?`. */
  ot: string | undefined;
  pickupType: string | undefined;
  /** The page's query: `source=qr`, and the schedule fields a login return carries. */
  query: URLSearchParams;
  restaurant: { country: Country; ot: readonly OrderTypeCode[] };
  table?: CheckedTable | undefined;
  /** Unix seconds: a stored schedule that has passed becomes ASAP. */
  nowEpoch: number;
}

/** The schedule a login return carries (`orderTime=SCHEDULED&date&time&epoch&selectedTime`). */
function scheduleFromQuery(query: URLSearchParams) {
  if (query.get('orderTime') !== 'SCHEDULED') return undefined;
  const date = query.get('date');
  const time = query.get('time');
  const epoch = Number(query.get('epoch'));
  if (!date || !time || !Number.isSafeInteger(epoch) || epoch <= 0) return undefined;
  return { date, time, epoch, selectedTime: query.get('selectedTime') ?? time };
}

/**
 * The order session for a menu visit (spec §3, §4): the route's order type (or the stored one, or the
 * country default) resolved with `resolveOrderType` against the restaurant's country and enabled
 * types; the stored session kept when the type is the same (schedule, table, address survive a
 * reload); a checked table QR makes it dine-in at that table when dine-in is allowed; a scheduled
 * time from the query (login return) is applied; a schedule in the past becomes ASAP.
 *
 * @example
 * buildOrderSession({ stored: undefined, ot: '3', pickupType: 'ta', query, restaurant: { country: 'MY', ot: [1, 2, 3] }, nowEpoch })
 * // { context: { orderType: 3, pickupType: 'takeaway', orderTime: 'ASAP', tableNo: 'pickup', table: 'Takeaway' } }
 */
export function buildOrderSession(input: BuildSessionInput): OrderSession {
  const { stored, query, restaurant, table } = input;
  const typeContext = { country: restaurant.country, mallMode: false, restaurantMask: maskOf(restaurant.ot) };
  const requested =
    input.ot !== undefined
      ? { orderType: input.ot, pickupType: input.pickupType ?? null }
      : table
        ? { orderType: ORDER_TYPE.DINE_IN }
        : stored
          ? { orderType: stored.context.orderType, pickupType: stored.context.pickupType ?? null }
          : {};
  const resolved = resolveOrderType(requested, typeContext);

  let session: OrderSession;
  if (stored) {
    const context = withOrderType(stored.context, resolved.orderType, resolved.pickupType);
    session = { ...stored, context };
    if (context !== stored.context || context.orderType !== ORDER_TYPE.DINE_IN) delete session.tableId;
  } else {
    session = { context: createOrderContext(resolved) };
  }

  if (table && session.context.orderType === ORDER_TYPE.DINE_IN) {
    session = {
      ...session,
      context: withTable(session.context, { tableNo: table.tableNo, table: table.table }),
      tableId: table.tableId,
    };
  }
  if (query.get('source') === 'qr') session = { ...session, scanThroughQr: true };

  const schedule = scheduleFromQuery(query);
  if (schedule && schedule.epoch > input.nowEpoch) {
    session = { ...session, context: withSchedule(session.context, schedule) };
  } else if (session.context.orderTime === 'SCHEDULED' && (session.context.epoch ?? 0) <= input.nowEpoch) {
    session = { ...session, context: withAsap(session.context) };
  }
  return session;
}

/**
 * `menu.php`'s `slot` (spec §2) as the slot's `HH:mm`: minutes after local midnight (`1170`) or the
 * time itself (`19:30`, `9:30`), as links carry either. Out-of-day or malformed values -> undefined.
 */
export function slotMinutesToTime(slot: string | null): string | undefined {
  if (slot === null) return undefined;
  const clock = /^(\d{1,2}):(\d{2})$/.exec(slot);
  const minutes = clock
    ? Number(clock[1]) * 60 + Number(clock[2])
    : /^\d{1,4}$/.test(slot)
      ? Number(slot)
      : Number.NaN;
  if (clock && (Number(clock[1]) > 23 || Number(clock[2]) > 59)) return undefined;
  if (!Number.isInteger(minutes) || minutes >= 24 * 60) return undefined;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
