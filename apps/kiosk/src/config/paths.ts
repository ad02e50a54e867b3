/** The kiosk's routes, under the app's base (`/kiosk/`, the router's basename). */
export const paths = {
  attract: '/',
  setup: '/setup',
  menu: '/menu',
  /**
   * The menu for an order type (`?ot=1` eat here, `?ot=3` take away): the page says it, so a reload or
   * the server's render of the menu knows it (`menuOrderType`).
   */
  menuFor: (orderType: 1 | 3) => `/menu?ot=${orderType}`,
  cart: '/cart',
  /** The order number (or offline ticket) of an order taken with this idempotency key. */
  done: (key: string) => `/done/${encodeURIComponent(key)}`,
  /** The QR on screen for an online order. */
  pay: (orderId: number) => `/pay/${orderId}`,
} as const;

/** The order type a menu address names (`paths.menuFor`), or null. */
export function menuOrderType(params: URLSearchParams): 1 | 3 | null {
  const named = params.get('ot');
  return named === '1' ? 1 : named === '3' ? 3 : null;
}

/** How long (s) the order number stays on screen before the kiosk starts over by itself. */
export const DONE_SCREEN_SECONDS = 30;
/** How often (ms) the pay screen asks whether the QR payment arrived. */
export const PAYMENT_POLL_MS = 2000;
/** How often (ms) queued orders are retried while the kiosk believes it is online. */
export const OUTBOX_RETRY_MS = 10_000;
/** Idle time-out of the QR screen: the payer is busy with their phone, not the kiosk. */
export const PAY_SCREEN_IDLE_SECONDS = 180;
