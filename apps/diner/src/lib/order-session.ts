import { ORDER_TYPE, orderContextSchema } from '@santap/domain';
import type { OrderContext } from '@santap/domain';
import { readDeliveryAddress } from '@santap/web';
import type { DeliveryAddress } from '@santap/web';
import type { OrderContextInput } from './api-types';

/**
 * What the diner has chosen at one restaurant for this browser session (spec §3 order context):
 * the order context itself, plus the table's id from the table check (the server needs it for
 * dine-in), the delivery address, and whether the diner arrived by scanning a QR.
 */
export interface OrderSession {
  context: OrderContext;
  tableId?: number;
  address?: DeliveryAddress;
  scanThroughQr?: boolean;
}

const KEY_PREFIX = 'santap.order.';

/**
 * The order session kept for a restaurant (by nameid), or `undefined` when there is none or it does
 * not read back: the context must round-trip through `orderContextSchema` of `@santap/domain`.
 */
export function readOrderSession(nameid: string): OrderSession | undefined {
  let raw: unknown;
  try {
    const text = sessionStorage.getItem(KEY_PREFIX + nameid);
    if (!text) return undefined;
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const stored = raw as Record<string, unknown>;
  const parsed = orderContextSchema.safeParse(stored.context);
  if (!parsed.success) return undefined;
  const session: OrderSession = { context: parsed.data as OrderContext };
  if (typeof stored.tableId === 'number' && Number.isInteger(stored.tableId) && stored.tableId > 0) {
    session.tableId = stored.tableId;
  }
  const address = readDeliveryAddress(stored.address);
  if (address) session.address = address;
  if (stored.scanThroughQr === true) session.scanThroughQr = true;
  return session;
}

/** JSON with sorted keys: two sessions built in another order compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

/** Are two order sessions the same (their fields, in any order)? */
export const sameSession = (a: OrderSession, b: OrderSession): boolean => canonical(a) === canonical(b);

/** Keeps the order session of a restaurant for this browser session (sessionStorage). */
export function writeOrderSession(nameid: string, session: OrderSession) {
  try {
    sessionStorage.setItem(KEY_PREFIX + nameid, JSON.stringify(session));
  } catch {
    // Private mode or a full storage: the context still lives in memory and on the server cart.
  }
}

/**
 * Can this session be sent to the server cart as it is? Dine-in needs a checked table; delivery
 * needs an address (spec §5); pickup needs nothing more.
 */
export function isSessionComplete(session: OrderSession): boolean {
  if (session.context.orderType === ORDER_TYPE.DINE_IN) return session.tableId !== undefined;
  if (session.context.orderType === ORDER_TYPE.DELIVERY) return session.address !== undefined;
  return true;
}

/** The order context in the shape `cart.cartDetails` takes. */
export function contextInput(session: OrderSession): OrderContextInput {
  const { context } = session;
  return {
    orderType: context.orderType,
    orderTime: context.orderTime,
    ...(context.pickupType ? { pickupType: context.pickupType } : {}),
    tableNo: context.tableNo,
    table: context.table,
    ...(session.tableId !== undefined ? { tableId: session.tableId } : {}),
    ...(context.orderTime === 'SCHEDULED'
      ? {
          date: context.date,
          time: context.time,
          epoch: context.epoch,
          selectedTime: context.selectedTime,
        }
      : {}),
  };
}

/**
 * Does the server cart's stored context already say what this session says? Compared on the fields
 * the server keeps, so the menu pushes the context only when it changed.
 */
export function sameServerContext(server: Record<string, unknown>, session: OrderSession): boolean {
  const input = contextInput(session);
  const address = server.address as { location?: unknown } | undefined;
  const sameAddress =
    session.context.orderType !== ORDER_TYPE.DELIVERY ||
    JSON.stringify(address?.location) === JSON.stringify(session.address?.location);
  return (
    server.orderType === input.orderType &&
    server.orderTime === input.orderTime &&
    (server.pickupType ?? undefined) === input.pickupType &&
    (server.tableId ?? undefined) === input.tableId &&
    (server.epoch ?? undefined) === input.epoch &&
    sameAddress
  );
}
