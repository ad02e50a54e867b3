/**
 * The diner's allergies (spec §3 'allergy item', §7 Profile 'allergies (get filter, add, update,
 * delete)'): one row per category of `ALLERGENS`, with a severity and a note. Menus highlight the dishes
 * whose allergen tags are among them (the same words, `@santap/domain`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { account } from '@santap/contract';
import { ALLERGENS, MESSAGE } from '@santap/domain';
import type { Allergen, AllergySeverity } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { userAllergies } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { registered } from './auth';

type AllergyRow = typeof userAllergies.$inferSelect;

function allergyView(row: AllergyRow): account.Allergy {
  return {
    allergy_id: row.id,
    category: row.category as Allergen,
    severity: row.severity === 'severe' ? 'severe' : 'avoid',
    note: row.note,
    created_epoch: Math.floor(row.createdAt.getTime() / 1000),
  };
}

const noteOf = (note: string | null | undefined) => (note == null ? note : note.trim() || null);

async function loadOwnedAllergy(db: DbOrTx, userId: number, allergyId: number): Promise<AllergyRow> {
  const [row] = await db
    .select()
    .from(userAllergies)
    .where(and(eq(userAllergies.id, allergyId), eq(userAllergies.userId, userId)))
    .limit(1);
  // Another diner's allergy is not found, like one that does not exist.
  return row ?? fail(MESSAGE.notFound);
}

/** The filter: every category (in `ALLERGENS` order) with the caller's choice, and their allergies. */
export async function allergyFilter(ctx: AppContext, caller: Caller) {
  const user = caller.user ?? fail(MESSAGE.invalidToken);
  const rows = await ctx.db
    .select()
    .from(userAllergies)
    .where(eq(userAllergies.userId, user.id))
    .orderBy(asc(userAllergies.id));
  const allergies = rows
    .filter((row) => (ALLERGENS as readonly string[]).includes(row.category))
    .map(allergyView)
    .sort((a, b) => ALLERGENS.indexOf(a.category) - ALLERGENS.indexOf(b.category));
  return {
    filter: ALLERGENS.map((category) => {
      const chosen = allergies.find((allergy) => allergy.category === category);
      return { category, selected: Boolean(chosen), severity: chosen?.severity ?? null };
    }),
    allergies,
  };
}

/** Adds an allergy; a category already recorded gets the new severity and note (one row per category). */
export async function addAllergy(
  ctx: AppContext,
  caller: Caller,
  input: { category: Allergen; severity: AllergySeverity; note?: string | undefined },
) {
  const { id: userId } = registered(caller);
  const note = noteOf(input.note) ?? null;
  const [row] = await ctx.db
    .insert(userAllergies)
    .values({ userId, category: input.category, severity: input.severity, note, createdAt: ctx.now() })
    .onConflictDoUpdate({
      target: [userAllergies.userId, userAllergies.category],
      set: { severity: sql`excluded.severity`, note: sql`excluded.note` },
    })
    .returning();
  return { allergy: allergyView(row ?? fail(MESSAGE.somethingWentWrong)) };
}

export async function updateAllergy(
  ctx: AppContext,
  caller: Caller,
  allergyId: number,
  input: { severity?: AllergySeverity | undefined; note?: string | null | undefined },
) {
  const { id: userId } = registered(caller);
  const current = await loadOwnedAllergy(ctx.db, userId, allergyId);
  const note = noteOf(input.note);
  const changes = {
    ...(input.severity ? { severity: input.severity } : {}),
    ...(note !== undefined ? { note } : {}),
  };
  if (Object.keys(changes).length === 0) return { allergy: allergyView(current) };
  const [row] = await ctx.db
    .update(userAllergies)
    .set(changes)
    .where(and(eq(userAllergies.id, current.id), eq(userAllergies.userId, userId)))
    .returning();
  return { allergy: allergyView(row ?? fail(MESSAGE.notFound)) };
}

export async function deleteAllergy(ctx: AppContext, caller: Caller, allergyId: number) {
  const { id: userId } = registered(caller);
  const [row] = await ctx.db
    .delete(userAllergies)
    .where(and(eq(userAllergies.id, allergyId), eq(userAllergies.userId, userId)))
    .returning({ id: userAllergies.id });
  return { allergy_id: (row ?? fail(MESSAGE.notFound)).id };
}
