/** Who a bearer token names: a diner's auth token or a staff token (hashed, unexpired, not revoked). */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { authTokens, staff, staffTokens, users } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { CallerStaff, CallerUser } from '../../../lib/caller';
import { hashToken } from './tokens';

export async function resolveUser(ctx: AppContext, token: string): Promise<CallerUser | null> {
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({ id: users.id, status: users.status })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, ctx.now()),
      ),
    )
    .limit(1);
  return row ? { id: row.id, status: row.status === 'ACTIVE' ? 'ACTIVE' : 'GUEST', tokenHash } : null;
}

/**
 * The staff member of a token: its session row must exist (logout deletes it) and be unexpired, and
 * the account must not be disabled. Checked on every staff call and every live-channel subscribe.
 */
export async function resolveStaff(ctx: AppContext, token: string): Promise<CallerStaff | null> {
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({ id: staff.id, restaurantId: staff.restaurantId, role: staff.role, username: staff.username })
    .from(staffTokens)
    .innerJoin(staff, eq(staff.id, staffTokens.staffId))
    .where(
      and(
        eq(staffTokens.tokenHash, tokenHash),
        gt(staffTokens.expiresAt, ctx.now()),
        isNull(staff.disabledAt),
      ),
    )
    .limit(1);
  return row ? { ...row, tokenHash } : null;
}
