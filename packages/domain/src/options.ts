import { z } from 'zod';
import type { MessageKey } from './messages';
import { DomainError, MESSAGE } from './messages';

/**
 * How many options of a menu option group a diner may pick (spec §5): `'one'` exactly one at most
 * (variants such as size), `'any'` as many as they like, `'upTo'` at most `max`.
 */
export type OptionGroupKind = 'one' | 'any' | 'upTo';

/** One variant or add-on of a group; `price` is per unit of the dish, in minor units. */
export interface MenuOption {
  id: string;
  price: number;
  available: boolean;
}

/**
 * A menu option group (spec §5: choose one, choose any, or up to a maximum).
 *
 * - `required: true`: at least `min` options (default and lowest 1) must be chosen.
 * - `required: false`: the group may be left empty; when `min` is set, a diner who picks anything
 *   picks at least `min` ("optional sides, but pick two if you add any").
 * - `max` is for `'upTo'` only, and required there.
 */
export interface OptionGroup {
  id: string;
  kind: OptionGroupKind;
  required: boolean;
  max?: number;
  min?: number;
  options: MenuOption[];
}

/**
 * Zod schema of an {@link OptionGroup}: restaurant data, checked before any rule uses it. Option ids are
 * unique in the group, prices are non-negative integers, `max` (>= 1) exists for `'upTo'` and only
 * there, `min` is at most 1 for `'one'`, at most `max` for `'upTo'` and at most the number of options.
 */
export const optionGroupSchema = z
  .object({
    id: z.string().min(1),
    kind: z.enum(['one', 'any', 'upTo']),
    required: z.boolean(),
    max: z.number().int().min(1).optional(),
    min: z.number().int().min(0).optional(),
    options: z.array(
      z.object({ id: z.string().min(1), price: z.number().int().nonnegative(), available: z.boolean() }),
    ),
  })
  .refine((group) => (group.kind === 'upTo') === (group.max !== undefined), 'max is for upTo groups only')
  .refine((group) => new Set(group.options.map((option) => option.id)).size === group.options.length)
  .refine((group) => {
    const min = group.min ?? 0;
    if (group.kind === 'one' && min > 1) return false;
    if (group.max !== undefined && min > group.max) return false;
    return min <= group.options.length;
  });

/** The diner's choice: option ids by group id. */
export type OptionSelections = Readonly<Record<string, readonly string[]>>;

const selectionsSchema = z.record(z.string(), z.array(z.string()));

/** One accepted option, with its price per unit of the dish. */
export interface ChosenOption {
  groupId: string;
  optionId: string;
  price: number;
}

/** Why a group's choice was refused: a message key and its interpolation values. */
export interface OptionSelectionError {
  groupId: string;
  key: MessageKey;
  values?: Record<string, string | number>;
}

/** The outcome of {@link validateSelections}. */
export type OptionSelectionResult =
  { ok: true; optionsTotal: number; chosen: ChosenOption[] } | { ok: false; errors: OptionSelectionError[] };

/** The outcome of {@link canAddOption}. */
export type CanAddOptionResult =
  { ok: true } | { ok: false; key: MessageKey; values?: Record<string, string | number> };

function parseGroup(group: OptionGroup): OptionGroup {
  const parsed = optionGroupSchema.safeParse(group);
  if (!parsed.success) throw new DomainError(MESSAGE.invalidInput);
  return parsed.data;
}

/** The fewest options a non-empty choice must have; a required group may not be empty. */
function minimumOf(group: OptionGroup): number {
  return Math.max(group.min ?? 1, 1);
}

function shortfallError(group: OptionGroup): OptionSelectionError {
  const min = minimumOf(group);
  return min === 1
    ? { groupId: group.id, key: MESSAGE.selectAnyOneOption }
    : { groupId: group.id, key: MESSAGE.optionMinimumNotReached, values: { min } };
}

function errorsOfGroup(group: OptionGroup, optionIds: readonly string[]): OptionSelectionError[] {
  const errors: OptionSelectionError[] = [];
  const seen = new Set<string>();
  for (const optionId of optionIds) {
    if (seen.has(optionId)) {
      errors.push({ groupId: group.id, key: MESSAGE.invalidInput, values: { optionId } });
      continue;
    }
    seen.add(optionId);
    const option = group.options.find((candidate) => candidate.id === optionId);
    if (!option?.available)
      errors.push({ groupId: group.id, key: MESSAGE.variantUnavailable, values: { optionId } });
  }

  const count = seen.size;
  if (count === 0) {
    if (group.required) errors.push(shortfallError(group));
    return errors;
  }
  if (group.kind === 'one' && count > 1) {
    errors.push({ groupId: group.id, key: MESSAGE.selectOnlyOneOption });
  } else if (group.kind === 'upTo' && group.max !== undefined && count > group.max) {
    errors.push({ groupId: group.id, key: MESSAGE.optionLimitReached, values: { max: group.max } });
  } else if (count < minimumOf(group)) {
    errors.push(shortfallError(group));
  }
  return errors;
}

/**
 * Checks a diner's choice of options for one dish against its option groups (spec §5) and prices it.
 *
 * Errors, each tied to its group: a required group left empty -> `selectAnyOneOption` (or
 * `optionMinimumNotReached` with `{ min }` when the group needs more than one); two options in a
 * choose-one group -> `selectOnlyOneOption`; more than `max` in an up-to group -> `optionLimitReached`
 * with `{ max }`; an unknown or unavailable option -> `variantUnavailable` with `{ optionId }`; the same
 * option twice, or a group id the dish does not have -> `invalidInput`. Every problem is reported, not
 * only the first, so the popup can mark each group.
 *
 * On success `chosen` follows group order, then the diner's order, and `optionsTotal` is the price of
 * the chosen options per unit of the dish.
 *
 * @throws DomainError with `MESSAGE.invalidInput` when a group fails {@link optionGroupSchema}, two
 *   groups share an id, or `selections` is not a record of id lists (bad data, not a diner's mistake).
 * @example
 * ```ts
 * validateSelections([size], { size: ['small', 'large'] });
 * // { ok: false, errors: [{ groupId: 'size', key: 'validation.selectOnlyOneOption' }] }
 * ```
 */
export function validateSelections(
  groups: readonly OptionGroup[],
  selections: OptionSelections,
): OptionSelectionResult {
  const parsedGroups = groups.map(parseGroup);
  const groupIds = new Set(parsedGroups.map((group) => group.id));
  if (groupIds.size !== parsedGroups.length) throw new DomainError(MESSAGE.invalidInput);
  const parsedSelections = selectionsSchema.safeParse(selections);
  if (!parsedSelections.success) throw new DomainError(MESSAGE.invalidInput);
  const chosenIds = new Map(Object.entries(parsedSelections.data));

  const errors: OptionSelectionError[] = [];
  for (const groupId of chosenIds.keys()) {
    if (!groupIds.has(groupId)) errors.push({ groupId, key: MESSAGE.invalidInput });
  }
  for (const group of parsedGroups) errors.push(...errorsOfGroup(group, chosenIds.get(group.id) ?? []));
  if (errors.length > 0) return { ok: false, errors };

  const chosen = parsedGroups.flatMap((group) =>
    (chosenIds.get(group.id) ?? []).map((optionId) => {
      // errorsOfGroup has proven every chosen id exists in its group.
      const option = group.options.find((candidate) => candidate.id === optionId) as MenuOption;
      return { groupId: group.id, optionId, price: option.price };
    }),
  );
  const optionsTotal = chosen.reduce((sum, option) => sum + option.price, 0);
  if (!Number.isSafeInteger(optionsTotal)) throw new DomainError(MESSAGE.invalidInput);
  return { ok: true, optionsTotal, chosen };
}

/**
 * Whether the diner may add `optionId` to a group that already holds `currentIds`, so the UI can show
 * the message as they tap (spec §5: 'You have reached the maximum limit for this section/add-on').
 *
 * An unknown or unavailable option -> `variantUnavailable`; a second option in a choose-one group ->
 * `selectOnlyOneOption` (a radio-style UI replaces the choice instead of adding); an up-to group already
 * at `max` -> `optionLimitReached` with `{ max }`. An option already chosen is `ok`: the choice is a set,
 * adding it again changes nothing.
 *
 * @throws DomainError with `MESSAGE.invalidInput` when the group fails {@link optionGroupSchema}.
 * @example
 * ```ts
 * canAddOption({ id: 'sauce', kind: 'upTo', max: 2, required: false, options }, ['bbq', 'chili'], 'mayo');
 * // { ok: false, key: 'validation.optionLimitReached', values: { max: 2 } }
 * ```
 */
export function canAddOption(
  group: OptionGroup,
  currentIds: readonly string[],
  optionId: string,
): CanAddOptionResult {
  const parsed = parseGroup(group);
  const option = parsed.options.find((candidate) => candidate.id === optionId);
  if (!option?.available) return { ok: false, key: MESSAGE.variantUnavailable };
  const current = new Set(currentIds);
  if (current.has(optionId)) return { ok: true };
  if (parsed.kind === 'one' && current.size >= 1) return { ok: false, key: MESSAGE.selectOnlyOneOption };
  if (parsed.kind === 'upTo' && parsed.max !== undefined && current.size >= parsed.max) {
    return { ok: false, key: MESSAGE.optionLimitReached, values: { max: parsed.max } };
  }
  return { ok: true };
}
