/** Kiosk helpers shared by the kiosk API tests: a client that sends a device's headers, demo lines. */
import { randomUUID } from 'node:crypto';
import { createApiClient } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { kiosk } from '@santap/contract';
import { DEMO } from '../src/seed/ids';
import { DEMO_KIOSK } from '../src/seed/kiosks';
import type { TestServer } from './harness';

export { DEMO_KIOSK };

/** A kiosk's API client: the `kiosk-device` / `kiosk-secret` headers on every call (as the kiosk app adds them). */
export function kioskClient(
  server: Pick<TestServer, 'baseUrl'>,
  device: { id: string; secret: string } | null = DEMO_KIOSK.kopitiamAli,
  language = 'en',
): ApiClient {
  return createApiClient({
    baseUrl: server.baseUrl,
    country: () => 'MY',
    language: () => language,
    fetch: (input, init) => {
      const request = new Request(input, init);
      if (device) {
        request.headers.set(kiosk.KIOSK_DEVICE_HEADER, device.id);
        request.headers.set(kiosk.KIOSK_SECRET_HEADER, device.secret);
      }
      return fetch(request);
    },
  });
}

/** Nasi lemak (RM 6.50) ×2 and roti canai (RM 1.80) at kopitiam-ali: no required choices. */
export const KOPITIAM_LINES = [
  { item_id: DEMO.items.kopitiamAli.nasiLemak, quantity: 2 },
  { item_id: DEMO.items.kopitiamAli.rotiCanai, quantity: 1 },
];

/** A kiosk order body taken `secondsAgo` before `now`. */
export function kioskOrder(
  now: Date,
  overrides: Partial<kiosk.KioskOrderBody> = {},
  secondsAgo = 0,
): kiosk.KioskOrderBody {
  return {
    order_type: 1,
    payment: 'cash_kiosk',
    items: KOPITIAM_LINES,
    taken_epoch: Math.floor(now.getTime() / 1000) - secondsAgo,
    ...overrides,
  };
}

/** A fresh idempotency key, as the kiosk makes one when an order is taken. */
export const newOrderKey = () => randomUUID();
