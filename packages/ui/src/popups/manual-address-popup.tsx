import { useId, useState } from 'react';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { TextField } from '../components/fields';

/** A delivery address as the diner types it (spec §3: apartment or house number, landmark, city). */
export interface ManualAddress {
  houseNumber: string;
  landmark: string;
  city: string;
}

/** Props of {@link ManualAddressPopup}. */
export interface ManualAddressPopupProps {
  open: boolean;
  onClose: () => void;
  initial?: Partial<ManualAddress>;
  onSubmit: (address: ManualAddress) => void;
  saving?: boolean;
  /** Set by the app after the lookup: 'Address Not Found' (`notFound`) or a server message. */
  error?: 'notFound' | UiMessage;
  /** Offered with 'Address Not Found': place a pin on the map instead. */
  onPickOnMap?: () => void;
}

const FIELDS = [
  { name: 'houseNumber', key: 'ui.address.house', required: true, autoComplete: 'address-line1' },
  { name: 'landmark', key: 'ui.address.landmark', required: false, autoComplete: 'address-line2' },
  { name: 'city', key: 'ui.address.city', required: true, autoComplete: 'address-level2' },
] as const;

/**
 * Types a delivery address by hand. House number and city are required ('Required' under each, focus
 * on the first missing one); the landmark is optional. The app geocodes and checks the distance; when
 * nothing is found it passes `error="notFound"` and the popup shows 'Address Not Found'.
 */
export function ManualAddressPopup({
  open,
  onClose,
  initial,
  onSubmit,
  saving,
  error,
  onPickOnMap,
}: ManualAddressPopupProps) {
  const { t } = useUiTranslation();
  const idPrefix = useId();
  const [address, setAddress] = useState<ManualAddress>({
    houseNumber: initial?.houseNumber ?? '',
    landmark: initial?.landmark ?? '',
    city: initial?.city ?? '',
  });
  const [missing, setMissing] = useState<ReadonlySet<keyof ManualAddress>>(new Set());

  const submit = () => {
    const trimmed = {
      houseNumber: address.houseNumber.trim(),
      landmark: address.landmark.trim(),
      city: address.city.trim(),
    };
    const empty = new Set(
      FIELDS.filter((field) => field.required && trimmed[field.name] === '').map((field) => field.name),
    );
    setMissing(empty);
    if (empty.size > 0) {
      const first = FIELDS.find((field) => empty.has(field.name));
      if (first) document.getElementById(`${idPrefix}-${first.name}`)?.focus();
      return;
    }
    onSubmit(trimmed);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.address.title')}
      footer={
        <Button fullWidth loading={saving} onClick={submit}>
          {t('ui.address.save')}
        </Button>
      }
    >
      {error === 'notFound' ? (
        <Banner
          tone="error"
          title={t('errors.addressNotFound')}
          action={
            onPickOnMap ? (
              <Button variant="secondary" icon="pin" onClick={onPickOnMap}>
                {t('ui.location.pickOnMap')}
              </Button>
            ) : undefined
          }
        >
          <p>{t('ui.address.notFoundHelp')}</p>
        </Banner>
      ) : error ? (
        <Banner tone="error">{messageText(t, error)}</Banner>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`${idPrefix}-${field.name}`}
            label={field.required ? t(field.key) : `${t(field.key)} (${t('ui.common.optional')})`}
            hint={field.name === 'landmark' ? t('ui.address.landmarkHint') : undefined}
            autoComplete={field.autoComplete}
            required={field.required}
            value={address[field.name]}
            error={missing.has(field.name) ? t('validation.required') : undefined}
            onChange={(event) => {
              const value = event.target.value;
              setAddress((current) => ({ ...current, [field.name]: value }));
            }}
          />
        ))}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
