import { SPLIT_MAX_PARTS, SPLIT_MIN_PARTS, parseMoneyInput } from '@santap/domain';
import type { TranslationKey } from '@santap/i18n';
import type { ShareRequest, TabLine, TabSplit, TabView } from '../api/tab-types';

/** The ways to pay a share (contract `shareRequestSchema`), in the order the pay page offers them. */
export const SHARE_KINDS = ['rest', 'mine', 'lines', 'dish_part', 'equal', 'amount'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/**
 * What the diner chose on the pay page. Every way keeps its own inputs, so going from 'Another
 * amount' to 'Pick dishes' and back never loses what was typed or ticked.
 */
export interface ShareChoice {
  kind: ShareKind;
  /** 'Pick dishes': the line ids ticked. */
  picked: readonly string[];
  /** 'Split one dish': the line split. */
  dish: string | undefined;
  /** 'Split one dish' / 'Split the bill equally' when no split of it is under way: between how many. */
  dishParts: number;
  equalParts: number;
  /** 'Another amount' as typed. */
  amountText: string;
}

/** A refusal the page words itself (the same keys as the server's, `SPLIT_MESSAGE` of @santap/domain). */
export interface ChoiceProblem {
  key: TranslationKey;
  /** Amounts in minor units (the page formats them) or counts. */
  values?: Readonly<Record<string, number>>;
  /** Which values are money. */
  money?: readonly string[];
}

/** Parts between 2 and 20 (`SPLIT_MIN_PARTS`, `SPLIT_MAX_PARTS`). */
export const clampParts = (parts: number) => Math.min(SPLIT_MAX_PARTS, Math.max(SPLIT_MIN_PARTS, parts));

/** A first choice: everything left, and the table's size for a new split. */
export function initialChoice(tab: TabView): ShareChoice {
  const people = clampParts(tab.members.length);
  return { kind: 'rest', picked: [], dish: undefined, dishParts: people, equalParts: people, amountText: '' };
}

/** May the caller take this dish now: something left of it, and nobody else paying it. */
export const isFreeForMe = (tab: TabView, line: TabLine) =>
  line.left > 0 && (line.held_by === null || line.held_by === tab.me);

/** Held by another payer right now (a share of theirs under way). */
export const isHeldByOther = (tab: TabView, line: TabLine) =>
  line.held_by !== null && line.held_by !== tab.me;

/** What is left of the caller's own dishes that they may pay now. */
export const mineLeft = (tab: TabView) =>
  tab.lines
    .filter((line) => line.member_id === tab.me && isFreeForMe(tab, line))
    .reduce((sum, line) => sum + line.left, 0);

/** The split of this kind (and dish) under way, from the tab's `splits`. */
export function splitUnderway(
  tab: TabView,
  kind: 'equal' | 'dish_part',
  lineId?: string,
): TabSplit | undefined {
  return tab.splits.find((split) => split.kind === kind && (kind === 'equal' || split.line_id === lineId));
}

/** The first part of a split nobody has paid or is paying; undefined when every part is taken. */
export function nextFreePart(split: Pick<TabSplit, 'parts' | 'taken'>): number | undefined {
  for (let part = 1; part <= split.parts; part += 1) if (!split.taken.includes(part)) return part;
  return undefined;
}

/**
 * An amount typed against the tab: unreadable, above what is left, or below the gateway's minimum
 * (the words of the server's own refusals, so the diner reads the same either way).
 */
export function amountProblem(text: string, tab: TabView): ChoiceProblem | undefined {
  const amount = parseMoneyInput(text, tab.currency);
  if (amount === null || amount <= 0) {
    return {
      key: 'tab.pay.amountInvalid',
      values: { example: Math.min(tab.left, 1000) },
      money: ['example'],
    };
  }
  if (amount > tab.left)
    return { key: 'tab.error.splitAmountAboveLeft', values: { left: tab.left }, money: ['left'] };
  if (amount < tab.minimum) {
    return { key: 'tab.error.splitAmountBelowMinimum', values: { minimum: tab.minimum }, money: ['minimum'] };
  }
  return undefined;
}

/** The request a split sends: the next free part of a split under way (with its `of`), else part 1 of a new one. */
function splitRequest(
  split: TabSplit | undefined,
  parts: number,
): { parts: number; part: number; of?: number } | ChoiceProblem {
  if (!split) return { parts: clampParts(parts), part: 1 };
  const part = nextFreePart(split);
  if (part === undefined) return { key: 'tab.pay.splitTaken' };
  return { parts: split.parts, part, of: split.of };
}

const isProblem = (value: object): value is ChoiceProblem => 'key' in value;

/**
 * The request of a choice, or why there is none yet (nothing picked, an amount that cannot be paid),
 * or neither while the choice is incomplete (no dish chosen to split).
 */
export function requestOf(
  choice: ShareChoice,
  tab: TabView,
): { request: ShareRequest } | { problem: ChoiceProblem } | { incomplete: true } {
  switch (choice.kind) {
    case 'rest':
      return { request: { kind: 'rest' } };
    case 'mine':
      return mineLeft(tab) > 0 ? { request: { kind: 'mine' } } : { problem: { key: 'tab.pay.mineNone' } };
    case 'lines': {
      const picked = choice.picked.filter((id) =>
        tab.lines.some((line) => line.line_id === id && isFreeForMe(tab, line)),
      );
      return picked.length > 0 ? { request: { kind: 'lines', line_ids: picked } } : { incomplete: true };
    }
    case 'dish_part': {
      if (choice.dish === undefined) return { incomplete: true };
      const split = splitRequest(splitUnderway(tab, 'dish_part', choice.dish), choice.dishParts);
      return isProblem(split)
        ? { problem: split }
        : { request: { kind: 'dish_part', line_id: choice.dish, ...split } };
    }
    case 'equal': {
      const split = splitRequest(splitUnderway(tab, 'equal'), choice.equalParts);
      return isProblem(split) ? { problem: split } : { request: { kind: 'equal', ...split } };
    }
    case 'amount': {
      if (choice.amountText.trim() === '') return { incomplete: true };
      const problem = amountProblem(choice.amountText, tab);
      if (problem) return { problem };
      return { request: { kind: 'amount', amount: parseMoneyInput(choice.amountText, tab.currency)! } };
    }
  }
}
