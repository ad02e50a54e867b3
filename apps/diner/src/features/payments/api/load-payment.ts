import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { AuthRequired, orders, payments } from '@santap/api-client';
import type { EndpointData, Order } from '@santap/api-client';
import { api } from '../../../lib/api';
import { loginPathFor } from '../../../lib/login-query';

export type PaymentMethods = EndpointData<typeof payments.paymentMethodsGet>;
export type PreviousPayment = EndpointData<typeof payments.previousPaymentStatus>;

export type PaymentPageData =
  | { kind: 'ready'; order: Order; previous: PreviousPayment; methods: PaymentMethods }
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
    const methods = await api.call(
      payments.paymentMethodsGet,
      { query: { restaurant_id: order.restaurant_id, order_type: order.order_type } },
      options,
    );
    return { kind: 'ready', order, previous, methods };
  } catch (error) {
    if (error instanceof AuthRequired) throw loginRedirectFor(request);
    return { kind: 'error', error };
  }
}
