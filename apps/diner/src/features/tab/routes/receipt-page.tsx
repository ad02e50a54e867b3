import { Suspense, lazy, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { Button, Page } from '@santap/ui';
import { formatDateTime } from '../../../components/order-words';
import { tabPaths } from '../../../config/tab-paths';
import { useT } from '../../../lib/use-t';
import type { Translate } from '../../../lib/use-t';
import { loadReceipt } from '../api/load-tab';
import type { ReceiptPageData } from '../api/load-tab';
import type { ShareReceipt } from '../api/tab-types';
import { QuoteLines } from '../components/quote-box';
import { TabProblem } from '../components/tab-problem';
import '../components/tab.css';

export const loader = loadReceipt;

/** The email popup, with the email checks of `@santap/domain`, loaded on the first tap only. */
const LazyShareEmailDialog = lazy(() =>
  import('../components/share-email-dialog').then((module) => ({ default: module.ShareEmailDialog })),
);

/** The method a share was paid with, in words ('Cash', 'Wallet', 'Card' as payments name them). */
function methodText(method: string, t: Translate): string {
  switch (method) {
    case 'Card':
      return t('pay.methodCard');
    case 'Wallet':
      return t('pay.methodWallet');
    case 'Net Banking':
      return t('pay.methodNetBanking');
    case 'Cash':
      return t('tab.receipt.cash');
    default:
      return method;
  }
}

/** `/tab/:tabId/receipt/:shareId`: one of the diner's own paid shares as a receipt (`tabs.shareReceipt`). */
export function Component() {
  const data = useLoaderData() as ReceiptPageData;
  if (data.kind !== 'ready') return <TabProblem data={data} />;
  return <Receipt tabId={data.tabId} receipt={data.receipt} />;
}

function Receipt({ tabId, receipt }: { tabId: number; receipt: ShareReceipt }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  return (
    <Page className="tab-screen" title={t('tab.shares.receipt')} onBack={() => navigate(tabPaths.tab(tabId))}>
      <div className="dn-stack">
        <div>
          <p>
            <strong>{receipt.restaurant_name}</strong>
            {receipt.table_label ? ` · ${receipt.table_label}` : null}
          </p>
          {receipt.paid_epoch ? (
            <p>{t('tab.receipt.paidAt', { time: formatDateTime(receipt.paid_epoch, language) })}</p>
          ) : null}
          <p>{t('tab.receipt.method', { method: methodText(receipt.share.method, t) })}</p>
        </div>
        <section className="tab-quote">
          <QuoteLines quote={receipt.quote} />
        </section>
        <ReceiptActions tabId={tabId} receipt={receipt} />
      </div>
    </Page>
  );
}

/**
 * A paid share's receipt by email and, at a Malaysian restaurant, its e-invoice (apps/api
 * docs/tabs.md, 'Receipts and e-invoices per share'). The receipt is always the caller's own share
 * (`tabs.shareReceipt` answers 404 for anyone else's), so only its state is checked here.
 */
function ReceiptActions({ tabId, receipt }: { tabId: number; receipt: ShareReceipt }) {
  const { t } = useT();
  const [emailing, setEmailing] = useState(false);
  if (receipt.share.state !== 'paid') return null;
  const shareId = receipt.share.share_id;
  return (
    <div className="dn-actions">
      <Button variant="secondary" icon="mail" onClick={() => setEmailing(true)}>
        {t('tab.receipt.emailMe')}
      </Button>
      {receipt.quote.currency === 'MYR' ? (
        <Link className="st-button st-button--ghost" to={tabPaths.eInvoice(tabId, shareId)}>
          {t('tab.receipt.eInvoice')}
        </Link>
      ) : null}
      {emailing ? (
        <Suspense fallback={null}>
          <LazyShareEmailDialog shareId={shareId} onClose={() => setEmailing(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
