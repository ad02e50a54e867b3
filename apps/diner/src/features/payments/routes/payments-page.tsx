import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { payments } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { ORDER_TYPE, formatMoney, toggleTableOrder } from '@santap/domain';
import { Banner, Button, Page, PaymentStep, paymentMethodChoices } from '@santap/ui';
import type { PaymentMethodChoice } from '@santap/ui';
import { paths } from '../../../config/paths';
import { tabPaths } from '../../../config/tab-paths';
import { api } from '../../../lib/api';
import { useExitGuard } from '../../../lib/exit-guard';
import { useT } from '../../../lib/use-t';
import { RetryBanner } from '../../../components/retry-banner';
import { PayLaterDialog } from '../components/pay-later-dialog';
import { loadPaymentPage } from '../api/load-payment';
import type { PaymentMethods, PaymentPageData, TableOrders } from '../api/load-payment';
import { paymentChannel, usePaymentPage } from '@santap/web';

export const loader = loadPaymentPage;

const now = () => new Date();

/**
 * Pay later is offered for an order placed to be paid at the counter (`payment_mode` pay_later),
 * when the restaurant allows it for the order type, and never for a scheduled order (spec §4:
 * scheduled orders are paid first). An order placed for online payment cannot turn into a counter
 * payment here: staff could not record it.
 */
export function payLaterOffered(order: Order, methods: PaymentMethods): boolean {
  return (
    order.payment_mode === 'pay_later' &&
    order.order_time !== 'SCHEDULED' &&
    methods.pay_later_allowed &&
    methods.pay_later_order_types.includes(order.order_type)
  );
}

/**
 * `/payments/:order_id/:price/:orderIds?` (spec §2, §4): choose a method, pay at the gateway, or pay
 * later. At a table with other unpaid orders the diner may pay them too in one payment (`:orderIds`
 * ticks them; their own order always stays in, spec §5).
 */
export function Component() {
  const data = useLoaderData() as PaymentPageData;
  const { t } = useT();
  const navigate = useNavigate();

  if (data.kind === 'missing') {
    return (
      <Page title={t('pay.title')} onBack={() => navigate(paths.home())}>
        <Banner tone="error">{t('errors.notFound')}</Banner>
      </Page>
    );
  }
  if (data.kind === 'error') {
    return (
      <Page title={t('pay.title')} onBack={() => navigate(-1)}>
        <RetryBanner error={data.error} retryLabel={t('order.retry')} />
      </Page>
    );
  }
  return <PaymentChoice key={data.order.order_id} {...data} />;
}

/**
 * The orders paid with the diner's own (spec §2 `:orderIds`, §5): those the link names that are still
 * unpaid at the table, and always the diner's own.
 */
export function initialSelection(own: number, table: TableOrders | undefined, chosen: number[]): number[] {
  const open = new Set((table?.orders ?? []).filter((o) => o.owed > 0 || o.own).map((o) => o.order_id));
  return [own, ...chosen.filter((id) => id !== own && open.has(id))];
}

function PaymentChoice({
  order,
  previous,
  methods,
  table,
  chosen,
}: Extract<PaymentPageData, { kind: 'ready' }>) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const [selected, setSelected] = useState(() => initialSelection(order.order_id, table, chosen));
  const [selectionNote, setSelectionNote] = useState<string>();
  const together = selected.length > 1;
  const others = (table?.orders ?? []).filter((o) => !o.own && o.owed > 0);
  // Pay later is for the diner's own order alone: paying others' orders is paying now.
  const choices = useMemo(
    () => paymentMethodChoices(methods, !together && payLaterOffered(order, methods)),
    [order, methods, together],
  );
  const [choice, setChoice] = useState<PaymentMethodChoice | undefined>(choices[0]);
  useEffect(() => {
    if (choice && !choices.includes(choice)) setChoice(choices[0]);
  }, [choice, choices]);
  const [payLaterOpen, setPayLaterOpen] = useState(false);
  // What the chosen orders still owe (the order's total less what was paid: spec §4 'More items added').
  const ownOwed = Math.max(0, order.total - (order.paid_amount ?? 0));
  const due =
    ownOwed + others.filter((o) => selected.includes(o.order_id)).reduce((sum, o) => sum + o.owed, 0);
  const amount = formatMoney(due, order.currency, language);
  const toggle = (orderId: number) => {
    const next = toggleTableOrder(selected, orderId, order.order_id);
    setSelected(next.selected);
    setSelectionNote(next.refused ? t(next.refused) : undefined);
  };
  const orderStatus = paths.orderStatus(order.order_id);
  const toOrder = useCallback(() => navigate(orderStatus, { replace: true }), [navigate, orderStatus]);
  const payment = usePaymentPage({
    api,
    paying: { order_id: order.order_id },
    t,
    previous,
    onPaid: toOrder,
  });
  const { lock, busy, start } = payment;
  // A processing payment keeps the diner here: leaving now is how double payments happen.
  useExitGuard(
    lock !== undefined,
    (pathname) => pathname.startsWith('/payment') || pathname === orderStatus,
    'payment',
  );

  const pay = () => {
    if (!choice || busy) return;
    if (choice.kind === 'payLater') {
      setPayLaterOpen(true);
      return;
    }
    void start(() =>
      api.call(payments.paymentInitiate, {
        body: {
          order_id: order.order_id,
          method: choice.method,
          channel: paymentChannel(choice.channel),
          ...(together ? { order_ids: selected, amount: due } : {}),
        },
      }),
    );
  };

  const confirmPayLater = () => {
    setPayLaterOpen(false);
    const type = order.order_type === ORDER_TYPE.DINE_IN ? 'dinein' : 'addmore';
    navigate(paths.payLaterResponse(order.order_id, type), { replace: true });
  };

  const paid = order.payment_status === 'paid';
  return (
    <Page
      title={t('pay.title')}
      onBack={lock ? undefined : () => navigate(orderStatus)}
      actions={
        lock || paid || choices.length === 0 ? undefined : (
          <Button fullWidth loading={busy} disabled={!choice} onClick={pay}>
            {choice?.kind === 'payLater' ? t('pay.continue') : t('pay.payNow', { amount })}
          </Button>
        )
      }
    >
      <section className="pay-summary" aria-label={t('pay.amountDue')}>
        <p>{t('pay.orderNumber', { id: String(order.order_id) })}</p>
        <p>{order.restaurant_name}</p>
        <p>
          {t('pay.amountDue')}: <strong>{amount}</strong>
        </p>
      </section>
      {!paid && others.length > 0 ? (
        <fieldset className="pay-table">
          <legend>{t('pay.tableTitle')}</legend>
          <p>{t('pay.tableHint', { table: table?.table_label ?? order.table_no ?? '' })}</p>
          {(table?.orders ?? [])
            .filter((o) => o.own || o.owed > 0)
            .map((o) => (
              <label key={o.order_id} className="pay-table__order">
                <input
                  type="checkbox"
                  checked={selected.includes(o.order_id)}
                  aria-describedby={o.own && selectionNote ? 'pay-table-note' : undefined}
                  onChange={() => toggle(o.order_id)}
                />
                <span>
                  <strong>
                    {o.own
                      ? t('pay.tableOwn', { id: String(o.order_id) })
                      : t('pay.tableOther', { id: String(o.order_id) })}
                  </strong>{' '}
                  ·{' '}
                  {t('pay.tableOwed', {
                    amount: formatMoney(o.own ? ownOwed : o.owed, order.currency, language),
                  })}
                  <br />
                  <span className="dn-muted">
                    {o.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}
                  </span>
                </span>
              </label>
            ))}
          {selectionNote ? (
            <p id="pay-table-note" role="alert">
              {selectionNote}
            </p>
          ) : null}
          {/* Or each friend pays their own share of the table's tab. */}
          <Link className="st-button st-button--secondary" to={tabPaths.ofOrder(order.order_id)}>
            {t('tab.link.payments')}
          </Link>
        </fieldset>
      ) : null}
      <PaymentStep
        page={payment}
        now={now}
        choices={choices}
        choice={choice}
        onChoose={setChoice}
        paid={paid}
        orderLink={<Link to={orderStatus}>{t('pay.viewOrder')}</Link>}
        notice={order.order_time === 'SCHEDULED' ? <p>{t('errors.scheduledMustPrepay')}</p> : null}
      />
      <PayLaterDialog open={payLaterOpen} onBack={() => setPayLaterOpen(false)} onConfirm={confirmPayLater} />
    </Page>
  );
}
