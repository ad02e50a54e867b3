import { useMemo } from 'react';
import { ORDER_STATUS, intlLocale, isOrderStatus, orderStatusWordingKey, orderTracker } from '@santap/domain';
import type {
  Language,
  OrderTracker as Tracker,
  OrderTrackerEndId,
  OrderTrackerStepId,
  OrderTypeCode,
} from '@santap/domain';
import { hasKey } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import { useUiTranslation } from '../i18n/translation';
import './order-tracker.css';

/**
 * What the tracker reads of an order (the contract's order, `orderSchema` of @santap/contract, as
 * the diner's order status page and the food court's outlet order page have it).
 */
export interface TrackedOrder {
  status: number;
  /** Catalogue key of the status wording the server chose (spec §4). */
  status_key: string;
  order_type: OrderTypeCode;
  order_time: string;
  created_epoch: number;
  scheduled_epoch: number | null;
  time_zone?: string | undefined;
  /** The statuses the order entered, oldest first, with when (epoch seconds). */
  status_history?: readonly { status: number; at: number }[] | undefined;
}

/**
 * The status wording of spec §4: the server's `status_key` when the catalogue has it, else the key of
 * the numeric status, else 'waiting for confirmation' (a new status the app does not know yet).
 */
export function statusWordingKey(
  order: Pick<TrackedOrder, 'status' | 'status_key' | 'order_type'>,
): TranslationKey {
  if (hasKey(order.status_key)) return order.status_key;
  if (isOrderStatus(order.status)) return orderStatusWordingKey(order.status, order.order_type);
  return 'status.waitingConfirmation';
}

/** A time of day, 24-hour, in the restaurant's zone (a phone elsewhere still reads the kitchen's time). */
function formatTime(epochSeconds: number, language: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(epochSeconds * 1000));
}

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
function trackerOf(order: TrackedOrder): Tracker | undefined {
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
 * was reached; a declined or cancelled order ends with that end, in red. Large type and high contrast:
 * read from across the table. One per page (its ids).
 */
export function OrderTracker({ order }: { order: TrackedOrder }) {
  const { t, language } = useUiTranslation();
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
