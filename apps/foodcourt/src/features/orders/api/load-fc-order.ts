import { data } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, orders } from '@santap/api-client';
import { hostMallName } from '../../../config/paths';
import { api } from '../../../lib/api';
import type { FcOrderData } from '../../../lib/api-types';
import { mallOf } from '../../../lib/mall';

export interface FcOrderPageData {
  slug: string;
  fc: FcOrderData;
}

const idOf = (value: string | undefined) => (value && /^\d{1,10}$/.test(value) ? Number(value) : undefined);

/** A food-court order of this browser (or user); another diner's, or none, is a 404 (ids reveal nothing). */
export async function loadFcOrder({ params, request }: LoaderFunctionArgs): Promise<FcOrderPageData> {
  const slug = mallOf(params, hostMallName());
  const fcOrderId = idOf(params.fcOrderId);
  if (!fcOrderId) throw data(null, { status: 404 });
  try {
    const fc = await api.call(
      orders.foodCourtOrders,
      { query: { fc_order_id: fcOrderId } },
      { signal: request.signal },
    );
    return { slug, fc };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) throw data(null, { status: 404 });
    throw error;
  }
}
