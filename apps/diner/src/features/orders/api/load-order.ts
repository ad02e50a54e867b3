import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { AuthRequired, orders } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { api } from '../../../lib/api';
import { loginPathFor } from '../../../lib/login-query';

export type OrderPageData =
  { kind: 'ready'; order: Order } | { kind: 'missing' } | { kind: 'error'; error: unknown };

/** The order id of a route param, or undefined when it is not a positive integer. */
export function orderIdOf(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * One order of this diner (`orders.orderDetails`: the cart token or the logged-in user owns it).
 * 'invalid token' goes to login and back here (spec §8); other failures are shown with a retry.
 */
export async function loadOrder({ params, request }: LoaderFunctionArgs): Promise<OrderPageData> {
  const orderId = orderIdOf(params.order_id);
  if (orderId === undefined) return { kind: 'missing' };
  try {
    const order = await api.call(
      orders.orderDetails,
      { query: { order_id: orderId } },
      { signal: request.signal },
    );
    return { kind: 'ready', order };
  } catch (error) {
    if (error instanceof AuthRequired) {
      const url = new URL(request.url);
      throw redirect(loginPathFor({ path: `${url.pathname}${url.search}` }));
    }
    return { kind: 'error', error };
  }
}
