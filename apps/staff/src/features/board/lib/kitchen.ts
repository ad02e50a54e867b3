/**
 * The kitchen display's rules on top of the board (README 'Kitchen display'): a ticket's age and its
 * colour at the restaurant's thresholds, stations (a set of menu categories) and the dishes a station
 * sees, the all-day counts, which move is the bump, and whether a bumped ticket can be recalled on the
 * server. Moves always come from `movesFor` (the server's role moves and the domain's `canTransition`).
 */
import { ORDER_STATUS } from '@santap/domain';
import type { OrderStatus } from '@santap/domain';
import { kitchenReleaseAt } from '@santap/schedule';
import type { StaffOrder } from '@santap/api-client';
import { movesFor } from './columns';

const S = ORDER_STATUS;

export interface KitchenThresholds {
  amber_minutes: number;
  red_minutes: number;
}

export interface Station {
  name: string;
  category_ids: readonly number[];
}

/** Where a ticket's clock starts: placed, or the kitchen release of a scheduled order (spec §4). */
export function ageStart(order: StaffOrder): number {
  return order.scheduled_epoch !== null ? kitchenReleaseAt(order.scheduled_epoch) : order.created_epoch;
}

export type AgeLevel = 'fresh' | 'amber' | 'red';

export function ageLevel(seconds: number, thresholds: KitchenThresholds): AgeLevel {
  if (seconds >= thresholds.red_minutes * 60) return 'red';
  if (seconds >= thresholds.amber_minutes * 60) return 'amber';
  return 'fresh';
}

/** '4:07', '1:02:33': minutes and seconds, hours once past one; never below 0:00. */
export function ageLabel(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${minutes}:${two(s % 60)}`;
}

/** The categories a station makes, or null for 'All' (every dish). */
export type StationFilter = ReadonlySet<number> | null;

export function stationFilter(stations: readonly Station[], name: string | null): StationFilter {
  const station = name === null ? undefined : stations.find((s) => s.name === name);
  return station ? new Set(station.category_ids) : null;
}

/** The order's lines this station sees: all for 'All'; a dish without a known category goes to every station. */
export function stationItems(order: StaffOrder, filter: StationFilter) {
  if (!filter) return order.items;
  return order.items.filter((item) => {
    const line = order.kitchen.lines.find((l) => l.order_item_id === item.order_item_id);
    return !line || line.category_id === null || filter.has(line.category_id);
  });
}

export const isLineDone = (order: StaffOrder, orderItemId: number) =>
  order.kitchen.lines.some((line) => line.order_item_id === orderItemId && line.done);

export interface AllDayCount {
  name: string;
  quantity: number;
}

/**
 * Every dish still to make across `orders` for the station: active (not declined), not struck off,
 * summed by name, most first (then by name).
 */
export function allDayCounts(orders: Iterable<StaffOrder>, filter: StationFilter): AllDayCount[] {
  const counts = new Map<string, number>();
  for (const order of orders) {
    for (const item of stationItems(order, filter)) {
      if (item.status !== 'active' || isLineDone(order, item.order_item_id)) continue;
      counts.set(item.name, (counts.get(item.name) ?? 0) + item.quantity);
    }
  }
  return [...counts]
    .map(([name, quantity]) => ({ name, quantity }))
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}

/** Moves that end or reopen an order: never what a bump does. */
const NOT_A_BUMP: readonly number[] = [S.DECLINED, S.CANCELLED, S.DELETED, S.MORE_ITEMS_ADDED];

/** The bump: the first forward move of the role's moves on this order (`movesFor`), if any. */
export function bumpMove(moves: readonly number[]): number | null {
  return moves.find((to) => !NOT_A_BUMP.includes(to)) ?? null;
}

/** A recall may go back on the server only when the rules allow the move back to `from` (they mostly do not). */
export function recallMove(
  order: StaffOrder,
  from: number,
  roleMoves: readonly number[],
): OrderStatus | null {
  return movesFor(order, roleMoves).includes(from as OrderStatus) ? (from as OrderStatus) : null;
}

/** How long a bumped ticket can be recalled (the 'Recently bumped' strip). */
export const RECALL_WINDOW_S = 30 * 60;

const STATION_KEY = 'santap.staff.station';

/** This device's station (kept in localStorage), null for 'All'. */
export function savedStation(): string | null {
  try {
    return localStorage.getItem(STATION_KEY);
  } catch {
    return null;
  }
}

export function saveStation(name: string | null) {
  try {
    if (name === null) localStorage.removeItem(STATION_KEY);
    else localStorage.setItem(STATION_KEY, name);
  } catch {
    // A device without storage keeps the station until reload.
  }
}
