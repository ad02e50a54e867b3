/**
 * Staff accounts and sessions (spec §6 roles): logout, who-am-I, and a manager's kitchen, server and
 * business accounts. A session is a `staff_tokens` row: logout deletes it, and disabling an account
 * or setting a new password deletes all of that account's rows, so the next call with any of its
 * tokens is 401 (`resolveStaff` also refuses a disabled account on every call and live subscribe).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import { restaurants, staff, staffTokens } from '../../../db/schema';
import type { AppContext } from '../../context';
import { staffOf } from '../../../lib/caller';
import type { Caller, CallerStaff } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { hashPassword } from '../accounts/passwords';
import { KITCHEN_DEFAULTS } from '../../../db/settings';
import { pick, settingsOf } from '../../model/restaurants';
import { STAFF_ROLE_MOVES } from './staff';
import { changedFields, recordAudit } from '../../model/audit';
import type { StaffRole } from './staff';

/** The roles a manager creates, disables and resets. */
const MANAGED_ROLES: readonly string[] = ['kitchen', 'server', 'business'];

function managerOf(caller: Caller): CallerStaff {
  const member = staffOf(caller);
  return member.role === 'manager' ? member : fail(MESSAGE.forbidden);
}

type StaffRow = typeof staff.$inferSelect;
const accountView = (row: StaffRow) => ({
  staff_id: row.id,
  username: row.username,
  role: row.role,
  disabled: row.disabledAt !== null,
});

/** Revokes the token this call came with. */
export async function staffLogout(ctx: AppContext, caller: Caller) {
  const member = staffOf(caller);
  await ctx.db.delete(staffTokens).where(eq(staffTokens.tokenHash, member.tokenHash));
  return { logged_out: true };
}

/** The caller, their restaurant and the statuses their role may set. */
export async function staffMe(ctx: AppContext, caller: Caller) {
  const member = staffOf(caller);
  const [restaurant] = await ctx.db
    .select()
    .from(restaurants)
    .where(eq(restaurants.id, member.restaurantId))
    .limit(1);
  if (!restaurant) return fail(MESSAGE.notFound);
  const paused = restaurant.ordersPausedUntil;
  const kitchen = settingsOf(restaurant).kitchen ?? KITCHEN_DEFAULTS;
  return {
    staff: {
      staff_id: member.id,
      restaurant_id: member.restaurantId,
      role: member.role,
      username: member.username,
    },
    restaurant: {
      name: pick(restaurant.name, caller.lang),
      nameid: restaurant.nameid,
      time_zone: restaurant.timeZone,
      currency: restaurant.currency as 'MYR' | 'IDR',
      paused_until_epoch:
        paused && paused.getTime() > ctx.now().getTime() ? Math.floor(paused.getTime() / 1000) : null,
    },
    kitchen: {
      amber_minutes: kitchen.amberMinutes,
      // Red never comes before amber, whatever was saved.
      red_minutes: Math.max(kitchen.redMinutes, kitchen.amberMinutes),
      stations: kitchen.stations.map((station) => ({
        name: station.name,
        category_ids: station.categoryIds,
      })),
    },
    moves: [...(STAFF_ROLE_MOVES[member.role as StaffRole] ?? [])],
  };
}

export async function listStaffAccounts(ctx: AppContext, caller: Caller) {
  const manager = managerOf(caller);
  const rows = await ctx.db
    .select()
    .from(staff)
    .where(eq(staff.restaurantId, manager.restaurantId))
    .orderBy(asc(staff.role), asc(staff.username));
  return { accounts: rows.map(accountView) };
}

export async function createStaffAccount(
  ctx: AppContext,
  caller: Caller,
  input: { username: string; password: string; role: string },
) {
  const manager = managerOf(caller);
  if (!MANAGED_ROLES.includes(input.role)) return fail(MESSAGE.forbidden);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({
        restaurantId: manager.restaurantId,
        username: input.username,
        passwordHash,
        role: input.role,
      })
      .onConflictDoNothing({ target: staff.username })
      .returning();
    if (!row) return fail(MESSAGE.usernameTaken);
    const view = accountView(row);
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action: 'staff.account',
      subject: ['staff', row.id],
      before: null,
      after: { username: view.username, role: view.role, disabled: view.disabled },
    });
    return view;
  });
}

export async function updateStaffAccount(
  ctx: AppContext,
  caller: Caller,
  staffId: number,
  input: { disabled?: boolean | undefined; password?: string | undefined },
) {
  const manager = managerOf(caller);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staff)
      .where(
        and(
          eq(staff.id, staffId),
          eq(staff.restaurantId, manager.restaurantId),
          inArray(staff.role, [...MANAGED_ROLES]),
        ),
      )
      .limit(1)
      .for('update');
    if (!row) return fail(MESSAGE.notFound);
    const disabledAt =
      input.disabled === undefined ? row.disabledAt : input.disabled ? (row.disabledAt ?? ctx.now()) : null;
    const [updated] = await tx
      .update(staff)
      .set({ disabledAt, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(staff.id, row.id))
      .returning();
    if (input.disabled || passwordHash) await tx.delete(staffTokens).where(eq(staffTokens.staffId, row.id));
    const change = changedFields({ disabled: row.disabledAt !== null }, { disabled: disabledAt !== null });
    // The password itself is never recorded, only that a new one was set.
    if (passwordHash) Object.assign(change.after, { password: 'reset' });
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action: 'staff.account',
      subject: ['staff', row.id],
      ...change,
    });
    return accountView(updated ?? row);
  });
}
