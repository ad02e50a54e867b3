/**
 * The server's Prometheus metrics (apps/api docs, Observability): one registry per server, so tests
 * that start several servers in one process count apart; the process's own metrics (CPU, memory, event
 * loop, GC) in one registry per process. The floors below count through the methods here (ctx.metrics);
 * what is read from the database at scrape time comes in through {@link ScrapeSources}, given by the
 * server once its context exists (src/http/metrics.ts), so this file needs no flow.
 *
 * Labels never carry a raw URL, an id of an order or a person: a route is its pattern, a restaurant
 * its id (a bounded set, needed by the kitchen-board alert).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DomainError } from '@santap/domain';
import { ApiFailure } from './errors';
import type { LiveEventsObserver } from './live-events';

/** Where an order create came from: the diner's cart, a food court's, a scheduled order, a kiosk. */
export type OrderChannel = 'diner' | 'foodcourt' | 'scheduled' | 'kiosk';

/** Unsettled payments of one gateway in one state, and how many of them are past the gateway's window. */
export interface OpenPaymentCount {
  gateway: string;
  state: string;
  count: number;
  stuck: number;
}

/** What a scrape reads from the database (cheap reads; see src/http/metrics.ts). */
export interface ScrapeSources {
  openPayments(): Promise<OpenPaymentCount[]>;
  /** Ids of the restaurants open for orders now (their timings, time zone and switch). */
  openRestaurants(): Promise<number[]>;
  /** A read that failed: said in the log; its gauges are left empty for this scrape. */
  failed(source: string, error: unknown): void;
}

export interface Metrics {
  /** The text exposition of this server's and the process's metrics. */
  scrape(): Promise<string>;
  readonly contentType: string;
  /** One answered HTTP request: `route` is the route's pattern (`/api/orders/:id`), never the URL. */
  httpRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** Times an order create and counts it by result: placed, refused (a rule said no) or failed. */
  timeOrderCreate<T>(channel: OrderChannel, create: () => Promise<T>): Promise<T>;
  /** A refund the gateway refused for good (staff must act). */
  refundFailed(gateway: string): void;
  /** One OTP handed to its sender, or refused by it. */
  otpSend(channel: string, result: 'sent' | 'failed'): void;
  /** A live socket opened; call the returned function when it closes. */
  liveSocketOpened(): () => void;
  /** A staff screen now watches a restaurant's orders (the kitchen board); call the returned function when it stops. */
  kitchenBoardConnected(restaurantId: number): () => void;
  /** Given to the live-events bus: LISTEN reconnects and NOTIFY lag. */
  readonly liveEvents: LiveEventsObserver;
  /** The database reads of the scrape-time gauges (set once by the server). */
  collectFrom(sources: ScrapeSources): void;
}

/** Seconds; an API call is mostly under 50 ms, a page render or an upload up to seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; an order create is ~8 round trips in one transaction, p99 should stay well under 1 s. */
const ORDER_BUCKETS = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2, 5];
/** Seconds from a publish to its arrival on a LISTEN connection (usually a few ms). */
const NOTIFY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

let processRegistry: Registry | undefined;

/** Process metrics (prom-client's defaults: process_*, nodejs_*), once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const once = (release: () => void) => {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  let sources: ScrapeSources | undefined;

  const httpRequests = new Counter({
    name: 'santap_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'santap_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const orderCreates = new Counter({
    name: 'santap_order_creates_total',
    help: 'Order creates by channel (diner, foodcourt, scheduled, kiosk) and result (placed, refused, failed).',
    labelNames: ['channel', 'result'] as const,
    registers,
  });
  const orderCreateDuration = new Histogram({
    name: 'santap_order_create_duration_seconds',
    help: 'Time of an order create (its whole transaction), by channel and result.',
    labelNames: ['channel', 'result'] as const,
    buckets: ORDER_BUCKETS,
    registers,
  });
  const refundsFailed = new Counter({
    name: 'santap_refunds_failed_total',
    help: 'Refunds a gateway refused for good (a manager must hand the money back another way).',
    labelNames: ['gateway'] as const,
    registers,
  });
  const otpSends = new Counter({
    name: 'santap_otp_sends_total',
    help: 'OTP codes handed to a sender, by channel (sms, whatsapp) and result (sent, failed).',
    labelNames: ['channel', 'result'] as const,
    registers,
  });
  const liveSockets = new Gauge({
    name: 'santap_live_sockets_open',
    help: 'Live websockets (/ws) open on this instance.',
    registers,
  });
  const boards = new Map<number, number>();
  new Gauge({
    name: 'santap_kitchen_boards_connected',
    help: "Staff screens on this instance watching a restaurant's orders live (kitchen boards), per restaurant.",
    labelNames: ['restaurant_id'] as const,
    registers,
    collect() {
      this.reset();
      for (const [restaurantId, count] of boards) this.set({ restaurant_id: String(restaurantId) }, count);
    },
  });
  const listenReconnects = new Counter({
    name: 'santap_live_listen_reconnects_total',
    help: "Times this instance's LISTEN connection was lost and came back (events of the gap were missed).",
    registers,
  });
  const notifyLag = new Histogram({
    name: 'santap_live_notify_lag_seconds',
    help: 'Seconds from an event published (NOTIFY) to its arrival on this instance (LISTEN).',
    buckets: NOTIFY_BUCKETS,
    registers,
  });
  const collectFailures = new Counter({
    name: 'santap_metrics_collect_failures_total',
    help: 'Scrape-time database reads that failed (their gauges were empty in that scrape), by source.',
    labelNames: ['source'] as const,
    registers,
  });

  // Read at scrape time from the database, never counted in memory: correct across every instance
  // and every restart. Read once per scrape, before the registry renders (see `scrape`).
  let read: { payments: OpenPaymentCount[]; open: number[] } = { payments: [], open: [] };
  const readSources = async () => {
    const attempt = async <T>(
      source: string,
      fetch: (given: ScrapeSources) => Promise<T[]>,
    ): Promise<T[]> => {
      try {
        return sources ? await fetch(sources) : [];
      } catch (error) {
        collectFailures.inc({ source });
        sources?.failed(source, error);
        return [];
      }
    };
    const [payments, open] = await Promise.all([
      attempt('payments', (given) => given.openPayments()),
      attempt('restaurants', (given) => given.openRestaurants()),
    ]);
    read = { payments, open };
  };
  new Gauge({
    name: 'santap_payments_open',
    help: 'Payments not settled yet (initiated, processing, pending), by gateway and state.',
    labelNames: ['gateway', 'state'] as const,
    registers,
    collect() {
      this.reset();
      for (const row of read.payments) this.set({ gateway: row.gateway, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'santap_payments_stuck',
    help: "Payments still unsettled past their gateway's window (expiry and margin): reconciliation could not close them.",
    labelNames: ['gateway'] as const,
    registers,
    collect() {
      this.reset();
      const stuck = new Map<string, number>();
      for (const row of read.payments) stuck.set(row.gateway, (stuck.get(row.gateway) ?? 0) + row.stuck);
      for (const [gateway, count] of stuck) this.set({ gateway }, count);
    },
  });
  new Gauge({
    name: 'santap_restaurant_open_now',
    help: 'Restaurants open for orders now (1; closed ones are absent): with the kitchen boards, the silent-board alert.',
    labelNames: ['restaurant_id'] as const,
    registers,
    collect() {
      this.reset();
      for (const id of read.open) this.set({ restaurant_id: String(id) }, 1);
    },
  });

  // Printer queues (CloudPRNT / Server Direct Print, ARCHITECTURE "Real parts") are not built yet.
  // When they are, their gauges go here, read at scrape time like the payments above:
  // santap_printer_jobs_queued{restaurant_id}, santap_printer_oldest_job_age_seconds{restaurant_id}
  // and santap_printer_last_poll_age_seconds{restaurant_id} (a printer that stopped polling), with a
  // dashboard row and an alert beside the kitchen board's (deploy/observability).

  return {
    contentType: registry.contentType,
    async scrape() {
      await readSources();
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${own}\n${process}`;
    },
    httpRequest(method, route, statusCode, seconds) {
      httpRequests.inc({ method, route, status_code: String(statusCode) });
      httpDuration.observe({ method, route }, seconds);
    },
    async timeOrderCreate(channel, create) {
      const end = orderCreateDuration.startTimer({ channel });
      let result: 'placed' | 'refused' | 'failed' = 'failed';
      try {
        const placed = await create();
        result = 'placed';
        return placed;
      } catch (error) {
        if (error instanceof ApiFailure || error instanceof DomainError) result = 'refused';
        throw error;
      } finally {
        end({ result });
        orderCreates.inc({ channel, result });
      }
    },
    refundFailed(gateway) {
      refundsFailed.inc({ gateway });
    },
    otpSend(channel, result) {
      otpSends.inc({ channel, result });
    },
    liveSocketOpened() {
      liveSockets.inc();
      return once(() => liveSockets.dec());
    },
    kitchenBoardConnected(restaurantId) {
      boards.set(restaurantId, (boards.get(restaurantId) ?? 0) + 1);
      return once(() => {
        const left = (boards.get(restaurantId) ?? 1) - 1;
        if (left > 0) boards.set(restaurantId, left);
        else boards.delete(restaurantId);
      });
    },
    liveEvents: {
      resumed: () => listenReconnects.inc(),
      received: (lagSeconds) => notifyLag.observe(Math.max(0, lagSeconds)),
    },
    collectFrom(given) {
      sources = given;
    },
  };
}
