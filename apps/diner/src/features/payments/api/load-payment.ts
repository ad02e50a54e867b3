import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { AuthRequired, orders, payments } from '@santap/api-client';
import type { EndpointData, Order } from '@santap/api-client';
import { ORDER_TYPE, parseOrderIds } from '@santap/domain';
import { api } from '../../../lib/api';
import { loginPathFor } from '../../../lib/login-query';

export type PaymentMethods = EndpointData<typeof payments.paymentMethodsGet>;
export type PreviousPayment = EndpointData<typeof payments.previousPaymentStatus>;
export type TableOrders = EndpointData<typeof orders.tableOrders>;

export type PaymentPageData =
  | {
      kind: 'ready';
      order: Order;
      previous: PreviousPayment;
      methods: PaymentMethods;
      /** The unpaid orders at the diner's table, theirs first (dine-in only; none when it fails). */
      table?: TableOrders | undefined;
      /** The orders the link asked to pay together (`:orderIds`, spec §2). */
      chosen: number[];
    }
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown };

/** The order id of a route param, or undefined when it is not a positive integer. */
export function orderIdOf(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * Spec §8 'invalid token': to login with the whole login redirect of spec §2 (browser, cart token,
 * session, language), and back to this page afterwards.
 */
export function loginRedirectFor(request: Request) {
  const url = new URL(request.url);
  return redirect(loginPathFor({ path: `${url.pathname}${url.search}` }));
}

/**
 * The payments page's data: the order (amount, restaurant, type), its latest payment (a processing
 * one shows the cart lock instead of a second checkout) and the methods the restaurant offers.
 */
export async function loadPaymentPage({ params, request }: LoaderFunctionArgs): Promise<PaymentPageData> {
  const orderId = orderIdOf(params.order_id);
  if (orderId === undefined) return { kind: 'missing' };
  const options = { signal: request.signal };
  try {
    const [order, previous] = await Promise.all([
      api.call(orders.orderDetails, { query: { order_id: orderId } }, options),
      api.call(payments.previousPaymentStatus, { query: { order_id: orderId } }, options),
    ]);
    const [methods, table] = await Promise.all([
      api.call(
        payments.paymentMethodsGet,
        { query: { restaurant_id: order.restaurant_id, order_type: order.order_type } },
        options,
      ),
      // Paying the table's orders together (spec §2, §5) is extra: the page works without the list.
      order.order_type === ORDER_TYPE.DINE_IN && order.fc_order_id === null
        ? api.call(orders.tableOrders, { query: { order_id: orderId } }, options).catch(() => undefined)
        : undefined,
    ]);
    return { kind: 'ready', order, previous, methods, table, chosen: parseOrderIds(params.orderIds) };
  } catch (error) {
    if (error instanceof AuthRequired) throw loginRedirectFor(request);
    return { kind: 'error', error };
  }
}
