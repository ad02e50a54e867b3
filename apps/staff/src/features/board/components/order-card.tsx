import { memo } from 'react';
import type { StaffOrder } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import { Button, useUiTranslation } from '@santap/ui';
import { ReprintButton } from '../../../components/printing/reprint-button';
import { MOVE_LABEL } from '../lib/columns';
import { ageLabel, ageLevel, ageStart, bumpMove, isLineDone, stationItems } from '../lib/kitchen';
import type { KitchenThresholds, StationFilter } from '../lib/kitchen';
import { useTickSeconds } from '../lib/ticker';

export interface OrderCardProps {
  order: StaffOrder;
  /** Statuses this role may move the order to now (`movesFor`). */
  moves: readonly number[];
  /** Manager or kitchen: decline a dish, strike dishes off, rush. */
  mayMark: boolean;
  /** The station works from paper only: no screen-only actions (striking dishes off, rush). */
  printerOnly: boolean;
  /** 'Reprint' the kitchen docket (a printer prints them; not the business role). */
  reprint: boolean;
  fresh: boolean;
  /** Recalled on this device after a bump (pinned, with a badge until cleared). */
  recalled: boolean;
  /** The dishes this station sees (null: all). */
  station: StationFilter;
  /** The age clock's colours; null: no clock (handed over). */
  thresholds: KitchenThresholds | null;
  timeZone: string;
  locale: string;
  onMove: (orderId: number, status: number) => void;
  onDeclineItem: (orderId: number, orderItemId: number) => void;
  onRush: (orderId: number, rush: boolean) => void;
  onLineDone: (orderId: number, orderItemId: number, done: boolean) => void;
  onClearRecall: (orderId: number) => void;
}

/**
 * The ticket's running age (from placed, or kitchen release for a scheduled order) in the
 * restaurant's colours. The only part of a card the shared 1 s ticker re-renders.
 */
export const AgeClock = memo(function AgeClock({
  start,
  thresholds,
}: {
  start: number;
  thresholds: KitchenThresholds;
}) {
  const { t } = useUiTranslation();
  const seconds = useTickSeconds() - start;
  const level = ageLevel(seconds, thresholds);
  const label = ageLabel(seconds);
  return (
    <span
      className={`staff-card__age staff-card__age--${level}`}
      role="timer"
      aria-label={t('staff.card.age', { age: label })}
      data-level={level}
    >
      {label}
    </span>
  );
});

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
  mayMark,
  printerOnly,
  reprint,
  fresh,
  recalled,
  station,
  thresholds,
  timeZone,
  locale,
  onMove,
  onDeclineItem,
  onRush,
  onLineDone,
  onClearRecall,
}: OrderCardProps) {
  const { t } = useUiTranslation();
  const typeKey = ORDER_TYPE_LABEL[order.order_type as keyof typeof ORDER_TYPE_LABEL];
  const paid = order.payment_status === 'paid';
  const running = order.items.filter((item) => item.status === 'active');
  const shown = stationItems(order, station);
  // Dishes added to the running order ('more items added', spec §4): the latest batch is marked.
  const lastBatch = order.items.reduce((max, item) => Math.max(max, item.batch), 1);
  const rush = order.kitchen.rush;
  const bump = bumpMove(moves);
  const allergies = order.kitchen.allergies;
  // Only a dine-in order has a table; a pickup is called by its queue or order number (the ready screen's).
  const atTable = order.order_type === ORDER_TYPE.DINE_IN && Boolean(order.table_no);
  const screenMarks = mayMark && !printerOnly;
  return (
    <article
      className={`staff-card${fresh ? ' staff-card--fresh' : ''}${rush ? ' staff-card--rush' : ''}${recalled ? ' staff-card--recalled' : ''}`}
      aria-label={t('staff.card.order', { id: order.order_id })}
      data-order-id={order.order_id}
    >
      <div className="staff-card__bar">
        {thresholds ? <AgeClock start={ageStart(order)} thresholds={thresholds} /> : null}
        {/* Who may not set it still sees it: the pressed 'Rush' says it to the others. */}
        {rush && !screenMarks ? <strong className="staff-card__rush">{t('staff.card.rush')}</strong> : null}
        {recalled ? (
          <span className="staff-card__recalled">
            {t('staff.card.recalled')}
            <button type="button" className="staff-card__clear" onClick={() => onClearRecall(order.order_id)}>
              {t('staff.card.clearRecall')}
            </button>
          </span>
        ) : null}
        {screenMarks ? (
          <button
            type="button"
            className="staff-card__rush-toggle"
            aria-pressed={rush}
            onClick={() => onRush(order.order_id, !rush)}
          >
            {t('staff.card.rushToggle')}
          </button>
        ) : null}
      </div>
      <header className="staff-card__head">
        <strong className="staff-card__who">
          {atTable ? (order.table_label ?? t('staff.card.table', { table: order.table_no ?? '' })) : null}
          {order.queue_no ? t('staff.card.queue', { number: order.queue_no }) : null}
          {!atTable && !order.queue_no ? t('staff.card.order', { id: order.order_id }) : null}
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
      {allergies.length > 0 ? (
        <p className="staff-card__allergies" role="note">
          {t('staff.card.allergies', {
            list: allergies
              .map((allergy) =>
                allergy.severity === 'severe'
                  ? t('staff.card.allergySevere', { allergen: t(`ui.allergen.${allergy.category}`) })
                  : t(`ui.allergen.${allergy.category}`),
              )
              .join(', '),
          })}
        </p>
      ) : null}
      <ul className="staff-card__items">
        {shown.map((item) => {
          const done = isLineDone(order, item.order_item_id);
          const words = (
            <>
              <b>{item.quantity}×</b> {item.name}
              {item.status === 'declined' ? ` (${t('staff.card.declined')})` : null}
              {lastBatch > 1 && item.batch === lastBatch ? (
                <em className="staff-card__added"> {t('staff.card.added')}</em>
              ) : null}
            </>
          );
          return (
            <li
              key={item.order_item_id}
              className={`staff-card__item${item.status === 'declined' ? ' staff-card__item--declined' : ''}${done ? ' staff-card__item--done' : ''}`}
            >
              <div className="staff-card__line">
                {screenMarks && item.status === 'active' ? (
                  <button
                    type="button"
                    className="staff-card__dish"
                    aria-pressed={done}
                    title={t(done ? 'staff.card.undoDone' : 'staff.card.markDone')}
                    onClick={() => onLineDone(order.order_id, item.order_item_id, !done)}
                  >
                    {words}
                  </button>
                ) : (
                  <span>{words}</span>
                )}
                {mayMark && item.status === 'active' && running.length > 0 ? (
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
          );
        })}
      </ul>
      {order.special_note ? (
        <p className="staff-card__request">{t('staff.card.request', { note: order.special_note })}</p>
      ) : null}
      {moves.length > 0 || reprint ? (
        <div className="staff-card__moves">
          {/* The bump first: it spans the ticket; the other moves and 'Reprint' share rows under it
              (the bar above keeps to the age clock and rush, on one row at every size). */}
          {[...moves]
            .sort((a, b) => Number(b === bump) - Number(a === bump))
            .map((to) => {
              const label = MOVE_LABEL[to as keyof typeof MOVE_LABEL];
              return label ? (
                <Button
                  key={to}
                  variant={to === bump ? 'primary' : 'secondary'}
                  className={to === bump ? 'staff-card__bump' : undefined}
                  onClick={() => onMove(order.order_id, to)}
                >
                  {t(label)}
                </Button>
              ) : null;
            })}
          {reprint ? <ReprintButton orderId={order.order_id} /> : null}
        </div>
      ) : null}
    </article>
  );
});
