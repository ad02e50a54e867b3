import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { idInput } from './common';
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
  summary: "The staff member's restaurant's orders, running first.",
  query: z.object({ running: z.optional(z.enum(['1', '0'])) }),
  data: z.object({ orders: z.array(orderSchema) }),
});

export const staffOrderStatus = defineEndpoint({
  id: 'staff.orderStatus',
  method: 'POST',
  path: '/api/staff/orders/:orderId/status',
  service: 'main',
  access: 'staff',
  summary:
    "Move an order along the @santap/domain transition table. Roles: the manager makes every move (only the manager confirms, declines, cancels); kitchen: preparing, prepared, ready; server: served or picked, on the way, delivered, completed; business: none. Another restaurant's order is 404.",
  params: z.object({ orderId: idInput }),
  body: z.object({ status: z.int().check(z.gte(0), z.lte(99)) }),
  data: orderSchema,
});

export const staffDeclineItem = defineEndpoint({
  id: 'staff.declineItem',
  method: 'POST',
  path: '/api/staff/orders/:orderId/items/:orderItemId/decline',
  service: 'main',
  access: 'staff',
  summary:
    "Decline one item of a running order (manager only; item declined). The bill stays as it is: the refund of the item's share comes with the payments issue.",
  params: z.object({ orderId: idInput, orderItemId: idInput }),
  data: orderSchema,
});
