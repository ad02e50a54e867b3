import { useCallback, useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { AuthRequired, orders } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { ORDER_STATUS, ORDER_TYPE, canAddItemsTo, isOrderStatus, isRunningOrder } from '@santap/domain';
import { Banner, Button, OrderTracker, Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { tabPaths } from '../../../config/tab-paths';
import { startAddingTo } from '../../../lib/add-more';
import { api } from '../../../lib/api';
import { loginPathForRestaurant } from '../../../lib/login-query';
import { useT } from '../../../lib/use-t';
import { loadOrder } from '../api/load-order';
import type { OrderPageData } from '../api/load-order';
import { OrderBill, OrderItems } from '../../../components/order-items';
import { formatDateTime, orderTypeText, paymentStatusText } from '../../../components/order-words';
import { OrderProblem } from '../../../components/order-problem';
import { CancelOrderDialog } from '../components/cancel-order-dialog';
import { RefundStatus } from '../components/refund-status';
import { TableRequests } from '../components/table-requests';
import { useLiveOrder } from '../hooks/use-live-order';
import { errorText } from '@santap/web';

export const loader = loadOrder;

const running = (order: Order) => !isOrderStatus(order.status) || isRunningOrder(order.status);

/** Back to the restaurant's menu in the same order type; the menu keeps the table of this session. */
export function addMorePath(order: Order): string {
  return paths.menu(order.nameid, order.order_type, order.pickup_type === 'takeaway' ? 'ta' : undefined);
}

/** What the order still owes: its total less what was paid (more items added to a paid order, spec §4). */
const owedOf = (order: Order) => Math.max(0, order.total - (order.paid_amount ?? 0));

/** Still to pay online: an unpaid (or failed, pending, partly paid) order placed for online payment. */
const owesOnline = (order: Order) =>
  order.payment_mode !== 'pay_later' &&
  order.payment_mode !== 'cash_kiosk' &&
  ['unpaid', 'failed', 'pending', 'partial_paid'].includes(order.payment_status) &&
  owedOf(order) > 0 &&
  running(order);

/** May the diner add items to it (spec §4 'More items added'): the domain's rule, as the server's. */
const takesMoreItems = (order: Order) =>
  isOrderStatus(order.status) &&
  canAddItemsTo({
    status: order.status,
    orderType: order.order_type,
    pickupType: order.pickup_type,
    restaurantId: order.restaurant_id,
    scheduled: order.order_time === 'SCHEDULED',
  });

/**
 * `/orderstatus/order_id/:order_id` (spec §2, §4): the order tracker (the status in large type, the
 * steps of the order's type with their times), updated live over the websocket; items (declined ones marked), the bill, payment; 'add more items'; cancel while the
 * restaurant has not accepted (`can_cancel`); the order summary.
 */
export function Component() {
  const data = useLoaderData() as OrderPageData;
  const { t } = useT();
  if (data.kind !== 'ready') return <OrderProblem data={data} title={t('order.title')} />;
  return <OrderStatus order={data.order} />;
}

function OrderStatus({ order }: { order: Order }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  const { connected } = useLiveOrder(order.order_id, refresh);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string>();

  const cancel = async () => {
    setCancelling(true);
    setError(undefined);
    try {
      await api.call(orders.orderCancel, { body: { order_id: order.order_id } });
      setConfirmCancel(false);
      await revalidate();
    } catch (failure) {
      setConfirmCancel(false);
      if (failure instanceof AuthRequired) {
        navigate(loginPathForRestaurant(paths.orderStatus(order.order_id), order.nameid));
        return;
      }
      setError(errorText(failure, t));
      await revalidate();
    } finally {
      setCancelling(false);
    }
  };

  const isRunning = running(order);
  return (
    <Page title={t('order.title')} onBack={() => navigate(paths.menu(order.nameid))}>
      <div className="order-head">
        <p>{order.restaurant_name}</p>
        <p>{t('order.number', { id: String(order.order_id) })}</p>
        <p>
          {orderTypeText(order, t)}
          {order.order_type === ORDER_TYPE.DINE_IN && order.table_no
            ? ` · ${order.table_label ?? t('order.table', { table: order.table_no })}`
            : null}
        </p>
        {order.scheduled_epoch ? (
          <p>
            {t('order.scheduledFor', {
              time: formatDateTime(order.scheduled_epoch, language, order.time_zone),
            })}
          </p>
        ) : null}
      </div>
      {/* The status in large type and the steps; announced when a live update moves it. */}
      <OrderTracker order={order} />
      {isRunning ? (
        <p className="order-live">{connected ? t('order.live') : t('order.reconnecting')}</p>
      ) : null}

      {order.status === ORDER_STATUS.COMPLETED ? (
        // The feedback and review redirect (spec §2): a completed order leads to rating its dishes.
        <section className="order-review" aria-label={t('review.title')}>
          <p>{t('review.prompt')}</p>
          <Link className="st-button st-button--primary" to={paths.review(order.order_id)}>
            {t('review.title')}
          </Link>
        </section>
      ) : null}
      {error ? <Banner tone="error">{error}</Banner> : null}

      {order.order_type === ORDER_TYPE.DINE_IN && isRunning ? <TableRequests order={order} /> : null}

      <section className="order-payment" aria-label={t('order.paymentLabel')}>
        <p>
          {t('order.paymentLabel')}: {paymentStatusText(order.payment_status, t)}
        </p>
        {order.payment_mode === 'pay_later' && order.payment_status === 'unpaid' && isRunning ? (
          <p>{t('order.payAtCounter')}</p>
        ) : null}
        {order.payment_status === 'refund_initiated' || order.payment_status === 'refunded' ? (
          <RefundStatus order={order} />
        ) : null}
        {owesOnline(order) ? (
          <Link className="st-button st-button--primary" to={paths.payments(order.order_id, owedOf(order))}>
            {t('order.payNow')}
          </Link>
        ) : null}
        {/* The table's tab (apps/api docs/tabs.md): who ordered what, each friend paying their share. */}
        {order.order_type === ORDER_TYPE.DINE_IN && order.fc_order_id === null ? (
          <Link className="st-button st-button--secondary" to={tabPaths.ofOrder(order.order_id)}>
            {t('tab.link.order')}
          </Link>
        ) : null}
      </section>

      <OrderItems order={order} t={t} language={language} />
      <OrderBill order={order} t={t} language={language} />

      <div className="order-actions">
        {takesMoreItems(order) ? (
          <Link
            className="st-button st-button--secondary"
            to={addMorePath(order)}
            onClick={() => startAddingTo(order.nameid, order.order_id)}
          >
            {t('order.addMore')}
          </Link>
        ) : null}
        {order.order_type === ORDER_TYPE.DINE_IN && running(order) ? (
          <Link className="st-button st-button--ghost" to={paths.changeTable(order.order_id)}>
            {t('order.changeTable.link')}
          </Link>
        ) : null}
        <Link className="st-button st-button--ghost" to={paths.orderSummary(order.order_id)}>
          {t('order.viewSummary')}
        </Link>
        {order.can_cancel ? (
          <Button variant="danger" onClick={() => setConfirmCancel(true)}>
            {t('order.cancel')}
          </Button>
        ) : null}
      </div>

      <CancelOrderDialog
        open={confirmCancel}
        cancelling={cancelling}
        onKeep={() => setConfirmCancel(false)}
        onConfirm={() => void cancel()}
      />
    </Page>
  );
}
