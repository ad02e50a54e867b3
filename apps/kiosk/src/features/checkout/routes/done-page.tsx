import { useSyncExternalStore } from 'react';
import { Navigate, useParams } from 'react-router';
import { formatMoney } from '@santap/domain';
import { Banner, Button, KioskOrderNumber, Spinner, useOnline, useUiTranslation } from '@santap/ui';
import { useKiosk } from '../../../lib/kiosk-context';
import { useStartOver } from '../../../lib/use-start-over';
import { useClearedSession } from '../hooks/use-cleared-session';
import { DONE_SCREEN_SECONDS, paths } from '../../../config/paths';
import { outbox } from '../../../lib/outbox';
import { OrderNumbers } from '../components/order-numbers';
import { useCountdown } from '../hooks/use-countdown';

/**
 * After 'Pay at the counter': the order number once the server has the order; while it is being sent,
 * a moment's wait; when the kiosk is offline (or the send failed for the network), the ticket of the
 * queued order and what happens next; when the server refused it, the ticket to show the staff.
 * Follows the outbox live, so a queued order turns into its number when the network returns (with
 * its ticket, the code the staff see on the order too). Which counter (README 'Where to pay'): a
 * restaurant's order is paid and collected at its counter; a food-court order is paid at the food
 * court's cashier and shows one number per outlet, each collected at that outlet's counter (the
 * kiosk's settings name no counter, so the words say which).
 */
export function Component() {
  const { key = '' } = useParams();
  const { t, language } = useUiTranslation();
  const online = useOnline();
  const startOver = useStartOver();
  const foodCourt = useKiosk().data?.settings.place.kind === 'mall';
  useClearedSession();
  const entries = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.snapshot);
  const entry = entries.find((candidate) => candidate.key === key);
  const sending = entry?.state === 'queued' && online && entry.attempts === 0;
  const left = useCountdown(DONE_SCREEN_SECONDS, entry !== undefined && !sending, startOver);

  if (!entry) {
    // After a reload the outbox is read again before this screen can tell its order is gone.
    if (!outbox.loaded()) return <main className="kiosk-screen" aria-busy="true" />;
    return <Navigate to={paths.attract} replace />;
  }
  const amount = formatMoney(entry.result?.amount ?? entry.total, entry.currency, language);
  const payHere = t(foodCourt ? 'kiosk.done.payAtCashier' : 'kiosk.done.payAtCounter', { amount });
  const callNumber = t(foodCourt ? 'kiosk.done.callNumberStalls' : 'kiosk.done.callNumber');

  return (
    <main className="kiosk-screen kiosk-screen--center">
      {entry.state === 'sent' && entry.result ? (
        <>
          <h1>{t('kiosk.done.title')}</h1>
          <OrderNumbers tickets={entry.result.tickets} byOutlet={foodCourt} />
          {/* Sent after the ticket was shown (offline, or a retry): the customer may hold the ticket. */}
          {entry.attempts > 1 ? (
            <p className="kiosk-lead">
              {t(foodCourt ? 'kiosk.done.ticketSentMall' : 'kiosk.done.ticketSent', { ticket: entry.ticket })}
            </p>
          ) : null}
          <p className="kiosk-lead">{payHere}</p>
          <p className="kiosk-lead">{callNumber}</p>
        </>
      ) : entry.state === 'failed' ? (
        <>
          <h1>{t('kiosk.done.failedTitle')}</h1>
          <Banner tone="error">{entry.reason}</Banner>
          <KioskOrderNumber
            label={t('kiosk.done.ticketLabel')}
            numbers={[{ value: entry.ticket }]}
            kind="ticket"
          />
          <p className="kiosk-lead">
            {t(foodCourt ? 'kiosk.done.failedMall' : 'kiosk.done.failed', { ticket: entry.ticket })}
          </p>
        </>
      ) : sending ? (
        <>
          <Spinner size={48} decorative />
          <p className="kiosk-lead" role="status">
            {t('kiosk.done.sending')}
          </p>
        </>
      ) : (
        <>
          <h1>{t('kiosk.done.savedTitle')}</h1>
          <KioskOrderNumber
            label={t('kiosk.done.ticketLabel')}
            numbers={[{ value: entry.ticket }]}
            kind="ticket"
          />
          <p className="kiosk-lead">{t(foodCourt ? 'kiosk.done.savedMall' : 'kiosk.done.saved')}</p>
          <p className="kiosk-lead">
            {entry.totalIsQuote
              ? payHere
              : t(foodCourt ? 'kiosk.done.estimateMall' : 'kiosk.done.estimate', { amount })}
          </p>
        </>
      )}
      {!sending ? (
        <>
          <Button onClick={startOver}>{t('kiosk.done.finish')}</Button>
          <p className="kiosk-muted">{t('kiosk.done.closesIn', { seconds: left })}</p>
        </>
      ) : null}
    </main>
  );
}
