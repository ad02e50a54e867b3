import { useMemo } from 'react';
import type { Order } from '@santap/api-client';
import { ORDER_STATUS, isOrderStatus, orderTracker } from '@santap/domain';
import type { OrderTracker as Tracker, OrderTrackerEndId, OrderTrackerStepId } from '@santap/domain';
import type { TranslationKey } from '@santap/i18n';
import { formatTime, statusWordingKey } from '../../../components/order-words';
import { useT } from '../../../lib/use-t';
import './order-tracker.css';

/** The words of each step (written out, so the catalogue's key check finds them). */
const STEP_KEY: Record<OrderTrackerStepId, TranslationKey> = {
  placed: 'order.tracker.step.placed',
  scheduled: 'order.tracker.step.scheduled',
  accepted: 'order.tracker.step.accepted',
  confirmed: 'order.tracker.step.confirmed',
  preparing: 'order.tracker.step.preparing',
  ready: 'order.tracker.step.ready',
  readyToCollect: 'order.tracker.step.readyToCollect',
  served: 'order.tracker.step.served',
  pickedUp: 'order.tracker.step.pickedUp',
  onTheWay: 'order.tracker.step.onTheWay',
  delivered: 'order.tracker.step.delivered',
};

const END_KEY: Record<OrderTrackerEndId, TranslationKey> = {
  declined: 'order.tracker.end.declined',
  cancelled: 'order.tracker.end.cancelled',
};

const STATE_KEY = {
  done: 'order.tracker.done',
  current: 'order.tracker.now',
  todo: 'order.tracker.next',
} as const satisfies Record<string, TranslationKey>;

/** The tracker of an order the app knows the status of; undefined for a status it does not know yet. */
function trackerOf(order: Order): Tracker | undefined {
  if (!isOrderStatus(order.status)) return undefined;
  const scheduled = order.order_time === 'SCHEDULED';
  // A reply without the history (an older server): the order was placed when it was created.
  const history = order.status_history ?? [
    {
      status: scheduled ? ORDER_STATUS.SCHEDULED : ORDER_STATUS.WAITING_CONFIRMATION,
      at: order.created_epoch,
    },
  ];
  return orderTracker({ status: order.status, orderType: order.order_type, scheduled, history });
}

/**
 * The order tracker (spec §4 statuses, `orderTracker` of `@santap/domain`): the status in large type
 * with 'Step n of m' — a polite live region, so a screen reader says the new step when a live update
 * moves the order — then the steps of the order's type with the current one marked and the time each
 * was reached; a declined or cancelled order ends with that end, in red.
 */
export function OrderTracker({ order }: { order: Order }) {
  const { t, language } = useT();
  const tracker = useMemo(() => trackerOf(order), [order]);
  const time = (at: number) => formatTime(at, language, order.time_zone);
  const current = tracker && tracker.current >= 0 ? tracker.current : undefined;
  const last = tracker ? tracker.steps.length - 1 : -1;

  return (
    <section className="order-tracker" aria-labelledby="order-status-word">
      <p
        id="order-status-word"
        className={`order-tracker__now${tracker?.end ? ' order-tracker__now--ended' : ''}`}
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        {tracker && current !== undefined ? (
          <span className="order-tracker__count">
            {t('order.tracker.stepOf', { step: current + 1, total: tracker.steps.length })}
            <span className="st-visually-hidden">: </span>
          </span>
        ) : null}
        <strong className="order-tracker__word">{t(statusWordingKey(order))}</strong>
      </p>
      {tracker ? (
        <ol className="order-tracker__steps" aria-label={t('order.tracker.label')}>
          {tracker.steps.map((step, index) => (
            <li
              key={step.id}
              className={`order-tracker__step order-tracker__step--${step.state}`}
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              <span className="order-tracker__dot" aria-hidden="true">
                {step.state === 'done' ? '✓' : index + 1}
              </span>
              <span className="order-tracker__name">
                {t(STEP_KEY[step.id])}
                <span className="st-visually-hidden"> ({t(STATE_KEY[step.state])})</span>
              </span>
              {step.at !== undefined ? (
                <time className="order-tracker__time" dateTime={new Date(step.at * 1000).toISOString()}>
                  {time(step.at)}
                </time>
              ) : step.state === 'todo' && index === last && order.scheduled_epoch && !tracker.end ? (
                // A scheduled order's hand-over is at its slot.
                <span className="order-tracker__time">
                  {t('order.tracker.slot', { time: time(order.scheduled_epoch) })}
                </span>
              ) : null}
            </li>
          ))}
          {tracker.end ? (
            <li className="order-tracker__step order-tracker__step--end">
              <span className="order-tracker__dot" aria-hidden="true">
                ✕
              </span>
              <span className="order-tracker__name">{t(END_KEY[tracker.end.id])}</span>
              {tracker.end.at !== undefined ? (
                <time
                  className="order-tracker__time"
                  dateTime={new Date(tracker.end.at * 1000).toISOString()}
                >
                  {time(tracker.end.at)}
                </time>
              ) : null}
            </li>
          ) : null}
        </ol>
      ) : null}
    </section>
  );
}
