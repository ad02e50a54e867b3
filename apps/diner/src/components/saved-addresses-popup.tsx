import { useEffect, useState } from 'react';
import type { EndpointData, account } from '@santap/api-client';
import type { Country } from '@santap/domain';
import type { TranslationKey } from '@santap/i18n';
import { Banner, Button, Dialog, RadioGroup, Skeleton, messageText } from '@santap/ui';
import type { UiMessage } from '@santap/ui';
import { useT } from '../lib/use-t';

/** A saved address of the diner, as `account.addressesList` gives it. */
export type SavedAddressData = EndpointData<typeof account.addressesList>['addresses'][number];
type Address = SavedAddressData;

const LABEL_KEY: Readonly<Record<string, TranslationKey>> = {
  home: 'account.address.labelHome',
  work: 'account.address.labelWork',
  other: 'account.address.labelOther',
};

/** The default address first, the rest in the order the server gave (newest first). */
export function defaultFirst(addresses: readonly Address[]): Address[] {
  return [...addresses].sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

/**
 * An address as one line, the way addresses read in the restaurant's country: apartment, street,
 * landmark, then the postcode before the city in Malaysia ('No. 12, Jalan Telawi 3, 59100 Kuala
 * Lumpur') and after it in Indonesia ('Jl. Kemang Raya No. 8, Jakarta Selatan 12730').
 */
export function savedAddressLine(address: Address, country: Country): string {
  const cityAndPostcode =
    country === 'ID' ? [address.city, address.postcode] : [address.postcode, address.city];
  const place = cityAndPostcode.filter(Boolean).join(' ');
  return [address.apartment, address.street, address.landmark, place].filter(Boolean).join(', ');
}

export interface SavedAddressesPopupProps {
  open: boolean;
  onClose: () => void;
  /** `undefined` while the list loads. */
  addresses: readonly Address[] | undefined;
  /** The restaurant's country: how an address line reads (see {@link savedAddressLine}). */
  country: Country;
  /** The distance check of the picked address is under way. */
  checking: boolean;
  /** Why the picked address cannot be used (too far, not deliverable, the call failed). */
  error?: UiMessage;
  onPick: (address: Address) => void;
  /** Today's flow: the location, manual address and map popups. */
  onUseAnother: () => void;
}

/**
 * The delivery address step for a logged-in diner with saved addresses: the addresses,
 * the default first and chosen, to deliver to one of them, or another address typed as today.
 */
export function SavedAddressesPopup({
  open,
  onClose,
  addresses,
  country,
  checking,
  error,
  onPick,
  onUseAnother,
}: SavedAddressesPopupProps) {
  const { t } = useT();
  const [chosen, setChosen] = useState<string>();
  const first = addresses?.[0];
  useEffect(() => {
    setChosen(first ? String(first.address_id) : undefined);
  }, [first]);
  const picked = addresses?.find((address) => String(address.address_id) === chosen);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('account.address.chooseTitle')}
      busy={addresses === undefined || checking}
      footer={
        <>
          <Button
            fullWidth
            icon="pin"
            loading={checking}
            disabled={!picked}
            onClick={() => {
              if (picked) onPick(picked);
            }}
          >
            {t('account.address.deliverHere')}
          </Button>
          <Button fullWidth variant="secondary" disabled={checking} onClick={onUseAnother}>
            {t('account.address.useAnother')}
          </Button>
        </>
      }
    >
      {addresses === undefined ? (
        <div className="st-stack" aria-hidden="true">
          <Skeleton height="56px" />
          <Skeleton height="56px" />
        </div>
      ) : (
        <RadioGroup<string>
          legend={t('account.address.chooseLegend')}
          value={chosen}
          onChange={setChosen}
          options={addresses.map((address) => {
            const label = LABEL_KEY[address.label] ? t(LABEL_KEY[address.label]!) : address.label;
            return {
              value: String(address.address_id),
              label: address.is_default ? `${label} · ${t('account.address.default')}` : label,
              description: savedAddressLine(address, country),
            };
          })}
        />
      )}
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
    </Dialog>
  );
}
