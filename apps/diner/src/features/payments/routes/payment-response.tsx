import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { payments } from '@santap/api-client';
import { KioskPaymentReturn, Page, PaymentOutcome } from '@santap/ui';
import { usePaymentOutcome } from '@santap/web';
import { paths } from '../../../config/paths';
import { tabPaths } from '../../../config/tab-paths';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import { orderIdOf } from '../api/load-payment';

/** The query of `/payment/response` (spec §2). */
export interface PaymentResponseQuery {
  status: string | null;
  orderId: number | undefined;
  type: 'addmore' | 'dinein' | undefined;
  redirect: boolean;
  amount: string | null;
  /**
   * The gateway channel or method paid with (`gopay`, `Wallet`: the server's `channel ?? method`).
   * Informational only: no wording depends on it (a booking deposit returns to its own page, not here).
   */
  paymentType: string | null;
  isKiosk: boolean;
  fcOrderId: number | undefined;
  /** The mall's slug of a food-court payment (the server sends `fc={mall}` with `fc_order_id`). */
  fc: string | null;
}

export function readPaymentResponseQuery(query: URLSearchParams): PaymentResponseQuery {
  const type = query.get('type');
  return {
    status: query.get('status'),
    orderId: orderIdOf(query.get('order_id')),
    type: type === 'addmore' || type === 'dinein' ? type : undefined,
    // The server always sends redirect=1; a link without it still goes on to the order.
    redirect: query.get('redirect') !== '0',
    amount: query.get('amount'),
    paymentType: query.get('paymentType'),
    isKiosk: query.get('isKiosk') === '1',
    fcOrderId: orderIdOf(query.get('fc_order_id')),
    fc: query.get('fc'),
  };
}

/**
 * The food court's own return page for a food-court payment that came back here, or undefined when
 * `fc` names no mall (`fc=1`, missing, or not a slug): only a slug can make that page's address.
 */
export function foodCourtResponsePath(query: PaymentResponseQuery, search: string): string | undefined {
  if (query.fcOrderId === undefined || !query.fc || !/^[a-z0-9][a-z0-9-]{1,62}$/.test(query.fc)) {
    return undefined;
  }
  return `/fc/${query.fc}/payment/response${search.startsWith('?') ? search : `?${search}`}`;
}

/**
 * A share of a table's tab paid at the gateway (`tab_id` in the return query): the tab's own page,
 * with the gateway's `status`. The share's payment is recorded on the first order it pays, which may
 * be a friend's (not this diner's to open); the tab is live and shows the share paid or let go.
 */
export function tabReturnPath(query: URLSearchParams): string | undefined {
  const tabId = orderIdOf(query.get('tab_id'));
  if (tabId === undefined) return undefined;
  const status = query.get('status');
  return `${tabPaths.tab(tabId)}${status ? `?${new URLSearchParams({ payment: status }).toString()}` : ''}`;
}

/**
 * `/payment/response` (spec §2, §4): where the gateway sends the diner back, and where pay later
 * lands. Success goes on to the order status; failure says so with the refund time and offers
 * another method; an unfinished payment is checked every few seconds for up to 60 s
 * (`usePaymentOutcome` of `@santap/web` and `PaymentOutcome` of `@santap/ui`, shared with the food court).
 *
 * Two returns are not the diner's own order:
 * - `isKiosk=1`: a kiosk order paid on the payer's phone. The order belongs to the kiosk (its cart
 *   token), so the phone can neither open it nor ask about it: a final screen from `status` alone.
 * - a food-court payment (`fc={mall}` and `fc_order_id`): handed over to the food court's own
 *   `/fc/{mall}/payment/response` (another app: a page load) with the same query. The server sends
 *   food-court payments there already; this catches older or hand-made links. Without a mall slug
 *   (`fc=1`) the outcome shows here, asked by `fc_order_id`, and never opens `/order/:id`.
 */
export function Component() {
  const [search] = useSearchParams();
  const query = readPaymentResponseQuery(search);
  if (query.isKiosk) return <KioskPaymentReturn status={query.status} />;
  const tabReturn = tabReturnPath(search);
  if (tabReturn) return <TabHandover to={tabReturn} />;
  const handover = foodCourtResponsePath(query, search.toString());
  if (handover) return <FoodCourtHandover to={handover} />;
  return <PaymentReturn query={query} />;
}

/** On to the tab's page (no `<Navigate>`: it would add to the framework chunk every first screen loads). */
function TabHandover({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

function FoodCourtHandover({ to }: { to: string }) {
  const { t } = useT();
  useEffect(() => window.location.replace(to), [to]);
  return (
    <Page title={t('pay.title')}>
      <a href={to}>{t('pay.checking')}</a>
    </Page>
  );
}

function PaymentReturn({ query }: { query: PaymentResponseQuery }) {
  const { t } = useT();
  const navigate = useNavigate();
  const orderId = query.orderId;
  const fcOrderId = query.fcOrderId;
  // A food-court order without its mall: its outlet order is not one this app can show.
  const ownOrder = fcOrderId === undefined ? orderId : undefined;
  const check = useCallback(
    () =>
      api.call(payments.previousPaymentStatus, {
        query: fcOrderId !== undefined ? { fc_order_id: fcOrderId } : { order_id: orderId! },
      }),
    [orderId, fcOrderId],
  );
  const canCheck = fcOrderId !== undefined || orderId !== undefined;
  const { state, gaveUp } = usePaymentOutcome(query.status, canCheck ? check : undefined);

  useEffect(() => {
    if (state === 'success' && query.redirect && ownOrder !== undefined) {
      navigate(paths.orderStatus(ownOrder), { replace: true });
    }
  }, [state, query.redirect, ownOrder, navigate]);

  const retryPath =
    ownOrder !== undefined
      ? paths.payments(ownOrder, query.amount && /^\d+$/.test(query.amount) ? query.amount : 0)
      : paths.home();
  return (
    <Page title={t('pay.title')}>
      <PaymentOutcome
        state={state}
        gaveUp={gaveUp || !canCheck}
        onRetry={() => navigate(retryPath)}
        successText={query.type ? t('pay.orderPlaced') : t('pay.successBody')}
        link={
          ownOrder !== undefined ? (
            <Link className="pay-link" to={paths.orderStatus(ownOrder)}>
              {t('pay.viewOrder')}
            </Link>
          ) : (
            <Link to={paths.home()}>{t('pay.backHome')}</Link>
          )
        }
      />
    </Page>
  );
}
