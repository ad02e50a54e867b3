import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { AuthRequired, reviews } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { api } from '../../../lib/api';
import { loginRedirect } from '../../../lib/login-redirect';
import { storedAuth } from '../../../lib/session';

export type OrderReviewsData = EndpointData<typeof reviews.reviewOrderItems>;

export type ReviewPageData =
  { kind: 'ready'; order: OrderReviewsData } | { kind: 'error'; orderId: number | undefined; error: unknown };

/** The order id of the route, when it is a positive integer the database can hold. */
function routeOrderId(value: string | undefined): number | undefined {
  const id = /^\d{1,10}$/.test(value ?? '') ? Number(value) : Number.NaN;
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/** `/login` with the login redirect of spec §2, back to this review screen afterwards. */
export function reviewLogin(request: Request): Response {
  const url = new URL(request.url);
  return redirect(loginRedirect({ path: `${url.pathname}${url.search}` }));
}

/**
 * `/review/order_id/:order_id`: the dishes of the diner's completed order with the ratings already
 * given. Rating needs a registered diner: a guest (or an expired login) is sent to log in and brought
 * back. The server's refusals (another diner's order, an order not completed yet) are shown as they
 * come, in the diner's language.
 */
export async function loadReview({ params, request }: LoaderFunctionArgs): Promise<ReviewPageData> {
  const orderId = routeOrderId(params.order_id);
  if (storedAuth()?.status !== 'ACTIVE') throw reviewLogin(request);
  if (orderId === undefined) return { kind: 'error', orderId, error: undefined };
  try {
    const order = await api.call(
      reviews.reviewOrderItems,
      { query: { order_id: orderId } },
      { signal: request.signal },
    );
    return { kind: 'ready', order };
  } catch (error) {
    if (error instanceof AuthRequired) throw reviewLogin(request);
    return { kind: 'error', orderId, error };
  }
}
