import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { idInput } from './common';

/**
 * Table requests: a diner at a table calls a waiter or asks for the bill from their running dine-in
 * order's status page; the staff board shows it with the table and acknowledges it; both moves are
 * published live (`table.request` on `order:<id>` and `restaurant:<id>`).
 */
export const TABLE_REQUEST_KINDS = ['waiter', 'bill'] as const;
export const tableRequestKind = z.enum(TABLE_REQUEST_KINDS);
export type TableRequestKind = z.infer<typeof tableRequestKind>;

export const tableRequestSchema = z.object({
  request_id: z.int(),
  order_id: z.int(),
  restaurant_id: z.int(),
  kind: tableRequestKind,
  /** The table's number as the order has it, and its label as the restaurant names it ('Table 3'). */
  table_no: z.nullable(z.string()),
  table_label: z.nullable(z.string()),
  created_epoch: z.int(),
  /** When staff acknowledged it; null while it is open. */
  acknowledged_epoch: z.nullable(z.int()),
});
export type TableRequest = z.infer<typeof tableRequestSchema>;

export const tableRequestCreate = defineEndpoint({
  id: 'tableRequests.create',
  method: 'POST',
  path: '/api/orders/table-requests',
  service: 'main',
  access: 'cart',
  summary:
    "Call a waiter (`waiter`) or ask for the bill (`bill`) from the caller's own running dine-in order (cart token or user; another's order is 404; another order type or a finished order errors.tableRequestNotRunning). One open request of a kind per order: pressing again while it is open answers the open one. New requests are limited per table (errors.tableRequestsTooMany, 429).",
  body: z.object({ order_id: idInput, kind: tableRequestKind }),
  data: tableRequestSchema,
});

export const orderTableRequests = defineEndpoint({
  id: 'tableRequests.ofOrder',
  method: 'GET',
  path: '/api/orders/table-requests',
  service: 'main',
  access: 'cart',
  summary:
    "The latest request of each kind of the caller's own order (open or acknowledged), newest first: what the order status page shows. Another's order is 404.",
  query: z.object({ order_id: idInput }),
  data: z.object({ requests: z.array(tableRequestSchema) }),
});

export const staffTableRequests = defineEndpoint({
  id: 'staff.tableRequests',
  method: 'GET',
  path: '/api/staff/table-requests',
  service: 'main',
  access: 'staff',
  summary:
    "The open table requests (waiter, bill) of the staff member's restaurant, oldest first: what the board shows beside the orders.",
  data: z.object({ requests: z.array(tableRequestSchema) }),
});

export const staffAcknowledgeTableRequest = defineEndpoint({
  id: 'staff.acknowledgeTableRequest',
  method: 'POST',
  path: '/api/staff/table-requests/:requestId/acknowledge',
  service: 'main',
  access: 'staff',
  summary:
    "Acknowledge a table request (manager, server or kitchen; business 403). Another restaurant's request is 404; acknowledging one already acknowledged answers it as it is. The diner's page shows it live ('Waiter is on the way', 'Bill is coming').",
  params: z.object({ requestId: idInput }),
  data: tableRequestSchema,
});
