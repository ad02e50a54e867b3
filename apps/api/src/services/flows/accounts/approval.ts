/**
 * A manager's approval of a sensitive staff action (apps/api docs/audit.md, "Manager approval"): a
 * server or the kitchen names a manager of the restaurant, types that manager's PIN on the device and
 * gives a reason; a manager's own action gives the reason only. Wrong PINs are counted per manager
 * (`approvalPinFailuresPerManager`, one upsert each, as the tab join codes are): past the limit every
 * try is locked out until the window ends, the right PIN too.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { APPROVAL_MESSAGE, MESSAGE } from '@santap/domain';
import { staff, staffPins } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { staffOf } from '../../../lib/caller';
import { ApiFailure, fail } from '../../../lib/errors';
import { hashPassword, verifyPassword } from './passwords';
import { recordAudit } from '../../model/audit';

/** The `approval` body field of a sensitive action (contract `approvalInput`). */
export interface ApprovalInput {
  manager?: string | undefined;
  pin?: string | undefined;
  reason: string;
}

/** Who approved a sensitive action and why: goes into its audit record (`approved_by`, `reason`). */
export interface Approval {
  approvedBy: string;
  reason: string;
}

const RULE = 'approvalPinFailuresPerManager';

// A real scrypt hash to check an unknown manager or one without a PIN against, so the reply time does
// not tell which managers exist or have set a PIN.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('000000-santap-decoy'));

/** A limit's 429 in the approval's words (the wait in minutes), keeping `Retry-After`. */
function asLocked(error: unknown) {
  if (!(error instanceof ApiFailure) || error.statusCode !== 429) return error;
  const seconds = (error.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds ?? 60;
  return new ApiFailure(
    APPROVAL_MESSAGE.pinLocked,
    429,
    { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    error.details,
  );
}

/** 403 `approval.error.needed`, with the flag the staff app opens its PIN dialog on. */
export const approvalNeeded = (): never => {
  throw new ApiFailure(APPROVAL_MESSAGE.needed, 403, {}, { approval: 'manager_pin' });
};

/**
 * Checks the approval of a sensitive action by `caller`: a manager's own needs a reason (400
 * `approval.error.reasonNeeded`); anyone else's needs a manager of the same restaurant (enabled, with
 * a PIN) and that PIN (403 `approval.error.needed` without; 422 `approval.error.pinWrong` with the
 * tries left; 429 `approval.error.pinLocked` past the limit). Runs before the action's transaction:
 * the PIN's hash is slow and a wrong one is counted whatever the action then does.
 */
export async function checkApproval(
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  input: ApprovalInput | undefined,
): Promise<Approval> {
  const member = staffOf(caller);
  const reason = input?.reason.trim();
  if (member.role === 'manager') {
    if (!reason) throw new ApiFailure(APPROVAL_MESSAGE.reasonNeeded, 400, {}, { approval: 'reason' });
    return { approvedBy: member.username, reason };
  }
  if (!input?.manager || !input.pin || !reason) return approvalNeeded();
  const username = input.manager.trim().toLowerCase();
  const subject = `${member.restaurantId}:${username}`;
  const guard = async (count: boolean) => {
    try {
      return count
        ? await ctx.limits.hit(request, RULE, subject)
        : (await ctx.limits.guard(request, RULE, subject), 0);
    } catch (error) {
      throw asLocked(error);
    }
  };
  await guard(false);
  const [manager] = await ctx.db
    .select({ username: staff.username, pinHash: staffPins.pinHash })
    .from(staff)
    .innerJoin(staffPins, eq(staffPins.staffId, staff.id))
    .where(
      and(
        sql`lower(${staff.username}) = ${username}`,
        eq(staff.restaurantId, member.restaurantId),
        eq(staff.role, 'manager'),
        isNull(staff.disabledAt),
      ),
    )
    .limit(1);
  // verifyPassword compares the hashes in constant time.
  const right = await verifyPassword(input.pin, manager?.pinHash ?? (await decoy()));
  if (!manager || !right) {
    const left = await guard(true);
    throw new ApiFailure(APPROVAL_MESSAGE.pinWrong, 422, { tries_left: left }, { tries_left: left });
  }
  // Judged while the window had room; tries sent all at once were each counted before this answer.
  await guard(false);
  return { approvedBy: manager.username, reason };
}

/** Only a manager has an approval PIN: anyone else's `staff.setPin` is 403 (before any password is checked). */
export function mustBeManager(caller: Caller) {
  if (staffOf(caller).role !== 'manager') fail(MESSAGE.forbidden);
}

/**
 * `staff.setPin`: a manager sets their own approval PIN with their current password (403 when wrong;
 * the route runs it behind the login's failure limits). Only the PIN's scrypt hash is kept; the audit
 * record says `pin: 'set'`.
 */
export async function setManagerPin(
  ctx: AppContext,
  caller: Caller,
  input: { current_password: string; pin: string },
) {
  const member = staffOf(caller);
  mustBeManager(caller);
  const [row] = await ctx.db
    .select({ passwordHash: staff.passwordHash })
    .from(staff)
    .where(eq(staff.id, member.id))
    .limit(1);
  if (!row || !(await verifyPassword(input.current_password, row.passwordHash))) {
    return fail(MESSAGE.forbidden);
  }
  const pinHash = await hashPassword(input.pin);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(staffPins)
      .values({ staffId: member.id, pinHash, updatedAt: now })
      .onConflictDoUpdate({ target: staffPins.staffId, set: { pinHash, updatedAt: now } });
    await recordAudit(tx, {
      by: caller,
      at: now,
      action: 'staff.account',
      subject: ['staff', member.id],
      after: { pin: 'set' },
    });
  });
  return { pin_set: true };
}
