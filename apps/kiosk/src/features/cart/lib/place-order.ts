import type { kiosk } from '@santap/api-client';
import { newOrderKey, outbox, ticketOf } from '../../../lib/outbox';
import type { CartLine, KioskOrderType } from '../../../lib/session';

/** The order as the server takes it (and as the outbox keeps it, byte for byte, until it is sent). */
export function orderBody(
  orderType: KioskOrderType,
  lines: readonly CartLine[],
  payment: kiosk.KioskOrderBody['payment'],
  takenAt: number,
): kiosk.KioskOrderBody {
  return {
    order_type: orderType,
    payment,
    items: lines.map((line) => ({
      item_id: line.itemId,
      quantity: line.quantity,
      ...(Object.keys(line.selections).length > 0 ? { selections: line.selections } : {}),
      ...(line.notes ? { notes: line.notes } : {}),
    })),
    taken_epoch: Math.floor(takenAt / 1000),
  };
}

/**
 * Takes a 'Cash kiosk' order: it is written to the outbox (IndexedDB) with a new idempotency key
 * before anything is sent, so neither a dropped network nor a reload can lose it, and sending it
 * again can never place it twice. Resolves with the key once the order is on disk.
 */
export async function takeCashOrder(input: {
  deviceId: string;
  orderType: KioskOrderType;
  lines: readonly CartLine[];
  currency: 'MYR' | 'IDR';
  /** The quoted bill total when the kiosk got one; otherwise the food total is kept. */
  quotedTotal: number | undefined;
  foodTotal: number;
}): Promise<string> {
  const takenAt = Date.now();
  const key = newOrderKey();
  await outbox.add({
    key,
    ticket: ticketOf(key),
    deviceId: input.deviceId,
    body: orderBody(input.orderType, input.lines, 'cash_kiosk', takenAt),
    takenAt,
    currency: input.currency,
    total: input.quotedTotal ?? input.foodTotal,
    totalIsQuote: input.quotedTotal !== undefined,
    state: 'queued',
    attempts: 0,
  });
  return key;
}
