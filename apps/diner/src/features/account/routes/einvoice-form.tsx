import { useLoaderData, useNavigate, useParams, useRevalidator } from 'react-router';
import type { EInvoice } from '@santap/api-client';
import { Banner, EInvoiceStatusCard, Page, useToast } from '@santap/ui';
import { paths } from '../../../config/paths';
import { tabPaths } from '../../../config/tab-paths';
import { useT } from '../../../lib/use-t';
import { loadEInvoice } from '../api/load-einvoice';
import type { EInvoicePageData, EInvoiceSubject } from '../api/load-einvoice';
import { AccountProblem } from '../components/account-problem';
import { EInvoiceForm } from '../components/einvoice-form';
import { draftOf } from '../lib/einvoice-buyer';
import '../account.css';

export const loader = loadEInvoice;

/**
 * `/einvoiceform/:order_id` (spec §2): a Malaysian order's e-invoice — its status when one
 * was requested (checked again on demand while LHDN validates), else the buyer form; a rejected one
 * can be corrected and sent again. `/einvoiceform/tab/:tabId/share/:shareId`: the same for one of the
 * diner's paid shares of a table's tab (apps/api docs/tabs.md, 'Receipts and e-invoices per share'),
 * back to its receipt; its words (`tab.*`) come with the route (router.tsx).
 */
export function Component() {
  const data = useLoaderData() as EInvoicePageData;
  const params = useParams();
  const { t } = useT();
  const navigate = useNavigate();
  if (data.kind === 'error') return <AccountProblem error={data.error} title={t('account.einvoice.title')} />;
  if (data.kind === 'missing') {
    const ofShare = params.shareId !== undefined;
    return (
      <Page
        title={t('account.einvoice.title')}
        onBack={() => navigate(ofShare && params.tabId ? tabPaths.tab(params.tabId) : paths.orderHistory())}
      >
        <Banner tone="error">{t(ofShare ? 'tab.einvoice.missing' : 'account.einvoice.orderMissing')}</Banner>
      </Page>
    );
  }
  return <EInvoicePage subject={data.subject} einvoice={data.einvoice} lastBuyer={data.lastBuyer} />;
}

function EInvoicePage({
  subject,
  einvoice,
  lastBuyer,
}: {
  subject: EInvoiceSubject;
  einvoice: EInvoice | null;
  lastBuyer: Extract<EInvoicePageData, { kind: 'ready' }>['lastBuyer'];
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const revalidator = useRevalidator();
  const ofShare = subject.kind === 'share';
  const malaysian = (ofShare ? subject.receipt.quote.currency : subject.order.currency) === 'MYR';
  const unpaidShare = ofShare && subject.receipt.share.state !== 'paid';
  // A rejected request may be corrected and sent again; any other one stands.
  const formOpen = malaysian && !unpaidShare && (einvoice === null || einvoice.status === 'invalid');
  const back = () =>
    navigate(
      ofShare ? tabPaths.receipt(subject.tabId, subject.receipt.share.share_id) : paths.orderHistory(),
    );
  return (
    <Page title={t('account.einvoice.title')} onBack={back}>
      <div className="account">
        <p>
          {ofShare
            ? t('tab.einvoice.intro', { place: subject.receipt.restaurant_name })
            : t('account.einvoice.intro', {
                id: String(subject.order.order_id),
                place: subject.order.restaurant_name,
              })}
        </p>
        {!malaysian ? <Banner tone="warning">{t('errors.einvoiceMalaysiaOnly')}</Banner> : null}
        {malaysian && unpaidShare ? <Banner tone="warning">{t('tab.error.shareNotPaid')}</Banner> : null}
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
            subject={
              ofShare
                ? { tab_share_id: subject.receipt.share.share_id }
                : { order_id: subject.order.order_id }
            }
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
