/**
 * Catalogue keys of the close-the-day rules (business day, shift report, report ranges): what a bad
 * input gets instead of a sentence. The words live in the `@santap/i18n` catalogues (en, id, my).
 */
export const REPORT_MESSAGE = {
  /** A date that is not a real `YYYY-MM-DD` (field `from` or `to`). */
  dateInvalid: 'reports.dateInvalid',
  /** A range whose end is before its start. */
  rangeBackwards: 'reports.rangeBackwards',
  /** A range longer than the maximum (values `max`, in days). */
  rangeTooLong: 'reports.rangeTooLong',
  /** A counted cash figure that is not a non-negative whole number of minor units. */
  countedCashInvalid: 'reports.countedCashInvalid',
  /** A denomination that is not a note or coin of the currency (values `value`). */
  denominationUnknown: 'reports.denominationUnknown',
  /** A count of notes or coins that is not a non-negative whole number (values `value`). */
  denominationCountInvalid: 'reports.denominationCountInvalid',
  /** A money amount in the rows that is not a whole number of minor units (field names the row). */
  amountInvalid: 'reports.amountInvalid',
  /** The same order listed twice (values `orderId`). */
  duplicateOrder: 'reports.duplicateOrder',
} as const;

/** A key of {@link REPORT_MESSAGE}. */
export type ReportMessageKey = (typeof REPORT_MESSAGE)[keyof typeof REPORT_MESSAGE];

/** Why a report input was refused: a catalogue key, the field at fault and the key's values. */
export interface ReportRefusal {
  key: ReportMessageKey;
  field?: string;
  values?: Record<string, string | number>;
}
