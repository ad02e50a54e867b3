/** Shared steps of the table-booking tests: diners, staff, the gateway page, live events, waiting. */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { reservations, staff } from '@santap/contract';
import type { EndpointInput } from '@santap/contract';
import { authTokens, users } from '../src/db/schema';
import { DEMO_STAFF_PASSWORD } from '../src/seed/ids';
import type { LiveEvent } from '../src/lib/live-events';
import type { SimulatorOutcome } from '../src/services/adapters/payments/gateways/simulator/protocol';
import { hashToken } from '../src/services/flows/accounts/tokens';
import type { TestServer } from './harness';
import type { Client } from './journeys';

type BookingBody = EndpointInput<typeof reservations.createReservation>['body'];

let diners = 0;

/**
 * A registered (ACTIVE) diner with a session, written straight into the database: the OTP login has
 * its own tests, and its per-IP limits would throttle a file that needs many diners.
 */
export async function diner(
  server: TestServer,
  options: { language?: string; status?: 'ACTIVE' | 'GUEST' } = {},
) {
  const db = server.db.database.db;
  const n = ++diners;
  const [user] = await db
    .insert(users)
    .values({
      phone: `+6019${String(5_000_000 + n + Math.floor(Math.random() * 1_000_000))}`,
      status: options.status ?? 'ACTIVE',
      name: `Diner ${n}`,
    })
    .returning();
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId: user!.id,
    expiresAt: new Date(server.clock.now().getTime() + 30 * 24 * 3600 * 1000),
  });
  const client = server.client({
    authToken: token,
    ...(options.language ? { language: options.language } : {}),
  });
  return { client, userId: user!.id, token };
}

/** A logged-in staff member of a demo restaurant (`<nameid>-manager`, `<nameid>-kitchen`). */
export async function staffMember(server: TestServer, username: string) {
  const session = await server
    .client()
    .call(staff.staffLogin, { body: { username, password: DEMO_STAFF_PASSWORD } });
  return { client: server.client({ authToken: session.token }), token: session.token };
}

/** A booking body for kopitiam-ali (1001) with the contact details filled in. */
export function bookingBody(overrides: Partial<BookingBody> = {}): BookingBody {
  return {
    restaurant_id: 1001,
    date: '2026-11-24',
    slot: '19:00',
    guests: 2,
    smoking: false,
    contact_name: 'Siti Aminah',
    email: 'siti@example.com',
    contact_number: '012-345 6789',
    special_request: 'Window seat, please',
    occasion: 'Birthday' as const,
    ...overrides,
  };
}

export const book = (client: Client, overrides: Parameters<typeof bookingBody>[0] = {}) =>
  client.call(reservations.createReservation, { body: bookingBody(overrides) });

/** Submits the simulator's hosted page like a browser; returns where the payer is sent. */
export async function payOnPage(server: TestServer, redirectUrl: string, outcome: SimulatorOutcome) {
  const response = await fetch(
    `${server.baseUrl}${new URL(redirectUrl).pathname}${new URL(redirectUrl).search}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'grab_pay_app', outcome }).toString(),
      redirect: 'manual',
    },
  );
  return new URL(response.headers.get('location') ?? 'http://invalid/');
}

/** Polls `read` until `done` holds (work that finishes after commit: the refund worker). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A websocket on /ws that subscribes to one topic and keeps every event. */
export async function watch(server: TestServer, query: Record<string, string>, topic: string) {
  const url = new URL('/ws', server.baseUrl.replace('http', 'ws'));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const socket = new WebSocket(url);
  const events: LiveEvent[] = [];
  const replies: { type: string; code?: string; topic?: string }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; event?: LiveEvent };
    if (message.type === 'event') events.push(message.event!);
    else replies.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe', topic }));
  const reply = await eventually(
    async () => replies[0],
    (first) => first !== undefined,
  );
  return {
    reply,
    events,
    /** The first event (from now on or already kept) that `match` accepts. */
    async next(match: (event: LiveEvent) => boolean) {
      const found = await eventually(
        async () => events.find(match),
        (event) => event !== undefined,
      );
      if (!found) throw new Error(`no matching event on ${topic}`);
      return found;
    },
    close: () => socket.close(),
  };
}
