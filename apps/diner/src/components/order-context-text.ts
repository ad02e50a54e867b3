import { ORDER_TYPE } from '@santap/domain';
import type { OrderContext } from '@santap/domain';
import { toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import type { Translate } from '../lib/use-t';

/** The order type's words: dine-in, delivery, pickup or takeaway (spec §3). */
export function orderTypeText(context: Pick<OrderContext, 'orderType' | 'pickupType'>, t: Translate): string {
  if (context.orderType === ORDER_TYPE.DINE_IN) return t('orderType.dineIn');
  if (context.orderType === ORDER_TYPE.DELIVERY) return t('orderType.delivery');
  return context.pickupType === 'takeaway' ? t('orderType.takeaway') : t('orderType.pickup');
}

/** A slot's date (`YYYY-MM-DD`, the restaurant's calendar) as 'Sat, 21 Nov' in the diner's language. */
export function slotDateText(date: string, language: SupportedLanguage): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(toIntlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(day);
}

/** When: 'ASAP', or the scheduled slot 'Sat, 21 Nov · 12:00 - 12:30'. */
export function orderTimeText(context: OrderContext, t: Translate, language: SupportedLanguage): string {
  if (context.orderTime !== 'SCHEDULED' || !context.date) return t('orderTime.asap');
  return `${slotDateText(context.date, language)} · ${context.selectedTime ?? context.time ?? ''}`;
}

/** A Unix-seconds instant as local time of the restaurant ('10:00'), for 'Opens at'. */
export function timeInZone(epoch: number, timeZone: string, language: SupportedLanguage): string {
  return new Intl.DateTimeFormat(toIntlLocale(language), {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(epoch * 1000));
}
