import { useState } from 'react';
import { account } from '@santap/api-client';
import { AddressList, Button, LocationPopup, ManualAddressPopup, MapPopup, useToast } from '@santap/ui';
import type { ManualAddress, UiMessage } from '@santap/ui';
import { api } from '../../../lib/api';
import { useDevicePosition } from '../../../lib/use-device-position';
import { country } from '../../../lib/session';
import { useT } from '../../../lib/use-t';
import type { Address, MapTilesData } from '../api/load-user-profile';
import { DeleteAddressDialog } from './delete-address-dialog';
import { COUNTRY_CENTRE } from '../lib/country-centre';
import { uiMessageOf } from '@santap/web';

type Step = 'closed' | 'location' | 'manual' | 'map';

/**
 * Saved addresses (spec §3 'address'): the list (set default, delete after a confirmation) and adding one
 * with the location, manual address and map popups of `@santap/ui`: apartment or house number,
 * landmark and city typed, the point a pin on the map. The browser's location only opens the map there
 * (it may be off by a street), so the diner checks or moves the pin before the address is saved. There
 * is no geocoding service, so a typed address whose pin is not placed is 'Address Not Found'.
 */
export function Addresses({
  addresses,
  tiles,
  onChanged,
}: {
  addresses: Address[];
  /** The map's tiles (the addresses list brings them; null: none configured). */
  tiles?: MapTilesData;
  onChanged: () => void;
}) {
  const { t } = useT();
  const toast = useToast();
  const [step, setStep] = useState<Step>('closed');
  // The pin the diner confirmed on the map: the point an address is saved with.
  const [point, setPoint] = useState<[number, number]>();
  // The browser's location: where the map opens, never saved before the diner confirms it there. A
  // position found after the diner closed the popup opens nothing.
  const position = useDevicePosition(() => setStep((current) => (current === 'location' ? 'map' : current)));
  const located = position.located;
  const [typed, setTyped] = useState<ManualAddress>();
  const [addError, setAddError] = useState<'notFound' | UiMessage>();
  const [saving, setSaving] = useState(false);
  const [busyId, setBusyId] = useState<number>();
  const [listError, setListError] = useState<UiMessage>();
  const [confirmDelete, setConfirmDelete] = useState<Address>();

  const start = () => {
    setPoint(undefined);
    position.reset();
    setTyped(undefined);
    setAddError(undefined);
    setStep('location');
  };

  const save = async (address: ManualAddress, location: [number, number]) => {
    setSaving(true);
    setAddError(undefined);
    try {
      await api.call(account.addressCreate, {
        body: {
          apartment: address.houseNumber,
          city: address.city,
          ...(address.landmark ? { landmark: address.landmark } : {}),
          lng: location[0],
          lat: location[1],
        },
      });
      setStep('closed');
      toast.show(t('account.address.saved'), { tone: 'success' });
      onChanged();
    } catch (failure) {
      setAddError(uiMessageOf(failure));
      setStep('manual');
    } finally {
      setSaving(false);
    }
  };

  const change = async (id: number, call: () => Promise<unknown>) => {
    setBusyId(id);
    setListError(undefined);
    try {
      await call();
      onChanged();
    } catch (failure) {
      setListError(uiMessageOf(failure));
    } finally {
      setBusyId(undefined);
    }
  };

  const saved = addresses[0];
  const centre = point ?? located ?? (saved ? [saved.lng, saved.lat] : COUNTRY_CENTRE[country()]);
  return (
    <div className="dn-stack">
      <AddressList
        addresses={addresses.map((address) => ({
          id: address.address_id,
          label: address.label,
          apartment: address.apartment,
          street: address.street,
          landmark: address.landmark,
          city: address.city,
          postcode: address.postcode,
          isDefault: address.is_default,
        }))}
        onSetDefault={(id) =>
          void change(id, () => api.call(account.addressSetDefault, { params: { addressId: id } }))
        }
        onDelete={(id) => setConfirmDelete(addresses.find((address) => address.address_id === id))}
        {...(busyId !== undefined ? { busyId } : {})}
        {...(listError ? { error: listError } : {})}
      />
      <Button variant="secondary" icon="plus" fullWidth onClick={start}>
        {t('account.address.add')}
      </Button>

      <LocationPopup
        open={step === 'location'}
        onClose={() => setStep('closed')}
        status={position.status}
        onAllow={position.ask}
        onEnterManually={() => setStep('manual')}
        onPickOnMap={() => setStep('map')}
      />
      {step === 'manual' ? (
        <ManualAddressPopup
          open
          onClose={() => setStep('closed')}
          {...(typed ? { initial: typed } : {})}
          saving={saving}
          {...(addError ? { error: addError } : {})}
          onPickOnMap={() => setStep('map')}
          onSubmit={(address) => {
            setTyped(address);
            setAddError(undefined);
            if (point) void save(address, point);
            else setStep('map');
          }}
        />
      ) : null}
      {step === 'map' ? (
        <MapPopup
          open
          onClose={() => {
            if (typed) {
              setAddError('notFound');
              setStep('manual');
            } else setStep('closed');
          }}
          center={{ lng: centre[0], lat: centre[1] }}
          tiles={tiles}
          saving={saving}
          onConfirm={({ lng, lat }) => {
            const picked: [number, number] = [lng, lat];
            setPoint(picked);
            if (typed) void save(typed, picked);
            else setStep('manual');
          }}
        />
      ) : null}

      <DeleteAddressDialog
        address={confirmDelete}
        onCancel={() => setConfirmDelete(undefined)}
        onDelete={() => {
          const target = confirmDelete;
          setConfirmDelete(undefined);
          if (target) {
            void change(target.address_id, () =>
              api.call(account.addressDelete, { params: { addressId: target.address_id } }),
            );
          }
        }}
      />
    </div>
  );
}
