import { ORDER_STATUS } from '@santap/domain';
import type { OrderStatus } from '@santap/domain';
import { statusWordingKey } from '@santap/ui';
import type { FoodCourtPart } from '@santap/ui';
import type { OutletOrder } from '../../../lib/api-types';

/** The outlet declined its part, or it was cancelled: that part is refunded alone. */
export const isDeclined = (order: Pick<OutletOrder, 'status'>) =>
  order.status === ORDER_STATUS.DECLINED || order.status === ORDER_STATUS.CANCELLED;

/** Ready to collect, as the server counts it for `all_ready` (ready, served or picked, completed). */
const READY: readonly OrderStatus[] = [
  ORDER_STATUS.READY,
  ORDER_STATUS.SERVED_OR_PICKED,
  ORDER_STATUS.COMPLETED,
];
export const isReady = (order: Pick<OutletOrder, 'status'>) => READY.includes(order.status as OrderStatus);

const REFUNDING = ['refund_initiated', 'refunded'];

/** One outlet's order as the food-court order page shows it. */
export function partOf(order: OutletOrder): FoodCourtPart {
  const declined = isDeclined(order);
  return {
    outletName: order.restaurant_name,
    statusKey: statusWordingKey(order),
    declined,
    items: order.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      declined: declined || item.status === 'declined',
    })),
    total: order.total,
    currency: order.currency,
    ...(declined && REFUNDING.includes(order.payment_status)
      ? { refund: { amount: order.total, arrived: order.payment_status === 'refunded' } }
      : {}),
  };
}
