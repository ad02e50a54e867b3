import { memo } from 'react';
import type { Order } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import { Button, useUiTranslation } from '@santap/ui';
import { MOVE_LABEL } from '../lib/columns';

export interface OrderCardProps {
  order: Order;
  /** Statuses this role may move the order to now (`movesFor`). */
  moves: readonly number[];
  mayDeclineItems: boolean;
  fresh: boolean;
  timeZone: string;
  locale: string;
  onMove: (orderId: number, status: number) => void;
  onDeclineItem: (orderId: number, orderItemId: number) => void;
}

const ORDER_TYPE_LABEL = {
  [ORDER_TYPE.DINE_IN]: 'orderType.dineIn',
  [ORDER_TYPE.DELIVERY]: 'orderType.delivery',
  [ORDER_TYPE.PICKUP]: 'orderType.pickup',
} as const;

function clock(epoch: number, timeZone: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(epoch * 1000),
  );
}

/**
 * One ticket of the board: who it is for (table, queue number, kiosk ticket), order type, times, every
 * dish with its options and notes by name, the special request, paid or not, and the moves the role
 * may make. Memoised: a card re-renders only when its own order object changes (the board's reducer
 * keeps unchanged orders' objects).
 */
export const OrderCard = memo(function OrderCard({
  order,
  moves,
  mayDeclineItems,
  fresh,
  timeZone,
  locale,
  onMove,
  onDeclineItem,
}: OrderCardProps) {
  const { t } = useUiTranslation();
  const typeKey = ORDER_TYPE_LABEL[order.order_type as keyof typeof ORDER_TYPE_LABEL];
  const paid = order.payment_status === 'paid';
  const running = order.items.filter((item) => item.status === 'active');
  return (
    <article
      className={`staff-card${fresh ? ' staff-card--fresh' : ''}`}
      aria-label={t('staff.card.order', { id: order.order_id })}
      data-order-id={order.order_id}
    >
      <header className="staff-card__head">
        <strong className="staff-card__who">
          {order.table_label ?? (order.table_no ? t('staff.card.table', { table: order.table_no }) : null)}
          {order.queue_no ? t('staff.card.queue', { number: order.queue_no }) : null}
          {!order.table_no && !order.queue_no ? t('staff.card.order', { id: order.order_id }) : null}
        </strong>
        <span className="staff-card__type">{typeKey ? t(typeKey) : null}</span>
        <span className={paid ? 'staff-card__paid' : 'staff-card__unpaid'}>
          {paid ? t('staff.card.paid') : t('staff.card.unpaid')}
        </span>
      </header>
      <p className="staff-card__times">
        {t('staff.card.placed', { time: clock(order.created_epoch, timeZone, locale) })}
        {order.scheduled_epoch !== null
          ? ` · ${t('staff.card.due', { time: clock(order.scheduled_epoch, timeZone, locale) })}`
          : null}
        {order.kiosk_ticket ? ` · ${t('staff.card.ticket', { code: order.kiosk_ticket })}` : null}
      </p>
      <ul className="staff-card__items">
        {order.items.map((item) => (
          <li
            key={item.order_item_id}
            className={
              item.status === 'declined' ? 'staff-card__item staff-card__item--declined' : 'staff-card__item'
            }
          >
            <div className="staff-card__line">
              <span>
                <b>{item.quantity}×</b> {item.name}
                {item.status === 'declined' ? ` (${t('staff.card.declined')})` : null}
              </span>
              {mayDeclineItems && item.status === 'active' && running.length > 0 ? (
                <button
                  type="button"
                  className="staff-card__decline"
                  aria-label={t('staff.card.declineItemLabel', { item: item.name })}
                  onClick={() => onDeclineItem(order.order_id, item.order_item_id)}
                >
                  {t('staff.card.declineItem')}
                </button>
              ) : null}
            </div>
            {item.options.length > 0 ? (
              <ul className="staff-card__options">
                {item.options.map((option) => (
                  <li key={`${option.group_id}/${option.option_id}`}>
                    {option.group_name ?? option.group_id}: {option.name ?? option.option_id}
                  </li>
                ))}
              </ul>
            ) : null}
            {item.notes ? (
              <p className="staff-card__note">{t('staff.card.itemNote', { note: item.notes })}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {order.special_note ? (
        <p className="staff-card__request">{t('staff.card.request', { note: order.special_note })}</p>
      ) : null}
      {moves.length > 0 ? (
        <div className="staff-card__moves">
          {moves.map((to) => {
            const label = MOVE_LABEL[to as keyof typeof MOVE_LABEL];
            return label ? (
              <Button
                key={to}
                variant={to === 5 || to === 6 ? 'secondary' : 'primary'}
                onClick={() => onMove(order.order_id, to)}
              >
                {t(label)}
              </Button>
            ) : null;
          })}
        </div>
      ) : null}
    </article>
  );
});
