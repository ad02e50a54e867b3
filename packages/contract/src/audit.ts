/**
 * The audit trail (apps/api docs/audit.md): every staff money or order action and every change to the
 * menu, settings, staff accounts and printers, as records nobody edits or deletes. Managers and
 * business accounts read their own restaurant's (kitchen and server 403), filtered, newest first, and
 * a day's exceptions (voids, cancellations, refunds, forced tab closes, price changes while open).
 */
import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { idInput } from './common';

/** The actions recorded (dotted: `<area>.<what>`); a filter's `action` is one of them or an area. */
export const AUDIT_ACTIONS = [
  'order.status',
  'order.decline',
  'order.cancel',
  'order.delete',
  'order.item_decline',
  'order.refund',
  'orders.pause',
  'payment.counter',
  'tab.cash',
  'tab.close',
  'tab.close_forced',
  'menu.price',
  'menu.item',
  'menu.stock',
  'menu.import',
  'staff.account',
  'printer.change',
  'settings.change',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The longest range one `staff.audit` call reads, in days. */
export const AUDIT_MAX_DAYS = 92;

/** What the day's exceptions list is made of, each from its actions. */
export const AUDIT_EXCEPTION_KINDS = ['void', 'cancel', 'refund', 'forced_close', 'price_change'] as const;

const isActionPrefix = (value: string) =>
  AUDIT_ACTIONS.some((action) => action === value || action.startsWith(`${value}.`));

const localDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const auditRecordSchema = z.object({
  record_id: z.int(),
  at_epoch: z.int(),
  /** `staff:<id>`, `diner:<user id>` / `diner:guest`, or `system`. */
  actor: z.string(),
  /** The staff member's username and role when they acted (kept if the account changes later). */
  actor_username: z.nullable(z.string()),
  actor_role: z.nullable(z.string()),
  /** The staff session (`session:<id>`) the action came from. */
  device: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  /** The browser and system, short (`Chrome / Android`). */
  user_agent: z.nullable(z.string()),
  action: z.string(),
  subject: z.object({ type: z.string(), id: z.string() }),
  reason: z.nullable(z.string()),
  /** The changed fields only, before and after (null: nothing before, as for a new account). */
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const staffAudit = defineEndpoint({
  id: 'staff.audit',
  method: 'GET',
  path: '/api/staff/audit',
  service: 'main',
  access: 'staff',
  summary: `The restaurant's audit records, newest first (manager, business; kitchen and server 403). \`from\`/\`to\` are days (YYYY-MM-DD) in the restaurant's time zone, both included, at most ${AUDIT_MAX_DAYS} days (default: the last 7 days to today; a range backwards or too long is validation.dateRangeInvalid); \`action\` an action or its area (\`order\`), \`actor\` as recorded (\`staff:12\`), \`subject_type\` with optional \`subject_id\`. Pages of \`limit\` (1-200, default 50): pass \`next_cursor\` as \`cursor\`.`,
  query: z.object({
    from: z.optional(localDate),
    to: z.optional(localDate),
    action: z.optional(
      z.string().check(z.maxLength(40), z.refine(isActionPrefix, { message: 'Unknown action' })),
    ),
    actor: z.optional(z.string().check(z.regex(/^(staff:\d{1,10}|diner:(\d{1,10}|guest)|system)$/))),
    subject_type: z.optional(z.string().check(z.regex(/^[a-z_]{1,30}$/))),
    subject_id: z.optional(z.string().check(z.regex(/^\d{1,10}$/))),
    cursor: z.optional(idInput),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
  }),
  data: z.object({
    records: z.array(auditRecordSchema),
    next_cursor: z.nullable(z.int()),
  }),
});

export const staffAuditExceptions = defineEndpoint({
  id: 'staff.auditExceptions',
  method: 'GET',
  path: '/api/staff/audit/exceptions',
  service: 'main',
  access: 'staff',
  summary:
    "One day's exceptions (the restaurant's time zone; manager, business): voids (declined orders and items), cancellations, refunds, forced tab closes, and menu price changes made while the restaurant was open, oldest first.",
  query: z.object({ date: localDate }),
  data: z.object({
    date: z.string(),
    exceptions: z.array(z.extend(auditRecordSchema, { kind: z.enum(AUDIT_EXCEPTION_KINDS) })),
  }),
});
