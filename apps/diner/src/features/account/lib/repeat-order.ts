import type { Order } from '@santap/api-client';
import type { RepeatOrderItem } from '@santap/ui';
import type { CartUpdateBody, MenuData } from '../../../lib/api-types';

/** What repeating an order would do today: every line named, and the cart changes of those that can be. */
export interface RepeatPlan {
  /** For the repeat order popup: today's names and prices; unavailable lines marked. */
  items: RepeatOrderItem[];
  /** One cart update per available line (item, quantity, the same choices, the same note). */
  lines: CartUpdateBody[];
}

/**
 * Repeating a past order against today's menu (spec §2 'repeat last order'): a line can go into
 * the cart again when its dish is still on the menu and in stock and every option chosen then is
 * still offered and available; its price is today's (dish plus options). Declined lines are left
 * out: they were never served.
 */
export function repeatPlan(order: Pick<Order, 'items'>, menu: Pick<MenuData, 'items'>): RepeatPlan {
  const dishes = new Map(menu.items.map((dish) => [dish.id, dish]));
  const items: RepeatOrderItem[] = [];
  const lines: CartUpdateBody[] = [];
  for (const line of order.items) {
    if (line.status === 'declined') continue;
    const dish = dishes.get(line.item_id);
    const chosen = line.options.map((option) => {
      const group = dish?.option_groups.find((candidate) => candidate.id === option.group_id);
      return { option, offered: group?.options.find((candidate) => candidate.id === option.option_id) };
    });
    const available =
      dish !== undefined &&
      dish.in_stock &&
      chosen.every(({ offered }) => offered !== undefined && offered.available);
    const optionNames = chosen.map(({ offered }) => offered?.name).filter((name) => name !== undefined);
    items.push({
      id: String(line.order_item_id),
      name: dish?.name ?? line.name,
      quantity: line.quantity,
      unitPrice: dish
        ? dish.price + chosen.reduce((sum, { offered }) => sum + (offered?.price ?? 0), 0)
        : line.unit_price,
      ...(optionNames.length > 0 ? { options: optionNames.join(', ') } : {}),
      available,
    });
    if (!available) continue;
    const selections: Record<string, string[]> = {};
    for (const { option } of chosen) (selections[option.group_id] ??= []).push(option.option_id);
    lines.push({
      item_id: line.item_id,
      quantity: line.quantity,
      ...(line.options.length > 0 ? { selections } : {}),
      ...(line.notes ? { notes: line.notes } : {}),
    });
  }
  return { items, lines };
}

/** One outlet's part of a food-court order and that outlet's menu today. */
export interface RepeatPart {
  order: Pick<Order, 'items'>;
  menu: Pick<MenuData, 'items'>;
}

/**
 * Repeating a food-court order: every outlet's part checked against its own outlet's
 * menu, the whole in one plan for the mall's one cart. An outlet that is gone is given an empty
 * menu, so its dishes are named unavailable (at the price paid) instead of failing the others.
 */
export function foodCourtRepeatPlan(parts: readonly RepeatPart[]): RepeatPlan {
  const plans = parts.map(({ order, menu }) => repeatPlan(order, menu));
  return { items: plans.flatMap((plan) => plan.items), lines: plans.flatMap((plan) => plan.lines) };
}
