/**
 * Pricing a share of a tab (apps/api docs/tabs.md, Shares): the contract's request as the domain's
 * `ShareRequest`, `splitShare` over the tab's balance with its holds, the refusals a payer can act on
 * (a dish or a split's part someone at the table is paying right now, a part already taken), and the
 * quote the payer sees (bill lines labelled as an order's bill is).
 */
import { MESSAGE, SPLIT_MESSAGE, TAB_MESSAGE, splitShare } from '@santap/domain';
import type { BillLine, CashRounding, Language, Share, ShareRequest, SplitRefusal } from '@santap/domain';
import type { ShareQuote, ShareRequestInput } from '@santap/contract';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { allocationOf, splitFailure, tabSettingsOf } from '../../model/tabs';
import type { TabShareRow, TabState } from '../../model/tabs';
import { moneyOf } from '../../model/tab-shares';
import { labelledBill } from '../ordering/pricing';

/** The contract's request (snake_case) as the domain's. */
export function domainRequestOf(input: ShareRequestInput): ShareRequest {
  switch (input.kind) {
    case 'rest':
    case 'mine':
      return { kind: input.kind };
    case 'lines':
      return { kind: 'lines', lineIds: input.line_ids };
    case 'dish_part':
      return {
        kind: 'dishPart',
        lineId: input.line_id,
        parts: input.parts,
        part: input.part,
        ...(input.of !== undefined ? { of: input.of } : {}),
      };
    case 'equal':
      return {
        kind: 'equal',
        parts: input.parts,
        part: input.part,
        ...(input.of !== undefined ? { of: input.of } : {}),
      };
    case 'amount':
      return { kind: 'amount', amount: input.amount };
  }
}

/** The domain's request (its `of` filled in) as the contract's: what a share row keeps. */
export function contractRequestOf(request: ShareRequest): ShareRequestInput {
  switch (request.kind) {
    case 'rest':
    case 'mine':
      return { kind: request.kind };
    case 'lines':
      return { kind: 'lines', line_ids: [...request.lineIds] };
    case 'dishPart':
      return {
        kind: 'dish_part',
        line_id: request.lineId,
        parts: request.parts,
        part: request.part,
        ...(request.of !== undefined ? { of: request.of } : {}),
      };
    case 'equal':
      return {
        kind: 'equal',
        parts: request.parts,
        part: request.part,
        ...(request.of !== undefined ? { of: request.of } : {}),
      };
    case 'amount':
      return { kind: 'amount', amount: request.amount };
  }
}

/** The live shares of the state: paid, and pending ones whose hold has not ended and that still fit. */
export function liveShares(state: TabState): TabShareRow[] {
  const expired = new Set(state.expired.map((share) => share.id));
  const unfit = new Set(state.unfit.map((share) => share.id));
  return state.shares.filter(
    (share) => share.state !== 'void' && !expired.has(share.id) && !unfit.has(share.id),
  );
}

/**
 * Refuses a part of an equal split (of the bill, or of one dish) that a live share already took: the
 * same kind, dish, number of parts, amount split (`of`) and part. Being paid right now:
 * `tab.error.beingPaid`; paid: `tab.error.partTaken`.
 */
function refuseTakenPart(state: TabState, request: ShareRequest): void {
  if (request.kind !== 'equal' && request.kind !== 'dishPart') return;
  if (request.of === undefined) return;
  const kind = request.kind === 'equal' ? 'equal' : 'dish_part';
  const lineId = request.kind === 'dishPart' ? request.lineId : null;
  for (const share of liveShares(state)) {
    const taken = share.request as Partial<Record<string, unknown>>;
    if (
      taken.kind === kind &&
      taken.parts === request.parts &&
      taken.part === request.part &&
      taken.of === request.of &&
      (lineId === null || taken.line_id === lineId)
    ) {
      fail(share.state === 'pending' ? TAB_MESSAGE.beingPaid : TAB_MESSAGE.partTaken, {
        part: request.part,
        parts: request.parts,
      });
    }
  }
}

/**
 * A refusal of `splitShare` in the words a payer at a shared table needs: the domain counts what
 * others are paying right now as not left, so "already paid" of a dish (or of the whole tab) that is
 * only held by a share under way is "someone is paying it".
 */
function tableRefusal(state: TabState, refusal: SplitRefusal): SplitRefusal {
  const { balance } = state;
  if (refusal.key === MESSAGE.paymentAlreadyPaid && balance.pending > 0) fail(TAB_MESSAGE.beingPaid);
  if (refusal.key === SPLIT_MESSAGE.linePaid && refusal.lineIds?.length) {
    const held = refusal.lineIds.filter((id) => {
      const line = balance.lines.find((candidate) => candidate.id === id);
      return line !== undefined && line.paid < line.amount;
    });
    if (held.length === refusal.lineIds.length) return { key: SPLIT_MESSAGE.lineLocked, lineIds: held };
    return { ...refusal, lineIds: refusal.lineIds.filter((id) => !held.includes(id)) };
  }
  return refusal;
}

/** Who pays and how, beyond the request (see {@link priceShare}). */
export interface PriceOptions {
  /** The payer as the domain names them: a member id as a string, or the counter. */
  payer: string;
  tip: number;
  /** The gateway's smallest charge (online shares); none at the counter. */
  minimum?: number;
  /** The restaurant's cash rounding, for a share paid in cash. */
  cashRounding?: CashRounding;
}

/**
 * Prices a share of the tab now (nothing held): `splitShare` over the tab's balance and holds, with a
 * tip only where the restaurant takes them (`tab.error.tipsOff` otherwise). Refusals are the domain's
 * split keys, a part of an equal split already taken, or what others are paying right now
 * (`tab.error.beingPaid`, `tab.error.splitLineLocked`), in the caller's language.
 */
export function priceShare(
  state: TabState,
  request: ShareRequest,
  options: PriceOptions,
  lang: Language,
): Share {
  if (options.tip > 0 && !tabSettingsOf(state.restaurant).tips) fail(TAB_MESSAGE.tipsOff);
  // A dish's part of a split whose amount is known already (`of` given, or the dish's whole share).
  const dish =
    request.kind === 'dishPart' ? state.balance.lines.find((line) => line.id === request.lineId) : undefined;
  // An equal split divides an amount the tab had: never more than its bills (of a dish, than its share),
  // so no phone lists a split of a bill that never was (docs/tabs.md, Shares).
  if (request.kind === 'equal' && request.of !== undefined && request.of > state.balance.total)
    fail(MESSAGE.invalidInput);
  if (request.kind === 'dishPart' && dish && request.of !== undefined && request.of > dish.amount)
    fail(MESSAGE.invalidInput);
  if (request.kind === 'dishPart' && dish)
    refuseTakenPart(state, { ...request, of: request.of ?? dish.amount });
  else refuseTakenPart(state, request);
  const result = splitShare(state.balance, request, {
    payer: options.payer,
    locks: state.locks,
    tip: options.tip,
    ...(options.minimum !== undefined ? { minimum: options.minimum } : {}),
    ...(options.cashRounding !== undefined ? { cashRounding: options.cashRounding } : {}),
  });
  if (!result.ok) throw splitFailure(tableRefusal(state, result.refusal), state.balance.currency, lang);
  refuseTakenPart(state, result.share.request);
  if (result.share.amount <= 0) fail(MESSAGE.paymentAlreadyPaid);
  // A tip is at most the share itself (docs/tabs.md, Tips): a slip of the finger is not a charge of millions.
  if (options.tip > result.share.settles) fail(MESSAGE.invalidInput);
  return result.share;
}

/** Bill lines with their labels in the caller's language, as an order's bill has them (`labelledBill`). */
function labelled(lines: readonly BillLine[], currency: 'MYR' | 'IDR', caller: Pick<Caller, 't'>) {
  return labelledBill({ currency, lineTotals: [], subtotal: 0, lines: [...lines], total: 0 }, caller.t).lines;
}

/** The quote of a share just priced. */
export function quoteOf(share: Share, currency: 'MYR' | 'IDR', caller: Pick<Caller, 't'>): ShareQuote {
  return {
    request: contractRequestOf(share.request),
    settles: share.settles,
    tip: share.tip,
    amount: share.amount,
    currency,
    lines: labelled(share.lines, currency, caller),
    takes: share.allocation
      .filter((entry) => entry.amount !== 0)
      .map((entry) => ({ line_id: entry.lineId, amount: entry.amount })),
  };
}

/** The quote of a share as it was kept (its receipt, a replayed payment). */
export function quoteOfRow(share: TabShareRow, caller: Pick<Caller, 't'>): ShareQuote {
  const currency = share.currency === 'IDR' ? 'IDR' : 'MYR';
  return {
    request: share.request as ShareRequestInput,
    settles: share.settles,
    tip: share.tip,
    amount: share.amount,
    currency,
    lines: labelled(share.lines as BillLine[], currency, caller),
    takes: (allocationOf(share) ?? [])
      .map((entry) => ({ line_id: entry.lineId, amount: moneyOf(entry.parts) }))
      .filter((entry) => entry.amount !== 0),
  };
}
