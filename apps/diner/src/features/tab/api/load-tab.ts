import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, AuthRequired, payments, tabs } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import { api } from '../../../lib/api';
import { loginPathFor } from '../../../lib/login-query';
import type { ShareReceipt, TabView } from './tab-types';

/** A positive id of a route param, or undefined. */
export function idOf(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** A page's data that could not be read: not the caller's (404) or no such id, or a failure to retry. */
export type Unread = { kind: 'missing' } | { kind: 'error'; error: unknown };

/** 'invalid token' -> login and back (spec §8); a 404 (not a member, no such tab) -> missing. */
function unread(error: unknown, request: Request): Unread {
  if (error instanceof AuthRequired) {
    const url = new URL(request.url);
    throw redirect(loginPathFor({ path: `${url.pathname}${url.search}` }));
  }
  return error instanceof ApiError && error.statusCode === 404
    ? { kind: 'missing' }
    : { kind: 'error', error };
}

export type TabPageData = { kind: 'ready'; tab: TabView } | { kind: 'none'; orderId: number } | Unread;

/**
 * `/tab/:tabId` (`tabs.get`) or `/tab/order/:order_id` (`tabs.ofOrder`: the tab of one of the
 * diner's orders; `none` when that order is on no tab). Anyone not on the tab reads nothing (404).
 */
export async function loadTab({ params, request }: LoaderFunctionArgs): Promise<TabPageData> {
  const options = { signal: request.signal };
  try {
    if (params.order_id !== undefined) {
      const orderId = idOf(params.order_id);
      if (orderId === undefined) return { kind: 'missing' };
      const { tab } = await api.call(tabs.tabOfOrder, { query: { order_id: orderId } }, options);
      return tab ? { kind: 'ready', tab } : { kind: 'none', orderId };
    }
    const tabId = idOf(params.tabId);
    if (tabId === undefined) return { kind: 'missing' };
    const { tab } = await api.call(tabs.tabGet, { params: { tabId } }, options);
    return { kind: 'ready', tab };
  } catch (error) {
    return unread(error, request);
  }
}

export type PaymentMethods = EndpointData<typeof payments.paymentMethodsGet>;
export type PayPageData = { kind: 'ready'; tab: TabView; methods: PaymentMethods } | Unread;

/** `/tab/:tabId/pay`: the tab and the ways the restaurant takes online payments for dine-in. */
export async function loadPay({ params, request }: LoaderFunctionArgs): Promise<PayPageData> {
  const tabId = idOf(params.tabId);
  if (tabId === undefined) return { kind: 'missing' };
  const options = { signal: request.signal };
  try {
    const { tab } = await api.call(tabs.tabGet, { params: { tabId } }, options);
    const methods = await api.call(
      payments.paymentMethodsGet,
      { query: { restaurant_id: tab.restaurant_id, order_type: ORDER_TYPE.DINE_IN } },
      options,
    );
    return { kind: 'ready', tab, methods };
  } catch (error) {
    return unread(error, request);
  }
}

export type ReceiptPageData = { kind: 'ready'; tabId: number; receipt: ShareReceipt } | Unread;

/** `/tab/:tabId/receipt/:shareId`: one of the caller's own shares as a receipt (`tabs.shareReceipt`). */
export async function loadReceipt({ params, request }: LoaderFunctionArgs): Promise<ReceiptPageData> {
  const tabId = idOf(params.tabId);
  const shareId = idOf(params.shareId);
  if (tabId === undefined || shareId === undefined) return { kind: 'missing' };
  try {
    const receipt = await api.call(
      tabs.tabShareReceipt,
      { params: { tabId, shareId } },
      { signal: request.signal },
    );
    return { kind: 'ready', tabId, receipt };
  } catch (error) {
    return unread(error, request);
  }
}
