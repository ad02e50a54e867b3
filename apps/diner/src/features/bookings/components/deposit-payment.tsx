import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthRequired, payments, reservations } from '@santap/api-client';
import type { Reservation } from '@santap/api-client';
import { PAYMENT_PROCESSING_MAX_SECONDS, formatMoney } from '@santap/domain';
import {
  Banner,
  BookingSummary,
  Button,
  Page,
  PaymentMethodList,
  Spinner,
  paymentMethodChoices,
} from '@santap/ui';
import type { PaymentMethodChoice } from '@santap/ui';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { loginRedirect } from '../../../lib/login-redirect';
import { useT } from '../../../lib/use-t';
// The order payment page's hand-off to the gateway (one object, replaced in tests), shared rather than copied.
import type { PaymentMethods } from '../api/load-bookings';
import { bookingFacts } from '../lib/booking-words';
import { bookingPaths } from '../../../config/booking-paths';
import { errorText, gateway } from '@santap/web';

const POLL_MS = 3000;

const CHANNELS: readonly string[] = payments.PAYMENT_CHANNELS;
type Channel = (typeof payments.PAYMENT_CHANNELS)[number];
const asChannel = (channel: string | undefined): Channel | undefined =>
  channel !== undefined && CHANNELS.includes(channel) ? (channel as Channel) : undefined;

/** Where the deposit stands, from the booking (spec §4 payment pending / failed). */
export type DepositPhase = 'paid' | 'closed' | 'processing' | 'failed' | 'due';

export function depositPhase(booking: Reservation): DepositPhase {
  if (booking.payment_status !== 'unpaid') return 'paid';
  if (booking.state !== 'payment_pending' && booking.state !== 'payment_failed') return 'closed';
  if (booking.can_pay)
    return booking.state === 'payment_failed' || booking.payment?.result === 2 ? 'failed' : 'due';
  return 'processing';
}

/**
 * `/reservation?reservation_id=…` (spec §2 reservation payment): the booking's deposit, paid through the
 * restaurant's payment gateway like an order (the simulator's hosted page in development). Back from the
 * gateway (`payment_id` in the query) the page asks the server until the payment is final, for up to 60 s;
 * paid goes on to the booking, failed offers another try.
 */
export function DepositPayment({
  booking: loaded,
  methods,
}: {
  booking: Reservation;
  methods: PaymentMethods;
}) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returned = search.has('payment_id');
  const [booking, setBooking] = useState(loaded);
  const [gaveUp, setGaveUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const choices = useMemo(() => paymentMethodChoices(methods, false), [methods]);
  const [choice, setChoice] = useState<PaymentMethodChoice | undefined>(choices[0]);
  const heading = useRef<HTMLHeadingElement>(null);
  const phase = depositPhase(booking);
  const detail = bookingPaths.detail(booking.reservation_id);
  const amount = formatMoney(booking.token_amount, booking.currency, language);

  useEffect(() => {
    if (phase === 'paid' && returned) navigate(detail, { replace: true });
  }, [phase, returned, detail, navigate]);

  useEffect(() => heading.current?.focus(), [phase]);

  const reload = useCallback(
    () => api.call(reservations.fetchReservation, { query: { reservation_id: loaded.reservation_id } }),
    [loaded.reservation_id],
  );

  // Not final yet: ask again every few seconds until it is, or 60 s pass.
  const waiting = phase === 'processing';
  useEffect(() => {
    if (!waiting || gaveUp) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + PAYMENT_PROCESSING_MAX_SECONDS * 1000;
    const check = async () => {
      try {
        const latest = await reload();
        if (stopped) return;
        setBooking(latest);
        if (depositPhase(latest) !== 'processing') return;
      } catch {
        // a failed check is tried again on the next tick
      }
      if (stopped) return;
      if (Date.now() >= deadline) setGaveUp(true);
      else timer = setTimeout(() => void check(), POLL_MS);
    };
    timer = setTimeout(() => void check(), returned ? 0 : POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, gaveUp, reload, returned]);

  const pay = async () => {
    if (!choice || choice.kind !== 'online' || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const started = await api.call(reservations.reservationPaymentId, {
        body: {
          reservation_id: booking.reservation_id,
          method: choice.method,
          channel: asChannel(choice.channel),
        },
      });
      if (started.redirect_url) {
        gateway.open(started.redirect_url);
        return; // stays busy while the browser leaves for the gateway
      }
      setBooking(await reload());
      setGaveUp(false);
    } catch (failure) {
      if (failure instanceof AuthRequired) {
        navigate(loginRedirect({ path: bookingPaths.payment(booking.reservation_id) }, paths.login()));
        return;
      }
      setError(errorText(failure, t));
    }
    setBusy(false);
  };

  const title =
    phase === 'paid'
      ? t('booking.deposit.paidTitle')
      : phase === 'failed'
        ? t('errors.paymentFailed')
        : phase === 'processing'
          ? t('pay.checking')
          : t('booking.deposit.title');
  const canPay = (phase === 'due' || phase === 'failed') && choices.length > 0;

  return (
    <Page
      title={t('booking.deposit.pageTitle')}
      onBack={() => navigate(detail)}
      actions={
        canPay ? (
          <Button fullWidth loading={busy} disabled={!choice} onClick={() => void pay()}>
            {t('pay.payNow', { amount })}
          </Button>
        ) : undefined
      }
    >
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p className="dn-booking-head__name">{booking.restaurant_name}</p>
      <BookingSummary booking={bookingFacts(booking)} />
      {error ? <Banner tone="error">{error}</Banner> : null}

      {phase === 'paid' ? (
        <Banner tone="success" action={<Link to={detail}>{t('booking.view')}</Link>}>
          {t('booking.deposit.paidBody')}
        </Banner>
      ) : phase === 'closed' ? (
        <Banner tone="warning" action={<Link to={detail}>{t('booking.view')}</Link>}>
          {t('errors.bookingNotPayable')}
        </Banner>
      ) : phase === 'processing' ? (
        gaveUp ? (
          <Banner
            tone="warning"
            action={
              <Button variant="secondary" onClick={() => setGaveUp(false)}>
                {t('app.retry')}
              </Button>
            }
          >
            {t('errors.paymentPending')}
          </Banner>
        ) : (
          <Spinner label={t('pay.checking')} />
        )
      ) : (
        <>
          {phase === 'failed' ? (
            <Banner tone="error" title={t('errors.transactionFailed')}>
              {t('errors.transactionFailedRefund')}
            </Banner>
          ) : (
            <p>{t('booking.deposit.body', { amount })}</p>
          )}
          {choices.length === 0 ? (
            <Banner tone="warning">{t('pay.noMethods')}</Banner>
          ) : (
            <PaymentMethodList choices={choices} value={choice} onChange={setChoice} />
          )}
          {busy ? <Spinner label={t('pay.redirecting')} /> : null}
        </>
      )}
    </Page>
  );
}
