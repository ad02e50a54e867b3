import { Link, useLoaderData, useNavigate } from 'react-router';
import type { Order } from '@santap/api-client';
import { ORDER_STATUS, ORDER_TYPE } from '@santap/domain';
import { Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';
import { loadOrder } from '../api/load-order';
import type { OrderPageData } from '../api/load-order';
import { OrderBill, OrderItems } from '../../../components/order-items';
import {
  formatDateTime,
  orderTypeText,
  paymentStatusText,
  statusWordingKey,
} from '../../../components/order-words';
import { OrderProblem } from '../../../components/order-problem';

export const loader = loadOrder;

/** `/orderSummary/order_id/:order_id` (spec §2): the order as a receipt. */
export function Component() {
  const data = useLoaderData() as OrderPageData;
  const { t } = useT();
  if (data.kind !== 'ready') return <OrderProblem data={data} title={t('order.summaryTitle')} />;
  return <OrderSummary order={data.order} />;
}

function OrderSummary({ order }: { order: Order }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  return (
    <Page title={t('order.summaryTitle')} onBack={() => navigate(paths.orderStatus(order.order_id))}>
      <article className="order-receipt">
        <header>
          <h2>{order.restaurant_name}</h2>
          <p>{t('order.number', { id: String(order.order_id) })}</p>
          <p>
            {t('order.placedAt', { time: formatDateTime(order.created_epoch, language, order.time_zone) })}
          </p>
        </header>
        <dl className="order-receipt__facts">
          <div>
            <dt>{t('order.type')}</dt>
            <dd>
              {orderTypeText(order, t)}
              {order.order_type === ORDER_TYPE.DINE_IN && order.table_no
                ? ` · ${order.table_label ?? t('order.table', { table: order.table_no })}`
                : null}
            </dd>
          </div>
          {order.scheduled_epoch ? (
            <div>
              <dt>{t('orderTime.scheduled')}</dt>
              <dd>{formatDateTime(order.scheduled_epoch, language, order.time_zone)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('order.title')}</dt>
            <dd>{t(statusWordingKey(order))}</dd>
          </div>
          <div>
            <dt>{t('order.paymentLabel')}</dt>
            <dd>{paymentStatusText(order.payment_status, t)}</dd>
          </div>
        </dl>
        <OrderItems order={order} t={t} language={language} />
        <OrderBill order={order} t={t} language={language} />
      </article>
      {order.status === ORDER_STATUS.COMPLETED ? (
        <p>
          <Link to={paths.review(order.order_id)}>{t('review.title')}</Link>
        </p>
      ) : null}
      <p>
        <Link to={paths.orderStatus(order.order_id)}>{t('order.backToStatus')}</Link>
      </p>
    </Page>
  );
}
