import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auth, payments, staff as staffApi } from '@santap/contract';
import { configFromEnv } from '../config';
import { payments as paymentRows, refunds } from '../db/schema';
import { parseNetworks } from '../lib/networks';
import type { NetworkEntry } from '../lib/networks';
import { DEMO_STAFF_PASSWORD } from '../seed/ids';
import { STUCK_AFTER_MINUTES } from '../services/flows/payments/open-counts';
import { processRefund } from '../services/flows/payments/refund-gateway';
import { eventually } from '../../test/eventually';
import { ENGINES, openTestDatabase, startTestServer } from '../../test/harness';
import type { TestDatabase, TestServer } from '../../test/harness';
import { placeDineInOrder, placeOnlineOrder } from '../../test/journeys';
import { freshPhone } from '../../test/phones';
import { sampleValue, samples, scrape } from '../../test/metrics-kit';

const PHONE_BLOCK = '+60188';
const TOKEN = 'scrape-token-0123456789abcdef';
const OFFICE = (parseNetworks('10.20.0.0/16, fd00:20::/32') as { entries: NetworkEntry[] }).entries;

/** Opens a live socket and waits for `reply` to a subscribe. */
async function liveSocket(server: TestServer, query: Record<string, string>, topic?: string) {
  const url = new URL('/ws', server.baseUrl.replace('http', 'ws'));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (topic) {
    const answered = new Promise<unknown>((resolve) =>
      socket.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    socket.send(JSON.stringify({ type: 'subscribe', topic }));
    expect(await answered).toMatchObject({ type: 'subscribed', topic });
  }
  return socket;
}

describe.each(ENGINES)('/metrics on %s', (engine) => {
  let db: TestDatabase;
  /** The default: loopback only, no proxy trusted. */
  let server: TestServer;
  /** METRICS_ALLOW=10.20.0.0/16,fd00:20::/32, METRICS_TOKEN, TRUST_PROXY=1. */
  let configured: TestServer;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
    server = await startTestServer(engine, { database: db });
    configured = await startTestServer(engine, {
      database: db,
      config: {
        trustProxy: 1,
        observability: { metricsAllow: OFFICE, metricsToken: TOKEN },
      },
    });
  });
  afterAll(async () => {
    await configured?.close();
    await server?.close();
    await db?.close();
  });

  const scrapeAs = (target: TestServer, remoteAddress: string, headers: Record<string, string> = {}) =>
    target.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('a scrape from loopback -> 200 in the Prometheus text format, not cached', async () => {
    const reply = await scrapeAs(server, '127.0.0.1');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body).toContain('# TYPE santap_http_requests_total counter');
    expect(reply.body).toContain('# TYPE process_cpu_user_seconds_total counter');
  });

  it('a scrape from outside the allowed networks -> 404 like a missing path, no metric in it', async () => {
    for (const address of ['203.0.113.7', '10.21.0.1', '::ffff:198.51.100.2', '2001:db8::1']) {
      const reply = await scrapeAs(configured, address);
      expect(reply.statusCode, address).toBe(404);
      expect(reply.body).not.toContain('santap_');
      expect(reply.json()).toMatchObject({ statusCode: 404, code: 'errors.notFound' });
    }
    expect((await scrapeAs(server, '10.20.3.4')).statusCode).toBe(404);
  });

  it('METRICS_ALLOW networks -> 200 from inside them (IPv4, mapped IPv4 and IPv6)', async () => {
    for (const address of ['10.20.3.4', '::ffff:10.20.250.1', 'fd00:20::9']) {
      expect((await scrapeAs(configured, address)).statusCode, address).toBe(200);
    }
  });

  it('METRICS_TOKEN as a bearer -> 200 from anywhere; a wrong or missing token -> 404', async () => {
    const outside = '203.0.113.7';
    expect((await scrapeAs(configured, outside, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await scrapeAs(configured, outside, { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404);
    expect((await scrapeAs(configured, outside, { authorization: TOKEN })).statusCode).toBe(404);
    expect((await scrapeAs(server, outside, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404);
  });

  it('through a proxy: untrusted -> 404 even on loopback; trusted -> the forwarded client is judged', async () => {
    // A proxy on this machine, not in TRUST_PROXY: the socket is loopback but the client is not.
    expect((await scrapeAs(server, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    expect((await scrapeAs(server, '127.0.0.1', { 'x-real-ip': '127.0.0.1' })).statusCode).toBe(404);
    expect((await scrapeAs(server, '127.0.0.1', { forwarded: 'for=127.0.0.1' })).statusCode).toBe(404);
    // TRUST_PROXY=1: X-Forwarded-For names the client.
    expect((await scrapeAs(configured, '127.0.0.1', { 'x-forwarded-for': '10.20.1.1' })).statusCode).toBe(
      200,
    );
    expect((await scrapeAs(configured, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(
      404,
    );
  });

  it('an order create -> santap_order_creates_total and its histogram move by one', async () => {
    const before = await scrape(server);
    const labels = { channel: 'diner', result: 'placed' };
    await placeDineInOrder(server.client());
    const after = await scrape(server);
    expect(sampleValue(after, 'santap_order_creates_total', labels)).toBe(
      sampleValue(before, 'santap_order_creates_total', labels) + 1,
    );
    expect(sampleValue(after, 'santap_order_create_duration_seconds_count', labels)).toBe(
      sampleValue(before, 'santap_order_create_duration_seconds_count', labels) + 1,
    );
    expect(sampleValue(after, 'santap_order_create_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      sampleValue(after, 'santap_order_create_duration_seconds_count', labels),
    );
  });

  it('request labels carry the route pattern, never the ids of the URL', async () => {
    await placeDineInOrder(server.client()); // scans table 5003 of restaurant 1001
    await fetch(`${server.baseUrl}/api/no-such-call/987654`);
    const text = await scrape(server);
    const routes = samples(text, 'santap_http_requests_total').map((sample) => sample.labels.route!);
    expect(routes).toContain('/api/restaurant/new/:restaurantId/tables/:tableId');
    expect(routes).toContain('(not found)');
    expect(routes.filter((route) => /5003|987654/.test(route))).toEqual([]);
    expect(
      sampleValue(text, 'santap_http_requests_total', { route: '(not found)', status_code: '404' }),
    ).toBeGreaterThan(0);
    // The scrapes themselves are not counted.
    expect(routes).not.toContain('/metrics');
  });

  it('a payment left pending past its window -> santap_payments_open, then santap_payments_stuck', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    await client.call(payments.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    const open = (text: string) =>
      samples(text, 'santap_payments_open')
        .filter((sample) => sample.labels.gateway === 'simulator')
        .reduce((sum, sample) => sum + sample.value, 0);
    const now = await scrape(server);
    expect(open(now)).toBeGreaterThanOrEqual(1);
    const stuckBefore = sampleValue(now, 'santap_payments_stuck', { gateway: 'simulator' });
    server.clock.advance(STUCK_AFTER_MINUTES * 60 + 60);
    try {
      const later = await scrape(server);
      expect(sampleValue(later, 'santap_payments_stuck', { gateway: 'simulator' })).toBeGreaterThan(
        stuckBefore,
      );
    } finally {
      server.clock.advance(-(STUCK_AFTER_MINUTES * 60 + 60));
    }
  });

  it('a refund the gateway refuses -> santap_refunds_failed_total of its gateway moves by one', async () => {
    const before = sampleValue(await scrape(server), 'santap_refunds_failed_total', { gateway: 'simulator' });
    // A payment the simulator never took: it refuses the refund ('unknown payment').
    const db = server.app.santap.db;
    const [payment] = await db
      .insert(paymentRows)
      .values({ provider: 'simulator', method: 'Wallet', amount: 1200, currency: 'MYR', state: 'success' })
      .returning({ id: paymentRows.id });
    const [refund] = await db
      .insert(refunds)
      .values({
        paymentId: payment!.id,
        amount: 1200,
        reason: 'staff_refund',
        state: 'refund_initiated',
        refundKey: `metrics-${randomBytes(6).toString('hex')}`,
      })
      .returning({ id: refunds.id });
    expect(await processRefund(server.app.santap, refund!.id)).toBe('failed');
    expect(sampleValue(await scrape(server), 'santap_refunds_failed_total', { gateway: 'simulator' })).toBe(
      before + 1,
    );
  });

  it('live sockets and a kitchen board -> counted while open, gone when closed', async () => {
    const login = await server.client().call(staffApi.staffLogin, {
      body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    });
    const before = await scrape(server);
    const sockets = sampleValue(before, 'santap_live_sockets_open');
    const diner = await liveSocket(server, {});
    const board = await liveSocket(server, { staff_token: login.token }, 'restaurant:1001');
    const during = await scrape(server);
    expect(sampleValue(during, 'santap_live_sockets_open')).toBe(sockets + 2);
    expect(sampleValue(during, 'santap_kitchen_boards_connected', { restaurant_id: '1001' })).toBe(1);
    board.close();
    diner.close();
    await eventually(async () => {
      const after = await scrape(server);
      expect(sampleValue(after, 'santap_live_sockets_open')).toBe(sockets);
      expect(samples(after, 'santap_kitchen_boards_connected')).toEqual([]);
    });
  });

  it('restaurants open at lunchtime -> santap_restaurant_open_now 1 for each', async () => {
    const text = await scrape(server);
    expect(sampleValue(text, 'santap_restaurant_open_now', { restaurant_id: '1001' })).toBe(1);
  });

  it('an event published -> its NOTIFY lag observed on arrival', async () => {
    const before = sampleValue(await scrape(server), 'santap_live_notify_lag_seconds_count');
    await placeDineInOrder(server.client()); // order.created, published after the commit
    await eventually(async () =>
      expect(sampleValue(await scrape(server), 'santap_live_notify_lag_seconds_count')).toBeGreaterThan(
        before,
      ),
    );
  });

  it('an OTP sent -> santap_otp_sends_total by channel and result', async () => {
    const labels = { channel: 'sms', result: 'sent' };
    const before = sampleValue(await scrape(server), 'santap_otp_sends_total', labels);
    await server.client().call(auth.sendOtp, { body: { phone: freshPhone(PHONE_BLOCK), channel: 'sms' } });
    expect(sampleValue(await scrape(server), 'santap_otp_sends_total', labels)).toBe(before + 1);
  });
});

describe('METRICS_ALLOW at start-up', () => {
  const DEV = { NODE_ENV: 'development' } as const;

  it('addresses and CIDRs, IPv4 and IPv6 -> parsed', () => {
    expect(
      configFromEnv({ ...DEV, METRICS_ALLOW: '10.0.0.0/8, 192.168.1.5 fd00::/8' }).observability
        ?.metricsAllow,
    ).toEqual([
      { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
      { address: '192.168.1.5', prefix: 32, family: 'ipv4' },
      { address: 'fd00::', prefix: 8, family: 'ipv6' },
    ]);
    expect(configFromEnv({ ...DEV }).observability?.metricsAllow).toEqual([]);
  });

  it('a malformed entry -> the server refuses to start, naming it', () => {
    for (const bad of ['10.0.0.0/33', 'office-lan', '10.0.0/8', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x']) {
      expect(() => configFromEnv({ ...DEV, METRICS_ALLOW: `127.0.0.1, ${bad}` }), bad).toThrow(
        `METRICS_ALLOW: '${bad}' is not an IP address or CIDR range`,
      );
    }
  });

  it('a METRICS_TOKEN shorter than 16 characters -> refused at start', () => {
    expect(() => configFromEnv({ ...DEV, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(configFromEnv({ ...DEV, METRICS_TOKEN: TOKEN }).observability?.metricsToken).toBe(TOKEN);
  });
});
