import { BILL_LINE_KEY, cashRoundingOf } from '../bill';
import type { BillLine, CashRounding } from '../bill';
import { MESSAGE } from '../messages';
import type { MessageKey } from '../messages';
import { allocateInProportion, equalParts } from './allocate';
import type { ShareLineAllocation, TabBalance, TabLineBalance } from './tab';

/** The fewest and most people one dish or the whole bill can be split equally between. */
export const SPLIT_MIN_PARTS = 2;
export const SPLIT_MAX_PARTS = 20;

/**
 * The refusals of {@link splitShare}, as catalogue keys (the words live in `@santap/i18n`). Values are
 * minor units (`left`, `minimum`) for the caller to format, or counts (`min`, `max`).
 */
export const SPLIT_MESSAGE = {
  /** A custom amount above what is left to pay (values `left`). */
  amountAboveLeft: 'tab.error.splitAmountAboveLeft',
  /** A share below the payment gateway's minimum charge (values `minimum`). */
  amountBelowMinimum: 'tab.error.splitAmountBelowMinimum',
  /** Split between fewer than 2 or more than 20 people (values `min`, `max`). */
  partsOutOfRange: 'tab.error.splitPartsOutOfRange',
  /** A picked dish is already paid in full (`lineIds`). */
  linePaid: 'tab.error.splitLinePaid',
  /** A picked dish is being paid by someone else right now (`lineIds`). */
  lineLocked: 'tab.error.splitLineLocked',
  /** "Pay these dishes" with no dish picked. */
  nothingPicked: 'tab.error.splitNothingPicked',
  /** "Pay my dishes" when none of the payer's dishes is left to pay. */
  nothingOfYours: 'tab.error.splitNothingOfYours',
} as const;

/** A key of {@link SPLIT_MESSAGE}. */
export type SplitMessageKey = (typeof SPLIT_MESSAGE)[keyof typeof SPLIT_MESSAGE];

/**
 * What a payer asks to pay of a tab:
 *
 * - `rest`: everything left (but dishes another payer holds);
 * - `mine`: what is left of the dishes the payer ordered (`by` of the tab's lines);
 * - `lines`: what is left of the picked dishes;
 * - `dishPart`: part `part` (1-based) of `parts` equal parts of one dish; `of` is the amount split,
 *   by default the dish's whole share of the bill, so every part is the same whenever it is asked;
 * - `equal`: part `part` of `parts` equal parts of the bill; `of` is the amount split, by default what
 *   the payer could pay now (keep the first part's `of` for the other parts of the same split);
 * - `amount`: a custom amount, in minor units.
 */
export type ShareRequest =
  | { kind: 'rest' }
  | { kind: 'mine' }
  | { kind: 'lines'; lineIds: readonly string[] }
  | { kind: 'dishPart'; lineId: string; parts: number; part: number; of?: number }
  | { kind: 'equal'; parts: number; part: number; of?: number }
  | { kind: 'amount'; amount: number };

/** Who pays and how (see {@link splitShare}). */
export interface ShareContext {
  /** The payer's id on the tab (as in the lines' `by` and the locks). */
  payer: string;
  /** Dishes being paid right now: line id -> the payer holding it. */
  locks?: Readonly<Record<string, string>>;
  /** Minor units, on top of the share; 0 or absent when the restaurant takes no tips. */
  tip?: number;
  /** The restaurant's cash rounding, only when this share is paid in cash at the counter. */
  cashRounding?: CashRounding;
  /** The gateway's smallest charge, minor units; absent at the counter. */
  minimum?: number;
}

/** One payer's share of a tab: a payment of its own (see {@link splitShare}). */
export interface Share {
  /** The request with `of` filled in for `dishPart` and `equal`. */
  request: ShareRequest;
  payer: string;
  /** What the share takes off the tab's balance. */
  settles: number;
  tip: number;
  /** The cash rounding of this payment (MYR in cash: to 5 sen); 0 otherwise. */
  cashRounding: number;
  /** What the payer pays: `settles + tip + cashRounding`. */
  amount: number;
  /**
   * The payer's receipt and e-invoice: bill lines as a bill has them (`bill.subtotal` for the dishes,
   * service charge, each tax, each discount, `bill.rounding` with this payment's cash rounding); the
   * lines not `included` add up to `amount - tip`.
   */
  lines: BillLine[];
  /** What the share takes of each dish, part by part: the server keeps it with the payment. */
  allocation: ShareLineAllocation[];
}

/** Why a share cannot be paid: a catalogue key, its values and the dishes concerned. */
export interface SplitRefusal {
  key: SplitMessageKey | MessageKey;
  values?: Record<string, number>;
  lineIds?: string[];
}

/** The result of {@link splitShare}. */
export type SplitResult = { ok: true; share: Share } | { ok: false; refusal: SplitRefusal };

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const partKey = (part: Pick<BillLine, 'key' | 'included'>): string =>
  part.included ? `included:${part.key}` : part.key;

/** All that is left of a dish. */
const wholeOf = (line: TabLineBalance): ShareLineAllocation => ({
  lineId: line.id,
  amount: line.left,
  parts: line.leftParts.map((part) => ({ ...part })),
});

/**
 * `amount` of what is left of a dish (0 < amount < left), spread over what is left of each part in
 * proportion, so a part never goes past zero nor changes sign. An included tax goes with the same
 * fraction, rounded half up.
 */
function partOf(line: TabLineBalance, amount: number): ShareLineAllocation {
  const counted = line.leftParts.filter((part) => !part.included);
  const shares = allocateInProportion(
    amount,
    counted.map((part) => part.amount),
  );
  const parts: BillLine[] = [];
  let index = 0;
  for (const part of line.leftParts) {
    const taken = part.included
      ? Number((2n * BigInt(part.amount) * BigInt(amount) + BigInt(line.left)) / (2n * BigInt(line.left)))
      : shares[index++]!;
    if (taken !== 0) parts.push({ ...part, amount: taken });
  }
  return { lineId: line.id, amount, parts };
}

/** `amount` over `lines` in proportion to what is left of each; a dish whose share is all that is left goes whole. */
function proRata(lines: readonly TabLineBalance[], amount: number): ShareLineAllocation[] {
  const shares = allocateInProportion(
    amount,
    lines.map((line) => line.left),
  );
  return lines.flatMap((line, index) => {
    const share = shares[index]!;
    if (share === 0) return [];
    return [share === line.left ? wholeOf(line) : partOf(line, share)];
  });
}

/** The share's bill lines: its parts summed by key, in the order the tab's bills list them. */
function receiptLines(balance: TabBalance, allocation: readonly ShareLineAllocation[], cashRounding: number) {
  const order = [
    BILL_LINE_KEY.subtotal,
    ...new Set(balance.lines.flatMap((line) => line.parts.map(partKey))),
    BILL_LINE_KEY.rounding,
  ];
  const totals = new Map<string, BillLine>();
  for (const part of allocation.flatMap((entry) => entry.parts)) {
    const current = totals.get(partKey(part));
    if (current) {
      current.amount += part.amount;
      if (current.rate !== part.rate) delete current.rate;
    } else totals.set(partKey(part), { ...part });
  }
  const rounding = totals.get(BILL_LINE_KEY.rounding);
  if (rounding) rounding.amount += cashRounding;
  else totals.set(BILL_LINE_KEY.rounding, { key: BILL_LINE_KEY.rounding, amount: cashRounding });
  if (!totals.has(BILL_LINE_KEY.subtotal)) {
    totals.set(BILL_LINE_KEY.subtotal, { key: BILL_LINE_KEY.subtotal, amount: 0 });
  }
  return [...new Set(order)]
    .map((key) => totals.get(key))
    .filter((line): line is BillLine => line !== undefined)
    .filter((line) => line.amount !== 0 || line.key === BILL_LINE_KEY.subtotal);
}

type Taken = { allocation: ShareLineAllocation[]; request: ShareRequest } | { refusal: SplitRefusal };

const refusal = (
  key: SplitRefusal['key'],
  extra: Omit<SplitRefusal, 'key'> = {},
): { refusal: SplitRefusal } => ({
  refusal: { key, ...extra },
});

/** What `request` takes of each dish, or why it cannot be taken. */
function take(
  balance: TabBalance,
  request: ShareRequest,
  payer: string,
  lockedByOther: (lineId: string) => boolean,
): Taken {
  const open = balance.lines.filter((line) => line.left > 0 && !lockedByOther(line.id));
  const available = sum(open.map((line) => line.left));
  const heldByOthers = (): SplitRefusal['lineIds'] =>
    balance.lines.filter((line) => line.left > 0 && lockedByOther(line.id)).map((line) => line.id);
  const validParts = (parts: number, part: number): { refusal: SplitRefusal } | null => {
    if (!Number.isSafeInteger(parts) || parts < SPLIT_MIN_PARTS || parts > SPLIT_MAX_PARTS) {
      return refusal(SPLIT_MESSAGE.partsOutOfRange, {
        values: { min: SPLIT_MIN_PARTS, max: SPLIT_MAX_PARTS },
      });
    }
    return Number.isSafeInteger(part) && part >= 1 && part <= parts ? null : refusal(MESSAGE.invalidInput);
  };
  const nothingLeft = (): { refusal: SplitRefusal } | null => {
    if (balance.left === 0) return refusal(MESSAGE.paymentAlreadyPaid);
    return available === 0 ? refusal(SPLIT_MESSAGE.lineLocked, { lineIds: heldByOthers() }) : null;
  };
  const dishRefusal = (lines: readonly TabLineBalance[]): { refusal: SplitRefusal } | null => {
    const paid = lines.filter((line) => line.left === 0).map((line) => line.id);
    if (paid.length) return refusal(SPLIT_MESSAGE.linePaid, { lineIds: paid });
    const locked = lines.filter((line) => lockedByOther(line.id)).map((line) => line.id);
    return locked.length ? refusal(SPLIT_MESSAGE.lineLocked, { lineIds: locked }) : null;
  };

  switch (request.kind) {
    case 'rest':
      return nothingLeft() ?? { allocation: open.map(wholeOf), request };
    case 'mine': {
      const mine = open.filter((line) => line.by === payer);
      return mine.length ? { allocation: mine.map(wholeOf), request } : refusal(SPLIT_MESSAGE.nothingOfYours);
    }
    case 'lines': {
      const ids = [...new Set(request.lineIds)];
      if (ids.length === 0) return refusal(SPLIT_MESSAGE.nothingPicked);
      const lines = ids.map((id) => balance.lines.find((line) => line.id === id));
      if (lines.some((line) => line === undefined)) return refusal(MESSAGE.invalidInput);
      const picked = lines as TabLineBalance[];
      return dishRefusal(picked) ?? { allocation: picked.map(wholeOf), request };
    }
    case 'dishPart': {
      const line = balance.lines.find((candidate) => candidate.id === request.lineId);
      const problem = validParts(request.parts, request.part) ?? (line ? dishRefusal([line]) : null);
      if (problem) return problem;
      if (!line || (request.of !== undefined && !isAmount(request.of))) return refusal(MESSAGE.invalidInput);
      const of = request.of ?? line.amount;
      // The last part of a dish takes what is left of it, which is never more than one part.
      const amount = Math.min(equalParts(of, request.parts)[request.part - 1]!, line.left);
      if (amount === 0) return refusal(SPLIT_MESSAGE.amountBelowMinimum, { values: { minimum: 1 } });
      return {
        allocation: [amount === line.left ? wholeOf(line) : partOf(line, amount)],
        request: { ...request, of },
      };
    }
    case 'equal': {
      const problem = validParts(request.parts, request.part) ?? nothingLeft();
      if (problem) return problem;
      if (request.of !== undefined && !isAmount(request.of)) return refusal(MESSAGE.invalidInput);
      const of = request.of ?? available;
      const amount = Math.min(equalParts(of, request.parts)[request.part - 1]!, available);
      if (amount === 0) return refusal(SPLIT_MESSAGE.amountBelowMinimum, { values: { minimum: 1 } });
      return { allocation: proRata(open, amount), request: { ...request, of } };
    }
    case 'amount': {
      if (!isAmount(request.amount) || request.amount === 0) return refusal(MESSAGE.invalidInput);
      const problem = nothingLeft();
      if (problem) return problem;
      if (request.amount > available)
        return refusal(SPLIT_MESSAGE.amountAboveLeft, { values: { left: available } });
      return { allocation: proRata(open, request.amount), request };
    }
    default:
      return refusal(MESSAGE.invalidInput);
  }
}

/**
 * One payer's share of a tab (spec §9 money), computed from a {@link tabBalance} that counted every
 * paid and pending share, so shares paid in any order never take a dish, or a part of one, twice.
 *
 * Every share carries its part of the service charge, each tax, the bills' rounding and the tab's
 * discounts (coupon, referral, a booking's deposit, loyalty cashback): a dish paid whole takes all
 * that is left of it; a part of a dish or an amount spread over dishes (in proportion to what is left
 * of each) takes each part in proportion, by largest remainder, so nothing is lost to rounding. The
 * share that pays the last of the tab also takes any parts still open that add up to zero (a dish
 * paid entirely by a discount), so a fully paid tab has every part settled and its shares' `settles`
 * add up exactly to its bills' total.
 *
 * Money is whole minor units: sen for MYR, whole rupiah for IDR. Cash rounding follows
 * {@link cashRoundingOf}: only a share paid in cash (the caller passes `cashRounding` then) of a
 * restaurant that rounds, in MYR, has `settles + tip` rounded to 5 sen; the rounding is the payment's
 * (its `bill.rounding` line), not the tab's, which drops by `settles` whatever the rounding. Rupiah are
 * never rounded.
 *
 * Dishes another payer holds (`locks`) are left out of `rest`, `mine`, `equal` and `amount` and refused
 * for `lines` and `dishPart`. Refusals: `paymentAlreadyPaid` (nothing left), {@link SPLIT_MESSAGE}
 * (an amount above what is left, below the gateway's `minimum` as paid, or a part of nothing; 2 to 20
 * parts; a dish paid or held; nothing picked; nothing of the payer's left), `invalidInput` (an unknown
 * dish, a part outside 1..parts, an amount or tip that is not whole minor units).
 *
 * @example
 * ```ts
 * // RM 10 + RM 20, service charge 10 %, SST 6 % on subtotal + service: RM 34.98.
 * splitShare(tabBalance(tab), { kind: 'equal', parts: 4, part: 1 }, { payer: 'ana' });
 * // share.settles 875 (875, 875, 874, 874), share.request.of 3498 for the other three parts
 * splitShare(tabBalance(tab), { kind: 'amount', amount: 5000 }, { payer: 'ana' });
 * // refusal { key: 'tab.error.splitAmountAboveLeft', values: { left: 3498 } }
 * ```
 */
export function splitShare(balance: TabBalance, request: ShareRequest, context: ShareContext): SplitResult {
  const tip = context.tip ?? 0;
  if (!isAmount(tip) || (context.minimum !== undefined && !isAmount(context.minimum))) {
    return { ok: false, refusal: { key: MESSAGE.invalidInput } };
  }
  const locks = context.locks ?? {};
  const lockedByOther = (lineId: string): boolean =>
    Object.hasOwn(locks, lineId) && locks[lineId] !== context.payer;
  const taken = take(balance, request, context.payer, lockedByOther);
  if ('refusal' in taken) return { ok: false, refusal: taken.refusal };

  const allocation = taken.allocation;
  const settles = sum(allocation.map((entry) => entry.amount));
  if (settles === balance.left) {
    const inShare = new Set(allocation.map((entry) => entry.lineId));
    for (const line of balance.lines) {
      if (!inShare.has(line.id) && !lockedByOther(line.id) && line.leftParts.length) {
        allocation.push(wholeOf(line));
      }
    }
  }
  const cashRounding = cashRoundingOf(
    { currency: balance.currency, total: settles + tip },
    context.cashRounding ?? 'none',
  );
  const amount = settles + tip + cashRounding;
  if (context.minimum !== undefined && amount < context.minimum) {
    return {
      ok: false,
      refusal: { key: SPLIT_MESSAGE.amountBelowMinimum, values: { minimum: context.minimum } },
    };
  }
  return {
    ok: true,
    share: {
      request: taken.request,
      payer: context.payer,
      settles,
      tip,
      cashRounding,
      amount,
      lines: receiptLines(balance, allocation, cashRounding),
      allocation,
    },
  };
}
