import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { EndpointData, Order } from '@santap/api-client';
import type { staff } from '@santap/api-client';
import { ORDER_STATUS, ORDER_TYPE } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { toIntlLocale } from '@santap/i18n';
import { Button, MoneyText, Spinner, useUiTranslation } from '@santap/ui';
import { useStaffMe } from '../../../lib/staff-context';
import { FRONT_OF_HOUSE } from '../../../lib/roles';
import { createSignal } from '../../../lib/signal';
import type { Signal } from '../../../lib/signal';
import { useMoney } from '../../../lib/use-money';
import { LoadFailure, OfflineNotice } from '../../../components/console-banners';
import { RefundPanel } from '../../../components/refund-panel';
import { CounterPayment } from '../components/counter-payment';
import { useRestaurantOrders } from '../hooks/use-restaurant-orders';
import { isOwedAtCounter, owedBy } from '../lib/cash';
import '../../../components/desk.css';

type RefundReply = EndpointData<typeof staff.staffRefundOrder>;

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

/** Who the order is for, as the counter calls it: the table, the kiosk queue number, the kiosk ticket. */
function OrderWho({ order }: { order: Order }) {
  const { t } = useUiTranslation();
  const typeKey = ORDER_TYPE_LABEL[order.order_type as keyof typeof ORDER_TYPE_LABEL];
  const table =
    order.table_label ?? (order.table_no ? t('staff.card.table', { table: order.table_no }) : null);
  return (
    <span className="staff-till__who">
      <strong>{table ?? (order.queue_no ? t('staff.card.queue', { number: order.queue_no }) : null)}</strong>
      {table && order.queue_no ? <strong>{t('staff.card.queue', { number: order.queue_no })}</strong> : null}
      <span>{t('staff.card.order', { id: order.order_id })}</span>
      {typeKey ? <span>{t(typeKey)}</span> : null}
      {order.kiosk_ticket ? (
        <strong className="staff-till__ticket">{t('staff.card.ticket', { code: order.kiosk_ticket })}</strong>
      ) : null}
    </span>
  );
}

/**
 * What the app puts at the top of the counter, given the page's live channel (the tables' tabs of
 * features/tabs, joined by src/app/routes/counter.tsx).
 */
export type CounterTablesSlot = (live: { changed: Signal; online: boolean }) => ReactNode;

/**
 * The counter: every pay-later and 'Cash kiosk' order that still owes money (running or done, not
 * cancelled), oldest first as the queue forms, with the amount owed; 'Take payment' records cash
 * (with the change to give) or card. Below, for the manager, completed paid orders with 'Refund'.
 * Live: the list is read again on each event of the restaurant; actions are refused while offline.
 */
export function CounterPage({ tables }: { tables?: CounterTablesSlot }) {
  const me = useStaffMe();
  const { t, language } = useUiTranslation();
  const money = useMoney();
  const locale = toIntlLocale(language);
  const [tabsChanged] = useState(createSignal);
  const { orders, loadError, online, reload, guard, failed } = useRestaurantOrders(
    me.staff.restaurant_id,
    tabsChanged.emit,
  );
  const [paying, setPaying] = useState<number | null>(null);
  const [refunding, setRefunding] = useState<number | null>(null);
  const [refunds, setRefunds] = useState<Record<number, RefundReply>>({});
  const mayTake = FRONT_OF_HOUSE.includes(me.staff.role);
  const mayRefund = me.staff.role === 'manager';

  const owing = useMemo(
    () => (orders ?? []).filter(isOwedAtCounter).sort((a, b) => a.order_id - b.order_id),
    [orders],
  );
  // Completed orders with captured money not (all) refunded yet, and those refunded here (their result
  // stays on screen): the refund panel asks what is left.
  const refundable = useMemo(
    () =>
      (orders ?? []).filter(
        (order) =>
          order.status === ORDER_STATUS.COMPLETED &&
          (order.paid_amount ?? 0) > 0 &&
          (['paid', 'partial_paid'].includes(order.payment_status) || refunds[order.order_id] !== undefined),
      ),
    [orders, refunds],
  );

  return (
    <main className="staff-page staff-till" aria-busy={orders === null}>
      <h1>{t('staff.counter.title')}</h1>
      <OfflineNotice online={online} />
      <LoadFailure error={loadError} onRetry={() => void reload()} />
      {tables?.({ changed: tabsChanged, online })}
      {orders === null && !loadError ? <Spinner label={t('staff.loading')} /> : null}
      {orders !== null && owing.length === 0 ? (
        <p className="staff-column__empty">{t('staff.counter.empty')}</p>
      ) : null}
      <ul className="staff-till__list">
        {owing.map((order) => (
          <li key={order.order_id}>
            <article
              className="staff-till__row"
              aria-label={t('staff.card.order', { id: order.order_id })}
              data-order-id={order.order_id}
            >
              <div className="staff-till__head">
                <OrderWho order={order} />
                <span className="staff-till__mode">
                  {order.payment_mode === 'cash_kiosk'
                    ? t('staff.counter.cashKiosk')
                    : t('staff.counter.payLater')}
                  {' · '}
                  {t('staff.card.placed', {
                    time: clock(order.created_epoch, me.restaurant.time_zone, locale),
                  })}
                </span>
                <span className="staff-till__owed">
                  <span className="st-visually-hidden">{t('staff.counter.owed')} </span>
                  <MoneyText amount={owedBy(order)} currency={order.currency as Currency} />
                </span>
                {mayTake && paying !== order.order_id ? (
                  <Button
                    aria-label={t('staff.counter.takeLabel', { id: order.order_id })}
                    onClick={() => setPaying(order.order_id)}
                  >
                    {t('staff.counter.take')}
                  </Button>
                ) : null}
              </div>
              {paying === order.order_id ? (
                <CounterPayment
                  order={order}
                  guard={guard}
                  onFailed={failed}
                  onPaid={() => {
                    setPaying(null);
                    void reload();
                  }}
                  onClose={() => setPaying(null)}
                />
              ) : null}
            </article>
          </li>
        ))}
      </ul>
      {mayRefund ? (
        <section aria-labelledby="staff-refunds-title">
          <h2 id="staff-refunds-title">{t('staff.refund.title')}</h2>
          {orders !== null && refundable.length === 0 ? (
            <p className="staff-column__empty">{t('staff.refund.empty')}</p>
          ) : null}
          <ul className="staff-till__list">
            {refundable.map((order) => {
              const last = refunds[order.order_id];
              const currency = order.currency as Currency;
              const settled =
                last && last.refunds.length > 0 && last.refunds.every((r) => r.state === 'refunded');
              return (
                <li key={order.order_id}>
                  <article
                    className="staff-till__row staff-till__row--paid"
                    aria-label={t('staff.card.order', { id: order.order_id })}
                    data-order-id={order.order_id}
                  >
                    <div className="staff-till__head">
                      <OrderWho order={order} />
                      <span className="staff-till__mode">{t('staff.card.paid')}</span>
                      <span className="staff-till__owed">
                        <MoneyText amount={order.paid_amount ?? 0} currency={currency} />
                      </span>
                      {refunding !== order.order_id ? (
                        <Button
                          variant="secondary"
                          aria-label={t('staff.refund.openLabel', { id: order.order_id })}
                          onClick={() => setRefunding(order.order_id)}
                        >
                          {t('staff.refund.open')}
                        </Button>
                      ) : null}
                    </div>
                    {last ? (
                      <p className="staff-till__result" role="status">
                        {t(settled ? 'staff.refund.refunded' : 'staff.refund.initiated', {
                          amount: money(last.amount, currency),
                          left: money(last.refundable_amount, currency),
                        })}
                      </p>
                    ) : null}
                    {refunding === order.order_id ? (
                      <RefundPanel
                        order={order}
                        guard={guard}
                        onFailed={failed}
                        onRefunded={(reply) => {
                          setRefunds((all) => ({ ...all, [order.order_id]: reply }));
                          setRefunding(null);
                        }}
                        onClose={() => setRefunding(null)}
                      />
                    ) : null}
                  </article>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
