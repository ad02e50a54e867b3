import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { kiosk as api } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { formatMoney } from '@santap/domain';
import {
  Banner,
  Button,
  KioskTile,
  MoneyText,
  QuantityStepper,
  useOnline,
  useUiTranslation,
} from '@santap/ui';
import { useKiosk } from '../../../lib/kiosk-context';
import { useStartOver } from '../../../lib/use-start-over';
import { BrandMark } from '../../../components/brand';
import { OrderAtCounter } from '../../../components/order-at-counter';
import { CounterPayConfirm } from '../components/counter-pay-confirm';
import { paths } from '../../../config/paths';
import { apiIn } from '../../../lib/api';
import { errorText, isRetryable } from '../../../lib/error-text';
import { kioskPayments } from '../../../lib/kiosk-data';
import { newOrderKey } from '../../../lib/outbox';
import { useSession } from '../../../lib/session';
import type { CartLine } from '../../../lib/session';
import { orderBody, takeCashOrder } from '../lib/place-order';

type Quote = EndpointData<typeof api.kioskQuote>;

/**
 * The order (the place's name on top, the ways to pay at the bottom, within reach): lines with quantities, the bill (the server's quote when online, else the food total and
 * a note that charges are added at the counter), and how to pay. 'Pay at the counter' always works
 * (offline too: the order waits in the outbox) after the diner confirms the amount and where to pay
 * ('Pay RM 22.15 at the counter?', Confirm / Back); 'Scan to pay' needs the network. The two ways
 * are equal tiles, neither pre-selected. A food-court order's lines are grouped by outlet. Settings
 * that offer neither way send the diner to the counter, with the way back to the start.
 */
export function Component() {
  const kiosk = useKiosk();
  const session = useSession();
  const navigate = useNavigate();
  const online = useOnline();
  const startOver = useStartOver();
  const { t, language } = useUiTranslation();
  const [quote, setQuote] = useState<Quote>();
  // The server refused these lines as they are (sold out, options gone): not payable until changed.
  const [quoteError, setQuoteError] = useState<{ text: string; final: boolean }>();
  const [placing, setPlacing] = useState<'cash' | 'online'>();
  const [error, setError] = useState<string>();
  // 'Pay at the counter' asks first: the order goes to the kitchen as soon as it is confirmed.
  const [confirming, setConfirming] = useState(false);
  // One key per attempt at an online order: a retry after a lost reply returns the same order.
  const [onlineKey, setOnlineKey] = useState(newOrderKey);

  const { orderType, lines } = session;
  const cashBody = useMemo(
    () => (orderType && lines.length > 0 ? orderBody(orderType, lines, 'cash_kiosk', 0) : undefined),
    [orderType, lines],
  );

  // A new order (lines changed) needs a new quote; going offline keeps the one the kiosk has.
  useEffect(() => {
    setQuote(undefined);
    setQuoteError(undefined);
  }, [cashBody]);
  useEffect(() => {
    if (!cashBody || !online) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      apiIn(language)
        .call(api.kioskQuote, { body: { ...cashBody, taken_epoch: Math.floor(Date.now() / 1000) } })
        .then(
          (reply) => current && setQuote(reply),
          (failure: unknown) =>
            current && setQuoteError({ text: errorText(failure, t), final: !isRetryable(failure) }),
        );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [cashBody, online, language, t]);

  if (!kiosk.data || !orderType || !kiosk.device) return <Navigate to={paths.attract} replace />;
  const { settings } = kiosk.data;
  const currency = settings.place.currency;
  const deviceId = kiosk.device.id;

  const payAtCounter = async () => {
    setConfirming(false);
    setPlacing('cash');
    try {
      const key = await takeCashOrder({
        deviceId,
        orderType,
        lines,
        currency,
        quotedTotal: quote?.bill.total,
        foodTotal: session.foodTotal,
      });
      // The order number screen clears the session once it shows (clearing here would bounce this
      // screen back to the start while the next one loads).
      void navigate(paths.done(key), { replace: true });
      void kiosk.sendOutbox();
    } catch (failure) {
      setError(errorText(failure, t));
      setPlacing(undefined);
    }
  };

  const scanToPay = async () => {
    setPlacing('online');
    setError(undefined);
    try {
      const placed = await apiIn(language).call(
        api.kioskOrderCreate,
        { body: orderBody(orderType, lines, 'online', Date.now()) },
        { idempotencyKey: onlineKey },
      );
      setOnlineKey(newOrderKey());
      void navigate(paths.pay(placed.order_id), { replace: true });
    } catch (failure) {
      setError(errorText(failure, t));
      setPlacing(undefined);
    }
  };

  const { qr: canQr, cash: canCash } = kioskPayments(settings);
  // A food court's order is paid at its cashier, a restaurant's at its counter (README 'Where to pay').
  const mall = settings.place.kind === 'mall';
  return (
    <main className="kiosk-order">
      {/* Branding on top; the lines in the middle; the ways to pay and 'Add more' at the bottom, in reach. */}
      <header className="kiosk-brand">
        <BrandMark name={settings.place.name} />
        <div className="kiosk-brand__text">
          <h1>{t('kiosk.cart.title')}</h1>
          <p className="kiosk-brand__sub">{settings.place.name}</p>
        </div>
      </header>
      <div className="kiosk-order__lines">
        {lines.length === 0 ? (
          <p className="kiosk-lead">{t('kiosk.cart.empty')}</p>
        ) : settings.outlets.length > 1 ? (
          // A food-court order: one group per outlet, in the order of the kiosk's outlets.
          settings.outlets
            .map((outlet) => ({
              outlet,
              outletLines: lines.filter((line) => line.restaurantId === outlet.restaurant_id),
            }))
            .filter(({ outletLines }) => outletLines.length > 0)
            .map(({ outlet, outletLines }) => (
              <section
                key={outlet.restaurant_id}
                className="kiosk-outlet-lines"
                aria-labelledby={`outlet-${outlet.restaurant_id}`}
              >
                <h2 id={`outlet-${outlet.restaurant_id}`}>{outlet.name}</h2>
                <CartLines lines={outletLines} currency={currency} setQuantity={session.setQuantity} />
              </section>
            ))
        ) : (
          <CartLines lines={lines} currency={currency} setQuantity={session.setQuantity} />
        )}
        {lines.length > 0 ? (
          <dl className="kiosk-bill" aria-live="polite">
            {quote ? (
              quote.bill.lines.map((line) => (
                <div key={`${line.key}-${line.rate ?? ''}`}>
                  <dt>{line.label}</dt>
                  <dd>
                    <MoneyText amount={line.amount} currency={currency} />
                  </dd>
                </div>
              ))
            ) : (
              <div>
                <dt>{t('kiosk.cart.foodTotal')}</dt>
                <dd>
                  <MoneyText amount={session.foodTotal} currency={currency} />
                </dd>
              </div>
            )}
            {quote ? (
              <div className="kiosk-bill__total">
                <dt>{t('bill.total')}</dt>
                <dd>
                  <MoneyText amount={quote.bill.total} currency={currency} />
                </dd>
              </div>
            ) : (
              <p className="kiosk-muted">
                {t(mall ? 'kiosk.cart.chargesAtCashier' : 'kiosk.cart.chargesAtCounter')}
              </p>
            )}
          </dl>
        ) : null}
        {quoteError ? <Banner tone="error">{quoteError.text}</Banner> : null}
        {error ? <Banner tone="error">{error}</Banner> : null}
        {lines.length > 0 && !canCash && !canQr ? (
          <OrderAtCounter
            reason="noPayment"
            mall={mall}
            actionLabel={t('kiosk.orderAtCounter.backToStart')}
            onAction={startOver}
          />
        ) : null}
      </div>
      <div className="kiosk-order__pay">
        {lines.length > 0 && (canCash || canQr) ? (
          <section aria-labelledby="how-to-pay" className="kiosk-pay">
            <h2 id="how-to-pay">{t('kiosk.cart.howToPay')}</h2>
            <div className={canCash && canQr ? 'kiosk-pay__tiles kiosk-pay__tiles--two' : 'kiosk-pay__tiles'}>
              {canCash ? (
                <KioskTile
                  className="kiosk-pay__tile"
                  icon="cash"
                  title={
                    placing === 'cash'
                      ? t('kiosk.cart.placing')
                      : // A food court's orders are paid at its cashier, not at an outlet's counter.
                        t(mall ? 'kiosk.pay.cashMall' : 'kiosk.pay.cash')
                  }
                  hint={t('kiosk.pay.cashHint')}
                  aria-busy={placing === 'cash' || undefined}
                  disabled={placing !== undefined || quoteError?.final === true}
                  onClick={() => {
                    setError(undefined);
                    setConfirming(true);
                  }}
                />
              ) : null}
              {canQr ? (
                <KioskTile
                  className="kiosk-pay__tile"
                  icon="qr"
                  title={placing === 'online' ? t('kiosk.cart.placing') : t('kiosk.pay.qr')}
                  hint={
                    online
                      ? t('kiosk.pay.qrHint')
                      : // Without a counter option, 'pay at the counter' would send the diner nowhere.
                        t(
                          !canCash
                            ? 'kiosk.pay.qrOfflineOnly'
                            : mall
                              ? 'kiosk.pay.qrOfflineMall'
                              : 'kiosk.pay.qrOffline',
                        )
                  }
                  aria-busy={placing === 'online' || undefined}
                  disabled={!online || placing !== undefined || quoteError?.final === true}
                  onClick={() => void scanToPay()}
                />
              ) : null}
            </div>
          </section>
        ) : null}
        <Button variant="secondary" icon="plus" onClick={() => void navigate(paths.menuFor(orderType))}>
          {t('kiosk.cart.addMore')}
        </Button>
      </div>
      <CounterPayConfirm
        open={confirming}
        mall={mall}
        amount={formatMoney(quote?.bill.total ?? session.foodTotal, currency, language)}
        {...(quote ? {} : { estimate: formatMoney(session.foodTotal, currency, language) })}
        onBack={() => setConfirming(false)}
        onConfirm={() => void payAtCounter()}
      />
    </main>
  );
}

/** The order's lines: name and options, the quantity stepper and the line's price, in aligned columns. */
function CartLines({
  lines,
  currency,
  setQuantity,
}: {
  lines: readonly CartLine[];
  currency: 'MYR' | 'IDR';
  setQuantity: (lineId: string, quantity: number) => void;
}) {
  return (
    <ul className="kiosk-lines">
      {lines.map((line) => (
        <li key={line.lineId} className="kiosk-line">
          <span className="kiosk-line__text">
            <span className="kiosk-line__name">{line.name}</span>
            {line.optionNames.length > 0 ? (
              <span className="kiosk-muted"> · {line.optionNames.join(', ')}</span>
            ) : null}
            {line.notes ? <span className="kiosk-line__notes">{line.notes}</span> : null}
          </span>
          <QuantityStepper
            value={line.quantity}
            min={0}
            label={line.name}
            onChange={(quantity) => setQuantity(line.lineId, quantity)}
          />
          <span className="kiosk-line__price">
            <MoneyText amount={line.unitPrice * line.quantity} currency={currency} />
          </span>
        </li>
      ))}
    </ul>
  );
}
