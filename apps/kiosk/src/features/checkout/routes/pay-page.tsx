import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { create as encodeQr } from 'qrcode';
import { kiosk as api } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { formatMoney } from '@santap/domain';
import { Banner, Button, MoneyText, QrMatrix, Spinner, useUiTranslation } from '@santap/ui';
import { useKiosk } from '../../../lib/kiosk-context';
import { useStartOver } from '../../../lib/use-start-over';
import { useClearedSession } from '../hooks/use-cleared-session';
import { DONE_SCREEN_SECONDS, PAYMENT_POLL_MS } from '../../../config/paths';
import { apiIn } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { OrderNumbers } from '../components/order-numbers';
import { useCountdown } from '../hooks/use-countdown';

type Started = EndpointData<typeof api.kioskPay>;
type Status = EndpointData<typeof api.kioskOrderStatus>;

/**
 * 'Scan to pay': the payment is started through the payment providers in the kiosk's fast mode
 * (`isKiosk`), its QR drawn on screen, and the order asked for its payment every two seconds. Paid:
 * the order number. Failed: 'Sorry, Payment Failed' and a new code on request.
 *
 * The QR is either a payment itself (a gateway's QRIS string: any QRIS / e-wallet app pays it) or the
 * address of the gateway's payment page (a gateway with no QR API, or the simulator), which the payer
 * opens on their phone; the words under it say which.
 */
export function Component() {
  const orderId = Number(useParams().orderId);
  const { t, language } = useUiTranslation();
  const startOver = useStartOver();
  const foodCourt = useKiosk().data?.settings.place.kind === 'mall';
  useClearedSession();
  const [started, setStarted] = useState<Started>();
  const [status, setStatus] = useState<Status>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  const paid = status?.payment_status === 'paid';
  const failed =
    !paid && started !== undefined && status?.latest_payment?.payment_id === started.payment_id
      ? status.latest_payment.page_state === 'failed'
      : false;

  useEffect(() => {
    let current = true;
    setStarted(undefined);
    setError(undefined);
    apiIn(language)
      .call(api.kioskPay, { params: { orderId }, body: {} })
      .then(
        (reply) => current && setStarted(reply),
        (failure: unknown) => current && setError(errorText(failure, t)),
      );
    return () => {
      current = false;
    };
    // A new code only on a new attempt, not when the language changes under the QR.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, attempt]);

  const poll = useCallback(async () => {
    try {
      setStatus(await apiIn(language).call(api.kioskOrderStatus, { params: { orderId } }));
    } catch {
      // A missed poll is retried on the next tick; the QR stays on screen.
    }
  }, [language, orderId]);

  useEffect(() => {
    if (!started || paid) return undefined;
    const timer = setInterval(() => void poll(), PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [started, paid, poll]);

  const left = useCountdown(DONE_SCREEN_SECONDS, paid, startOver);

  if (paid && status) {
    return (
      <main className="kiosk-screen kiosk-screen--center">
        <h1>{t('kiosk.done.title')}</h1>
        <OrderNumbers
          tickets={status.tickets.map((ticket) => ({
            restaurantName: ticket.restaurant_name,
            queueNo: ticket.queue_no,
          }))}
          byOutlet={foodCourt}
        />
        <p className="kiosk-lead">
          {t('kiosk.done.paid', { amount: formatMoney(status.amount, status.currency, language) })}
        </p>
        <p className="kiosk-lead">{t(foodCourt ? 'kiosk.done.callNumberStalls' : 'kiosk.done.callNumber')}</p>
        <Button onClick={startOver}>{t('kiosk.done.finish')}</Button>
        <p className="kiosk-muted">{t('kiosk.done.closesIn', { seconds: left })}</p>
      </main>
    );
  }

  const qr = started ? qrOf(started) : undefined;
  const amount = started ? formatMoney(started.amount, started.currency, language) : '';
  return (
    <main className="kiosk-screen kiosk-screen--center">
      <h1>{t('kiosk.qr.title')}</h1>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {failed ? <Banner tone="error">{t('errors.paymentFailed')}</Banner> : null}
      {started && qr && !failed ? (
        <>
          <p className="kiosk-lead">
            {qr.kind === 'page'
              ? t('kiosk.qr.scanPage')
              : qr.duitNow
                ? t('kiosk.qr.scanDuitNow')
                : t('kiosk.qr.scanQris')}
          </p>
          <QrCode text={qr.text} label={t('kiosk.qr.codeLabel', { amount })} />
          <p className="kiosk-lead">
            {t('kiosk.qr.amount')}: <MoneyText amount={started.amount} currency={started.currency} />
          </p>
          <p role="status" className="kiosk-muted">
            {t('kiosk.qr.waiting')}
          </p>
        </>
      ) : !error && !failed ? (
        <>
          <Spinner size={48} decorative />
          <p className="kiosk-lead" role="status">
            {t('kiosk.qr.preparing')}
          </p>
        </>
      ) : null}
      <div className="kiosk-choices">
        {error || failed ? (
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('kiosk.qr.tryAgain')}</Button>
        ) : null}
        <Button variant="secondary" onClick={startOver}>
          {t('kiosk.qr.cancel')}
        </Button>
      </div>
    </main>
  );
}

/** PayNet's application id in a DuitNow QR's merchant account (EMVCo tag 26): Malaysia's national QR. */
const DUITNOW_AID = 'A0000006150001';

/**
 * What to draw: the gateway's `qr_string` when it is a payment payload (QRIS and DuitNow QR start
 * `000201`, never a URL), else a page address: a `qr_string` that is a URL (the simulator's) or the
 * `redirect_url`. A DuitNow QR (Razer's, on a Malaysian kiosk) is named as such under the code.
 */
function qrOf(started: Pick<Started, 'qr_string' | 'redirect_url'>) {
  const { qr_string: qrString, redirect_url: redirectUrl } = started;
  if (qrString && !/^https?:\/\//i.test(qrString))
    return { kind: 'payment' as const, text: qrString, duitNow: qrString.includes(DUITNOW_AID) };
  const page = qrString ? qrString : redirectUrl;
  return page ? { kind: 'page' as const, text: page } : undefined;
}

/** The payment text as a QR code (error correction M: readable from a kiosk screen at arm's length). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { modules } = encodeQr(text, { errorCorrectionLevel: 'M' });
  return <QrMatrix size={modules.size} modules={modules.data} label={label} />;
}
