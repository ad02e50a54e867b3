import { data, redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, AuthRequired, orders } from '@santap/api-client';
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
 * 'invalid token' goes to login and back here (spec §8); other failures are shown with a retry. In
 * the server render (apps/diner README "Server rendering") the page of an order this diner does not
 * own, or of no order, answers with HTTP 404, the same page as the browser's.
 */
export async function loadOrder({ params, request }: LoaderFunctionArgs): Promise<OrderPageData> {
  const orderId = orderIdOf(params.order_id);
  if (orderId === undefined) return notFound({ kind: 'missing' });
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
    const found: OrderPageData = { kind: 'error', error };
    return error instanceof ApiError && error.statusCode === 404 ? notFound(found) : found;
  }
}

/** The page's data; on the server with the HTTP status 404 (the browser's loader takes it as it is). */
function notFound(page: OrderPageData): OrderPageData {
  // `data()` is unwrapped by the router; the loader's type stays the page's data.
  return import.meta.env.SSR ? (data(page, { status: 404 }) as unknown as OrderPageData) : page;
}
