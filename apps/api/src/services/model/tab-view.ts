/**
 * A table's tab as the contract shows it (`TabView` of @santap/contract; apps/api docs/tabs.md): dishes
 * named in the reader's language, members, shares paid and under way, the equal splits under way.
 * Reached through `model/tabs.ts`.
 */
import type { Language } from '@santap/domain';
import type { TabView } from '@santap/contract';
import { QR_PLAN } from '@santap/qr';
import { pick } from './restaurants';
import { tabSettingsOf } from './tab-rows';
import type { TabShareRow } from './tab-rows';
import type { TabState } from './tab-state';

const epochOf = (date: Date) => Math.floor(date.getTime() / 1000);

const SHARE_KINDS = new Set(['rest', 'mine', 'lines', 'dish_part', 'equal', 'amount', 'counter']);

/** The contract's share of a share row. */
export function shareViewOf(share: TabShareRow): TabView['shares'][number] {
  const kind = (share.request as { kind?: unknown }).kind;
  return {
    share_id: share.id,
    member_id: share.memberId,
    kind: (typeof kind === 'string' && SHARE_KINDS.has(kind)
      ? kind
      : 'counter') as TabView['shares'][number]['kind'],
    state: share.state as 'pending' | 'paid' | 'void',
    settles: share.settles,
    tip: share.tip,
    amount: share.amount,
    method: share.method,
    payment_id: share.paymentId,
    created_epoch: epochOf(share.createdAt),
    hold_until_epoch: share.state === 'pending' && share.holdUntil ? epochOf(share.holdUntil) : null,
  };
}

/**
 * The equal splits under way: paid and live pending shares of `equal` / `dish_part`, by their split.
 * A split is under way while a part of it is still free and there is something left to pay it with
 * (on the tab for `equal`, on the dish for `dish_part`); a finished one is no longer listed.
 */
function splitsOf(shares: readonly TabShareRow[], balance: TabState['balance']): TabView['splits'] {
  const splits = new Map<string, TabView['splits'][number]>();
  for (const share of shares) {
    const request = share.request as {
      kind?: unknown;
      parts?: unknown;
      part?: unknown;
      of?: unknown;
      line_id?: unknown;
    };
    if (request.kind !== 'equal' && request.kind !== 'dish_part') continue;
    if (
      typeof request.parts !== 'number' ||
      typeof request.part !== 'number' ||
      typeof request.of !== 'number'
    )
      continue;
    const lineId =
      request.kind === 'dish_part' && typeof request.line_id === 'string' ? request.line_id : null;
    const key = `${request.kind}|${lineId ?? ''}|${request.parts}|${request.of}`;
    const split = splits.get(key) ?? {
      kind: request.kind,
      line_id: lineId,
      parts: request.parts,
      of: request.of,
      taken: [],
    };
    if (!split.taken.includes(request.part)) split.taken.push(request.part);
    splits.set(key, split);
  }
  const leftOn = (split: TabView['splits'][number]) =>
    split.line_id === null
      ? balance.left
      : (balance.lines.find((line) => line.id === split.line_id)?.left ?? 0);
  return [...splits.values()]
    .filter((split) => split.taken.length < split.parts && leftOn(split) > 0)
    .map((split) => ({ ...split, taken: split.taken.sort((a, b) => a - b) }));
}

/**
 * The contract's `TabView` of a tab's state for one reader: dishes named in `lang`, `me` the reader's
 * member id (null for staff). Members read only let-in members; staff (`staff: true`) also those
 * waiting to be let in. Shares listed are the paid and live pending ones.
 */
export function tabViewOf(
  state: TabState,
  lang: Language,
  me: number | null,
  options: { staff?: boolean } = {},
): TabView {
  const { tab, restaurant, balance } = state;
  const settings = tabSettingsOf(restaurant);
  const byLine = new Map(balance.lines.map((line) => [line.id, line]));
  const expired = new Set(state.expired.map((share) => share.id));
  const unfit = new Set(state.unfit.map((share) => share.id));
  const live = state.shares.filter(
    (share) => share.state !== 'void' && !expired.has(share.id) && !unfit.has(share.id),
  );
  return {
    tab_id: tab.id,
    restaurant_id: tab.restaurantId,
    table_id: tab.tableId,
    table_label: state.tableLabel,
    status: tab.status === 'closed' ? 'closed' : 'open',
    currency: balance.currency,
    join_code: tab.status === 'open' ? tab.joinCode : null,
    joins_by_scan: restaurant.qrPlan === QR_PLAN.DYNAMIC,
    me,
    members: state.members
      .filter((member) => member.status === 'member' || options.staff)
      .map((member) => ({
        member_id: member.id,
        name: member.name,
        emoji: member.emoji,
        me: member.id === me,
        waiting: member.status === 'waiting',
      })),
    orders: state.orders.map((order) => ({
      order_id: order.id,
      member_id: order.tabMemberId,
      status: order.status,
      total: order.total,
      created_epoch: epochOf(order.createdAt),
    })),
    lines: state.items.map((item) => {
      const line = byLine.get(item.lineId)!;
      const order = state.orders.find((row) => row.id === item.orderId)!;
      const first = item.items[0];
      return {
        line_id: item.lineId,
        order_id: item.orderId,
        member_id: order.tabMemberId,
        name: item.wholeOrder
          ? item.items.map((row) => `${row.quantity}× ${pick(row.name, lang)}`).join(', ')
          : pick(first?.name, lang),
        quantity: item.wholeOrder ? 1 : (first?.quantity ?? 1),
        options: item.wholeOrder
          ? ''
          : (first?.options ?? [])
              .map((option) => (option.name ? pick(option.name, lang) : option.optionId))
              .join(', '),
        amount: line.amount,
        paid: line.paid,
        pending: line.pending,
        left: line.left,
        held_by: state.holders[item.lineId] ?? null,
      };
    }),
    shares: live.map(shareViewOf),
    splits: splitsOf(live, balance),
    total: balance.total,
    paid: balance.paid,
    pending: balance.pending,
    left: balance.left,
    tips: settings.tips,
    minimum: settings.minimum,
  };
}
