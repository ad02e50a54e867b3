/** What the database holds at the end of a chaos run, in the shapes the audit reads (invariants.ts). */
import pg from 'pg';
import type { DbOrder, DbOrderItem, DbPayment, DbRefund } from './invariants';
import type { DbShareLine, DbTabShare } from './tab-invariants';

export async function readRecords(databaseUrl: string): Promise<{
  orders: DbOrder[];
  orderItems: DbOrderItem[];
  payments: DbPayment[];
  refunds: DbRefund[];
  tabShares: DbTabShare[];
}> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const dbOrders: DbOrder[] = (
    await db.query<{
      id: number;
      cart_token: string;
      fc_order_id: number | null;
      kiosk_device_id: string | null;
      status: number;
      subtotal: number;
      total: number;
      paid_amount: number;
      refunded_amount: number;
      tab_id: number | null;
    }>(
      'SELECT id, cart_token, fc_order_id, kiosk_device_id, status, subtotal, total, paid_amount, refunded_amount, tab_id FROM orders',
    )
  ).rows.map((row) => ({
    id: row.id,
    cartToken: row.cart_token,
    fcOrderId: row.fc_order_id,
    kioskDeviceId: row.kiosk_device_id,
    status: row.status,
    subtotal: row.subtotal,
    total: row.total,
    paidAmount: row.paid_amount,
    refundedAmount: row.refunded_amount,
    tabId: row.tab_id,
  }));
  const dbItems: DbOrderItem[] = (
    await db.query<{
      id: number;
      order_id: number;
      quantity: number;
      unit_price: number;
      batch: number;
      status: string;
    }>('SELECT id, order_id, quantity, unit_price, batch, status FROM order_items')
  ).rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    batch: row.batch,
    status: row.status,
  }));
  const dbPayments: DbPayment[] = (
    await db.query<{
      id: number;
      reference: string | null;
      order_id: number | null;
      fc_order_id: number | null;
      cart_token: string | null;
      provider: string;
      amount: number;
      state: string;
      refunded_amount: number;
      purpose: string;
      tab_id: string | null;
    }>(
      `SELECT id, data->>'reference' AS reference, order_id, fc_order_id, cart_token, provider, amount, state, refunded_amount, purpose, data->>'tab_id' AS tab_id FROM payments`,
    )
  ).rows.map((row) => ({
    id: row.id,
    reference: row.reference ?? `SNTP-${row.id}`,
    orderId: row.order_id,
    fcOrderId: row.fc_order_id,
    cartToken: row.cart_token,
    provider: row.provider,
    amount: row.amount,
    state: row.state,
    refundedAmount: row.refunded_amount,
    purpose: row.purpose,
    tabId: row.tab_id === null ? null : Number(row.tab_id),
  }));
  const dbRefunds: DbRefund[] = (
    await db.query<{
      payment_id: number;
      amount: number;
      state: string;
      reason: string;
    }>('SELECT payment_id, amount, state, reason FROM refunds')
  ).rows.map((row) => ({
    paymentId: row.payment_id,
    amount: row.amount,
    state: row.state,
    reason: row.reason,
  }));
  const tabShares: DbTabShare[] = (
    await db.query<{
      id: number;
      tab_id: number;
      member_id: number | null;
      payment_id: number | null;
      state: string;
      kind: string;
      settles: number;
      amount: number;
      allocation: DbShareLine[];
    }>(
      `SELECT id, tab_id, member_id, payment_id, state, request->>'kind' AS kind, settles, amount, allocation FROM tab_shares`,
    )
  ).rows.map((row) => ({
    id: row.id,
    tabId: row.tab_id,
    memberId: row.member_id,
    paymentId: row.payment_id,
    state: row.state,
    kind: row.kind,
    settles: row.settles,
    amount: row.amount,
    allocation: row.allocation,
  }));
  await db.end();
  return { orders: dbOrders, orderItems: dbItems, payments: dbPayments, refunds: dbRefunds, tabShares };
}
