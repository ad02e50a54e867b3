import type { Translate } from '../../../lib/use-t';
import type { TabMember, TabView } from '../api/tab-types';

/**
 * How a member is named on the tab's screens: their emoji (the server gives each one) and the name
 * they chose, or 'Diner 2' (their place among the members) without one; '(you)' after the caller's.
 */
export function memberLabel(tab: TabView, member: TabMember, t: Translate, markMe = true): string {
  const place = tab.members.indexOf(member) + 1;
  const name = member.name.trim();
  const label = [member.emoji, name || t('tab.people.anonymous', { number: place })]
    .filter(Boolean)
    .join(' ');
  return markMe && member.me ? t('tab.people.you', { name: label }) : label;
}

/** The label of a member by id; the counter (staff) for no member. */
export function nameOf(tab: TabView, memberId: number | null, t: Translate, markMe = true): string {
  const member = memberId === null ? undefined : tab.members.find((one) => one.member_id === memberId);
  return member ? memberLabel(tab, member, t, markMe) : t('tab.people.counter');
}

/** The dish as a line reads: '2 × Nasi Lemak', or its name alone for one (or a whole order's line). */
export const dishText = (line: { quantity: number; name: string }) =>
  line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name;
