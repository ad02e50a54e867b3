import type { AuditRecord } from '@santap/api-client';
import type { TranslationKey } from '@santap/i18n';

/** The filter's areas (`action`'s part before the dot), each in words. */
export const AREA_LABEL = {
  order: 'staff.audit.area.order',
  orders: 'staff.audit.area.orders',
  payment: 'staff.audit.area.payment',
  tab: 'staff.audit.area.tab',
  menu: 'staff.audit.area.menu',
  staff: 'staff.audit.area.staff',
  printer: 'staff.audit.area.printer',
  settings: 'staff.audit.area.settings',
} as const;

/** Each recorded action (contract `AUDIT_ACTIONS`) in words. */
export const ACTION_LABEL: Record<string, TranslationKey> = {
  'order.status': 'staff.audit.act.orderStatus',
  'order.decline': 'staff.audit.act.orderDecline',
  'order.cancel': 'staff.audit.act.orderCancel',
  'order.delete': 'staff.audit.act.orderDelete',
  'order.item_decline': 'staff.audit.act.itemDecline',
  'order.refund': 'staff.audit.act.orderRefund',
  'orders.pause': 'staff.audit.act.ordersPause',
  'payment.counter': 'staff.audit.act.paymentCounter',
  'tab.cash': 'staff.audit.act.tabCash',
  'tab.close': 'staff.audit.act.tabClose',
  'tab.close_forced': 'staff.audit.act.tabCloseForced',
  'menu.price': 'staff.audit.act.menuPrice',
  'menu.item': 'staff.audit.act.menuItem',
  'menu.stock': 'staff.audit.act.menuStock',
  'menu.import': 'staff.audit.act.menuImport',
  'staff.account': 'staff.audit.act.staffAccount',
  'printer.change': 'staff.audit.act.printerChange',
  'settings.change': 'staff.audit.act.settingsChange',
};

/** An exception's kind (contract `AUDIT_EXCEPTION_KINDS`) in words. */
export const KIND_LABEL = {
  void: 'staff.audit.kind.void',
  cancel: 'staff.audit.kind.cancel',
  refund: 'staff.audit.kind.refund',
  forced_close: 'staff.audit.kind.forcedClose',
  price_change: 'staff.audit.kind.priceChange',
} as const;

/** A subject type, named with its id ('Order 42'). */
export const SUBJECT_LABEL: Record<string, TranslationKey> = {
  order: 'staff.audit.subject.order',
  tab: 'staff.audit.subject.tab',
  menu_item: 'staff.audit.subject.menuItem',
  menu: 'staff.audit.subject.menu',
  staff: 'staff.audit.subject.staff',
  printer: 'staff.audit.subject.printer',
  restaurant: 'staff.audit.subject.restaurant',
};

/** The subject filter's choices. */
export const SUBJECT_TYPE_LABEL = {
  order: 'staff.audit.type.order',
  tab: 'staff.audit.type.tab',
  menu_item: 'staff.audit.type.menuItem',
  menu: 'staff.audit.type.menu',
  staff: 'staff.audit.type.staff',
  printer: 'staff.audit.type.printer',
  restaurant: 'staff.audit.type.restaurant',
} as const;

/** A recorded field's name in words; a field not listed shows as recorded. */
export const FIELD_LABEL: Record<string, TranslationKey> = {
  status: 'staff.audit.field.status',
  price: 'staff.audit.field.price',
  prices: 'staff.audit.field.prices',
  names: 'staff.audit.field.names',
  owing: 'staff.audit.field.owing',
  left: 'staff.audit.field.left',
  refundable: 'staff.audit.field.refundable',
  refunded: 'staff.audit.field.refunded',
  paid_amount: 'staff.audit.field.paidAmount',
  payment_status: 'staff.audit.field.paymentStatus',
  amount: 'staff.audit.field.amount',
  method: 'staff.audit.field.method',
  paused_until: 'staff.audit.field.pausedUntil',
  role: 'staff.audit.field.role',
  disabled: 'staff.audit.field.disabled',
  password: 'staff.audit.field.password',
  payment_id: 'staff.audit.field.paymentId',
  share_id: 'staff.audit.field.shareId',
  order_item_id: 'staff.audit.field.orderItemId',
  refund_ids: 'staff.audit.field.refundIds',
  username: 'staff.audit.field.username',
  order_types: 'staff.audit.field.orderTypes',
  category_id: 'staff.audit.field.categoryId',
  photo: 'staff.audit.field.photo',
};

/** Who acted, in words: the staff member's username as recorded, a diner, a guest or the system. */
export function actorKey(
  record: Pick<AuditRecord, 'actor' | 'actor_username'>,
): { key: TranslationKey; text?: undefined } | { text: string; key?: undefined } {
  if (record.actor_username) return { text: record.actor_username };
  if (record.actor === 'system') return { key: 'staff.audit.system' as const };
  if (record.actor === 'diner:guest') return { key: 'staff.audit.guest' as const };
  if (record.actor.startsWith('diner:')) return { key: 'staff.audit.diner' as const };
  return { text: record.actor };
}

/** A recorded value in words where the console has them (payment states, counter methods). */
export const VALUE_LABEL: Record<string, TranslationKey> = {
  unpaid: 'staff.audit.value.unpaid',
  paid: 'staff.audit.value.paid',
  partial_paid: 'staff.audit.value.partialPaid',
  Cash: 'staff.counter.cash',
  Card: 'staff.counter.card',
};
