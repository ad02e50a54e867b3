import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { billSchema, currencyCode, idInput, money, orderTypeCode, scope } from './common';

export const orderItemSchema = z.object({
  order_item_id: z.int(),
  item_id: z.int(),
  name: z.string(),
  quantity: z.int(),
  unit_price: money,
  options: z.array(
    z.object({
      group_id: z.string(),
      option_id: z.string(),
      price: money,
      /**
       * The option's and its group's names as the menu had them when ordered, in the caller's
       * language. Always sent; optional in the type so order fixtures written before them stay valid.
       */
      name: z.optional(z.string()),
      group_name: z.optional(z.string()),
    }),
  ),
  notes: z.nullable(z.string()),
  status: z.enum(['active', 'declined']),
  batch: z.int(),
});

export const orderSchema = z.object({
  order_id: z.int(),
  fc_order_id: z.nullable(z.int()),
  restaurant_id: z.int(),
  nameid: z.string(),
  restaurant_name: z.string(),
  /** The restaurant's IANA zone: times (a scheduled slot) are shown in it, not in the phone's. */
  time_zone: z.string(),
  order_type: orderTypeCode,
  pickup_type: z.nullable(z.string()),
  order_time: z.enum(['ASAP', 'SCHEDULED']),
  scheduled_epoch: z.nullable(z.int()),
  table_no: z.nullable(z.string()),
  /**
   * The number called at the counter for a kiosk order (per restaurant and local day); null
   * for other orders. Optional in the type so order fixtures written before it stay valid.
   */
  queue_no: z.optional(z.nullable(z.int())),
  /** The code a kiosk showed for the order if it took it offline (`kioskTicketCode`); null for other orders. */
  kiosk_ticket: z.optional(z.nullable(z.string())),
  /**
   * The table's name as the restaurant labels it ('Table 3', 'Meja 3'): what screens show, the same
   * words as the menu's table check (`displayTable`). Always sent; optional in the type so order
   * fixtures written before it stay valid.
   */
  table_label: z.optional(z.nullable(z.string())),
  status: z.int(),
  /** Catalogue key of the status wording (spec §4). */
  status_key: z.string(),
  payment_status: z.string(),
  payment_mode: z.nullable(z.string()),
  prepay: z.boolean(),
  currency: currencyCode,
  total: money,
  bill: billSchema,
  items: z.array(orderItemSchema),
  special_note: z.nullable(z.string()),
  created_epoch: z.int(),
  can_cancel: z.boolean(),
  /**
   * What was captured for the order so far: it still owes `total - paid_amount` (more than nothing
   * once a batch of items joined a paid order, spec §4). Optional in the type so order fixtures
   * written before it stay valid.
   */
  paid_amount: z.optional(money),
  /**
   * The statuses the order entered, oldest first, each with when (epoch seconds): its order events
   * that changed the status (placed, each move, a round of more items). The diner's order tracker shows
   * when each step was reached (`orderTracker` of `@santap/domain`). Always sent; optional in the type
   * so order fixtures written before it stay valid.
   */
  status_history: z.optional(z.array(z.object({ status: z.int(), at: z.int() }))),
});
export type Order = z.infer<typeof orderSchema>;

const orderRef = z.object({ order_id: idInput });

export const createdOrderSchema = z.object({
  order_id: z.int(),
  order_ids: z.array(z.int()),
  fc_order_id: z.nullable(z.int()),
  amount: money,
  currency: currencyCode,
  order_type: orderTypeCode,
  pickup_type: z.nullable(z.string()),
  prepay: z.boolean(),
  /** The 'stored flag' of spec §4: '1' when a takeaway pickup may pay later at the counter. */
  pay_later_flag: z.string(),
  /**
   * Items added to a running order (`add_to_order_id`, spec §4 'More items added'): the batch they
   * joined; `order_id` is then the running order and `amount` what it still owes.
   */
  batch: z.optional(z.int()),
});

const createBody = z.object({
  scope,
  payment_mode: z._default(z.enum(['online', 'pay_later', 'cash_kiosk']), 'online'),
  /** The diner accepts the prices shown (after a 'Price Warning'). */
  accept_prices: z.optional(z.boolean()),
  /**
   * Spend cashback (needs a login): min(balance, total) comes off as 'Loyalty cashback'. Absent: what
   * the cart says (food-court loyalty update), else no. A fully covered order is paid with amount 0.
   */
  use_loyalty: z.optional(z.boolean()),
  /**
   * 'Add more items' (spec §4 'More items added'): the caller's running dine-in or takeaway order the
   * cart's items join as its next batch, at the same restaurant (and table for dine-in), instead of a
   * new order. It is paid the way that order is; `payment_mode` is not read.
   */
  add_to_order_id: z.optional(idInput),
});

export const orderCreate = defineEndpoint({
  id: 'orders.create',
  method: 'POST',
  path: '/api/orders/create.php',
  service: 'main',
  access: 'cart',
  idempotent: true,
  summary:
    'Place the order of a cart (one order per outlet for a food-court cart). Send an Idempotency-Key header: the same key returns the same order.',
  body: createBody,
  data: createdOrderSchema,
});

export const foodCourtOrderCreate = defineEndpoint({
  id: 'orders.createFoodCourt',
  method: 'POST',
  path: '/api/orders/foodcourt/create.php',
  service: 'main',
  access: 'cart',
  idempotent: true,
  summary: 'Place a food-court cart: one order per outlet under one food-court order and one payment.',
  body: createBody,
  data: createdOrderSchema,
});

export const scheduleOrderCreate = defineEndpoint({
  id: 'orders.createScheduled',
  method: 'POST',
  path: '/api/orders/create_schedule_order.php',
  service: 'main',
  access: 'cart',
  idempotent: true,
  summary: 'Place a scheduled order (the slot is in the cart context; scheduled orders are paid first).',
  body: createBody,
  data: createdOrderSchema,
});

export const scheduleOrdersGet = defineEndpoint({
  id: 'orders.scheduled',
  method: 'GET',
  path: '/api/orders/get_schedule_orders.php',
  service: 'main',
  access: 'cart',
  summary: "The caller's upcoming scheduled orders.",
  data: z.object({ orders: z.array(orderSchema) }),
});

export const orderDetails = defineEndpoint({
  id: 'orders.details',
  method: 'GET',
  path: '/api/orders/details/get.php',
  service: 'main',
  access: 'cart',
  summary: 'One order of the caller (cart token or user).',
  query: orderRef,
  data: orderSchema,
});

export const orderCancel = defineEndpoint({
  id: 'orders.cancel',
  method: 'POST',
  path: '/api/orders/cancel_order.php',
  service: 'main',
  access: 'cart',
  summary: 'Cancel an order while the merchant has not accepted it (spec §5).',
  body: orderRef,
  data: orderSchema,
});

export const ordersByTable = defineEndpoint({
  id: 'orders.byTable',
  method: 'GET',
  path: '/api/orders/get_orders_by_table.php',
  service: 'main',
  access: 'cart',
  summary: "The caller's running orders at one table (for 'add more items').",
  query: z.object({ restaurant_id: idInput, table_id: idInput }),
  data: z.object({ orders: z.array(orderSchema) }),
});

export const ordersGet = defineEndpoint({
  id: 'orders.list',
  method: 'GET',
  path: '/api/orders/get_orders.php',
  service: 'main',
  access: 'cart',
  summary: "The caller's running orders.",
  data: z.object({ orders: z.array(orderSchema) }),
});

export const ordersList = defineEndpoint({
  id: 'orders.history',
  method: 'GET',
  path: '/api/orders/get_orders_list.php',
  service: 'main',
  access: 'cart',
  summary: "The caller's orders, newest first, paged.",
  query: z.object({
    page_no: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), 10),
  }),
  data: z.object({ orders: z.array(orderSchema), page_no: z.int(), total_pages: z.int() }),
});

export const foodCourtOrders = defineEndpoint({
  id: 'orders.foodCourt',
  method: 'GET',
  path: '/api/orders/food-court-orders',
  service: 'main',
  access: 'cart',
  summary: 'The outlet orders of one food-court order.',
  query: z.object({ fc_order_id: idInput }),
  data: z.object({
    fc_order_id: z.int(),
    mall: z.string(),
    total: money,
    payment_status: z.string(),
    all_ready: z.boolean(),
    orders: z.array(orderSchema),
  }),
});

export const matchRunningOrders = defineEndpoint({
  id: 'orders.matchRunning',
  method: 'POST',
  path: '/api/orders/match-running-orders',
  service: 'main',
  access: 'cart',
  summary:
    'Before ordering: is there a running dine-in or takeaway order of the caller at another restaurant? (spec §5)',
  body: z.object({ scope }),
  data: z.object({ conflict: z.boolean(), message: z.nullable(z.string()), orders: z.array(orderSchema) }),
});

export const userTableUpdate = defineEndpoint({
  id: 'orders.userTableUpdate',
  method: 'POST',
  path: '/api/orders/user-table-update',
  service: 'main',
  access: 'cart',
  summary: 'Move a running dine-in order to another table of the same restaurant (table change).',
  body: z.object({ order_id: idInput, table_id: idInput }),
  data: orderSchema,
});

/** One unpaid order at the diner's table, as the payments page lists it to pay together. */
export const tableOrderSchema = z.object({
  order_id: z.int(),
  /** The caller's own order (their cart token or account): always paid with the others. */
  own: z.boolean(),
  /** What it still owes, minor units. */
  owed: money,
  total: money,
  /** Its dishes ('2 × Nasi Lemak'), so the diner can tell a friend's order: no names, no contact. */
  items: z.array(z.object({ name: z.string(), quantity: z.int() })),
  created_epoch: z.int(),
});
export type TableOrder = z.infer<typeof tableOrderSchema>;

export const tableOrders = defineEndpoint({
  id: 'orders.tableUnpaid',
  method: 'GET',
  path: '/api/orders/table-unpaid-orders',
  service: 'main',
  access: 'cart',
  summary:
    "Before paying (spec §2 `/payments/:order_id/:price/:orderIds`, §5 'own order cannot be deselected when merging'): the running dine-in orders on the tab of the caller's own `order_id` (at its table) that still owe money, the caller's first; an order on no tab lists only itself. Only a diner on that tab sees them, and only their dishes and amounts.",
  query: z.object({ order_id: idInput }),
  data: z.object({
    order_id: z.int(),
    restaurant_id: z.int(),
    table_label: z.nullable(z.string()),
    currency: currencyCode,
    orders: z.array(tableOrderSchema),
  }),
});
