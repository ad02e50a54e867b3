import type { KioskData } from '../lib/kiosk-data';

/** The id of the root route, whose data (server render only) is the kiosk's: its settings and menus. */
export const KIOSK_ROUTE_ID = 'kiosk';

/** The kiosk's data a server-rendered page came with (the root route's loader data), if any. */
export const pageKioskData = (loaderData: Record<string, unknown>) =>
  loaderData[KIOSK_ROUTE_ID] as KioskData | undefined;
