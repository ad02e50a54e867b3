import { useState } from 'react';
import type { ReactNode } from 'react';
import type { Currency } from '@santap/domain';
import { formatMoney } from '@santap/domain';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { TextArea } from '../components/fields';
import { BookingQueryFields, BookingSlotPicker } from './booking-fields';
import type { BookingQuery, BookingSlotOption } from './booking-fields';
import { bookingInstantText } from './booking-format';
import { BookingSummary } from './booking-summary';
import type { BookingFacts } from './booking-summary';

/** What the diner asks to change a booking to. */
export interface BookingChange extends BookingQuery {
  /** Slot start `HH:MM` in the restaurant's zone. */
  slot: string;
}

/** The two requests the popup sends. */
export type BookingAction = 'modify' | 'cancel';

/** Props of {@link CancelOrModifyBookingPopup}. */
export interface CancelOrModifyBookingPopupProps {
  open: boolean;
  onClose: () => void;
  /** The booking as it stands. */
  booking: BookingFacts;
  /** The restaurant's IANA zone, for the cut-off time. */
  timeZone: string;
  /** From this instant the restaurant refuses changes and cancellations (spec §5). */
  cutOff: Date;
  /** The cut-off has passed: the note says changes closed (a request still reaches the server). */
  cutOffPassed?: boolean;
  /** The booking's state lets the diner ask for a change. */
  canModify: boolean;
  /** The booking's state lets the diner cancel. */
  canCancel: boolean;
  /** The step to open on; by default the choice between the two. */
  initialStep?: 'choose' | BookingAction;
  /** A paid token a cancellation gives back (spec §4 refund). */
  refund?: { amount: number; currency: Currency };
  /** Bounds of the change form: the restaurant's today, how far ahead, the most guests. */
  minDate: string;
  maxDate?: string;
  maxGuests?: number;
  /** Slots of the date asked about in the change form; `undefined` while they load. */
  slots: readonly BookingSlotOption[] | undefined;
  /** The change form's date, guests or smoking changed (and when it opens): load its slots. */
  onQueryChange: (query: BookingQuery) => void;
  onModify: (change: BookingChange) => void;
  /** `reason` is the diner's trimmed words ('' when none). */
  onCancel: (reason: string) => void;
  /** The request in flight. */
  busy?: BookingAction;
  /** A failure to show (no connection, something went wrong, a slot taken meanwhile). */
  error?: UiMessage;
  /**
   * The restaurant's refusal as the server worded it, already in the diner's language (the cut-off
   * message, which carries the restaurant's minutes).
   */
  refusal?: ReactNode;
}

type Step = 'choose' | BookingAction;

const sameQuery = (a: BookingQuery, b: BookingQuery) =>
  a.date === b.date && a.guests === b.guests && a.smoking === b.smoking;

/**
 * 'Change or cancel booking' (spec §2 popups): the booking, until when the restaurant takes changes,
 * then either a change request (date, guests, seating, a free slot of that date) or a cancellation
 * with an optional reason and what happens to a paid token. A refused request keeps the popup open
 * with the server's words; Escape or the close button leave without a request.
 */
export function CancelOrModifyBookingPopup({
  open,
  onClose,
  booking,
  timeZone,
  cutOff,
  cutOffPassed,
  canModify,
  canCancel,
  initialStep = 'choose',
  refund,
  minDate,
  maxDate,
  maxGuests,
  slots,
  onQueryChange,
  onModify,
  onCancel,
  busy,
  error,
  refusal,
}: CancelOrModifyBookingPopupProps) {
  const { t, language } = useUiTranslation();
  const [step, setStep] = useState<Step>(initialStep);
  const original: BookingQuery = { date: booking.date, guests: booking.guests, smoking: booking.smoking };
  const [query, setQuery] = useState<BookingQuery>(original);
  const [slot, setSlot] = useState<string | undefined>(booking.slot);
  const [reason, setReason] = useState('');
  const [formError, setFormError] = useState<string>();

  const changeQuery = (next: BookingQuery) => {
    setQuery(next);
    setSlot(sameQuery(next, original) ? booking.slot : undefined);
    setFormError(undefined);
    if (next.date) onQueryChange(next);
  };

  const openStep = (next: Step) => {
    setStep(next);
    setFormError(undefined);
    if (next === 'modify') onQueryChange(query);
  };

  const sendChange = () => {
    if (!query.date) {
      setFormError(t('validation.required'));
      return;
    }
    if (!slot) {
      setFormError(t('ui.schedule.selectSlot'));
      return;
    }
    if (sameQuery(query, original) && slot === booking.slot) {
      setFormError(t('booking.modify.nothingChanged'));
      return;
    }
    onModify({ ...query, slot });
  };

  const cutOffTime = bookingInstantText(cutOff, timeZone, language);
  const cutOffText = cutOffPassed
    ? t('booking.cutOffPassed', { time: cutOffTime })
    : t('booking.cutOffNote', { time: cutOffTime });
  const title =
    step === 'modify'
      ? t('booking.modify.title')
      : step === 'cancel'
        ? t('booking.cancel.title')
        : t('booking.manage.title');

  const footer =
    step === 'modify' ? (
      <>
        <Button variant="secondary" onClick={() => openStep('choose')}>
          {t('ui.common.back')}
        </Button>
        <Button loading={busy === 'modify'} onClick={sendChange}>
          {t('booking.modify.send')}
        </Button>
      </>
    ) : step === 'cancel' ? (
      <>
        <Button variant="secondary" onClick={onClose}>
          {t('booking.cancel.keep')}
        </Button>
        <Button variant="danger" loading={busy === 'cancel'} onClick={() => onCancel(reason.trim())}>
          {t('booking.cancel.confirm')}
        </Button>
      </>
    ) : undefined;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      role={step === 'cancel' ? 'alertdialog' : 'dialog'}
      description={<p className="st-muted">{cutOffText}</p>}
      footer={footer}
    >
      {refusal ? (
        <Banner tone="error" title={t('booking.refused')}>
          {refusal}
        </Banner>
      ) : null}
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}

      {step === 'choose' ? (
        <div className="st-stack">
          <BookingSummary booking={booking} />
          {canModify ? (
            <Button variant="secondary" fullWidth icon="calendar" onClick={() => openStep('modify')}>
              {t('booking.manage.modify')}
            </Button>
          ) : null}
          {canCancel ? (
            <Button variant="danger" fullWidth onClick={() => openStep('cancel')}>
              {t('booking.manage.cancel')}
            </Button>
          ) : null}
          {!canModify && !canCancel ? <p>{t('booking.manage.nothing')}</p> : null}
        </div>
      ) : null}

      {step === 'modify' ? (
        <div className="st-stack">
          <p>{t('booking.modify.body')}</p>
          <BookingQueryFields
            value={query}
            onChange={changeQuery}
            minDate={minDate}
            maxDate={maxDate}
            maxGuests={maxGuests}
          />
          {query.date ? (
            <BookingSlotPicker
              slots={slots}
              value={slot}
              onChange={(next) => {
                setSlot(next);
                setFormError(undefined);
              }}
            />
          ) : null}
          {formError ? (
            <p className="st-field__error" role="alert">
              {formError}
            </p>
          ) : null}
        </div>
      ) : null}

      {step === 'cancel' ? (
        <div className="st-stack">
          <BookingSummary booking={booking} />
          <p>
            {refund && refund.amount > 0
              ? t('booking.cancel.refundNote', {
                  amount: formatMoney(refund.amount, refund.currency, language),
                  period: t('refund.bank'),
                })
              : t('booking.cancel.noRefundNote')}
          </p>
          <TextArea
            label={t('booking.cancel.reason')}
            hint={t('booking.cancel.reasonHint')}
            value={reason}
            maxLength={300}
            showCount
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
