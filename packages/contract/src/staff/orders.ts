/**
 * The order board (apps/staff README 'Kitchen display'): the orders of the staff member's restaurant,
 * their moves, a kitchen's marks, declined items, paused intake and a manager's refunds.
 */
import { z } from 'zod/mini';
import { ALLERGENS, ALLERGY_SEVERITIES } from '@santap/domain';
import { defineEndpoint } from '../endpoint';
import { approvalInput } from './approval';
import { currencyCode, idInput, money, refundSchema } from '../common';
import { orderSchema } from '../orders';

/**
 * What a kitchen display needs of an order beyond the diner's view of it (apps/staff README 'Kitchen
 * display'): the rush flag, whether it still waits for its payment (an order paid first that is not
 * paid yet is not for the kitchen), the diner's allergies, and per line its menu category (stations)
 * and whether the kitchen struck it off as made.
 */
export const kitchenViewSchema = z.object({
  rush: z.boolean(),
  /** Paid first (online, prepay or scheduled) and not paid yet: the kitchen does not see it yet. */
  awaiting_payment: z.boolean(),
  /** The diner's allergies (their account, spec §7), category and severity only; empty for guests. */
  allergies: z.array(z.object({ category: z.enum(ALLERGENS), severity: z.enum(ALLERGY_SEVERITIES) })),
  lines: z.array(z.object({ order_item_id: z.int(), category_id: z.nullable(z.int()), done: z.boolean() })),
});
export type KitchenView = z.infer<typeof kitchenViewSchema>;

/** An order as staff see it: the diner's view plus {@link kitchenViewSchema}. */
export const staffOrderSchema = z.extend(orderSchema, { kitchen: kitchenViewSchema });
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const staffOrders = defineEndpoint({
  id: 'staff.orders',
  method: 'GET',
  path: '/api/staff/orders',
  service: 'main',
  access: 'staff',
  summary:
    "The staff member's restaurant's orders, running first, newest first within each group; pages of `limit` (1-200, default 200): pass the reply's `next_cursor` as `cursor` for the next page (null on the last). `order_id` gives just that order (an empty list for another restaurant's): what a board refetches after a live event.",
  query: z.object({
    running: z.optional(z.enum(['1', '0'])),
    cursor: z.optional(z.string().check(z.regex(/^[01]:\d{1,10}$/))),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
    order_id: z.optional(idInput),
  }),
  data: z.object({
    orders: z.array(
      z.extend(staffOrderSchema, {
        /**
         * Only with `order_id`, for a completed order: what a manager may still refund (captured,
         * less refunds that did not fail), the amount `staff.refundOrder` refunds when sent none.
         */
        refundable_amount: z.optional(money),
      }),
    ),
    next_cursor: z.optional(z.nullable(z.string())),
  }),
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
  body: z.object({
    status: z.int().check(z.gte(0), z.lte(99)),
    /**
     * Declining a confirmed order, cancelling or deleting a paid one: a manager gives a reason, anyone
     * else a manager's approval (apps/api docs/audit.md, 'Manager approval'); without it 403
     * approval.error.needed (details `approval`: `manager_pin`) or 400 approval.error.reasonNeeded.
     */
    approval: z.optional(approvalInput),
  }),
  data: staffOrderSchema,
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
  data: staffOrderSchema,
});

export const staffOrderKitchen = defineEndpoint({
  id: 'staff.orderKitchen',
  method: 'POST',
  path: '/api/staff/orders/:orderId/kitchen',
  service: 'main',
  access: 'staff',
  summary:
    "A kitchen display's marks on a running order (manager or kitchen): `rush` pins the ticket to the top of every display; `lines` strike dishes off as made (`done`) or back. Published live (`order.kitchen`) so every tablet shows it. Another restaurant's order or a line not of this order is 404; a finished order is refused (errors.invalidTransition); nothing to change is 400.",
  params: z.object({ orderId: idInput }),
  body: z
    .object({
      rush: z.optional(z.boolean()),
      lines: z.optional(
        z
          .array(
            z.object({ order_item_id: z.int().check(z.positive(), z.lte(2_147_483_647)), done: z.boolean() }),
          )
          .check(z.minLength(1), z.maxLength(100)),
      ),
    })
    .check(
      z.refine((body) => body.rush !== undefined || body.lines !== undefined, {
        message: 'rush or lines',
      }),
    ),
  data: staffOrderSchema,
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
    /** Accepted for a uniform retry from the approval dialog; a manager's refund needs only `reason`. */
    approval: z.optional(approvalInput),
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
