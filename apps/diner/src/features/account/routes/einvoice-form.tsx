import { useLoaderData, useNavigate, useRevalidator } from 'react-router';
import type { EInvoice, Order } from '@santap/api-client';
import { Banner, EInvoiceStatusCard, Page, useToast } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';
import { loadEInvoice } from '../api/load-einvoice';
import type { EInvoicePageData } from '../api/load-einvoice';
import { AccountProblem } from '../components/account-problem';
import { EInvoiceForm } from '../components/einvoice-form';
import { draftOf } from '../lib/einvoice-buyer';
import '../account.css';

export const loader = loadEInvoice;

/**
 * `/einvoiceform/:order_id` (spec §2): a Malaysian order's e-invoice — its status when one
 * was requested (checked again on demand while LHDN validates), else the buyer form; a rejected one
 * can be corrected and sent again.
 */
export function Component() {
  const data = useLoaderData() as EInvoicePageData;
  const { t } = useT();
  const navigate = useNavigate();
  if (data.kind === 'error') return <AccountProblem error={data.error} title={t('account.einvoice.title')} />;
  if (data.kind === 'missing') {
    return (
      <Page title={t('account.einvoice.title')} onBack={() => navigate(paths.orderHistory())}>
        <Banner tone="error">{t('account.einvoice.orderMissing')}</Banner>
      </Page>
    );
  }
  return <EInvoicePage order={data.order} einvoice={data.einvoice} lastBuyer={data.lastBuyer} />;
}

function EInvoicePage({
  order,
  einvoice,
  lastBuyer,
}: {
  order: Order;
  einvoice: EInvoice | null;
  lastBuyer: Extract<EInvoicePageData, { kind: 'ready' }>['lastBuyer'];
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const revalidator = useRevalidator();
  const malaysian = order.currency === 'MYR';
  // A rejected request may be corrected and sent again; any other one stands.
  const formOpen = malaysian && (einvoice === null || einvoice.status === 'invalid');
  return (
    <Page title={t('account.einvoice.title')} onBack={() => navigate(paths.orderHistory())}>
      <div className="account">
        <p>{t('account.einvoice.intro', { id: String(order.order_id), place: order.restaurant_name })}</p>
        {!malaysian ? <Banner tone="warning">{t('errors.einvoiceMalaysiaOnly')}</Banner> : null}
        {einvoice ? (
          <section aria-label={t('account.einvoice.title')}>
            <EInvoiceStatusCard
              status={einvoice.status}
              buyerName={einvoice.buyer.name}
              tinUsed={einvoice.tin_used}
              generalTinUsed={einvoice.general_tin_used}
              validationLink={einvoice.validation_link}
              errors={einvoice.errors}
              requestedAt={new Date(einvoice.created_epoch * 1000)}
              onRefresh={() => void revalidator.revalidate()}
              refreshing={revalidator.state === 'loading'}
            />
          </section>
        ) : null}
        {einvoice?.status === 'invalid' ? <p>{t('account.einvoice.fixAndResend')}</p> : null}
        {formOpen ? (
          <EInvoiceForm
            order={order}
            initial={draftOf(einvoice?.buyer ?? lastBuyer)}
            onSubmitted={() => {
              toast.show(t('account.einvoice.requested'), { tone: 'success' });
              void revalidator.revalidate();
            }}
          />
        ) : null}
      </div>
    </Page>
  );
}
