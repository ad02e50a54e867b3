import type { ReactNode } from 'react';
import type { Currency } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import { MoneyText } from '../components/money-text';
import { cx } from '../components/cx';
import { bookingDateText } from './booking-format';

/** The facts of a booking a diner checks at a glance. */
export interface BookingFacts {
  /** `YYYY-MM-DD` in the restaurant's zone. */
  date: string;
  /** Slot start `HH:MM` in the restaurant's zone. */
  slot: string;
  guests: number;
  smoking: boolean;
  /** The table staff assigned, when the diner may see it ('T4'). */
  table?: string;
  /** The token amount the restaurant asks for, in minor units (0: none). */
  tokenAmount?: number;
  currency?: Currency;
}

/** Props of {@link BookingSummary}. */
export interface BookingSummaryProps {
  booking: BookingFacts;
  className?: string;
}

/**
 * A booking as a list of terms and values (date, time, guests, seating, table, token amount): one
 * `<dl>`, so each value is read with its name.
 */
export function BookingSummary({ booking, className }: BookingSummaryProps) {
  const { t, language } = useUiTranslation();
  const rows: { key: string; term: string; value: ReactNode }[] = [
    { key: 'date', term: t('booking.field.date'), value: bookingDateText(booking.date, language) },
    { key: 'slot', term: t('booking.field.time'), value: booking.slot },
    { key: 'guests', term: t('booking.field.guests'), value: String(booking.guests) },
    {
      key: 'seating',
      term: t('booking.field.seating'),
      value: booking.smoking ? t('booking.field.smoking') : t('booking.field.nonSmoking'),
    },
  ];
  if (booking.table) rows.push({ key: 'table', term: t('booking.field.table'), value: booking.table });
  if (booking.tokenAmount && booking.currency) {
    rows.push({
      key: 'token',
      term: t('booking.field.token'),
      value: <MoneyText amount={booking.tokenAmount} currency={booking.currency} />,
    });
  }
  return (
    <dl className={cx('st-lines', className)}>
      {rows.map((row) => (
        <div key={row.key} className="st-lines__row">
          <dt>{row.term}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
