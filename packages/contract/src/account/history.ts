/** The diner's order and payment history, paged, newest first. */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idInput } from '../common';
import { orderSchema } from '../orders';
import { paymentSchema, refundSchema } from '../payments';

const pageQuery = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const userOrders = defineEndpoint({
  id: 'account.orders',
  method: 'GET',
  path: '/api/user/orders',
  service: 'main',
  access: 'user',
  summary:
    "The caller's orders across restaurants and food courts (a food-court order is one entry per outlet, with its fc_order_id), newest first, paged.",
  query: pageQuery,
  data: z.object({
    orders: z.array(orderSchema),
    page_no: z.number().int(),
    total_pages: z.number().int(),
    total: z.number().int(),
  }),
});

export const userOrderDetails = defineEndpoint({
  id: 'account.orderDetails',
  method: 'GET',
  path: '/api/user/orders/:orderId',
  service: 'main',
  access: 'user',
  summary: "One of the caller's orders with its payments and refunds. Another diner's: 404.",
  params: z.object({ orderId: idInput }),
  data: z.object({
    order: orderSchema,
    payments: z.array(paymentSchema),
    refunds: z.array(refundSchema),
  }),
});

/** A payment in the history, with the place it paid. */
export const paymentHistoryEntrySchema = paymentSchema.extend({
  /** The table booking whose token amount it paid, if any. */
  reservation_id: z.number().int().nullable(),
  /** The restaurant's or food court's name in the caller's language. */
  place_name: z.string(),
});
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntrySchema>;

export const paymentHistory = defineEndpoint({
  id: 'account.payments',
  method: 'GET',
  path: '/api/user/payments',
  service: 'main',
  access: 'user',
  summary:
    "Payment history: the payments of the caller's orders, food-court orders and table bookings (method, amount, state, refunds), newest first, paged.",
  query: pageQuery,
  data: z.object({
    payments: z.array(paymentHistoryEntrySchema),
    page_no: z.number().int(),
    total_pages: z.number().int(),
    total: z.number().int(),
  }),
});
