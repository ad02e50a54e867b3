import type { TranslationKey } from '@santap/i18n';
import { paymentRailKey } from '@santap/ui';
import type { UiTranslate } from '@santap/ui';
import type { TabLine, TabMember, TabShare, TabView } from './types';

/** The table's name as the floor calls it: its label, else 'Table <id>'. */
export function tableName(tab: Pick<TabView, 'table_label' | 'table_id'>, t: UiTranslate): string {
  return tab.table_label ?? t('staff.card.table', { table: tab.table_id });
}

/**
 * A member as the diner named themselves, with their emoji; one who gave no name is 'Diner <n>', as
 * the phones at the table call them (the diner's `tab.people.anonymous`, apps/diner features/tab
 * lib/people.ts): their place among the members let in, the list the phones read (those waiting to
 * be let in are on no phone; they asked with a name).
 */
export function memberLabel(tab: Pick<TabView, 'members'>, member: TabMember, t: UiTranslate): string {
  const place = tab.members.filter((m) => !m.waiting).indexOf(member) + 1;
  const name =
    member.name.trim() || (place > 0 ? t('staff.tabs.diner', { n: place }) : t('staff.tabs.someone'));
  return member.emoji ? `${member.emoji} ${name}` : name;
}

/** The member of `memberId` by {@link memberLabel}; null is the counter (staff took it). */
export function memberName(tab: Pick<TabView, 'members'>, memberId: number | null, t: UiTranslate): string {
  if (memberId === null) return t('staff.tabs.counter');
  const member = tab.members.find((m) => m.member_id === memberId);
  return member ? memberLabel(tab, member, t) : t('staff.tabs.someone');
}

/** What a payer asked to pay, by the share's kind (a counter share is named by its payer, 'Counter'). */
export const SHARE_KIND_KEY = {
  rest: 'staff.tabs.kind.rest',
  mine: 'staff.tabs.kind.mine',
  lines: 'staff.tabs.kind.lines',
  dish_part: 'staff.tabs.kind.dishPart',
  equal: 'staff.tabs.kind.equal',
  amount: 'staff.tabs.kind.amount',
  counter: null,
} as const satisfies Record<TabShare['kind'], TranslationKey | null>;

/**
 * How a share was paid, in words: cash and card (at the counter) by their names, a gateway's method
 * by the rail diners know (`paymentRailKey`: 'E-wallet', 'Card (Visa / Mastercard)', FPX), else the
 * method as the payment recorded it.
 */
export function shareMethod(share: TabShare, currency: TabView['currency'], t: UiTranslate): string {
  if (share.method === 'Cash') return t('staff.tabs.cash');
  if (share.method === 'Card' && share.kind === 'counter') return t('staff.tabs.card');
  const key = paymentRailKey({ method: share.method, currency });
  return key ? t(key) : share.method;
}

export type LineState = 'paid' | 'paying' | 'part' | 'unpaid';

/**
 * Where a dish stands: all paid; held by a share under way (someone is paying it now); partly paid
 * (a part of it, or an amount spread over the bill, was paid); or nothing paid.
 */
export function lineState(
  line: Pick<TabLine, 'amount' | 'paid' | 'pending' | 'left' | 'held_by'>,
): LineState {
  if (line.left <= 0 && line.pending <= 0) return 'paid';
  if (line.pending > 0 || line.held_by !== null) return 'paying';
  return line.paid > 0 ? 'part' : 'unpaid';
}

/** A clock time in the restaurant's zone ('19:05'). */
export function clockTime(epoch: number, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(epoch * 1000),
  );
}
