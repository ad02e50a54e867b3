/** The staff console's routes, under the app's base (`/staff/`, the router's basename). */
export const paths = {
  board: '/',
  login: '/login',
  accounts: '/accounts',
  /** The customer-facing 'ready' screen (a TV at the counter). */
  ready: '/ready',
  counter: '/counter',
  bookings: '/bookings',
  menu: '/menu',
  /** A manager's printers (states, set-up, jobs). */
  printers: '/printers',
  /** The audit trail (manager, business). */
  audit: '/audit',
} as const;

/** How often (ms) the board re-reads the clock: scheduled orders appear at their kitchen release time. */
export const BOARD_TICK_MS = 15_000;
