import { startTransition, useId, useOptimistic, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthRequired, ServerMessage, reservations } from '@santap/api-client';
import type { RestaurantDetails } from '@santap/api-client';
import { MESSAGE, emailSchema, formatMoney, nameSchema, phoneSchema } from '@santap/domain';
import {
  Banner,
  BookingQueryFields,
  BookingSlotPicker,
  Button,
  OccasionPopup,
  PHONE_PREFIXES,
  Page,
  SpecialRequestPopup,
} from '@santap/ui';
import type { BookingQuery, PhoneCountry } from '@santap/ui';
import { localDateAt } from '@santap/schedule';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { firstIssueKey } from '../../../lib/first-issue';
import { loginRedirect } from '../../../lib/login-redirect';
import { storedAuth } from '../../../lib/session';
import { useT } from '../../../lib/use-t';
import { clearContactDraft, readTableChoice, specialRequestText, writeContactDraft } from '../lib/form-state';
import type { TableChoice } from '../lib/form-state';
import { OCCASION_VALUE } from '../lib/occasion';
import { useBookingAvailability } from '../hooks/use-booking-availability';
import { useContactDraft } from '../hooks/use-contact-draft';
import { BookingContact } from './booking-contact';
import { bookingPaths, formQuery } from '../../../config/booking-paths';
import { errorText } from '@santap/web';

type FieldErrors = Partial<Record<'name' | 'email' | 'phone' | 'slot', string>>;

/** Logged in with a verified phone: a guest session cannot book (the server refuses guests too). */
const loggedIn = () => storedAuth()?.status === 'ACTIVE';

export interface BookingFormProps {
  restaurant: RestaurantDetails;
  /** The clock (tests pin it). */
  now?: () => Date;
}

/**
 * The booking form (spec §3 Reservation): date, guests and seating -> the free slots of that date -> contact
 * name, email, number, special request and occasion -> book. The table choice lives in the URL and the
 * contact details in a draft of this tab, so a guest sent to log in comes back to the same form.
 */
export function BookingForm({ restaurant, now = () => new Date() }: BookingFormProps) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const today = localDateAt(now(), restaurant.time_zone);
  // The URL is the truth; the optimistic copy shows a tapped chip at once while the router's navigation
  // (a transition) is still on its way, so a chip never flips back on a slow phone.
  const [choice, showChoice] = useOptimistic(readTableChoice(search, today));
  const country: PhoneCountry = restaurant.country === 'ID' ? 'ID' : 'MY';
  const { draft, update } = useContactDraft(restaurant.nameid, country, loggedIn());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [popup, setPopup] = useState<'request' | 'occasion'>();
  const idempotency = useRef<{ body: string; key: string }>(undefined);
  const slotsHeading = useId();

  const { availability, slots, checkError, recheck } = useBookingAvailability(
    restaurant.restaurant_id,
    choice,
  );

  const setChoice = (next: Partial<TableChoice>) => {
    const merged = { ...choice, ...next };
    setErrors((current) => ({ ...current, slot: undefined }));
    setFormError(undefined);
    startTransition(() => {
      showChoice(merged);
      setSearch(formQuery(restaurant.nameid, merged), { replace: true });
    });
  };

  const changeQuery = (next: BookingQuery) => setChoice({ ...next, slot: undefined });

  const slotStillFree = choice.slot && slots?.some((slot) => slot.slot === choice.slot && slot.available);
  const chosenSlot = slotStillFree ? choice.slot : undefined;

  const validate = (): { phone: string } | undefined => {
    const nameKey = firstIssueKey(nameSchema.safeParse(draft.name));
    const emailKey = firstIssueKey(emailSchema.safeParse(draft.email));
    const typed = draft.phone.trim();
    const phone = phoneSchema(draft.phoneCountry).safeParse(
      typed.startsWith('+') ? typed : `${PHONE_PREFIXES[draft.phoneCountry]} ${typed}`,
    );
    const phoneKey = typed === '' ? MESSAGE.phoneRequired : firstIssueKey(phone);
    const next: FieldErrors = {
      name: nameKey && t(nameKey),
      email: emailKey && t(emailKey),
      phone: phoneKey && t(phoneKey),
      slot: chosenSlot ? undefined : t('ui.schedule.selectSlot'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || !phone.success) return undefined;
    return { phone: phone.data };
  };

  const toLogin = () => {
    writeContactDraft(restaurant.nameid, draft);
    navigate(
      loginRedirect(
        {
          path: `${location.pathname}${location.search}`,
          menu_path: paths.menu(restaurant.nameid),
          language,
        },
        paths.login(),
      ),
    );
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const valid = validate();
    if (!valid || !chosenSlot) return;
    if (!loggedIn()) {
      toLogin();
      return;
    }
    const special = specialRequestText(draft);
    const body = {
      restaurant_id: restaurant.restaurant_id,
      date: choice.date,
      slot: chosenSlot,
      guests: choice.guests,
      smoking: choice.smoking,
      contact_name: draft.name.trim(),
      email: draft.email.trim(),
      contact_number: valid.phone,
      ...(special ? { special_request: special } : {}),
      ...(draft.occasion ? { occasion: OCCASION_VALUE[draft.occasion] } : {}),
    };
    // The same booking sent again (a retry after a lost reply) is the same booking, not a second one.
    const text = JSON.stringify(body);
    if (idempotency.current?.body !== text) idempotency.current = { body: text, key: crypto.randomUUID() };
    setBusy(true);
    try {
      const booking = await api.call(
        reservations.createReservation,
        { body },
        { idempotencyKey: idempotency.current.key },
      );
      clearContactDraft(restaurant.nameid);
      navigate(
        booking.state === 'payment_pending'
          ? bookingPaths.payment(booking.reservation_id)
          : bookingPaths.detail(booking.reservation_id),
        { replace: true },
      );
    } catch (error) {
      setBusy(false);
      if (error instanceof AuthRequired) {
        toLogin();
        return;
      }
      setFormError(errorText(error, t));
      // Someone took the table meanwhile: show the slots as they are now.
      if (error instanceof ServerMessage && error.code === MESSAGE.bookingUnavailable) recheck();
    }
  };

  const token = availability && availability.token_amount > 0 ? availability : undefined;
  const deposit = token ? formatMoney(token.token_amount, token.currency, language) : '';
  return (
    <Page
      title={t('booking.form.title')}
      onBack={() => navigate(paths.menu(restaurant.nameid))}
      actions={
        availability?.enabled === false ? undefined : (
          <Button fullWidth loading={busy} onClick={() => void submit()}>
            {loggedIn() ? t('booking.form.book') : t('booking.form.loginToBook')}
          </Button>
        )
      }
    >
      <form className="dn-booking-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="dn-booking-head__name">{restaurant.name}</p>
        {availability?.enabled === false ? (
          <Banner tone="warning">{t('errors.bookingDisabled')}</Banner>
        ) : (
          <>
            <section className="dn-booking-section" aria-labelledby={slotsHeading}>
              <h2 id={slotsHeading}>{t('booking.form.when')}</h2>
              <BookingQueryFields
                value={{ date: choice.date, guests: choice.guests, smoking: choice.smoking }}
                onChange={changeQuery}
                minDate={today}
                maxGuests={availability?.max_guests}
              />
              {checkError !== undefined ? (
                <Banner
                  tone="error"
                  action={
                    <Button variant="secondary" onClick={recheck}>
                      {t('app.retry')}
                    </Button>
                  }
                >
                  {errorText(checkError, t)}
                </Banner>
              ) : (
                <BookingSlotPicker
                  slots={slots}
                  value={chosenSlot}
                  onChange={(slot) => setChoice({ slot })}
                  error={errors.slot}
                />
              )}
              {token ? (
                <Banner tone="info" title={t('booking.form.depositTitle', { amount: deposit })}>
                  {t('booking.form.depositBody', { amount: deposit })}
                </Banner>
              ) : null}
              {availability && availability.cut_off_minutes > 0 ? (
                <p className="st-muted">
                  {t('booking.form.cutOffInfo', { minutes: String(availability.cut_off_minutes) })}
                </p>
              ) : null}
            </section>

            <BookingContact
              headingId={`${slotsHeading}-contact`}
              draft={draft}
              errors={errors}
              onChange={update}
              onSpecialRequest={() => setPopup('request')}
              onOccasion={() => setPopup('occasion')}
            />
            {formError ? <Banner tone="error">{formError}</Banner> : null}
            {!loggedIn() ? <p className="st-muted">{t('booking.form.loginNote')}</p> : null}
          </>
        )}
      </form>
      {popup === 'request' ? (
        <SpecialRequestPopup
          open
          onClose={() => setPopup(undefined)}
          value={draft.specialRequest}
          maxLength={400}
          onSave={(specialRequest) => {
            update({ specialRequest });
            setPopup(undefined);
          }}
        />
      ) : null}
      {popup === 'occasion' ? (
        <OccasionPopup
          open
          onClose={() => setPopup(undefined)}
          value={draft.occasion}
          otherText={draft.occasionOther}
          onSave={(occasion, occasionOther) => {
            update({ occasion, occasionOther });
            setPopup(undefined);
          }}
        />
      ) : null}
    </Page>
  );
}
