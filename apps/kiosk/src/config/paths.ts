/** The kiosk's routes, under the app's base (`/kiosk/`, the router's basename). */
export const paths = {
  attract: '/',
  setup: '/setup',
  menu: '/menu',
  cart: '/cart',
  /** The order number (or offline ticket) of an order taken with this idempotency key. */
  done: (key: string) => `/done/${encodeURIComponent(key)}`,
  /** The QR on screen for an online order. */
  pay: (orderId: number) => `/pay/${orderId}`,
} as const;

/** How long (s) the order number stays on screen before the kiosk starts over by itself. */
export const DONE_SCREEN_SECONDS = 30;
/** How often (ms) the pay screen asks whether the QR payment arrived. */
export const PAYMENT_POLL_MS = 2000;
/** How often (ms) queued orders are retried while the kiosk believes it is online. */
export const OUTBOX_RETRY_MS = 10_000;
/** Idle time-out of the QR screen: the payer is busy with their phone, not the kiosk. */
export const PAY_SCREEN_IDLE_SECONDS = 180;
