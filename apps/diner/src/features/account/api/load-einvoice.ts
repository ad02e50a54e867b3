import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, AuthRequired, invoices, orders } from '@santap/api-client';
import type { EInvoice, EInvoiceBuyer, Order } from '@santap/api-client';
import { api } from '../../../lib/api';
import { toLogin } from './require-login';

export type EInvoicePageData =
  | { kind: 'ready'; order: Order; einvoice: EInvoice | null; lastBuyer: EInvoiceBuyer | null }
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown };

/** A route's `:order_id` as an order id, or undefined when it is not one. */
export function routeOrderId(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && /^\d{1,10}$/.test(value) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** 'Not found' from the server: for the e-invoice, none has been requested for the order yet. */
const isNotFound = (error: unknown) => error instanceof ApiError && error.statusCode === 404;

/**
 * `/einvoiceform/:order_id`: the order (the diner's, by cart token or login), its e-invoice when one
 * was requested (its status refreshed by the server while LHDN validates), and the buyer details the
 * diner used last, to fill the form.
 */
export async function loadEInvoice({ params, request }: LoaderFunctionArgs): Promise<EInvoicePageData> {
  const orderId = routeOrderId(params.order_id);
  if (orderId === undefined) return { kind: 'missing' };
  const options = { signal: request.signal };
  try {
    const [order, einvoice, last] = await Promise.all([
      api.call(orders.orderDetails, { query: { order_id: orderId } }, options),
      api.call(invoices.eInvoiceFetch, { query: { order_id: orderId } }, options).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
      api.call(invoices.eInvoiceUserData, {}, options),
    ]);
    return { kind: 'ready', order, einvoice, lastBuyer: last.buyer };
  } catch (error) {
    if (error instanceof AuthRequired) throw toLogin(request);
    if (isNotFound(error)) return { kind: 'missing' };
    return { kind: 'error', error };
  }
}
