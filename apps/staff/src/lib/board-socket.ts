/**
 * The board's live channel: the server's websocket `/ws` (apps/api routes/live.ts), authenticated
 * with the staff token in an `auth` message (never in the URL), subscribed to `restaurant:<id>`.
 * Reconnects with backoff (1 s, 2 s, 4 s … 10 s: a kitchen board must not stay behind for long) and
 * tells the board when it is back, so the board refetches what it may have missed.
 */
export interface BoardSocket {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

let makeSocket: (url: string) => BoardSocket = (url) => new WebSocket(url);

/** Tests give a fake socket; returns the previous maker. */
export function setBoardSocketFactory(factory: (url: string) => BoardSocket) {
  const previous = makeSocket;
  makeSocket = factory;
  return previous;
}

export interface BoardChannelHandlers {
  /** A live event named this order (created, status, item, payment…). */
  onOrderEvent(orderId: number): void;
  /** Any other event of the restaurant (type and data as sent). */
  onOtherEvent?(type: string, data: unknown): void;
  /** A diner called a waiter or asked for the bill, or staff acknowledged it (no order changed). */
  onTableRequest?(): void;
  /** The socket is subscribed (true) or dropped (false). */
  onConnected(connected: boolean): void;
  /** Subscribed again after a drop: events may have been missed. */
  onReconnect(): void;
}

const PING_MS = 25_000;
const MAX_BACKOFF_MS = 10_000;

export function liveSocketUrl(origin = window.location.origin): string {
  const url = new URL('/ws', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * The channel also follows the device: when it says it went offline the socket is dropped at once (a
 * silent dead socket would never close) and `onConnected(false)` is told; when it is back the channel
 * tries at once instead of waiting out the backoff.
 */
export interface BoardChannel {
  close(): void;
}

export function openBoardChannel(
  restaurantId: number,
  token: string,
  handlers: BoardChannelHandlers,
): BoardChannel {
  let socket: BoardSocket | undefined;
  let stopped = false;
  let attempt = 0;
  let everSubscribed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  const topic = `restaurant:${restaurantId}`;

  const connect = () => {
    if (stopped) return;
    let current: BoardSocket;
    try {
      current = makeSocket(liveSocketUrl());
    } catch {
      scheduleRetry();
      return;
    }
    socket = current;
    current.onopen = () => {
      current.send(JSON.stringify({ type: 'auth', staff_token: token }));
      current.send(JSON.stringify({ type: 'subscribe', topic }));
      clearInterval(ping);
      ping = setInterval(() => {
        if (current.readyState === 1) current.send(JSON.stringify({ type: 'ping' }));
      }, PING_MS);
    };
    current.onmessage = (message) => {
      if (stopped || typeof message.data !== 'string') return;
      let frame: { type?: string; topic?: string; event?: { type?: string; data?: unknown } };
      try {
        frame = JSON.parse(message.data) as typeof frame;
      } catch {
        return;
      }
      if (frame.type === 'subscribed' && frame.topic === topic) {
        attempt = 0;
        handlers.onConnected(true);
        if (everSubscribed) handlers.onReconnect();
        everSubscribed = true;
      } else if (frame.type === 'event' && frame.event?.type === 'table.request') {
        handlers.onTableRequest?.();
      } else if (frame.type === 'event' && frame.event) {
        const data = frame.event.data as { order_id?: unknown } | undefined;
        if (typeof data?.order_id === 'number') handlers.onOrderEvent(data.order_id);
        else handlers.onOtherEvent?.(frame.event.type ?? '', frame.event.data);
      } else if (frame.type === 'error' && frame.topic === topic) {
        // Refused (the token was revoked meanwhile): the next call's 401 logs the console out.
        current.close(1000);
      }
    };
    current.onerror = () => undefined;
    current.onclose = () => {
      clearInterval(ping);
      if (socket === current) socket = undefined;
      if (!stopped) handlers.onConnected(false);
      scheduleRetry();
    };
  };

  const scheduleRetry = () => {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt));
    attempt += 1;
  };

  const wentOffline = () => {
    handlers.onConnected(false);
    socket?.close(1000);
  };
  const cameBack = () => {
    if (stopped || socket) return;
    clearTimeout(retry);
    attempt = 0;
    connect();
  };
  window.addEventListener('offline', wentOffline);
  window.addEventListener('online', cameBack);

  connect();
  return {
    close() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', cameBack);
      socket?.close(1000);
      socket = undefined;
    },
  };
}
