import { ORDER_TYPE, maskOf, resolveOrderType } from '@santap/domain';
import type { OrderSchedule, OrderTypeCode, PickupType } from '@santap/domain';
import type { EndpointInput, cart } from '@santap/api-client';
import { readDeliveryAddress } from '@santap/web';
import type { DeliveryAddress } from '@santap/web';
import type { MallInfo, Outlet } from './api-types';

/** The table of a food-court table QR, as the table check answered it. */
export interface FcTable {
  id: number;
  no: string;
  label: string;
}

/**
 * How the diner gets their food-court order, kept per mall for the browser session: the order type
 * (resolved in mall mode), the table of a table QR (dine-in), the delivery address and, for a
 * scheduled order, its slot (one every outlet in the cart is open for; none means ASAP).
 */
export interface FcSession {
  orderType: OrderTypeCode;
  pickupType?: PickupType;
  table?: FcTable;
  address?: DeliveryAddress;
  schedule?: OrderSchedule;
}

type DetailsBody = EndpointInput<typeof cart.cartDetails>['body'];

const KEY = (mall: string) => `santap.fc.${mall}`;

/** The order type in mall mode (spec §4): what was asked for when the food court offers it, else pickup. */
export function resolveForMall(mall: MallInfo, requested: OrderTypeCode | undefined, hasTable: boolean) {
  const resolved = resolveOrderType(
    { orderType: requested ?? null },
    { country: mall.country, mallMode: true, restaurantMask: maskOf(mall.ot) },
  );
  // Dine-in needs the table of a table QR; without one the food court's default applies.
  if (resolved.orderType === ORDER_TYPE.DINE_IN && !hasTable) {
    return resolveOrderType(ORDER_TYPE.PICKUP, {
      country: mall.country,
      mallMode: true,
      restaurantMask: maskOf(mall.ot),
    });
  }
  return resolved;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readTable(value: unknown): FcTable | undefined {
  if (!isRecord(value)) return undefined;
  const { id, no, label } = value;
  return typeof id === 'number' &&
    Number.isInteger(id) &&
    id > 0 &&
    typeof no === 'string' &&
    typeof label === 'string'
    ? { id, no, label }
    : undefined;
}

function readSchedule(value: unknown): OrderSchedule | undefined {
  if (!isRecord(value)) return undefined;
  const { date, time, epoch, selectedTime } = value;
  return typeof date === 'string' &&
    typeof time === 'string' &&
    typeof selectedTime === 'string' &&
    typeof epoch === 'number' &&
    Number.isInteger(epoch)
    ? { date, time, epoch, selectedTime }
    : undefined;
}

/**
 * The session of a mall for this visit: a table QR (`table`, checked by the server) makes it dine-in
 * at that table; otherwise what the browser session kept, resolved again for the food court's types.
 */
export function startSession(mall: MallInfo, stored: unknown, table?: FcTable): FcSession {
  const kept = isRecord(stored) ? stored : {};
  const keptTable = table ?? readTable(kept.table);
  const requested = table ? ORDER_TYPE.DINE_IN : (kept.orderType as OrderTypeCode | undefined);
  const { orderType, pickupType } = resolveForMall(mall, requested, keptTable !== undefined);
  const session: FcSession = { orderType };
  if (pickupType) session.pickupType = pickupType;
  if (keptTable) session.table = keptTable;
  const address = readDeliveryAddress(kept.address);
  if (address) session.address = address;
  const schedule = readSchedule(kept.schedule);
  if (schedule) session.schedule = schedule;
  return session;
}

export function readStoredSession(mall: string): unknown {
  try {
    const text = sessionStorage.getItem(KEY(mall));
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function storeSession(mall: string, session: FcSession) {
  try {
    sessionStorage.setItem(KEY(mall), JSON.stringify(session));
  } catch {
    // storage blocked: the session lives in memory and on the server cart
  }
}

/** Can the session go to the server cart as it is? Dine-in needs a table; delivery an address. */
export function isComplete(session: FcSession): boolean {
  if (session.orderType === ORDER_TYPE.DINE_IN) return session.table !== undefined;
  if (session.orderType === ORDER_TYPE.DELIVERY) return session.address !== undefined;
  return true;
}

/** The body of `cart.cartDetails` for this session. */
export function detailsBody(mall: string, session: FcSession): DetailsBody {
  const table = session.orderType === ORDER_TYPE.DINE_IN ? session.table : undefined;
  return {
    scope: mall,
    context: {
      orderType: session.orderType,
      ...(session.schedule ? { orderTime: 'SCHEDULED', ...session.schedule } : { orderTime: 'ASAP' }),
      ...(session.pickupType ? { pickupType: session.pickupType } : {}),
      ...(table ? { tableId: table.id, tableNo: table.no, table: table.label } : {}),
    },
    ...(session.orderType === ORDER_TYPE.DELIVERY && session.address ? { address: session.address } : {}),
  };
}

/** Does the server cart already hold this session's context? Compared on what the server keeps. */
export function sameContext(server: Record<string, unknown>, session: FcSession): boolean {
  const address = isRecord(server.address) ? server.address.location : undefined;
  return (
    server.orderType === session.orderType &&
    (server.pickupType ?? undefined) === session.pickupType &&
    (server.epoch ?? undefined) === session.schedule?.epoch &&
    (server.tableId ?? undefined) ===
      (session.orderType === ORDER_TYPE.DINE_IN ? session.table?.id : undefined) &&
    (session.orderType !== ORDER_TYPE.DELIVERY ||
      JSON.stringify(address) === JSON.stringify(session.address?.location))
  );
}

/** The outlets that do not deliver: their lines cannot stay in a delivery cart ('Delivery Not Supported'). */
export function outletsNotDelivering(outlets: readonly Outlet[]): Outlet[] {
  return outlets.filter((outlet) => !outlet.ot.includes(ORDER_TYPE.DELIVERY));
}
