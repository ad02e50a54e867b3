import { PhoneField, TextField, Button } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import type { ContactDraft } from '../lib/form-state';
import { OCCASION_KEY, OCCASION_VALUE } from '../lib/occasion';

export type ContactErrors = Partial<Record<'name' | 'email' | 'phone', string>>;

export interface BookingContactProps {
  headingId: string;
  draft: ContactDraft;
  errors: ContactErrors;
  onChange: (next: Partial<ContactDraft>) => void;
  onSpecialRequest: () => void;
  onOccasion: () => void;
}

/** The booking form's contact section: name, email, number, then the special request and occasion. */
export function BookingContact({
  headingId,
  draft,
  errors,
  onChange,
  onSpecialRequest,
  onOccasion,
}: BookingContactProps) {
  const { t } = useT();
  return (
    <section className="dn-booking-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('booking.form.contact')}</h2>
      <TextField
        label={t('booking.form.name')}
        value={draft.name}
        onChange={(event) => onChange({ name: event.target.value })}
        autoComplete="name"
        maxLength={80}
        required
        error={errors.name}
      />
      <TextField
        label={t('booking.form.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={draft.email}
        onChange={(event) => onChange({ email: event.target.value })}
        required
        error={errors.email}
      />
      <PhoneField
        label={t('booking.form.phone')}
        country={draft.phoneCountry}
        value={draft.phone}
        onChange={(phone) => onChange({ phone })}
        onCountryChange={(phoneCountry) => onChange({ phoneCountry })}
        required
        error={errors.phone}
      />
      <div className="dn-booking-extra">
        <div>
          <p className="st-strong">{t('ui.specialRequest.title')}</p>
          <p className="st-muted dn-booking-break">{draft.specialRequest.trim() || t('booking.form.none')}</p>
        </div>
        <Button variant="secondary" onClick={onSpecialRequest}>
          {draft.specialRequest.trim() ? t('booking.form.edit') : t('booking.form.add')}
        </Button>
      </div>
      <div className="dn-booking-extra">
        <div>
          <p className="st-strong">{t('ui.occasion.legend')}</p>
          <p className="st-muted">
            {draft.occasion
              ? [
                  t(OCCASION_KEY[OCCASION_VALUE[draft.occasion]]),
                  draft.occasion === 'other' ? draft.occasionOther : '',
                ]
                  .filter(Boolean)
                  .join(': ')
              : t('booking.form.none')}
          </p>
        </div>
        <Button variant="secondary" onClick={onOccasion}>
          {draft.occasion ? t('booking.form.edit') : t('booking.form.choose')}
        </Button>
      </div>
    </section>
  );
}
