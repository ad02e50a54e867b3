/**
 * Table tickets (docs/security.md, Dine-in table tickets): the proof that a diner scanned a table's
 * QR. The table check of a scan (`tables.restaurant`, `tables.foodCourt`: static or dynamic QR, QR
 * plan) issues one, short-lived and signed by the server; setting a dine-in table on a cart, changing
 * table and placing a dine-in order require one for that very table. Staff and kiosks set tables their
 * own ways and never need one.
 *
 * Carried as an HttpOnly cookie (`table_ticket`, so every entry — the menu link, the legacy redirect,
 * the food court's `tid`, the `/qr` scanner — works without the apps holding it), or as the
 * `table-ticket` header by programs that keep no cookies.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGE } from '@santap/domain';
import type { AppContext } from '../../context';
import { setCredentialCookie } from '../../../lib/cookies';
import { fail } from '../../../lib/errors';

export const TABLE_TICKET_COOKIE = 'table_ticket';
export const TABLE_TICKET_HEADER = 'table-ticket';
/** Three hours: a meal and a second round, not the next day. */
export const TABLE_TICKET_SECONDS = 3 * 60 * 60;

/** A restaurant's table or a food court's table. */
export type TicketTable = { restaurantId: number; tableId: number } | { mallId: number; tableId: number };

/**
 * How the scan proved the table (docs/tabs.md, Joining): `dynamic` a dynamic QR's signature verified;
 * `token` the table's random token was scanned, not its sequential id.
 */
export interface TicketProof {
  dynamic: boolean;
  token: boolean;
  /**
   * A dynamic QR's own `validUntil` (Unix seconds): the scan proves the diner is at the table only
   * while the QR it read is valid, so the ticket's `dynamic` ends then (docs/tabs.md, Joining), not
   * with the ticket: an old link opened at home joins no one's tab by itself.
   */
  dynamicUntil?: number | undefined;
}

/** A valid ticket: its table and how it was proved (`dynamic` false once its QR's validity ended). */
export type HeldTableTicket = TicketTable & Omit<TicketProof, 'dynamicUntil'>;

interface TicketBody {
  /** Restaurant id, or null for a food-court table. */
  r: number | null;
  /** Mall id, or null for a restaurant table. */
  m: number | null;
  t: number;
  /** Expiry, Unix seconds. */
  e: number;
  /** 1: the scan verified a dynamic QR's signature. Absent in tickets issued before the flag: 0. */
  d?: 1;
  /** 1: the scan named the table by its token. Absent in tickets issued before the flag: 0. */
  k?: 1;
  /** With `d`: the dynamic QR's `validUntil` (Unix seconds), when `d` ends. */
  du?: number;
}

/** Without `TABLE_TICKET_SECRET`, one random key per process: tickets end with a restart. */
const PROCESS_SECRET = randomBytes(32).toString('hex');

const secretOf = (ctx: AppContext) => ctx.config.tableTicketSecret ?? PROCESS_SECRET;

const sign = (ctx: AppContext, body: string) =>
  createHmac('sha256', secretOf(ctx)).update(`table-ticket:${body}`).digest('base64url');

/** A ticket of `table`; `proof` says how the scan proved it (default: a static scan of the id). */
export function issueTableTicket(
  ctx: AppContext,
  table: TicketTable,
  proof: TicketProof = { dynamic: false, token: false },
): string {
  const body: TicketBody = {
    r: 'restaurantId' in table ? table.restaurantId : null,
    m: 'mallId' in table ? table.mallId : null,
    t: table.tableId,
    e: Math.floor(ctx.now().getTime() / 1000) + TABLE_TICKET_SECONDS,
    ...(proof.dynamic ? { d: 1 as const } : {}),
    ...(proof.dynamic && proof.dynamicUntil !== undefined ? { du: proof.dynamicUntil } : {}),
    ...(proof.token ? { k: 1 as const } : {}),
  };
  const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${encoded}.${sign(ctx, encoded)}`;
}

/**
 * The table of a ticket the server signed and that has not expired, and how it was proved (a ticket
 * without the flags reads as neither dynamic nor token); null otherwise.
 */
export function readTableTicket(ctx: AppContext, ticket: string | undefined): HeldTableTicket | null {
  if (!ticket || ticket.length > 300) return null;
  const [encoded, signature, extra] = ticket.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(ctx, encoded));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let body: TicketBody;
  try {
    body = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TicketBody;
  } catch {
    return null;
  }
  if (typeof body.e !== 'number' || body.e * 1000 <= ctx.now().getTime()) return null;
  if (typeof body.t !== 'number') return null;
  const dynamic = body.d === 1 && (typeof body.du !== 'number' || body.du * 1000 > ctx.now().getTime());
  const proof = { dynamic, token: body.k === 1 };
  if (typeof body.r === 'number') return { restaurantId: body.r, tableId: body.t, ...proof };
  if (typeof body.m === 'number') return { mallId: body.m, tableId: body.t, ...proof };
  return null;
}

/** The ticket a request carries: the `table-ticket` header, else the cookie. */
export function presentedTableTicket(request: FastifyRequest): string | undefined {
  const header = request.headers[TABLE_TICKET_HEADER];
  if (typeof header === 'string' && header) return header;
  return request.cookies?.[TABLE_TICKET_COOKIE];
}

/** Gives the browser the ticket of the table it just scanned (HttpOnly; Secure on an https site). */
export function setTableTicketCookie(_ctx: AppContext, reply: FastifyReply, ticket: string) {
  setCredentialCookie(reply, TABLE_TICKET_COOKIE, ticket, TABLE_TICKET_SECONDS);
}

/** The valid ticket of exactly `table` that `ticket` is, or null. */
function ticketOf(ctx: AppContext, ticket: string | undefined, table: TicketTable): HeldTableTicket | null {
  const held = readTableTicket(ctx, ticket);
  const matches =
    held !== null &&
    held.tableId === table.tableId &&
    ('restaurantId' in table
      ? 'restaurantId' in held && held.restaurantId === table.restaurantId
      : 'mallId' in held && held.mallId === table.mallId);
  return matches ? held : null;
}

/**
 * Refuses (`errors.scanTableQr`, in the diner's language) unless `ticket` is a valid ticket of exactly
 * `table`; answers the ticket (its table and how it was proved).
 */
export function requireTableTicket(
  ctx: AppContext,
  ticket: string | undefined,
  table: TicketTable,
): HeldTableTicket {
  const held = ticketOf(ctx, ticket, table);
  if (!held) return fail(MESSAGE.scanTableQr);
  return held;
}

/**
 * Whether `ticket` is a valid ticket of exactly `table` whose scan verified a dynamic QR's signature
 * (`d`): what lets an order join the open tab at the table without its code (docs/tabs.md, Joining).
 * False for no ticket, another table's, an expired or forged one, a static scan's, and tickets issued
 * before the flag.
 */
export function tableTicketIsDynamic(
  ctx: AppContext,
  ticket: string | undefined,
  table: TicketTable,
): boolean {
  return ticketOf(ctx, ticket, table)?.dynamic === true;
}
