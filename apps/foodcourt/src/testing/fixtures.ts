import type { CartData, CartLine, FcOrderData, MallData, MenuData, OutletOrder } from '../lib/api-types';

/** The demo food court: four outlets, one of which (1012) does not deliver and is closed now. */
export function mallFixture(): MallData {
  const outlet = (
    id: number,
    nameid: string,
    name: string,
    extra: Partial<MallData['restaurants'][number]> = {},
  ) => ({
    restaurant_id: id,
    nameid,
    name,
    cuisine: null,
    halal: true,
    address: 'Mall Demo, Jalan Bukit Bintang',
    distance: 0,
    is_open: true,
    time_zone: 'Asia/Kuala_Lumpur',
    ot: [1, 2, 3] as (1 | 2 | 3)[],
    pay_later_order_types: [1, 3] as (1 | 2 | 3)[],
    prepaid_order_types: [1, 2, 3] as (1 | 2 | 3)[],
    ...extra,
  });
  return {
    mall: {
      slug: 'mall-demo',
      name: 'Mall Demo Food Court',
      country: 'MY',
      currency: 'MYR',
      time_zone: 'Asia/Kuala_Lumpur',
      ot: [1, 2, 3],
    },
    restaurants: [
      outlet(1011, 'mall-demo-nasi-lemak', 'Nasi Lemak Mak Jah', { cuisine: 'nasi-lemak' }),
      outlet(1012, 'mall-demo-char-kway-teow', 'Char Kway Teow Ah Seng', {
        cuisine: 'chinese-hawker',
        halal: false,
        is_open: false,
        ot: [1, 3],
      }),
      outlet(1013, 'mall-demo-roti-canai', 'Roti Canai Raju', { cuisine: 'mamak' }),
      outlet(1014, 'mall-demo-teh-tarik-bar', 'Teh Tarik Bar', { cuisine: 'drinks' }),
    ],
  };
}

export function lineFixture(
  overrides: Partial<CartLine> & Pick<CartLine, 'cart_item_id' | 'restaurant_id' | 'name'>,
): CartLine {
  return {
    item_id: overrides.cart_item_id * 10,
    quantity: 1,
    selections: {},
    options: [],
    notes: null,
    unit_price: 600,
    seen_unit_price: 600,
    line_total: 600,
    available: true,
    price_changed: false,
    is_voucher: false,
    ...overrides,
  };
}

export function cartFixture(
  items: CartLine[] = [],
  context: Record<string, unknown> = { orderType: 3, pickupType: 'pickup' },
): CartData {
  return {
    scope: 'mall-demo',
    currency: 'MYR',
    context,
    special_note: null,
    discount_code: null,
    items,
    item_count: items.reduce((sum, line) => sum + line.quantity, 0),
    warnings: [],
    locked: false,
  };
}

export function menuFixture(): MenuData {
  return {
    restaurant_id: 1012,
    currency: 'MYR',
    categories: [{ id: 1, name: 'Noodles', item_ids: [1, 2] }],
    items: [
      {
        id: 1,
        restaurant_id: 1012,
        category_id: 1,
        name: 'Wat Tan Hor',
        description: 'Silky rice noodles in egg gravy',
        price: 1050,
        packaging_charge: 50,
        in_stock: true,
        allergens: ['seafood'],
        halal: false,
        no_pork: false,
        contains_alcohol: false,
        is_voucher: false,
        best_seller: false,
        image: null,
        nutrition: null,
        option_groups: [],
      },
      {
        id: 2,
        restaurant_id: 1012,
        category_id: 1,
        name: 'Oyster Omelette',
        description: '',
        price: 1300,
        packaging_charge: 50,
        in_stock: false,
        allergens: [],
        halal: false,
        no_pork: false,
        contains_alcohol: false,
        is_voucher: false,
        best_seller: false,
        image: null,
        nutrition: null,
        option_groups: [],
      },
    ],
  };
}

export function outletOrderFixture(
  overrides: Partial<OutletOrder> & Pick<OutletOrder, 'order_id' | 'restaurant_id' | 'restaurant_name'>,
): OutletOrder {
  return {
    fc_order_id: 7,
    nameid: 'mall-demo-outlet',
    time_zone: 'Asia/Kuala_Lumpur',
    order_type: 3,
    pickup_type: 'pickup',
    order_time: 'ASAP',
    scheduled_epoch: null,
    table_no: 'pickup',
    status: 0,
    status_key: 'status.waitingConfirmation',
    payment_status: 'paid',
    payment_mode: 'online',
    prepay: true,
    currency: 'MYR',
    total: 689,
    bill: {
      currency: 'MYR',
      subtotal: 600,
      total: 689,
      lines: [{ key: 'bill.subtotal', label: 'Subtotal', amount: 600 }],
    },
    items: [
      {
        order_item_id: overrides.order_id * 10,
        item_id: 1,
        name: 'Nasi Lemak',
        quantity: 1,
        unit_price: 600,
        options: [],
        notes: null,
        status: 'active',
        batch: 1,
      },
    ],
    special_note: null,
    created_epoch: 1_795_406_400,
    can_cancel: false,
    ...overrides,
  };
}

export function fcOrderFixture(orders: OutletOrder[], overrides: Partial<FcOrderData> = {}): FcOrderData {
  return {
    fc_order_id: 7,
    mall: 'mall-demo',
    total: orders.reduce((sum, order) => sum + order.total, 0),
    payment_status: 'paid',
    all_ready: false,
    orders,
    ...overrides,
  };
}
