import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { currencyCode, idInput, money, refundSchema } from './common';
import { orderSchema } from './orders';

export const staffLogin = defineEndpoint({
  id: 'staff.login',
  method: 'POST',
  path: '/api/staff/login',
  service: 'main',
  access: 'none',
  summary: 'Staff login (manager, kitchen, server, business) for one restaurant.',
  body: z.object({
    username: z.string().check(z.minLength(1), z.maxLength(80)),
    password: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  data: z.object({
    token: z.string(),
    staff: z.object({
      staff_id: z.number(),
      restaurant_id: z.number(),
      role: z.string(),
      username: z.string(),
    }),
  }),
});

export const staffOrders = defineEndpoint({
  id: 'staff.orders',
  method: 'GET',
  path: '/api/staff/orders',
  service: 'main',
  access: 'staff',
  summary:
    "The staff member's restaurant's orders, running first, newest first within each group; pages of `limit` (1-200, default 200): pass the reply's `next_cursor` as `cursor` for the next page (null on the last).",
  query: z.object({
    running: z.optional(z.enum(['1', '0'])),
    cursor: z.optional(z.string().check(z.regex(/^[01]:\d{1,10}$/))),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
  }),
  data: z.object({ orders: z.array(orderSchema), next_cursor: z.optional(z.nullable(z.string())) }),
});

export const staffOrderStatus = defineEndpoint({
  id: 'staff.orderStatus',
  method: 'POST',
  path: '/api/staff/orders/:orderId/status',
  service: 'main',
  access: 'staff',
  summary:
    "Move an order along the @santap/domain transition table. Roles: the manager makes every move (only the manager cancels or deletes); kitchen: confirms, declines, accepts a scheduled order, preparing, prepared, ready; server: served or picked, on the way, delivered, completed; business: none. Another restaurant's order is 404.",
  params: z.object({ orderId: idInput }),
  body: z.object({ status: z.int().check(z.gte(0), z.lte(99)) }),
  data: orderSchema,
});

export const staffPauseOrders = defineEndpoint({
  id: 'staff.pauseOrders',
  method: 'POST',
  path: '/api/staff/restaurant/pause',
  service: 'main',
  access: 'staff',
  summary:
    "Pause new orders of the staff member's restaurant for `minutes` (a busy kitchen; spec §8 'Currently not accepting orders'), or take orders again with 0. Manager or kitchen. Order create is refused with errors.notAcceptingOrders until it lapses; running orders are not touched.",
  body: z.object({ minutes: z.int().check(z.gte(0), z.lte(240)) }),
  data: z.object({ paused_until_epoch: z.nullable(z.int()) }),
});

export const staffDeclineItem = defineEndpoint({
  id: 'staff.declineItem',
  method: 'POST',
  path: '/api/staff/orders/:orderId/items/:orderItemId/decline',
  service: 'main',
  access: 'staff',
  summary:
    "Decline one item of a running order (manager or kitchen; item declined). The bill stays as it is; on a paid order the item's share (its part of service charge, taxes and discounts) is refunded through the payment's provider, and declining the last item refunds all that is left.",
  params: z.object({ orderId: idInput, orderItemId: idInput }),
  data: orderSchema,
});

export const staffRefundOrder = defineEndpoint({
  id: 'staff.refundOrder',
  method: 'POST',
  path: '/api/staff/orders/:orderId/refund',
  service: 'main',
  access: 'staff',
  idempotent: true,
  summary:
    "Refund a completed, paid order (spec §9 'Refund: starts after order completion'; manager only, another restaurant's order is 404): `amount` in minor units, or all that is still unrefunded when absent, never more (errors.refundTooLarge); an order not completed is refused (errors.refundOrderNotCompleted). Each refund goes through its payment's provider with an idempotent refund key (refund initiated -> refunded, published on the live channel); refunding all that is left moves the order to refund initiated, then refunded. Send an Idempotency-Key header: the same key returns the same reply and refunds once.",
  params: z.object({ orderId: idInput }),
  body: z.object({
    amount: z.optional(money.check(z.positive())),
    /** Why (kept in the order's history for the restaurant). */
    reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
  }),
  data: z.object({
    order_id: z.int(),
    payment_status: z.string(),
    currency: currencyCode,
    /** What this call refunds. */
    amount: money,
    /** What is still refundable after this call. */
    refundable_amount: money,
    /** The refunds this call started (`refund_initiated` until the provider confirms). */
    refunds: z.array(refundSchema),
  }),
});
