import { useLiveTopic } from '@santap/web';
import { env } from '../../../config/env';

/**
 * Keeps an order page fresh: `refresh` runs on every live event of `order:<id>`, when a dropped
 * socket reconnects, and when the page becomes visible again (`useLiveTopic` of `@santap/ui`).
 */
export function useLiveOrder(orderId: number, refresh: () => void): { connected: boolean } {
  return useLiveTopic(`order:${orderId}`, refresh, env.VITE_API_BASE);
}
