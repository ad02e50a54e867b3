import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, AuthRequired, invoices, orders, tabs } from '@santap/api-client';
import type { EInvoice, EInvoiceBuyer, EndpointData, Order } from '@santap/api-client';
import { api } from '../../../lib/api';
import { toLogin } from './require-login';

/** One of the diner's paid shares of a table's tab, as its receipt reads (`tabs.shareReceipt`). */
export type ShareReceipt = EndpointData<typeof tabs.tabShareReceipt>;

/**
 * What the e-invoice is of: one of the diner's orders, or one of their shares of a table's tab
 * (apps/api docs/tabs.md, 'Receipts and e-invoices per share').
 */
export type EInvoiceSubject =
  { kind: 'order'; order: Order } | { kind: 'share'; tabId: number; receipt: ShareReceipt };

export type EInvoicePageData =
  | { kind: 'ready'; subject: EInvoiceSubject; einvoice: EInvoice | null; lastBuyer: EInvoiceBuyer | null }
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown };

/** A route's `:order_id` as an order id, or undefined when it is not one. */
export function routeOrderId(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && /^\d{1,10}$/.test(value) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** 'Not found' from the server: for the e-invoice, none has been requested for the order yet. */
const isNotFound = (error: unknown) => error instanceof ApiError && error.statusCode === 404;

/** 404 from `einvoice.fetch`: none requested yet, so null. */
const noneYet = (error: unknown) => {
  if (isNotFound(error)) return null;
  throw error;
};

/**
 * `/einvoiceform/:order_id`: the order (the diner's, by cart token or login), or
 * `/einvoiceform/tab/:tabId/share/:shareId`: the diner's own share of a table's tab (anyone else's is
 * 404: missing); its e-invoice when one was requested (its status refreshed by the server while LHDN
 * validates), and the buyer details the diner used last, to fill the form.
 */
export async function loadEInvoice({ params, request }: LoaderFunctionArgs): Promise<EInvoicePageData> {
  const options = { signal: request.signal };
  const ofShare = params.shareId !== undefined;
  const orderId = ofShare ? undefined : routeOrderId(params.order_id);
  const tabId = ofShare ? routeOrderId(params.tabId) : undefined;
  const shareId = ofShare ? routeOrderId(params.shareId) : undefined;
  try {
    if (tabId !== undefined && shareId !== undefined) {
      const [receipt, einvoice, last] = await Promise.all([
        api.call(tabs.tabShareReceipt, { params: { tabId, shareId } }, options),
        api.call(invoices.eInvoiceFetch, { query: { tab_share_id: shareId } }, options).catch(noneYet),
        api.call(invoices.eInvoiceUserData, {}, options),
      ]);
      return { kind: 'ready', subject: { kind: 'share', tabId, receipt }, einvoice, lastBuyer: last.buyer };
    }
    if (orderId === undefined) return { kind: 'missing' };
    const [order, einvoice, last] = await Promise.all([
      api.call(orders.orderDetails, { query: { order_id: orderId } }, options),
      api.call(invoices.eInvoiceFetch, { query: { order_id: orderId } }, options).catch(noneYet),
      api.call(invoices.eInvoiceUserData, {}, options),
    ]);
    return { kind: 'ready', subject: { kind: 'order', order }, einvoice, lastBuyer: last.buyer };
  } catch (error) {
    if (error instanceof AuthRequired) throw toLogin(request);
    if (isNotFound(error)) return { kind: 'missing' };
    return { kind: 'error', error };
  }
}
