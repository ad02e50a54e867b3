import { Link, useLoaderData, useNavigate } from 'react-router';
import { Button, Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';
import { loadOrderHistory } from '../api/load-order-history';
import type { OrderHistoryData, PaymentHistory } from '../api/load-order-history';
import { AccountProblem } from '../components/account-problem';
import { useEmailInvoice } from '../components/email-invoice';
import { usePrefetchValidated } from '../components/lazy-validated';
import { OrderCard } from '../components/order-card';
import { PaymentLine } from '../components/payment-line';
import { useRepeatOrder } from '../components/repeat-order';
import '../account.css';

export const loader = loadOrderHistory;

type View = 'orders' | 'payments';

const historyPath = (view: View, page = 1) => {
  const query = new URLSearchParams();
  if (view === 'payments') query.set('view', 'payments');
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${paths.orderHistory()}?${text}` : paths.orderHistory();
};

/**
 * `/orderHistory` (spec §2): the diner's orders with their details, repeat the last order
 * (or any one), the email invoice popup per order, the e-invoice form for Malaysian orders; and with
 * `?view=payments` the payment history with refunds.
 */
export function Component() {
  const data = useLoaderData() as OrderHistoryData;
  const { t } = useT();
  const navigate = useNavigate();
  const view: View = data.kind === 'error' ? data.view : data.kind;
  if (data.kind === 'error') return <AccountProblem error={data.error} title={t('account.history.title')} />;
  return (
    <Page title={t('account.history.title')} onBack={() => navigate(paths.profileHome())}>
      <div className="account">
        <nav aria-label={t('account.history.views')} className="account-tabs">
          {(['orders', 'payments'] as const).map((option) => (
            <Link key={option} to={historyPath(option)} aria-current={option === view ? 'page' : undefined}>
              {t(option === 'orders' ? 'account.history.viewOrders' : 'account.history.viewPayments')}
            </Link>
          ))}
        </nav>
        {data.kind === 'orders' ? (
          <Orders data={data} />
        ) : (
          <Payments page={data.page} payments={data.payments} />
        )}
      </div>
    </Page>
  );
}

function Orders({ data }: { data: Extract<OrderHistoryData, { kind: 'orders' }> }) {
  const { t } = useT();
  const repeat = useRepeatOrder();
  const invoice = useEmailInvoice(data.email);
  usePrefetchValidated();
  const { orders, page_no: page, total_pages: pages } = data.orders;
  // A food-court order's newest outlet part stands for the whole of it (repeat takes every part).
  const last = page === 1 ? orders[0] : undefined;
  return (
    <>
      {orders.length === 0 ? (
        <p className="dn-muted">{t('account.history.empty')}</p>
      ) : (
        <>
          {last ? (
            <Button icon="repeat" fullWidth onClick={() => repeat.open(last)}>
              {t('account.history.repeatLast')}
            </Button>
          ) : null}
          <ul className="account-orders">
            {orders.map((order) => (
              <li key={order.order_id}>
                <OrderCard order={order} onRepeat={repeat.open} onEmailInvoice={invoice.open} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager view="orders" page={page} pages={pages} />
      {repeat.popup}
      {invoice.popup}
    </>
  );
}

function Payments({ page, payments }: { page: number; payments: PaymentHistory }) {
  const { t } = useT();
  return (
    <>
      {payments.payments.length === 0 ? (
        <p className="dn-muted">{t('account.payments.empty')}</p>
      ) : (
        <ul className="account-list">
          {payments.payments.map((payment) => (
            <PaymentLine
              key={payment.payment_id}
              payment={payment}
              heading={payment.place_name}
              subject={
                payment.reservation_id !== null
                  ? t('account.payments.forBooking')
                  : payment.order_id !== null
                    ? t('account.orderNumber', { id: String(payment.order_id) })
                    : undefined
              }
            />
          ))}
        </ul>
      )}
      <Pager view="payments" page={page} pages={payments.total_pages} />
    </>
  );
}

function Pager({ view, page, pages }: { view: View; page: number; pages: number }) {
  const { t } = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('account.history.pages')} className="account-pager">
      {page > 1 ? <Link to={historyPath(view, page - 1)}>{t('account.history.newer')}</Link> : <span />}
      <span>{t('account.history.page', { page: String(page), pages: String(pages) })}</span>
      {page < pages ? <Link to={historyPath(view, page + 1)}>{t('account.history.older')}</Link> : <span />}
    </nav>
  );
}
