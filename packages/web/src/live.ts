/**
 * Live updates over the server's websocket `/ws` (apps/api/src/routes/live.ts): subscribe to a topic
 * (`order:<id>`, `fc:<id>`), and call back on every `{ type: 'event' }` frame and on the server's
 * `{ type: 'subscribed' }` acknowledgement (where a page re-reads what it shows). Reconnects with backoff
 * (1 s, 2 s, 4 s … 30 s) and keeps the page alive with `ping` messages. Shared by the apps: the staff's
 * board adds its token (`auth`), a shorter backoff and the device's offline / online (`LiveOptions`).
 */

/** The part of the browser's WebSocket the live channel uses (a fake one stands in for tests). */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export type LiveSocketFactory = (url: string) => LiveSocket;

let socketFactory: LiveSocketFactory = (url) => new WebSocket(url);

/** Replaces how sockets are made (tests inject a fake WebSocket); returns the previous factory. */
export function setLiveSocketFactory(factory: LiveSocketFactory): LiveSocketFactory {
  const previous = socketFactory;
  socketFactory = factory;
  return previous;
}

/** One event of the live channel, e.g. `{ type: 'order.status', data: { order_id, status, status_key } }`. */
export interface LiveEvent {
  type: string;
  data: unknown;
}

/**
 * `ws(s)://<api host>/ws`: the server reads the browser's cookies (cart token, diner session) at the
 * upgrade, so no credential goes in the URL; `apiBase` is the API origin, empty for the page's own.
 */
export function liveUrl(apiBase = ''): string {
  const base = new URL(apiBase || window.location.origin);
  const url = new URL('/ws', base);
  url.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

const OPEN = 1;
const PING_EVERY_MS = 25_000;
const MAX_BACKOFF_MS = 30_000;

/** Backoff before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped at `max` (30 s). */
export function backoffMs(attempt: number, max = MAX_BACKOFF_MS): number {
  return Math.min(max, 1000 * 2 ** attempt);
}

export interface LiveSubscription {
  close(): void;
}

export interface LiveHandlers {
  onEvent: (event: LiveEvent) => void;
  /** A dropped connection is back: events may have been missed meanwhile, so the caller refetches. */
  onReconnect?: () => void;
  /** The socket opened (true) or dropped (false). */
  onConnectionChange?: (connected: boolean) => void;
  /**
   * The server acknowledged the subscription (`{ type: 'subscribed' }`), on the first connection and
   * after every reconnect. Events are delivered only from here on: a change made between the page's
   * first read and this moment sent no event to this page, so a page re-reads here.
   */
  onSubscribed?: () => void;
}

/** How a channel connects; the diner's pages need none of it, the staff's board all. */
export interface LiveOptions {
  /** The API origin; empty (the default) for the page's own. */
  apiBase?: string;
  /**
   * Sent as `{ type: 'auth', ...auth }` before the subscription (the staff token: a credential never
   * goes in the URL). A channel with `auth` treats the server's refusal of its topic (`{ type:
   * 'error' }`, a token revoked meanwhile) as a drop: the socket is closed and tried again with a
   * backoff that restarts only once a subscription is acknowledged.
   */
  auth?: Readonly<Record<string, string>>;
  /** The longest wait between attempts; 30 s unless given. */
  maxBackoffMs?: number;
  /**
   * Follow the device's `offline` / `online` events: offline drops the socket at once (a silent dead
   * socket would never close) and tells `onConnectionChange(false)`; online connects afresh at once
   * instead of waiting out the backoff, even when an attempt made meanwhile is open (its
   * subscription's acknowledgement is where a page re-reads what it missed).
   */
  followDevice?: boolean;
}

/** Watches `topic` (such as `order:42`) until `close()`; `onEvent` runs for each event. */
export function watchTopic(
  topic: string,
  handlers: LiveHandlers,
  options: LiveOptions = {},
): LiveSubscription {
  const { apiBase = '', auth } = options;
  let socket: LiveSocket | undefined;
  let attempt = 0;
  let everOpened = false;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const connect = () => {
    if (stopped) return;
    let current: LiveSocket;
    try {
      current = socketFactory(liveUrl(apiBase));
    } catch {
      scheduleRetry();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (stopped) return;
      if (auth) current.send(JSON.stringify({ type: 'auth', ...auth }));
      current.send(JSON.stringify({ type: 'subscribe', topic }));
      handlers.onConnectionChange?.(true);
      if (everOpened) handlers.onReconnect?.();
      everOpened = true;
      if (!auth) attempt = 0;
      clearInterval(pingTimer);
      pingTimer = setInterval(() => {
        if (current.readyState === OPEN) current.send(JSON.stringify({ type: 'ping' }));
      }, PING_EVERY_MS);
    };
    current.onmessage = (message) => {
      if (stopped || typeof message.data !== 'string') return;
      let frame: unknown;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      if (isEventFrame(frame)) handlers.onEvent(frame.event);
      else if (isTopicFrame(frame, 'subscribed', topic)) {
        attempt = 0;
        handlers.onSubscribed?.();
      } else if (auth && isTopicFrame(frame, 'error', topic)) current.close(1000);
    };
    current.onerror = () => undefined; // a close follows every error; retry there
    current.onclose = () => {
      clearInterval(pingTimer);
      if (socket === current) socket = undefined;
      if (!stopped) handlers.onConnectionChange?.(false);
      scheduleRetry();
    };
  };

  const scheduleRetry = () => {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, backoffMs(attempt, options.maxBackoffMs));
    attempt += 1;
  };

  /** Lets the current socket go without waiting for its close event (which an offline device may
   * deliver late or never): nothing it does afterwards reaches the handlers. */
  const abandon = () => {
    const current = socket;
    socket = undefined;
    clearInterval(pingTimer);
    if (!current) return;
    current.onopen = null;
    current.onmessage = null;
    current.onclose = null;
    current.close(1000);
  };
  const wentOffline = () => {
    if (stopped) return;
    handlers.onConnectionChange?.(false);
    abandon();
    scheduleRetry();
  };
  const cameBack = () => {
    if (stopped) return;
    // Any socket now was made while the device was offline: one still connecting may hang, and one
    // that did open (a flapping network; a browser that blocked only its fetches) came while the
    // page's own reads failed. Start afresh either way: the new subscription makes the page re-read.
    abandon();
    clearTimeout(retryTimer);
    attempt = 0;
    connect();
  };
  if (options.followDevice) {
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', cameBack);
  }

  connect();
  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', cameBack);
      const current = socket;
      socket = undefined;
      current?.close(1000);
    },
  };
}

/** The server's answer to this channel's subscription: `subscribed`, or `error` for a refusal. */
function isTopicFrame(frame: unknown, kind: 'subscribed' | 'error', topic: string): boolean {
  if (typeof frame !== 'object' || frame === null) return false;
  const { type, topic: named } = frame as { type?: unknown; topic?: unknown };
  return type === kind && named === topic;
}

function isEventFrame(frame: unknown): frame is { type: 'event'; event: LiveEvent } {
  if (typeof frame !== 'object' || frame === null) return false;
  const { type, event } = frame as { type?: unknown; event?: unknown };
  return (
    type === 'event' &&
    typeof event === 'object' &&
    event !== null &&
    typeof (event as { type?: unknown }).type === 'string'
  );
}
