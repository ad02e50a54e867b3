import type { LoaderFunctionArgs } from 'react-router';
import { orders, payments } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { hostMallName } from '../../../config/paths';
import { api } from '../../../lib/api';
import type { FcOrderData, PaymentMethods } from '../../../lib/api-types';
import { mallOf } from '../../../lib/mall';

export type PreviousPayment = EndpointData<typeof payments.previousPaymentStatus>;

export type PayPageData =
  | { kind: 'ready'; slug: string; fc: FcOrderData; previous: PreviousPayment; methods: PaymentMethods }
  | { kind: 'missing'; slug: string }
  | { kind: 'error'; slug: string; error: unknown };

/** An id of a route or query parameter, or undefined when it is not a positive integer. */
export function idOf(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * The payment page's data: the food-court order (each outlet's part and the one amount), its latest
 * payment (a processing one shows the cart lock, not a second checkout) and the food court's methods.
 */
export async function loadPayPage({ params, request }: LoaderFunctionArgs): Promise<PayPageData> {
  const slug = mallOf(params, hostMallName());
  const fcOrderId = idOf(params.fcOrderId);
  if (fcOrderId === undefined) return { kind: 'missing', slug };
  const signal = { signal: request.signal };
  try {
    const [fc, previous] = await Promise.all([
      api.call(orders.foodCourtOrders, { query: { fc_order_id: fcOrderId } }, signal),
      api.call(payments.previousPaymentStatus, { query: { fc_order_id: fcOrderId } }, signal),
    ]);
    const methods = await api.call(
      payments.paymentMethodsGet,
      { query: { mall: fc.mall, ...(fc.orders[0] ? { order_type: fc.orders[0].order_type } : {}) } },
      signal,
    );
    return { kind: 'ready', slug, fc, previous, methods };
  } catch (error) {
    return { kind: 'error', slug, error };
  }
}
