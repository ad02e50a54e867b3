/**
 * Table tickets (apps/api/README.md, Dine-in table tickets): the proof that a diner scanned a table's
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

interface TicketBody {
  /** Restaurant id, or null for a food-court table. */
  r: number | null;
  /** Mall id, or null for a restaurant table. */
  m: number | null;
  t: number;
  /** Expiry, Unix seconds. */
  e: number;
}

/** Without `TABLE_TICKET_SECRET`, one random key per process: tickets end with a restart. */
const PROCESS_SECRET = randomBytes(32).toString('hex');

const secretOf = (ctx: AppContext) => ctx.config.tableTicketSecret ?? PROCESS_SECRET;

const sign = (ctx: AppContext, body: string) =>
  createHmac('sha256', secretOf(ctx)).update(`table-ticket:${body}`).digest('base64url');

export function issueTableTicket(ctx: AppContext, table: TicketTable): string {
  const body: TicketBody = {
    r: 'restaurantId' in table ? table.restaurantId : null,
    m: 'mallId' in table ? table.mallId : null,
    t: table.tableId,
    e: Math.floor(ctx.now().getTime() / 1000) + TABLE_TICKET_SECONDS,
  };
  const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${encoded}.${sign(ctx, encoded)}`;
}

/** The table of a ticket the server signed and that has not expired; null otherwise. */
export function readTableTicket(ctx: AppContext, ticket: string | undefined): TicketTable | null {
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
  if (typeof body.r === 'number') return { restaurantId: body.r, tableId: body.t };
  if (typeof body.m === 'number') return { mallId: body.m, tableId: body.t };
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

/**
 * Refuses (`errors.scanTableQr`, in the diner's language) unless `ticket` is a valid ticket of exactly
 * `table`.
 */
export function requireTableTicket(ctx: AppContext, ticket: string | undefined, table: TicketTable) {
  const held = readTableTicket(ctx, ticket);
  const matches =
    held !== null &&
    held.tableId === table.tableId &&
    ('restaurantId' in table
      ? 'restaurantId' in held && held.restaurantId === table.restaurantId
      : 'mallId' in held && held.mallId === table.mallId);
  if (!matches) fail(MESSAGE.scanTableQr);
}
