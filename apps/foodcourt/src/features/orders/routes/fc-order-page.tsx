import { useCallback, useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { ApiError, invoices } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import {
  Banner,
  Button,
  EmailInvoicePopup,
  FoodCourtPartCard,
  LanguageButton,
  MoneyText,
  Page,
  paymentStatusKey,
  useUiTranslation,
} from '@santap/ui';
import { useLiveTopic } from '@santap/web';
import type { EmailInvoiceStatus } from '@santap/ui';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { loadFcOrder } from '../api/load-fc-order';
import type { FcOrderPageData } from '../api/load-fc-order';
import { isDeclined, isReady, partOf } from '../lib/order-parts';
import '../orders.css';

export const loader = loadFcOrder;

/**
 * `/fc/:mall/order/:fcOrderId`: every outlet's part of one food-court order, each with its status
 * (live over the websocket, topic `fc:<id>`), and 'all ready' once every part that goes on is ready.
 * A part its outlet declined says it is refunded alone and that the rest goes on. The invoice of the
 * whole order can be emailed (`generate-fc-invoice`).
 */
export function Component() {
  const { slug, fc } = useLoaderData() as FcOrderPageData;
  const { t } = useUiTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  const { connected } = useLiveTopic(`fc:${fc.fc_order_id}`, refresh, env.VITE_API_BASE);
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const [invoiceStatus, setInvoiceStatus] = useState<EmailInvoiceStatus>('idle');
  const [invoiceFailure, setInvoiceFailure] = useState<string | undefined>();

  const going = fc.orders.filter((order) => !isDeclined(order));
  const ready = going.filter(isReady).length;
  const currency = fc.orders[0]?.currency ?? 'MYR';
  const owes = ['unpaid', 'failed', 'pending'].includes(fc.payment_status) && going.length > 0;
  // What the declined parts took off (refunded alone): the total of what goes on is what counts now.
  const declinedTotal = fc.orders.filter(isDeclined).reduce((sum, order) => sum + order.total, 0);
  const dineIn = fc.orders[0]?.order_type === ORDER_TYPE.DINE_IN;

  const sendInvoice = async (email: string) => {
    setInvoiceStatus('sending');
    try {
      await api.call(invoices.generateFoodCourtInvoice, { body: { fc_order_id: fc.fc_order_id, email } });
      setInvoiceStatus('sent');
      setInvoiceFailure(undefined);
    } catch (error) {
      // The popup says "Couldn't Send Invoice" (spec §8) and keeps the address for another try; an
      // order not paid yet (409) and the hourly limit (429) say why in the server's words.
      setInvoiceFailure(
        error instanceof ApiError && (error.statusCode === 409 || error.statusCode === 429)
          ? error.message
          : undefined,
      );
      setInvoiceStatus('failed');
    }
  };

  return (
    <Page
      title={t('fc.order.title')}
      onBack={() => navigate(paths.mall(slug))}
      headerEnd={<LanguageButton />}
    >
      <div className="fc-stack">
        <section className="fc-order-head" aria-label={t('fc.order.title')}>
          <p>{t('fc.pay.orderNumber', { id: String(fc.fc_order_id) })}</p>
          {fc.orders.length > 1 ? <p className="fc-muted">{t('fc.order.numbering')}</p> : null}
          <p role="status" aria-live="polite" className="fc-order-head__progress">
            <strong>
              {going.length === 1
                ? t('fc.order.readyCountOne', { ready })
                : t('fc.order.readyCount', { ready, count: going.length })}
            </strong>
          </p>
          <p className="fc-muted">{connected ? t('order.live') : t('order.reconnecting')}</p>
        </section>
        {fc.all_ready ? (
          <Banner tone="success" title={t('fc.order.allReadyTitle')}>
            {dineIn ? t('fc.order.allReadyBodyDineIn') : t('fc.order.allReadyBody')}
          </Banner>
        ) : null}
        <p>
          {t('order.paymentLabel')}: {t(paymentStatusKey(fc.payment_status))}
        </p>
        {owes ? (
          <Link className="st-button st-button--primary" to={paths.pay(slug, fc.fc_order_id)}>
            {t('order.payNow')}
          </Link>
        ) : null}
        <section aria-labelledby="fc-parts-title" className="fc-stack">
          <h2 id="fc-parts-title" className="fc-section-title">
            {t('fc.mall.outlets')}
          </h2>
          {fc.orders.map((order) => (
            <FoodCourtPartCard
              key={order.order_id}
              part={partOf(order)}
              href={paths.outletOrder(slug, fc.fc_order_id, order.order_id)}
              onNavigate={() => navigate(paths.outletOrder(slug, fc.fc_order_id, order.order_id))}
            />
          ))}
        </section>
        <p className="fc-order-total">
          <span>{t('bill.total')}</span>
          <MoneyText amount={fc.total} currency={currency} />
        </p>
        {declinedTotal > 0 ? (
          <>
            <p className="fc-order-total">
              <span>{t('fc.order.declinedTotal')}</span>
              <MoneyText amount={-declinedTotal} currency={currency} />
            </p>
            <p className="fc-order-total">
              <strong>{t('fc.order.netTotal')}</strong>
              <MoneyText amount={fc.total - declinedTotal} currency={currency} />
            </p>
          </>
        ) : null}
        <div className="fc-actions">
          <Button variant="secondary" icon="mail" onClick={() => setInvoiceOpen(true)}>
            {t('fc.order.emailInvoice')}
          </Button>
          <Link className="st-button st-button--ghost" to={paths.mall(slug)}>
            {t('fc.order.backToMall')}
          </Link>
        </div>
      </div>
      <EmailInvoicePopup
        open={invoiceOpen}
        onClose={() => {
          setInvoiceOpen(false);
          setInvoiceStatus('idle');
        }}
        onSend={(email) => void sendInvoice(email)}
        status={invoiceStatus}
        {...(invoiceFailure ? { failure: invoiceFailure } : {})}
      />
    </Page>
  );
}
