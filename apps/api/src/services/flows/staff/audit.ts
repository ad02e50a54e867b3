/**
 * The audit trail as managers read it (apps/api docs/audit.md; contract `staff.audit`,
 * `staff.auditExceptions`): their own restaurant's records only, filtered and paged newest first, and
 * one day's exceptions. Manager and business roles; kitchen and server 403.
 */
import { and, asc, desc, eq, gte, inArray, like, lt, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { audit as api } from '@santap/contract';
import type { AuditRecord, EndpointParsed } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { calendarDay, instantAtWallClock, localDateAt } from '@santap/schedule';
import { auditRecords } from '../../../db/schema';
import type { AppContext } from '../../context';
import { staffOf } from '../../../lib/caller';
import type { Caller, CallerStaff } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import type { AuditRow } from '../../model/audit';
import { loadRestaurant, openNow } from '../../model/restaurants';

const READERS: readonly string[] = ['manager', 'business'];
const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 7;

function readerOf(caller: Caller): CallerStaff {
  const member = staffOf(caller);
  return READERS.includes(member.role) ? member : fail(MESSAGE.forbidden);
}

export function auditView(row: AuditRow): AuditRecord {
  return {
    record_id: row.id,
    at_epoch: Math.floor(row.at.getTime() / 1000),
    actor: row.actor,
    actor_username: row.actorUsername,
    actor_role: row.actorRole,
    device: row.device,
    ip: row.ip,
    user_agent: row.userAgent,
    action: row.action,
    subject: { type: row.subjectType, id: row.subjectId },
    reason: row.reason,
    before: row.before,
    after: row.after,
  };
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The instants a range of local days covers, `[start, end)`, in the restaurant's zone. */
function dayBounds(from: string, to: string, timeZone: string): { start: Date; end: Date } | null {
  const first = calendarDay(from);
  const last = calendarDay(to);
  if (first === null || last === null) return null;
  const start = instantAtWallClock(from, 0, timeZone);
  const end = instantAtWallClock(isoDay(last + 1), 0, timeZone);
  return start && end ? { start, end } : null;
}

type AuditQuery = EndpointParsed<typeof api.staffAudit>['query'];

/** `staff.audit`: the restaurant's records in a range of days, filtered, newest first, by pages. */
export async function listAudit(ctx: AppContext, caller: Caller, query: AuditQuery) {
  const member = readerOf(caller);
  const restaurant = await loadRestaurant(ctx.db, member.restaurantId);
  const today = localDateAt(ctx.now(), restaurant.timeZone);
  const to = query.to ?? today;
  const from = query.from ?? isoDay((calendarDay(to) ?? 0) - (DEFAULT_DAYS - 1));
  const first = calendarDay(from);
  const last = calendarDay(to);
  const days = first !== null && last !== null ? last - first + 1 : 0;
  const bounds = days >= 1 && days <= api.AUDIT_MAX_DAYS ? dayBounds(from, to, restaurant.timeZone) : null;
  if (!bounds) return fail(MESSAGE.dateRangeInvalid, { days: api.AUDIT_MAX_DAYS });
  if (query.subject_id !== undefined && query.subject_type === undefined) {
    return fail(MESSAGE.invalidInput, {}, [
      { part: 'query', path: 'subject_id', message: 'subject_id needs subject_type' },
    ]);
  }
  const limit = query.limit ?? 50;
  const where: (SQL | undefined)[] = [
    eq(auditRecords.restaurantId, member.restaurantId),
    gte(auditRecords.at, bounds.start),
    lt(auditRecords.at, bounds.end),
    query.action !== undefined
      ? or(eq(auditRecords.action, query.action), like(auditRecords.action, `${query.action}.%`))
      : undefined,
    query.actor !== undefined ? eq(auditRecords.actor, query.actor) : undefined,
    query.subject_type !== undefined ? eq(auditRecords.subjectType, query.subject_type) : undefined,
    query.subject_id !== undefined ? eq(auditRecords.subjectId, query.subject_id) : undefined,
    query.cursor !== undefined ? lt(auditRecords.id, query.cursor) : undefined,
  ];
  const rows = await ctx.db
    .select()
    .from(auditRecords)
    .where(and(...where))
    .orderBy(desc(auditRecords.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    records: page.map(auditView),
    next_cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

type ExceptionKind = (typeof api.AUDIT_EXCEPTION_KINDS)[number];

/** The exceptions list's kind of each action it takes (price changes only while open: below). */
const EXCEPTION_OF: Readonly<Record<string, ExceptionKind>> = {
  'order.decline': 'void',
  'order.item_decline': 'void',
  'order.cancel': 'cancel',
  'order.delete': 'cancel',
  'order.refund': 'refund',
  'tab.close_forced': 'forced_close',
  'menu.price': 'price_change',
  'menu.import': 'price_change',
};

/** A menu record that changed a price: `menu.price`, or an import that changed at least one. */
function changedPrice(row: AuditRow): boolean {
  if (row.action === 'menu.price') return true;
  const prices = row.after?.prices;
  return typeof prices === 'object' && prices !== null && Object.keys(prices).length > 0;
}

/**
 * `staff.auditExceptions`: one local day's voids, cancellations, refunds and forced tab closes, and
 * price changes made while the restaurant was open for any order type (its opening hours at that
 * instant), oldest first.
 */
export async function auditExceptions(ctx: AppContext, caller: Caller, date: string) {
  const member = readerOf(caller);
  const restaurant = await loadRestaurant(ctx.db, member.restaurantId);
  const bounds = dayBounds(date, date, restaurant.timeZone);
  if (!bounds) return fail(MESSAGE.dateRangeInvalid, { days: api.AUDIT_MAX_DAYS });
  const rows = await ctx.db
    .select()
    .from(auditRecords)
    .where(
      and(
        eq(auditRecords.restaurantId, member.restaurantId),
        gte(auditRecords.at, bounds.start),
        lt(auditRecords.at, bounds.end),
        inArray(auditRecords.action, Object.keys(EXCEPTION_OF)),
      ),
    )
    .orderBy(asc(auditRecords.id));
  const exceptions = rows.flatMap((row) => {
    const kind = EXCEPTION_OF[row.action];
    if (!kind) return [];
    if (kind === 'price_change') {
      const open = openNow(restaurant, row.at);
      if (!changedPrice(row) || !(open.dineIn || open.pickup || open.delivery)) return [];
    }
    return [{ ...auditView(row), kind }];
  });
  return { date, exceptions };
}
