import { useEffect, useState } from 'react';
import { reservations } from '@santap/api-client';
import type { EndpointData, Reservation } from '@santap/api-client';
import { Banner, Button, RefundStatusPopup, Spinner } from '@santap/ui';
import type { RefundStatusPopupProps } from '@santap/ui';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import { errorText } from '@santap/web';

type RefundStatus = EndpointData<typeof reservations.reservationRefundStatus>;
type RefundView = Omit<RefundStatusPopupProps, 'open' | 'onClose'>;

/**
 * What the refund status popup shows for a booking's deposit: on its way or sent, and how much
 * (`undefined` when the gateway refused the refund or none was started: the page says so instead).
 */
export function bookingRefundView(status: RefundStatus): RefundView | undefined {
  if (status.refund_state === 'failed' || status.refund_state === 'none') return undefined;
  return {
    status: status.refund_state === 'refunded' ? 'processed' : 'initiated',
    amount: status.refunded_amount > 0 ? status.refunded_amount : status.token_amount,
    currency: status.currency,
    kind: 'bank',
  };
}

type Loaded =
  { kind: 'loading' } | { kind: 'ready'; view: RefundView | undefined } | { kind: 'error'; error: unknown };

/**
 * The deposit's refund of a cancelled or declined booking (spec §4): read from `refund-status` when
 * shown (again when the booking's state moves, as a live update does), with 'See refund status'
 * opening the refund status popup of `@santap/ui`.
 */
export function BookingRefund({ booking }: { booking: Reservation }) {
  const { t } = useT();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const { reservation_id: reservationId, state, payment_status: paymentStatus } = booking;

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ kind: 'loading' });
    api
      .call(
        reservations.reservationRefundStatus,
        { query: { reservation_id: reservationId } },
        { signal: controller.signal },
      )
      .then(
        (status) => setLoaded({ kind: 'ready', view: bookingRefundView(status) }),
        (error: unknown) => {
          if (!controller.signal.aborted) setLoaded({ kind: 'error', error });
        },
      );
    return () => controller.abort();
  }, [reservationId, state, paymentStatus, round]);

  if (loaded.kind === 'loading') return <Spinner label={t('booking.refund.loading')} />;
  if (loaded.kind === 'error') {
    return (
      <Banner
        tone="error"
        action={
          <Button variant="secondary" onClick={() => setRound((n) => n + 1)}>
            {t('app.retry')}
          </Button>
        }
      >
        {errorText(loaded.error, t)}
      </Banner>
    );
  }
  const { view } = loaded;
  if (!view) return <Banner tone="warning">{t('booking.refund.problem')}</Banner>;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('booking.refund.see')}
      </Button>
      {open ? <RefundStatusPopup open onClose={() => setOpen(false)} {...view} /> : null}
    </>
  );
}
