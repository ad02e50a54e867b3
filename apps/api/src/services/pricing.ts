import { computeBill, formatRate, ORDER_TYPE, validateSelections } from '@santap/domain';
import type { Bill, BillInput, Language, OrderTypeCode } from '@santap/domain';
import type { MenuOptionGroupRow, Translated } from '../db/schema';
import type { RestaurantSettings } from '../db/settings';
import { pick } from './restaurants';
import type { RestaurantRow } from './restaurants';

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
 * Prices one cart line against the menu as it is now: the options chosen must still satisfy the
 * groups' limits and exist, the item must be in stock, and a unit price that differs from the one the
 * diner saw is flagged (spec §5 'Price Warning').
 */
export function priceLine(source: CartLineSource, lang: Language): PricedLine {
  const { item } = source;
  const groups = item.optionGroups.map((group) => ({
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
    unitPrice,
    seenUnitPrice: source.seenUnitPrice,
    available: item.inStock && validation.ok,
    priceChanged: validation.ok && unitPrice !== source.seenUnitPrice,
    isVoucher: item.isVoucher,
    packagingCharge: item.packagingCharge,
    orderTypeMask: item.orderTypeMask ?? 7,
  };
}

export interface BillContext {
  restaurant: RestaurantRow;
  settings: RestaurantSettings;
  orderType: OrderTypeCode;
  couponDiscount: number;
  cash: boolean;
}

/**
 * The bill input of one restaurant's lines (spec §9). Choices (README): packaging is charged on
 * delivery and pickup only, the service charge on dine-in only, the delivery fee on delivery only,
 * cash rounding only when the diner pays cash at the counter.
 */
export function billInputFor(lines: PricedLine[], context: BillContext): BillInput {
  const dineIn = context.orderType === ORDER_TYPE.DINE_IN;
  const delivery = context.orderType === ORDER_TYPE.DELIVERY;
  return {
    currency: context.restaurant.currency as 'MYR' | 'IDR',
    lines: lines
      .filter((line) => line.available)
      .map((line) => ({
        id: String(line.cartItemId),
        unitPrice: line.unitPrice - line.options.reduce((sum, option) => sum + option.price, 0),
        quantity: line.quantity,
        options: line.options.map((option) => ({ price: option.price })),
        ...(dineIn ? {} : { packagingCharge: line.packagingCharge }),
        // Selling a stored-value voucher is not a taxable supply (README "Vouchers and tax").
        ...(line.isVoucher ? { taxExempt: true } : {}),
      })),
    serviceChargeRate: dineIn ? context.settings.serviceChargeBps : 0,
    taxes: context.settings.taxes.filter((tax) => delivery || tax.base !== 'delivery'),
    deliveryFee: delivery ? context.settings.deliveryFee : 0,
    discounts: context.couponDiscount > 0 ? [{ kind: 'coupon', amount: context.couponDiscount }] : [],
    cashRounding: context.cash ? context.settings.cashRounding : 'none',
  };
}

/** A bill with its labels in the caller's language ('Service Charge 10%', 'SST 6%'). */
export function labelledBill(
  bill: Bill,
  t: (key: string, values?: Record<string, string | number>) => string,
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
  };
}

export { computeBill };
