/**
 * The login redirect of spec §2: where the diner was before logging in travels in the `/login` query,
 * so a diner who finishes the login in another browser (the WhatsApp link opens the phone's default
 * browser) still comes back to the same page with the same cart. The spec's `cartToken` parameter
 * carries the cart's handover (`cartHandover` of @santap/web), never the token: that is an HttpOnly
 * cookie no page script reads (apps/api README, "Cookies and CSRF").
 */
import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { isCartHandover } from '@santap/web';
import { cartHandover as currentCartHandover } from './session';

/** The query parameters of the login redirect, in the order the spec lists them. */
export const LOGIN_REDIRECT_KEYS = [
  'otpless',
  'browser',
  'scanThroughQr',
  'menu_path',
  'path',
  'cartToken',
  'sessionId',
  'language',
  'date',
  'epoch',
  'orderTime',
  'time',
  'selectedTime',
] as const;

/** The order-time fields carried only when set (spec §2: scheduled orders keep them, ASAP drops them). */
export const SCHEDULE_KEYS = ['date', 'epoch', 'orderTime', 'time', 'selectedTime'] as const;
type ScheduleKey = (typeof SCHEDULE_KEYS)[number];

export interface LoginRedirectParams {
  /** The page to come back to (path and query), e.g. `/cart/kopitiam-ali/1`. */
  path: string;
  /** The menu of the restaurant, the fallback when `path` is lost. */
  menu_path?: string | undefined;
  /** Log in with WhatsApp (otpless) rather than an SMS OTP. */
  otpless?: boolean | undefined;
  /** This browser's id ({@link browserId}), to notice a login finished in another browser. */
  browser?: string | undefined;
  /** The diner came in through a table QR. */
  scanThroughQr?: boolean | undefined;
  /** The cart's handover, sent as the spec's `cartToken` parameter. */
  cartHandover?: string | undefined;
  sessionId?: string | undefined;
  language?: SupportedLanguage | undefined;
  date?: string | undefined;
  epoch?: number | string | undefined;
  orderTime?: string | undefined;
  time?: string | undefined;
  selectedTime?: string | undefined;
}

/** What `/login` reads back; `path` is always a same-origin path. */
export interface ParsedLoginRedirect {
  path: string;
  menuPath: string | undefined;
  otpless: boolean;
  browser: string | undefined;
  scanThroughQr: boolean;
  /** The `cartToken` parameter, when it holds a cart handover. */
  cartHandover: string | undefined;
  sessionId: string | undefined;
  language: SupportedLanguage | undefined;
  /** Only the schedule fields that were set. */
  schedule: Partial<Record<ScheduleKey, string>>;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? '1' : '0');

/**
 * The `/login` URL that brings the diner back to `params.path` afterwards (spec §2). `browser` and
 * `cartHandover` default to this browser's id and its cart's handover.
 *
 * @example
 * ```ts
 * loginRedirect({ path: '/cart/kopitiam-ali/1', browser: 'b1', cartHandover: handover, language: 'my' });
 * // '/login?browser=b1&path=%2Fcart%2Fkopitiam-ali%2F1&cartToken=<handover>&language=my'
 * ```
 */
export function loginRedirect(params: LoginRedirectParams, base = '/login'): string {
  const values: Record<(typeof LOGIN_REDIRECT_KEYS)[number], string | undefined> = {
    otpless: flag(params.otpless),
    browser: params.browser ?? browserId(),
    scanThroughQr: flag(params.scanThroughQr),
    menu_path: params.menu_path,
    path: params.path,
    cartToken: params.cartHandover ?? currentCartHandover(),
    sessionId: params.sessionId,
    language: params.language,
    date: params.date,
    epoch: params.epoch === undefined ? undefined : String(params.epoch),
    orderTime: params.orderTime,
    time: params.time,
    selectedTime: params.selectedTime,
  };
  const query = new URLSearchParams();
  for (const key of LOGIN_REDIRECT_KEYS) {
    const value = values[key];
    if (value !== undefined && value !== '') query.set(key, value);
  }
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/**
 * A path inside this app, or `undefined`: never another origin (`//evil`, `https://…`, `/\evil`), so
 * the redirect cannot be turned into an open redirect.
 */
export function safeAppPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return undefined;
  try {
    const url = new URL(value, 'https://app.invalid');
    return url.origin === 'https://app.invalid' ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the login redirect back from `/login`'s query; a missing or foreign path becomes `/home`. */
export function parseLoginRedirect(search: URLSearchParams | string): ParsedLoginRedirect {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const text = (key: string) => query.get(key)?.trim() || undefined;
  const menuPath = safeAppPath(query.get('menu_path'));
  const language = text('language');
  const cartHandover = text('cartToken');
  const schedule: Partial<Record<ScheduleKey, string>> = {};
  for (const key of SCHEDULE_KEYS) {
    const value = text(key);
    if (value !== undefined) schedule[key] = value;
  }
  return {
    path: safeAppPath(query.get('path')) ?? menuPath ?? '/home',
    menuPath,
    otpless: query.get('otpless') === '1' || query.get('otpless') === 'true',
    browser: text('browser'),
    scanThroughQr: query.get('scanThroughQr') === '1' || query.get('scanThroughQr') === 'true',
    cartHandover: isCartHandover(cartHandover) ? cartHandover : undefined,
    sessionId: text('sessionId'),
    language: language && isSupportedLanguage(language) ? language : undefined,
    schedule,
  };
}

/**
 * Where the diner goes after logging in: the saved path, with the schedule fields added to its query
 * when they were set, so a menu or cart opened in another browser can rebuild a scheduled order
 * context (the menu reads `date`, `epoch`, `orderTime`, `time`, `selectedTime` from its query).
 */
export function returnPathAfterLogin(parsed: ParsedLoginRedirect): string {
  const url = new URL(parsed.path, 'https://app.invalid');
  for (const [key, value] of Object.entries(parsed.schedule)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

const BROWSER_KEY = 'santap.browser';

/** A random id for this browser (kept in localStorage), sent as `browser` in the login redirect. */
export function browserId(): string {
  try {
    const existing = localStorage.getItem(BROWSER_KEY);
    if (existing) return existing;
    const bytes = crypto.getRandomValues(new Uint8Array(6));
    const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(BROWSER_KEY, id);
    return id;
  } catch {
    return 'unknown';
  }
}
