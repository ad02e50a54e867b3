/**
 * Live status over a websocket (spec §7 "message queue over websocket"; README: Live status).
 *
 * Protocol, one JSON object per text frame:
 *
 *   client -> server
 *     { "type": "subscribe",   "topic": "order:123" }    topics: order:<id>, fc:<id>, restaurant:<id>, user:<id>,
 *                                                        reservation:<id>, tab:<id>
 *     { "type": "unsubscribe", "topic": "order:123" }
 *     { "type": "auth", "token"?, "cart_token"?, "staff_token"? }   replaces the credentials of the upgrade
 *     { "type": "ping" }                                 for clients that cannot send ping frames (browsers)
 *   server -> client
 *     { "type": "subscribed",   "topic" }
 *     { "type": "unsubscribed", "topic" }
 *     { "type": "authenticated" }
 *     { "type": "pong" }
 *     { "type": "error", "message", "code", "topic"? }   message in the caller's language, code a catalogue key
 *     { "type": "event", "event": { "topics", "type", "data" } }   e.g. type 'order.status', data { order_id, status, status_key }
 *
 * Credentials are read at the upgrade: the cart token (query `cart_token` or cookie `cart_token`), the
 * diner's auth token (query `token`, an `authorization: Bearer` / `auth-token` header, or the session
 * cookie; cookies only when the upgrade came from one of our pages) and a staff
 * token (query `staff_token`); an `auth` message may replace them, so browsers need not put tokens in
 * URLs. Every subscribe is authorised (OWASP API1): `order:<id>` for the order's cart token, its user or
 * staff of its restaurant; `fc:<id>` for the food-court order's cart token or user; `restaurant:<id>`
 * for staff of that restaurant; `user:<id>` for that user; `reservation:<id>` for the booking's diner or
 * staff of its restaurant; `tab:<id>` for a let-in member of the table's tab (staff follow tabs on
 * their restaurant's topic). A refusal is the same whether the object
 * exists or not, so ids reveal nothing. Events reach every instance through LISTEN/NOTIFY
 * (lib/live-events.ts), so a client may be connected to any instance.
 *
 * The server pings every 30 s and drops a socket that did not answer the previous ping; it also drops
 * sockets that send oversized frames, binary frames, too many messages, or do not read their events.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { MESSAGE, isCartToken } from '@santap/domain';
import type { MessageKey } from '@santap/domain';
import { inArray } from 'drizzle-orm';
import { authTokens, foodCourtOrders, orders, reservations, staffTokens } from '../db/schema';
import type { AppContext } from '../services/context';
import { CART_COOKIE, SESSION_COOKIE } from '../lib/cookies';
import { INVALID_TOKEN, localeOf } from '../http/route';
import { fromOwnPageOrNone } from '../http/same-origin';
import type { LiveEvent } from '../lib/live-events';
import { resolveStaff, resolveUser } from '../services/flows/accounts/sessions';
import { hashToken } from '../services/flows/accounts/tokens';
import { isTabMember } from '../services/model/tabs';

export const LIVE_LIMITS = {
  /** Topics one socket may watch at once: a diner's pages need a handful, a dashboard one restaurant. */
  subscriptionsPerSocket: 50,
  /** Client frames are tiny control messages. */
  messageBytes: 2048,
  /** Messages per socket per window before the socket is closed. */
  messagesPerWindow: 120,
  windowMs: 10_000,
  pingIntervalMs: 30_000,
  /** Unsent bytes after which a socket that does not read is dropped. */
  bufferedBytes: 1024 * 1024,
} as const;

/**
 * Close codes (RFC 6455): 1003 unsupported data, 1008 policy violation, 1009 message too big, 1011
 * the server could not carry out a request (a fault of ours, such as a lost database connection).
 */
const CLOSE = { unsupported: 1003, policy: 1008, tooBig: 1009, serverError: 1011 } as const;

const MAX_ID = 2_147_483_647; // int4 columns
const tokenText = z.string().min(1).max(512);
const topicSchema = z
  .string()
  .max(40)
  .regex(/^(order|fc|restaurant|user|reservation|tab):[1-9][0-9]{0,9}$/)
  .refine((topic) => Number(topic.split(':')[1]) <= MAX_ID);

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topic: topicSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: topicSchema }),
  z.object({
    type: z.literal('auth'),
    token: tokenText.optional(),
    cart_token: tokenText.optional(),
    staff_token: tokenText.optional(),
  }),
  z.object({ type: z.literal('ping') }),
]);
type ClientMessage = z.infer<typeof clientMessage>;

interface Credentials {
  cartToken: string | undefined;
  authToken: string | undefined;
  staffToken: string | undefined;
}

interface Identity {
  cartToken: string | undefined;
  userId: number | undefined;
  staffRestaurantId: number | undefined;
  /** When the earliest of the diner and staff tokens that named this identity expires (ms); none: never. */
  validUntil: number | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : undefined;
}

/** `cookies`: false when the upgrade came from another site's page (its cookies are not its own). */
function credentialsOf(request: FastifyRequest, cookies: boolean): Credentials {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const header = request.headers.authorization;
  const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  const cookie = (name: string) => (cookies ? text(request.cookies?.[name]) : undefined);
  const cartToken = text(query.cart_token) ?? cookie(CART_COOKIE);
  return {
    cartToken: isCartToken(cartToken) ? cartToken : undefined,
    authToken:
      text(query.token) ?? text(bearer) ?? text(request.headers['auth-token']) ?? cookie(SESSION_COOKIE),
    staffToken: text(query.staff_token),
  };
}

/** Who the credentials name; tokens are checked like route.ts does (hashed, unexpired, not revoked). */
async function resolveIdentity(ctx: AppContext, credentials: Credentials): Promise<Identity> {
  const [user, member] = await Promise.all([
    credentials.authToken ? resolveUser(ctx, credentials.authToken) : null,
    credentials.staffToken ? resolveStaff(ctx, credentials.staffToken) : null,
  ]);
  return {
    cartToken: credentials.cartToken,
    userId: user?.id,
    staffRestaurantId: member?.restaurantId,
    validUntil: await expiryOf(
      ctx,
      user ? credentials.authToken : undefined,
      member ? credentials.staffToken : undefined,
    ),
  };
}

/** The earliest expiry (ms) of the given live tokens, or undefined when none is given. */
async function expiryOf(ctx: AppContext, authToken: string | undefined, staffToken: string | undefined) {
  const times: number[] = [];
  if (authToken) {
    const rows = await ctx.db
      .select({ expiresAt: authTokens.expiresAt })
      .from(authTokens)
      .where(inArray(authTokens.tokenHash, [hashToken(authToken)]));
    times.push(...rows.map((row) => new Date(row.expiresAt).getTime()));
  }
  if (staffToken) {
    const rows = await ctx.db
      .select({ expiresAt: staffTokens.expiresAt })
      .from(staffTokens)
      .where(inArray(staffTokens.tokenHash, [hashToken(staffToken)]));
    times.push(...rows.map((row) => new Date(row.expiresAt).getTime()));
  }
  return times.length > 0 ? Math.min(...times) : undefined;
}

/**
 * Whether the tokens behind a resolved identity still name it: not expired (by the server's clock)
 * and not revoked (signed out, rotated, a staff account switched off).
 */
async function identityHolds(ctx: AppContext, credentials: Credentials, who: Identity): Promise<boolean> {
  if (who.userId === undefined && who.staffRestaurantId === undefined) return true;
  if (who.validUntil !== undefined && ctx.now().getTime() >= who.validUntil) return false;
  const again = await resolveIdentity(ctx, credentials);
  return again.userId === who.userId && again.staffRestaurantId === who.staffRestaurantId;
}

/** Whether this identity may watch a topic (OWASP API1: the object's owner, or its restaurant's staff). */
export async function mayWatch(ctx: AppContext, who: Identity, topic: string): Promise<boolean> {
  const [kind, rawId] = topic.split(':') as [string, string];
  const id = Number(rawId);
  // A user's order only by that user; the cart token only an order of no user (as `ownedBy` of
  // services/orders.ts), so a browser's next guest or diner after a sign-out cannot watch it.
  const ownsRow = (row: { cartToken: string; userId: number | null } | undefined) =>
    !!row &&
    (row.userId !== null
      ? who.userId !== undefined && row.userId === who.userId
      : who.cartToken !== undefined && row.cartToken === who.cartToken);
  switch (kind) {
    case 'order': {
      if (who.cartToken === undefined && who.userId === undefined && who.staffRestaurantId === undefined)
        return false;
      const [row] = await ctx.db
        .select({ cartToken: orders.cartToken, userId: orders.userId, restaurantId: orders.restaurantId })
        .from(orders)
        .where(eq(orders.id, id))
        .limit(1);
      return ownsRow(row) || (!!row && row.restaurantId === who.staffRestaurantId);
    }
    case 'fc': {
      if (who.cartToken === undefined && who.userId === undefined) return false;
      const [row] = await ctx.db
        .select({ cartToken: foodCourtOrders.cartToken, userId: foodCourtOrders.userId })
        .from(foodCourtOrders)
        .where(eq(foodCourtOrders.id, id))
        .limit(1);
      return ownsRow(row);
    }
    case 'restaurant':
      return who.staffRestaurantId === id;
    case 'user':
      return who.userId === id;
    case 'reservation': {
      if (who.userId === undefined && who.staffRestaurantId === undefined) return false;
      const [row] = await ctx.db
        .select({ userId: reservations.userId, restaurantId: reservations.restaurantId })
        .from(reservations)
        .where(eq(reservations.id, id))
        .limit(1);
      return !!row && (row.userId === who.userId || row.restaurantId === who.staffRestaurantId);
    }
    case 'tab':
      // A member by their user, or their cart token on a row of no user (model/tab-rows.ts memberRowsOf).
      return isTabMember(ctx.db, id, { userId: who.userId ?? null, cartToken: who.cartToken ?? null });
    default:
      return false;
  }
}

/** Serves `/ws` (see the protocol above). */
export function registerLiveSocket(app: FastifyInstance, ctx: AppContext) {
  // ws reads maxPayload at each upgrade; /ws is the only websocket route, so bound frames here (ws then
  // closes an oversized frame's socket with 1009 before buffering it).
  const wss = app.websocketServer as
    (typeof app.websocketServer & { options?: { maxPayload?: number } }) | undefined;
  if (wss?.options) wss.options.maxPayload = LIVE_LIMITS.messageBytes;

  const alive = new Map<WebSocket, boolean>();
  /** Per socket: re-checks the tokens its subscriptions were granted on (revocation), each heartbeat. */
  const rechecks = new Map<WebSocket, () => void>();
  const heartbeat = setInterval(() => {
    for (const recheck of rechecks.values()) recheck();
    for (const [socket, answered] of alive) {
      if (!answered) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, ctx.config.liveHeartbeatMs ?? LIVE_LIMITS.pingIntervalMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  // Cross-site websocket hijacking: an upgrade from another site's page gets no use of our cookies.
  const ownPage = new WeakMap<FastifyRequest, boolean>();
  const preValidation = async (request: FastifyRequest) => {
    ownPage.set(request, await fromOwnPageOrNone(ctx, request));
  };
  app.get('/ws', { websocket: true, preValidation }, (socket, request) => {
    const { t } = localeOf(request, ctx);
    let credentials = credentialsOf(request, ownPage.get(request) === true);
    let identity: Promise<Identity> | undefined;
    const subscriptions = new Map<string, () => void>();
    let closed = false;
    let lastEvent: LiveEvent | undefined;
    let windowStart = ctx.now().getTime();
    let windowCount = 0;
    let queue = Promise.resolve();

    const send = (message: Record<string, unknown>) => {
      if (closed || socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > LIVE_LIMITS.bufferedBytes) {
        socket.terminate();
        return;
      }
      socket.send(JSON.stringify(message));
    };
    const refuse = (key: MessageKey, topic?: string) =>
      send({ type: 'error', message: t(key), code: key, ...(topic ? { topic } : {}) });

    // A login ends, its subscriptions end: an expired or revoked diner or staff token closes the
    // socket (1008, after an 'invalid token' error), so the page reconnects with what it holds now.
    let granted: Identity | undefined;
    const endSession = () => {
      if (closed) return;
      send({ type: 'error', message: INVALID_TOKEN, code: MESSAGE.invalidToken });
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      subscriptions.clear();
      socket.close(CLOSE.policy);
    };
    const recheck = () => {
      const who = granted;
      if (!who || closed) return;
      identityHolds(ctx, credentials, who)
        .then((holds) => {
          if (!holds && granted === who) endSession();
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'live socket token re-check failed'));
    };
    rechecks.set(socket, recheck);

    // One event published to several topics this socket watches (order:1 and restaurant:1001) is the
    // same object in one synchronous dispatch: send it once.
    const deliver = (event: LiveEvent) => {
      if (event === lastEvent) return;
      lastEvent = event;
      if (granted?.validUntil !== undefined && ctx.now().getTime() >= granted.validUntil) return endSession();
      send({ type: 'event', event });
    };

    const handle = async (message: ClientMessage) => {
      switch (message.type) {
        case 'ping':
          return send({ type: 'pong' });
        case 'auth':
          credentials = {
            cartToken: isCartToken(message.cart_token) ? message.cart_token : undefined,
            authToken: message.token,
            staffToken: message.staff_token,
          };
          identity = undefined;
          // New credentials: what the old ones granted ends now; subscribe again under the new ones.
          for (const unsubscribe of subscriptions.values()) unsubscribe();
          subscriptions.clear();
          granted = undefined;
          return send({ type: 'authenticated' });
        case 'unsubscribe':
          subscriptions.get(message.topic)?.();
          subscriptions.delete(message.topic);
          return send({ type: 'unsubscribed', topic: message.topic });
        case 'subscribe': {
          const { topic } = message;
          if (subscriptions.has(topic)) return send({ type: 'subscribed', topic });
          if (subscriptions.size >= LIVE_LIMITS.subscriptionsPerSocket)
            return refuse(MESSAGE.tooManyRequests, topic);
          identity ??= resolveIdentity(ctx, credentials).catch((error: unknown) => {
            identity = undefined; // a database hiccup must not refuse this socket for good
            throw error;
          });
          const who = await identity;
          const allowed = await mayWatch(ctx, who, topic);
          if (closed) return;
          if (!allowed) return refuse(MESSAGE.forbidden, topic);
          granted = who;
          const unsubscribe = ctx.events.subscribe(topic, deliver);
          // A staff screen on its restaurant's orders is a kitchen board (ctx.metrics, the silent-board alert).
          const board = topic.startsWith('restaurant:')
            ? ctx.metrics.kitchenBoardConnected(Number(topic.slice('restaurant:'.length)))
            : undefined;
          subscriptions.set(
            topic,
            board
              ? () => {
                  unsubscribe();
                  board();
                }
              : unsubscribe,
          );
          return send({ type: 'subscribed', topic });
        }
      }
    };

    // This instance's LISTEN connection was cut and is back: events of the gap never came. Each
    // subscription is acknowledged again, which is where a page re-reads what it shows (as after its
    // own reconnect); a socket is not closed for it, so a database blip causes no reconnect storm.
    const stopResumed = ctx.events.onResumed(() => {
      for (const topic of subscriptions.keys()) send({ type: 'subscribed', topic });
    });

    const socketClosed = ctx.metrics.liveSocketOpened();
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return socket.close(CLOSE.unsupported);
      const now = ctx.now().getTime();
      if (now - windowStart >= LIVE_LIMITS.windowMs || now < windowStart) {
        windowStart = now;
        windowCount = 0;
      }
      if (++windowCount > LIVE_LIMITS.messagesPerWindow) return socket.close(CLOSE.policy);
      const raw = Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.isBuffer(data)
          ? data
          : Buffer.from(data);
      if (raw.length > LIVE_LIMITS.messageBytes) return socket.close(CLOSE.tooBig);
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        return refuse(MESSAGE.invalidInput);
      }
      const result = clientMessage.safeParse(parsed);
      if (!result.success) return refuse(MESSAGE.invalidInput);
      // Handled in order, so replies come back in the order of the requests.
      queue = queue
        .then(() => handle(result.data))
        .catch((error: unknown) => {
          // A fault of ours (a database connection cut mid-subscribe), not a refusal: the page's
          // subscription would silently never start. Closing makes the page reconnect with backoff and
          // subscribe again, and re-read the order on 'subscribed', as after any dropped socket.
          request.log.error({ err: error }, 'live socket message failed');
          refuse(MESSAGE.somethingWentWrong);
          socket.close(CLOSE.serverError);
        });
    });
    socket.on('close', () => {
      closed = true;
      socketClosed();
      stopResumed();
      alive.delete(socket);
      rechecks.delete(socket);
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      subscriptions.clear();
    });
  });
}
