import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { ApiError, tabs } from '@santap/api-client';
import { Banner, Button, Page, PaymentStep, RadioGroup, paymentMethodChoices } from '@santap/ui';
import type { PaymentMethodChoice } from '@santap/ui';
import { errorText, paymentChannel, usePaymentPage } from '@santap/web';
import { tabPaths } from '../../../config/tab-paths';
import { api } from '../../../lib/api';
import { useExitGuard } from '../../../lib/exit-guard';
import { useT } from '../../../lib/use-t';
import { loadPay } from '../api/load-tab';
import type { PayPageData, PaymentMethods } from '../api/load-tab';
import type { ShareQuote, TabView } from '../api/tab-types';
import { AmountField } from '../components/amount-field';
import { PickDishes } from '../components/pick-dishes';
import { QuoteBox } from '../components/quote-box';
import { SplitDish, SplitEqual } from '../components/split-choices';
import { TabProblem } from '../components/tab-problem';
import { TipChoice } from '../components/tip-choice';
import { useLiveTab } from '../hooks/use-live-tab';
import { useQuote } from '../hooks/use-quote';
import { problemText, useMoney } from '../lib/money';
import { SHARE_KINDS, initialChoice, mineLeft, requestOf } from '../lib/share-choice';
import type { ShareChoice, ShareKind } from '../lib/share-choice';
import '../components/tab.css';

export const loader = loadPay;

/**
 * `/tab/:tabId/pay`: the diner's share of the tab (apps/api docs/tabs.md, Shares) — everything left,
 * their dishes, picked dishes, a part of one dish, an equal part of the bill or an amount, a tip where
 * the restaurant takes them — priced by the server before paying (`tabs.quote`), then paid online
 * (`tabs.payShare`) and carried on exactly as any payment of the app (`usePaymentPage`: the gateway's
 * page, the lock of a payment under way, the return page).
 */
export function Component() {
  const data = useLoaderData() as PayPageData;
  if (data.kind !== 'ready') return <TabProblem data={data} />;
  return <PayScreen key={data.tab.tab_id} initial={data.tab} methods={data.methods} />;
}

/** No payment of this page is under way when it opens: a share under way shows on the tab instead. */
const NOTHING_UNDER_WAY = { order_payment_status: 'unpaid', payment: null, processing: false, can_pay: true };
const now = () => new Date();
/**
 * While another phone's share holds all that is left, how often the tab is read again besides its
 * live events: a share whose hold runs out (docs/tabs.md, Shares) ends without one.
 */
const HELD_REFRESH_MS = 20_000;

const KIND_KEY = {
  rest: 'tab.pay.rest',
  mine: 'tab.pay.mine',
  lines: 'tab.pay.lines',
  dish_part: 'tab.pay.dishPart',
  equal: 'tab.pay.equal',
  amount: 'tab.pay.amount',
} as const satisfies Record<ShareKind, string>;

/** The order a share's payment is recorded on (the server's: the first it pays), for its status. */
function orderOfQuote(quote: ShareQuote | undefined, tab: TabView): number {
  const first = quote?.takes[0];
  const line = first ? tab.lines.find((one) => one.line_id === first.line_id) : undefined;
  return line?.order_id ?? tab.orders[0]?.order_id ?? 0;
}

function PayScreen({ initial, methods }: { initial: TabView; methods: PaymentMethods }) {
  const { t } = useT();
  const navigate = useNavigate();
  const { tab, refresh } = useLiveTab(initial);
  const money = useMoney(tab.currency);
  const [choice, setChoice] = useState<ShareChoice>(() => initialChoice(initial));
  const [tip, setTip] = useState(0);
  const change = useCallback(
    (next: Partial<ShareChoice>) => setChoice((current) => ({ ...current, ...next })),
    [],
  );
  const setPicked = useCallback((picked: string[]) => change({ picked }), [change]);

  const built = requestOf(choice, tab);
  const request = 'request' in built ? built.request : undefined;
  const tipNow = tab.tips ? tip : 0;
  // Every live change of the tab prices the share again: someone paid, a dish was taken.
  const priced = useQuote(tab.tab_id, request, tipNow, tab);
  const quoteError = priced.error === undefined ? undefined : errorText(priced.error, t);

  const choices = useMemo(
    () => paymentMethodChoices({ ...methods, currency: tab.currency }, false),
    [methods, tab.currency],
  );
  const [method, setMethod] = useState<PaymentMethodChoice | undefined>(choices[0]);

  const tabPath = tabPaths.tab(tab.tab_id);
  const toTab = useCallback(() => navigate(tabPath, { replace: true }), [navigate, tabPath]);
  const payment = usePaymentPage({
    api,
    paying: { order_id: orderOfQuote(priced.quote, tab) },
    t,
    previous: NOTHING_UNDER_WAY,
    onPaid: toTab,
  });
  // A payment under way keeps the diner here: leaving now is how double payments happen.
  useExitGuard(
    payment.lock !== undefined,
    (pathname) => pathname.startsWith('/payment') || pathname === tabPath,
    'payment',
  );

  // The same share asked again (a reply lost on the way) is the same share, not a second one.
  const attempt = useRef<{ body: string; key: string }>(undefined);
  const pay = () => {
    if (!request || !priced.quote || method?.kind !== 'online' || payment.busy) return;
    const channel = paymentChannel(method.channel);
    const body = {
      request,
      tip: tipNow,
      method: method.method,
      ...(channel ? { channel } : {}),
      // The gateway's own page, as every payment of this app (payments.initiate).
      speed_mode: 'secure' as const,
    };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: crypto.randomUUID() };
    const key = attempt.current.key;
    void payment.start(async () => {
      try {
        const reply = await api.call(
          tabs.tabPayShare,
          { params: { tabId: tab.tab_id }, body },
          { idempotencyKey: key },
        );
        return reply.payment;
      } catch (failure) {
        // A refusal is final for this key; another try after it (a dish freed meanwhile) is a new share.
        // The tab has moved under the choice (another phone took the rest): read it now.
        if (failure instanceof ApiError && (failure.statusCode ?? 500) < 500) {
          attempt.current = undefined;
          refresh();
        }
        throw failure;
      }
    });
  };

  const mine = mineLeft(tab);
  const open = tab.status === 'open';
  const payable = open && tab.left > 0;
  // Nothing left to choose, but a share under way holds the rest: paid only once it lands, and the
  // choices come back if it fails or its hold ends.
  const restHeld = open && tab.left === 0 && tab.pending > 0;
  const { setError } = payment;
  const heldBefore = useRef(restHeld);
  useEffect(() => {
    // The refusal that said so is stale once the rest is paid or free again.
    if (heldBefore.current && !restHeld) setError(undefined);
    heldBefore.current = restHeld;
  }, [restHeld, setError]);
  useEffect(() => {
    if (!restHeld) return undefined;
    const timer = setInterval(refresh, HELD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [restHeld, refresh]);
  const problem = 'problem' in built ? problemText(built.problem, t, money) : undefined;
  const ready = request !== undefined && priced.quote !== undefined && quoteError === undefined;
  // An amount's problems show on its field; every other choice's in the price box.
  const boxError = choice.kind === 'amount' ? undefined : (problem ?? quoteError);

  return (
    <Page
      className="tab-screen"
      title={t('tab.pay.open')}
      onBack={payment.lock ? undefined : () => navigate(tabPath)}
      actions={
        payable && !payment.lock ? (
          <Button fullWidth loading={payment.busy} disabled={!ready || !method} onClick={pay}>
            {priced.quote && ready
              ? t('tab.pay.button', { amount: money(priced.quote.amount) })
              : t('tab.pay.open')}
          </Button>
        ) : undefined
      }
    >
      <div className="dn-stack">
        {!payable ? (
          <>
            {/* The server's refusal (two phones asked for the rest at once), as it sent it. */}
            {restHeld && payment.error ? <Banner tone="error">{payment.error}</Banner> : null}
            <Banner
              tone={open && !restHeld ? 'success' : 'info'}
              action={
                <Link className="st-button st-button--secondary" to={tabPath}>
                  {t('tab.back')}
                </Link>
              }
            >
              {!open ? t('tab.closed') : restHeld ? t('tab.pay.restBeingPaid') : t('tab.allPaid')}
            </Banner>
          </>
        ) : (
          <>
            <p>
              {t('tab.left')}: <strong>{money(tab.left)}</strong>
            </p>
            <RadioGroup
              legend={t('tab.pay.how')}
              value={choice.kind}
              onChange={(kind) => change({ kind })}
              options={SHARE_KINDS.map((kind) => ({
                value: kind,
                label: t(KIND_KEY[kind]),
                ...(kind === 'rest' ? { aside: money(tab.left) } : {}),
                ...(kind === 'mine'
                  ? mine > 0
                    ? { aside: money(mine) }
                    : { description: t('tab.pay.mineNone'), disabled: true }
                  : {}),
              }))}
            />
            {choice.kind === 'lines' ? (
              <PickDishes tab={tab} picked={choice.picked} onChange={setPicked} />
            ) : null}
            {choice.kind === 'dish_part' ? (
              <SplitDish
                tab={tab}
                dish={choice.dish}
                parts={choice.dishParts}
                onDish={(dish) => change({ dish })}
                onParts={(dishParts) => change({ dishParts })}
              />
            ) : null}
            {choice.kind === 'equal' ? (
              <SplitEqual
                tab={tab}
                parts={choice.equalParts}
                onParts={(equalParts) => change({ equalParts })}
              />
            ) : null}
            {choice.kind === 'amount' ? (
              <AmountField
                tab={tab}
                text={choice.amountText}
                onText={(amountText) => change({ amountText })}
                serverError={quoteError}
              />
            ) : null}
            {tab.tips ? <TipChoice currency={tab.currency} tip={tip} onTip={setTip} /> : null}
            {/* Nothing to price yet (no dish picked, no amount that can be paid): no empty box. */}
            {request !== undefined || boxError !== undefined ? (
              <QuoteBox quote={ready ? priced.quote : undefined} loading={priced.loading} error={boxError} />
            ) : null}
            <PaymentStep
              page={payment}
              now={now}
              choices={choices}
              choice={method}
              onChoose={setMethod}
              paid={false}
              orderLink={<Link to={tabPath}>{t('tab.back')}</Link>}
            />
          </>
        )}
      </div>
    </Page>
  );
}
