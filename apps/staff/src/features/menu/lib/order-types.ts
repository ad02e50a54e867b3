import { ORDER_TYPE } from '@santap/domain';
import type { UiTranslate } from '@santap/ui';

/** An order type's word (1 dine-in, 2 delivery, 3 pickup), as the diner's screens say it. */
export function orderTypeLabel(type: number, t: UiTranslate): string {
  if (type === ORDER_TYPE.DINE_IN) return t('orderType.dineIn');
  if (type === ORDER_TYPE.DELIVERY) return t('orderType.delivery');
  return t('orderType.pickup');
}
