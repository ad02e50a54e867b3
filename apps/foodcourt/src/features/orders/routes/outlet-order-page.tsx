import { useCallback, useState } from 'react';
import { Link, data, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { payments } from '@santap/api-client';
import { ORDER_STATUS, ORDER_TYPE } from '@santap/domain';
import {
  Banner,
  Button,
  LanguageButton,
  MoneyText,
  OrderTracker,
  Page,
  RefundStatusPopup,
  refundSummary,
  orderTypeLabelKey,
  paymentStatusKey,
  useUiTranslation,
} from '@santap/ui';
import { errorText, useLiveTopic } from '@santap/web';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import type { OutletOrder } from '../../../lib/api-types';
import { loadFcOrder } from '../api/load-fc-order';
import type { FcOrderPageData } from '../api/load-fc-order';
import { isDeclined } from '../lib/order-parts';
import { reviewHref } from '../lib/review-link';
import '../orders.css';

interface OutletOrderPageData extends FcOrderPageData {
  order: OutletOrder;
}

/** One outlet's order of a food-court order; an order outside it is a 404. */
export async function loader(args: LoaderFunctionArgs): Promise<OutletOrderPageData> {
  const base = await loadFcOrder(args);
  const order = base.fc.orders.find((candidate) => String(candidate.order_id) === args.params.orderId);
  if (!order) throw data(null, { status: 404 });
  return { ...base, order };
}

type RefundView = ReturnType<typeof refundSummary>;

/**
 * `/fc/:mall/order/:fcOrderId/:orderId`: one outlet's part of a food-court order — its order tracker live,
 * its items (declined ones struck through, in words too), its bill, and, when the outlet declined it,
 * the refund of this part alone with its status. A completed part leads to rating its dishes (the
 * diner app's review page, `reviewHref`).
 */
export function Component() {
  const { slug, fc, order } = useLoaderData() as OutletOrderPageData;
  const { t } = useUiTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  const { connected } = useLiveTopic(`order:${order.order_id}`, refresh, env.VITE_API_BASE);
  const [refund, setRefund] = useState<RefundView>();
  const [refundError, setRefundError] = useState<string>();
  const [loadingRefund, setLoadingRefund] = useState(false);
  const declined = isDeclined(order);
  const whole = paths.order(slug, fc.fc_order_id);

  const openRefund = async () => {
    setLoadingRefund(true);
    setRefundError(undefined);
    try {
      setRefund(
        refundSummary(
          await api.call(payments.orderPayments, { params: { orderId: order.order_id } }),
          order.order_id,
        ),
      );
    } catch (error) {
      setRefundError(errorText(error, t));
    } finally {
      setLoadingRefund(false);
    }
  };

  return (
    <Page title={order.restaurant_name} onBack={() => navigate(whole)} headerEnd={<LanguageButton />}>
      <div className="fc-stack">
        <section className="fc-order-head" aria-label={order.restaurant_name}>
          <p>{t('order.number', { id: String(order.order_id) })}</p>
          <p>
            {t(orderTypeLabelKey(order.order_type))}
            {order.order_type === ORDER_TYPE.DINE_IN && order.table_no
              ? ` · ${t('order.table', { table: order.table_no })}`
              : null}
          </p>
        </section>
        {/* The tracker of the diner's order page (@santap/ui): the status in large type, the steps of
            the order's type with their times, announced when a live update moves it. */}
        <OrderTracker order={order} />
        <p className="fc-muted">{connected ? t('order.live') : t('order.reconnecting')}</p>
        {declined ? (
          <Banner
            tone="warning"
            title={t('fc.order.partDeclinedTitle', { outlet: order.restaurant_name })}
            action={
              <Button variant="secondary" loading={loadingRefund} onClick={() => void openRefund()}>
                {t('order.refundStatus')}
              </Button>
            }
          >
            {t('fc.order.restGoesOn')}
          </Banner>
        ) : null}
        {order.status === ORDER_STATUS.COMPLETED ? (
          // The feedback and review redirect (spec §2), as the diner app's order page has it.
          <section className="fc-order-review" aria-label={t('review.title')}>
            <p>{t('review.prompt')}</p>
            <a className="st-button st-button--primary" href={reviewHref(order.order_id)}>
              {t('review.title')}
            </a>
          </section>
        ) : null}
        {refundError ? <Banner tone="error">{refundError}</Banner> : null}
        <p>
          {t('order.paymentLabel')}: {t(paymentStatusKey(order.payment_status))}
        </p>
        <section aria-labelledby="fc-items-title">
          <h2 id="fc-items-title" className="fc-section-title">
            {t('order.items')}
          </h2>
          <ul className="fc-order-items">
            {order.items.map((item) => {
              const struck = declined || item.status === 'declined';
              const text = `${item.quantity} × ${item.name}`;
              return (
                <li key={item.order_item_id}>
                  <span>
                    {struck ? <s>{text}</s> : text}
                    {item.status === 'declined' ? <strong> {t('status.itemDeclined')}</strong> : null}
                  </span>
                  <MoneyText
                    amount={item.unit_price * item.quantity}
                    currency={order.currency}
                    strike={struck}
                  />
                </li>
              );
            })}
          </ul>
        </section>
        <section aria-labelledby="fc-bill-title">
          <h2 id="fc-bill-title" className="fc-section-title">
            {t('order.bill')}
          </h2>
          <dl className="fc-order-bill">
            {order.bill.lines.map((line, index) => (
              <div key={`${line.key}-${index}`}>
                <dt>{line.label}</dt>
                <dd>
                  <MoneyText amount={line.amount} currency={order.bill.currency} />
                </dd>
              </div>
            ))}
            <div className="fc-order-bill__total">
              <dt>{t('bill.total')}</dt>
              <dd>
                <MoneyText amount={order.bill.total} currency={order.bill.currency} />
              </dd>
            </div>
          </dl>
        </section>
        <Link className="st-button st-button--secondary" to={whole}>
          {t('fc.order.backToAll')}
        </Link>
      </div>
      {refund ? <RefundStatusPopup open onClose={() => setRefund(undefined)} {...refund} /> : null}
    </Page>
  );
}
