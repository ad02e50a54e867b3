/**
 * The audit trail's rows (apps/api docs/audit.md): who did what to which thing, the changed fields
 * before and after, when and from where. `recordAudit` writes in the caller's transaction, so the
 * record commits with the action or not at all; the table refuses UPDATE and DELETE (migration 0016).
 */
import type { AuditAction } from '@santap/contract';
import type { DbOrTx } from '../../db/client';
import { auditRecords } from '../../db/schema';
import type { Caller } from '../../lib/caller';

export type AuditRow = typeof auditRecords.$inferSelect;

export type { AuditAction };

type Fields = Record<string, unknown>;

export interface AuditEntry {
  /** Who: a request's caller (staff or diner), or `system`. */
  by: Caller | 'system';
  at: Date;
  action: AuditAction;
  /** What it was done to: a type and its id. */
  subject: readonly [type: string, id: number | string];
  /** The restaurant; a staff caller's own when left out. */
  restaurantId?: number | undefined;
  reason?: string | null | undefined;
  before?: Fields | null | undefined;
  after?: Fields | null | undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that changed between two views of a thing: `{ before, after }` with only those keys (a
 * key missing on one side is null there). Nothing changed gives two empty objects.
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } {
  const changed = { before: {} as Fields, after: {} as Fields };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    changed.before[key] = before[key] ?? null;
    changed.after[key] = after[key] ?? null;
  }
  return changed;
}

/** A user agent's short form, `<browser> / <system>` (e.g. `Chrome / Android`), at most 80 characters. */
export function shortUserAgent(agent: string | undefined): string | null {
  if (!agent) return null;
  const browser = /\bEdg\//.test(agent)
    ? 'Edge'
    : /\bOPR\//.test(agent)
      ? 'Opera'
      : /\bSamsungBrowser\//.test(agent)
        ? 'Samsung Internet'
        : /\b(Chrome|CriOS)\//.test(agent)
          ? 'Chrome'
          : /\b(Firefox|FxiOS)\//.test(agent)
            ? 'Firefox'
            : /\bSafari\//.test(agent)
              ? 'Safari'
              : null;
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(agent)
          ? 'macOS'
          : /CrOS/.test(agent)
            ? 'ChromeOS'
            : /Linux/.test(agent)
              ? 'Linux'
              : null;
  if (browser || system) return [browser ?? 'other', system ?? 'other'].join(' / ');
  return agent.slice(0, 80);
}

/** Writes one audit record in `tx` (the action's own transaction). */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  const caller = entry.by === 'system' ? null : entry.by;
  const member = caller?.staff ?? null;
  const restaurantId = entry.restaurantId ?? member?.restaurantId;
  if (restaurantId === undefined) throw new Error(`audit ${entry.action}: no restaurant`);
  await tx.insert(auditRecords).values({
    restaurantId,
    at: entry.at,
    actor: member ? `staff:${member.id}` : caller ? `diner:${caller.user?.id ?? 'guest'}` : 'system',
    actorUsername: member?.username ?? null,
    actorRole: member?.role ?? null,
    device: member ? `session:${member.tokenHash.slice(0, 12)}` : null,
    ip: caller?.ip ?? null,
    userAgent: shortUserAgent(caller?.userAgent),
    action: entry.action,
    subjectType: entry.subject[0],
    subjectId: String(entry.subject[1]),
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
