import type { Order } from '@santap/api-client';
import { ORDER_TYPE, intlLocale } from '@santap/domain';
import type { Language } from '@santap/domain';
import { paymentStatusKey } from '@santap/ui';
import type { Translate } from '../lib/use-t';

/** The status wording of spec §4 (the order tracker's, @santap/ui). */
export { statusWordingKey } from '@santap/ui';

/** The order's payment state in words (spec §4 order payment states; `paymentStatusKey` of `@santap/ui`). */
export function paymentStatusText(status: string, t: Translate): string {
  return t(paymentStatusKey(status));
}

/** 'Dine-in', 'Delivery', 'Pickup' or 'Takeaway'. */
export function orderTypeText(order: Pick<Order, 'order_type' | 'pickup_type'>, t: Translate): string {
  if (order.order_type === ORDER_TYPE.DINE_IN) return t('orderType.dineIn');
  if (order.order_type === ORDER_TYPE.DELIVERY) return t('orderType.delivery');
  return order.pickup_type === 'takeaway' ? t('orderType.takeaway') : t('orderType.pickup');
}

/** A date and time in the diner's language (day first in English too, as in Malaysia and Indonesia). */
export function formatDateTime(epochSeconds: number, language: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(epochSeconds * 1000));
}
