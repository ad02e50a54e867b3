import type { LoaderFunctionArgs } from 'react-router';
import { AuthRequired, account } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { api } from '../../../lib/api';
import { requireLogin, toLogin } from './require-login';

export type HistoryOrders = EndpointData<typeof account.userOrders>;
export type HistoryOrder = HistoryOrders['orders'][number];
export type PaymentHistory = EndpointData<typeof account.paymentHistory>;
export type HistoryPayment = PaymentHistory['payments'][number];
export type OrderDetails = EndpointData<typeof account.userOrderDetails>;

/** Orders and payments per page of the history. */
export const HISTORY_PAGE_SIZE = 10;

export type OrderHistoryData =
  | { kind: 'orders'; page: number; orders: HistoryOrders; email: string | null }
  | { kind: 'payments'; page: number; payments: PaymentHistory }
  | { kind: 'error'; view: 'orders' | 'payments'; error: unknown };

/** `?page=` as a positive page number (1 when absent or not a number). */
export function pageOf(query: URLSearchParams): number {
  const page = Number(query.get('page'));
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/**
 * `/orderHistory`: one page of the diner's orders, newest first (with the email to prefill the
 * invoice popup), or with `?view=payments` one page of the payment history.
 */
export async function loadOrderHistory({ request }: LoaderFunctionArgs): Promise<OrderHistoryData> {
  requireLogin(request);
  const query = new URL(request.url).searchParams;
  const view = query.get('view') === 'payments' ? 'payments' : 'orders';
  const page = pageOf(query);
  const options = { signal: request.signal };
  const paging = { query: { page_no: page, limit: HISTORY_PAGE_SIZE } };
  try {
    if (view === 'payments') {
      return { kind: 'payments', page, payments: await api.call(account.paymentHistory, paging, options) };
    }
    const [orders, info] = await Promise.all([
      api.call(account.userOrders, paging, options),
      // Only to prefill the invoice email: the history shows without it.
      api.call(account.userInfo, {}, options).catch((error: unknown) => {
        if (error instanceof AuthRequired) throw error;
        return undefined;
      }),
    ]);
    return { kind: 'orders', page, orders, email: info?.user.email ?? null };
  } catch (error) {
    if (error instanceof AuthRequired) throw toLogin(request);
    return { kind: 'error', view, error };
  }
}
