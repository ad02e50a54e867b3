import type { RestaurantDetails } from '@santap/api-client';
import type { BillData, CartData, CartLine, MenuData, MenuItemData } from '../api-types';

const days = (open: boolean) =>
  Array.from({ length: 7 }, () => ({ is_enabled: open, slots: [{ start: 0, end: 1440 }] }));

/** A Malaysian restaurant that offers every order type and is open now. */
export function restaurantFixture(overrides: Partial<RestaurantDetails> = {}): RestaurantDetails {
  return {
    restaurant_id: 1001,
    nameid: 'kopitiam-ali',
    name: 'Kopitiam Ali',
    description: null,
    type: 'restaurant',
    country: 'MY',
    currency: 'MYR',
    time_zone: 'Asia/Kuala_Lumpur',
    ot: [1, 2, 3],
    enabledForOrderType: { dineIn: true, delivery: true, pickup: true },
    rest_timings: { DINING: days(true), DELIVERY: days(true), TAKEAWAY: days(true) },
    is_open: { dineIn: true, delivery: true, pickup: true },
    next_open_epoch: null,
    accepting_orders: true,
    prePaidEnabledfromShannon: true,
    pay_later_order_types: [1],
    prepaid_order_types: [2, 3],
    mall: null,
    cuisine: 'kopitiam',
    halal: true,
    address: 'Jalan Tun Perak',
    location: [101.6869, 3.139],
    delivery_radius_m: 8000,
    delivery_fee: 500,
    service_charge_bps: 1000,
    taxes: [{ key: 'bill.sst', rate: 600 }],
    settings: { global: { qr_ordering_plan: 0, subscription_tier: 'pro' } },
    ...overrides,
  };
}

export function itemFixture(
  overrides: Partial<MenuItemData> & Pick<MenuItemData, 'id' | 'name'>,
): MenuItemData {
  return {
    restaurant_id: 1001,
    category_id: 1,
    description: '',
    price: 650,
    packaging_charge: 0,
    in_stock: true,
    allergens: [],
    halal: false,
    no_pork: false,
    contains_alcohol: false,
    is_voucher: false,
    best_seller: false,
    image: null,
    nutrition: null,
    option_groups: [],
    ...overrides,
  };
}

/** A small menu: rice with a sides group (up to 2), a sold-out fritter, and drinks. */
export function menuFixture(): MenuData {
  return {
    restaurant_id: 1001,
    currency: 'MYR',
    categories: [
      { id: 1, name: 'Rice & Noodles', item_ids: [11, 12] },
      { id: 2, name: 'Sides & Snacks', item_ids: [21] },
      { id: 3, name: 'Drinks', item_ids: [31, 32] },
    ],
    items: [
      itemFixture({
        id: 11,
        name: 'Nasi Lemak',
        best_seller: true,
        halal: true,
        allergens: ['fish', 'nuts'],
        option_groups: [
          {
            id: 'sides',
            name: 'Add sides',
            kind: 'upTo',
            max: 2,
            required: false,
            options: [
              { id: 'egg', name: 'Fried egg', price: 150, available: true },
              { id: 'chicken', name: 'Fried chicken', price: 500, available: true },
              { id: 'sambal', name: 'Extra sambal', price: 100, available: true },
            ],
          },
        ],
      }),
      itemFixture({ id: 12, name: 'Mee Goreng Mamak', price: 750, allergens: ['gluten'] }),
      itemFixture({ id: 21, category_id: 2, name: 'Prawn Fritters', price: 800, in_stock: false }),
      itemFixture({ id: 31, category_id: 3, name: 'Teh Tarik', price: 250, best_seller: true }),
      itemFixture({ id: 32, category_id: 3, name: 'Kopi O', price: 200 }),
    ],
  };
}

export function cartLineFixture(overrides: Partial<CartLine> = {}): CartLine {
  return {
    cart_item_id: 1,
    item_id: 11,
    restaurant_id: 1001,
    name: 'Nasi Lemak',
    quantity: 2,
    selections: {},
    options: [],
    notes: null,
    unit_price: 650,
    seen_unit_price: 650,
    line_total: 1300,
    available: true,
    price_changed: false,
    is_voucher: false,
    ...overrides,
  };
}

export function cartFixture(overrides: Partial<CartData> = {}): CartData {
  const items = overrides.items ?? [];
  return {
    scope: 'kopitiam-ali',
    currency: 'MYR',
    context: {},
    special_note: null,
    discount_code: null,
    items,
    item_count: items.reduce((sum, line) => sum + line.quantity, 0),
    warnings: [],
    locked: false,
    ...overrides,
  };
}

export function billFixture(total = 1508): BillData {
  return {
    currency: 'MYR',
    subtotal: 1300,
    total,
    lines: [
      { key: 'bill.subtotal', label: 'Subtotal', amount: 1300 },
      { key: 'bill.serviceCharge', label: 'Service Charge 10%', amount: 130, rate: 1000 },
      { key: 'bill.sst', label: 'SST 6%', amount: 78, rate: 600 },
    ],
  };
}
