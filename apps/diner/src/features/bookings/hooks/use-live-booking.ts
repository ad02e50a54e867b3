import { useLiveTopic } from '@santap/web';
import { env } from '../../../config/env';

/**
 * Keeps a booking page fresh while staff confirm, decline or answer a change: the server publishes
 * each move on `reservation:<id>` (the websocket lets only the booking's diner and its restaurant's
 * staff watch it), and `refresh` runs on each event, on a reconnect and when the page shows again.
 */
export function useLiveBooking(reservationId: number, refresh: () => void): { connected: boolean } {
  return useLiveTopic(`reservation:${reservationId}`, refresh, env.VITE_API_BASE);
}
