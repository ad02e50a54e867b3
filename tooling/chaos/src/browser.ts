/**
 * A diner's browser in a chaos run: the API client with its cart token and table ticket, and an open
 * status page that reconnects and refetches like the diner app.
 */
import WebSocket from 'ws';
import { createApiClient } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { createCartToken } from '@santap/domain';
import { orders } from '@santap/contract';
import type { DinerRecord } from './invariants';
import type { Run } from './run';

export interface Client extends ApiClient {
  cartToken: string;
}

/**
 * A browser: its cart token, the table ticket a table check sets (kept like the `table_ticket`
 * cookie, sent as the `table-ticket` header), and any headers of its own (a kiosk's device headers).
 */
export function clientFor(baseUrl: string, authToken?: string, headers: Record<string, string> = {}): Client {
  const cartToken = createCartToken();
  let ticket: string | undefined;
  const client = createApiClient({
    baseUrl,
    country: () => 'MY',
    language: () => 'en',
    cartToken: () => cartToken,
    authToken: () => authToken,
    timeouts: { main: 15_000, payment: 15_000, cart: 15_000 } as never,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (ticket) request.headers.set('table-ticket', ticket);
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      const response = await fetch(request);
      for (const cookie of response.headers.getSetCookie()) {
        const set = /^table_ticket=([^;]*)/.exec(cookie);
        if (set) ticket = set[1] || undefined;
      }
      return response;
    },
  });
  return Object.assign(client, { cartToken });
}

/**
 * The status a page shows, from the order's events and its re-reads, as the diner app keeps it: the
 * app re-reads on every event and on every (re)subscription, and React Router's revalidation keeps
 * only the latest read, so an answer read before a later change never replaces it. Here an event
 * shows its status at once, and a re-read's answer is shown only if nothing came after it started (a
 * newer event or a newer re-read).
 */
export class PageView {
  status: number | undefined;
  private latest = 0;
  /** An `order.status` event arrived. */
  event(status: number) {
    this.latest++;
    this.status = status;
  }
  /** A re-read starts; call the returned function with its answer. */
  reread(): (status: number) => void {
    const mine = ++this.latest;
    return (status) => {
      if (mine === this.latest) this.status = status;
    };
  }
}

/**
 * An open status page: a websocket through the proxy watching `order:<id>`; when the socket drops
 * (an instance died) it reconnects and refetches the order, as the diner app does
 * (`packages/web` live.ts, use-live-topic.ts), showing what `PageView` keeps.
 */
export class StatusPage {
  private readonly view = new PageView();
  get status(): number | undefined {
    return this.view.status;
  }
  private socket: WebSocket | undefined;
  private closed = false;
  reconnects = 0;
  constructor(
    private readonly run: Run,
    private readonly client: Client,
    private readonly orderId: number,
  ) {}
  open() {
    if (this.closed) return;
    const socket = new WebSocket(`${this.run.wsUrl}?cart_token=${this.client.cartToken}`);
    this.socket = socket;
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'subscribe', topic: `order:${this.orderId}` }));
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as {
        type: string;
        event?: { type: string; data: { order_id?: number; status?: number } };
      };
      if (message.type === 'subscribed') void this.refetch();
      if (message.type === 'event' && message.event?.type === 'order.status') {
        if (message.event.data.order_id === this.orderId && typeof message.event.data.status === 'number') {
          this.view.event(message.event.data.status);
        }
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.closed) return;
      this.reconnects++;
      setTimeout(() => this.open(), 300 + this.run.random() * 700);
    });
  }
  /** After (re)subscribing: the page asks for the order, since events may have been missed meanwhile. */
  private async refetch() {
    const answer = this.view.reread();
    try {
      const order = await this.client.call(orders.orderDetails, { query: { order_id: this.orderId } });
      answer(order.status);
    } catch {
      // the next reconnect refetches
    }
  }
  close() {
    this.closed = true;
    this.socket?.close();
  }
}

export interface Placed {
  diner: DinerRecord;
  orderId: number;
  page: StatusPage;
}
