import { BILL_LINE_KEY, computeBill, formatRate, validateSelections } from '@santap/domain';
import type { Bill, Language, OrderLine, RestaurantCharges } from '@santap/domain';
import type { MenuOptionGroupRow, OrderLineOption, Translated } from '../../../db/schema';
import type { RestaurantSettings } from '../../../db/settings';
import { pick } from '../../model/restaurants';
import type { RestaurantRow } from '../../model/restaurants';

export interface PricedLine {
  cartItemId: number;
  itemId: number;
  restaurantId: number;
  name: string;
  /** The item's name in every language, as the order's snapshot keeps it (history reads right after a switch). */
  names: Translated;
  quantity: number;
  selections: Record<string, string[]>;
  /** Each chosen option, named in the caller's language (`name`) and in every language (`names`, `group`). */
  options: {
    groupId: string;
    optionId: string;
    name: string;
    names: Translated;
    group: Translated;
    price: number;
  }[];
  notes: string | null;
  /** The dish's own price, options apart (the bill adds them). */
  basePrice: number;
  /** The price of one with its options: what the diner saw and the order keeps per unit. */
  unitPrice: number;
  seenUnitPrice: number;
  available: boolean;
  priceChanged: boolean;
  isVoucher: boolean;
  packagingCharge: number;
  /** The order types the dish is offered for (`menu_items.order_type_mask`). */
  orderTypeMask: number;
}

export interface CartLineSource {
  cartItemId: number;
  quantity: number;
  selections: Record<string, string[]>;
  notes: string | null;
  seenUnitPrice: number;
  item: {
    id: number;
    restaurantId: number;
    name: Translated;
    price: number;
    packagingCharge: number;
    inStock: boolean;
    isVoucher: boolean;
    optionGroups: MenuOptionGroupRow[];
    /** Absent: every order type. */
    orderTypeMask?: number;
  };
}

/**
 * A priced line's options as an order line keeps them (`order_items.options`): with their names and
 * groups in every language as the menu has them now, so a later menu edit does not rewrite what the
 * kitchen, its dockets and the diner read. Both the first order and each round added later keep them.
 */
export function keptOptions(line: Pick<PricedLine, 'options'>): OrderLineOption[] {
  return line.options.map(({ groupId, optionId, price, names, group }) => ({
    groupId,
    optionId,
    price,
    name: names,
    group,
  }));
}

/** A dish's option groups as the domain's `validateSelections` checks a diner's choices against them. */
export function selectionGroups(optionGroups: readonly MenuOptionGroupRow[]) {
  return optionGroups.map((group) => ({
    id: group.id,
    kind: group.kind,
    required: group.required,
    ...(group.max !== undefined ? { max: group.max } : {}),
    options: group.options.map((option) => ({
      id: option.id,
      price: option.price,
      available: option.available,
    })),
  }));
}

/**
 * Prices one cart line against the menu as it is now: the options chosen must still satisfy the
 * groups' limits and exist, the item must be in stock, and a unit price that differs from the one the
 * diner saw is flagged (spec §5 'Price Warning').
 */
export function priceLine(source: CartLineSource, lang: Language): PricedLine {
  const { item } = source;
  const groups = selectionGroups(item.optionGroups);
  const validation = validateSelections(groups, source.selections);
  const optionNames = new Map(
    item.optionGroups.flatMap((group) =>
      group.options.map((option) => [`${group.id}/${option.id}`, { names: option.name, group: group.name }]),
    ),
  );
  const unnamed: Translated = { en: '', id: '', my: '' };
  const options = validation.ok
    ? validation.chosen.map((chosen) => {
        const named = optionNames.get(`${chosen.groupId}/${chosen.optionId}`);
        return {
          ...chosen,
          name: named ? pick(named.names, lang) : '',
          names: named?.names ?? unnamed,
          group: named?.group ?? unnamed,
        };
      })
    : [];
  const unitPrice = item.price + (validation.ok ? validation.optionsTotal : 0);
  return {
    cartItemId: source.cartItemId,
    itemId: item.id,
    restaurantId: item.restaurantId,
    name: pick(item.name, lang),
    names: item.name,
    quantity: source.quantity,
    selections: source.selections,
    options,
    notes: source.notes,
    basePrice: item.price,
    unitPrice,
    seenUnitPrice: source.seenUnitPrice,
    available: item.inStock && validation.ok,
    priceChanged: validation.ok && unitPrice !== source.seenUnitPrice,
    isVoucher: item.isVoucher,
    packagingCharge: item.packagingCharge,
    orderTypeMask: item.orderTypeMask ?? 7,
  };
}

/**
 * A restaurant's charges as the domain's bill takes them (spec §9); which of them an order pays is the
 * domain's `orderBillInput` (choices in the README).
 */
export function chargesOf(restaurant: RestaurantRow, settings: RestaurantSettings): RestaurantCharges {
  return {
    currency: restaurant.currency as 'MYR' | 'IDR',
    serviceChargeBps: settings.serviceChargeBps,
    taxes: settings.taxes,
    deliveryFee: settings.deliveryFee,
    cashRounding: settings.cashRounding,
  };
}

/** The lines of a bill: the available ones, with their base price and options apart. */
export const billLinesOf = (lines: PricedLine[]): OrderLine[] =>
  lines
    .filter((line) => line.available)
    .map((line) => ({
      id: String(line.cartItemId),
      basePrice: line.basePrice,
      quantity: line.quantity,
      options: line.options,
      packagingCharge: line.packagingCharge,
      isVoucher: line.isVoucher,
    }));

/**
 * A bill with its labels in the caller's language ('Service Charge 10%', 'SST 6%'). `cashRounding`:
 * what paying it in cash or later at the counter adds (a cart's bill, computed before the payment
 * mode is known: `cashRoundingOf` of @santap/domain), sent as the `cash_rounding` line when not 0.
 */
export function labelledBill(
  bill: Bill,
  t: (key: string, values?: Record<string, string | number>) => string,
  cashRounding = 0,
) {
  return {
    currency: bill.currency,
    subtotal: bill.subtotal,
    total: bill.total,
    lines: bill.lines.map((line) => ({
      key: line.key,
      label: t(line.key, line.rate !== undefined ? { rate: formatRate(line.rate) } : {}),
      amount: line.amount,
      ...(line.rate !== undefined ? { rate: line.rate } : {}),
      ...(line.included ? { included: true } : {}),
    })),
    ...(cashRounding !== 0
      ? {
          cash_rounding: {
            key: BILL_LINE_KEY.rounding,
            label: t(BILL_LINE_KEY.rounding),
            amount: cashRounding,
          },
        }
      : {}),
  };
}

export { computeBill };
