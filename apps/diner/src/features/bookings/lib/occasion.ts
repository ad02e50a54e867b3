import type { Reservation } from '@santap/api-client';
import type { TranslationKey } from '@santap/i18n';
import type { Occasion } from '@santap/ui';

type OccasionValue = NonNullable<Reservation['occasion']>;

/** The words of the contract's occasion values (spec §3), as the occasion popup names them. */
export const OCCASION_KEY = {
  Birthday: 'ui.occasion.birthday',
  Anniversary: 'ui.occasion.anniversary',
  'Couple Date': 'ui.occasion.coupleDate',
  Other: 'ui.occasion.other',
} as const satisfies Record<OccasionValue, TranslationKey>;

/** The contract's occasion value of the popup's choice. */
export const OCCASION_VALUE = {
  birthday: 'Birthday',
  anniversary: 'Anniversary',
  coupleDate: 'Couple Date',
  other: 'Other',
} as const satisfies Record<Occasion, OccasionValue>;
