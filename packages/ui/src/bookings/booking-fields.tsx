import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { RadioGroup } from '../components/choice-group';
import { TextField } from '../components/fields';
import { QuantityStepper } from '../components/quantity-stepper';
import { Skeleton } from '../components/spinner';

/** What a table is asked for: the restaurant's local date, the guests, the smoking preference. */
export interface BookingQuery {
  /** `YYYY-MM-DD` in the restaurant's zone. */
  date: string;
  guests: number;
  /** True asks for a smoking table. */
  smoking: boolean;
}

/** One slot of a date, as the availability check answers it. */
export interface BookingSlotOption {
  /** Slot start `HH:MM` in the restaurant's zone. */
  slot: string;
  /** A table that fits is still free. */
  available: boolean;
}

/** Props of {@link BookingQueryFields}. */
export interface BookingQueryFieldsProps {
  value: BookingQuery;
  onChange: (next: BookingQuery) => void;
  /** The first bookable date (the restaurant's today), `YYYY-MM-DD`. */
  minDate: string;
  /** The last bookable date, if the restaurant limits how far ahead. */
  maxDate?: string;
  /** The most guests one booking may bring (restaurant setting). */
  maxGuests?: number;
  /** A message for the date (not bookable, required). */
  dateError?: string;
  disabled?: boolean;
}

/**
 * Date, guests and smoking preference of a table booking (spec §3). The date is the browser's date
 * picker limited to `minDate`…`maxDate`; guests a stepper (1…`maxGuests`); smoking two choices.
 */
export function BookingQueryFields({
  value,
  onChange,
  minDate,
  maxDate,
  maxGuests = 20,
  dateError,
  disabled,
}: BookingQueryFieldsProps) {
  const { t } = useUiTranslation();
  return (
    <div className="st-stack">
      <TextField
        type="date"
        label={t('booking.field.date')}
        value={value.date}
        min={minDate}
        max={maxDate}
        required
        disabled={disabled}
        error={dateError}
        onChange={(event) => onChange({ ...value, date: event.target.value })}
      />
      <div className="st-row" style={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <span className="st-strong" aria-hidden="true">
          {t('booking.field.guests')}
        </span>
        <QuantityStepper
          label={t('booking.field.guests')}
          value={value.guests}
          min={1}
          max={maxGuests}
          disabled={disabled}
          onChange={(guests) => onChange({ ...value, guests })}
        />
      </div>
      <RadioGroup
        className="st-segmented"
        legend={t('booking.field.seating')}
        options={[
          { value: 'nonSmoking', label: t('booking.field.nonSmoking'), disabled },
          { value: 'smoking', label: t('booking.field.smoking'), disabled },
        ]}
        value={value.smoking ? 'smoking' : 'nonSmoking'}
        onChange={(next) => onChange({ ...value, smoking: next === 'smoking' })}
      />
    </div>
  );
}

/** Props of {@link BookingSlotPicker}. */
export interface BookingSlotPickerProps {
  /** The date's slots; `undefined` while they load. */
  slots: readonly BookingSlotOption[] | undefined;
  value: string | undefined;
  onChange: (slot: string) => void;
  /** 'Please select a time slot' when the diner goes on without one. */
  error?: string;
}

/**
 * The time slots of a date as chips; a full slot is shown struck through and cannot be chosen (its
 * name says 'full', so colour and the strike are not the only cue). No slot at all says so.
 */
export function BookingSlotPicker({ slots, value, onChange, error }: BookingSlotPickerProps) {
  const { t } = useUiTranslation();
  if (slots === undefined) {
    return (
      <div className="st-stack" aria-busy="true">
        <p className="st-muted">{t('booking.slots.loading')}</p>
        <Skeleton height="44px" />
        <Skeleton height="44px" />
      </div>
    );
  }
  if (!slots.some((slot) => slot.available)) {
    return <Banner tone="warning">{t('booking.slots.none')}</Banner>;
  }
  return (
    <RadioGroup
      className="st-chips"
      legend={t('booking.field.slot')}
      options={slots.map((slot) => ({
        value: slot.slot,
        label: slot.available ? slot.slot : t('booking.slots.full', { slot: slot.slot }),
        disabled: !slot.available,
      }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
