/**
 * Restaurant staff (spec §4 "the manager confirms or declines orders and items",
 * §6 roles manager, kitchen, server and business). Every call is scoped to the staff member's own
 * restaurant: another restaurant's order is reported as not found. This module: the roles and the
 * login; the order board `orders.ts`, the moves on an order `order-moves.ts`.
 */
import { eq } from 'drizzle-orm';
import { MESSAGE, ORDER_STATUS, ORDER_STATUSES } from '@santap/domain';
import type { OrderStatus } from '@santap/domain';
import { staff, staffTokens } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { CallerStaff } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { hashPassword, needsRehash, verifyPassword } from '../accounts/passwords';
import { newToken } from '../accounts/tokens';

/** A staff token lasts one long shift. */
export const STAFF_TOKEN_TTL_HOURS = 12;

export type StaffRole = 'manager' | 'kitchen' | 'server' | 'business';

export const S = ORDER_STATUS;

/**
 * The statuses each role may move an order to; whether the move itself is allowed is the domain
 * transition table's call (`canTransition`). The manager may make every move, and is the only one who
 * cancels or deletes. The kitchen confirms or declines an order (and accepts a scheduled one) — as a
 * kitchen screen at the pass does —
 * and moves the cooking along; the server (front of house) hands over and completes. Business
 * accounts read only.
 */
export const STAFF_ROLE_MOVES: Readonly<Record<StaffRole, readonly OrderStatus[]>> = {
  manager: ORDER_STATUSES,
  kitchen: [S.CONFIRMED, S.DECLINED, S.SCHEDULED_ACCEPTED, S.PREPARING, S.PREPARED, S.READY],
  server: [S.SERVED_OR_PICKED, S.ON_THE_WAY, S.DELIVERED, S.COMPLETED],
  business: [],
};

export function mayMoveTo(role: string, to: OrderStatus): boolean {
  return (STAFF_ROLE_MOVES[role as StaffRole] ?? []).includes(to);
}

// A real scrypt hash to check unknown usernames against, so a wrong username costs the same as a
// wrong password and the reply time does not tell which usernames exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('santap-decoy-password'));

/** Username and password -> a staff token (only its hash is stored), valid {@link STAFF_TOKEN_TTL_HOURS} hours. */
export async function staffLogin(ctx: AppContext, username: string, password: string) {
  const [member] = await ctx.db.select().from(staff).where(eq(staff.username, username.trim())).limit(1);
  const passwordOk = await verifyPassword(password, member?.passwordHash ?? (await decoy()));
  if (!member || !passwordOk) return fail(MESSAGE.forbidden);
  if (member.disabledAt) return fail(MESSAGE.staffAccountDisabled);
  // A hash made with older, weaker scrypt parameters is replaced while the password is at hand.
  if (needsRehash(member.passwordHash)) {
    await ctx.db
      .update(staff)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(staff.id, member.id));
  }
  const now = ctx.now();
  const { token, hash } = newToken();
  await ctx.db.insert(staffTokens).values({
    tokenHash: hash,
    staffId: member.id,
    expiresAt: new Date(now.getTime() + STAFF_TOKEN_TTL_HOURS * 3600 * 1000),
  });
  return {
    token,
    staff: {
      staff_id: member.id,
      restaurant_id: member.restaurantId,
      role: member.role,
      username: member.username,
    },
  };
}

export const actorOf = (member: CallerStaff) => `staff:${member.username}`;
