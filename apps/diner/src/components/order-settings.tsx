import { useCallback, useEffect, useRef, useState } from 'react';
import { account, restaurants } from '@santap/api-client';
import type { RestaurantDetails } from '@santap/api-client';
import { hasKey } from '@santap/i18n';
import {
  ORDER_TYPE,
  allowedOrderTypes,
  distanceMetres,
  maskOf,
  withAsap,
  withOrderType,
  withSchedule,
} from '@santap/domain';
import type { OrderTypeCode } from '@santap/domain';
import { LocationPopup, ManualAddressPopup, MapPopup, SchedulePopup } from '@santap/ui';
import type { ManualAddress, ScheduleChoice, ScheduleDay, UiMessage } from '@santap/ui';
import { localDateAt } from '@santap/schedule';
import { api } from '../lib/api';
import { useDevicePosition } from '../lib/use-device-position';
import type { DeliveryAddress } from '@santap/web';
import type { OrderSession } from '../lib/order-session';
import { storedAuth } from '../lib/session';
import { SavedAddressesPopup, defaultFirst, savedAddressLine } from './saved-addresses-popup';
import type { SavedAddressData } from './saved-addresses-popup';
import { uiMessageOf } from '@santap/web';

/** Which step the order settings open on: how and when, or straight to the delivery address. */
export type OrderSettingsStep = 'time' | 'address';

type Step = 'closed' | 'time' | 'saved' | 'location' | 'manual' | 'map';

export interface OrderSettingsProps {
  /** Closed, or the step to open on. */
  open: false | OrderSettingsStep;
  onClose: () => void;
  restaurant: RestaurantDetails;
  session: OrderSession;
  onSave: (session: OrderSession) => void;
}

function isOpenFor(restaurant: RestaurantDetails, orderType: OrderTypeCode): boolean {
  if (!restaurant.accepting_orders) return false;
  if (orderType === ORDER_TYPE.DINE_IN) return restaurant.is_open.dineIn;
  if (orderType === ORDER_TYPE.DELIVERY) return restaurant.is_open.delivery;
  return restaurant.is_open.pickup;
}

const addressLine = (address: ManualAddress) =>
  [address.houseNumber, address.landmark, address.city].filter((part) => part !== '').join(', ');

/**
 * The order settings of a restaurant (spec §3, §4, §5): order type and ASAP or a scheduled slot (the
 * schedule popup, slots from `restaurants.scheduleSlots`), then, for delivery without an address, the
 * address: the location popup ('Location Permission is off' when denied), the manual address, and the
 * map picker for the delivery point. There is no geocoding service, so a typed address gets its point
 * from the map; the browser's location opens the map there for the diner to check or move the pin
 * (it is never used unconfirmed). Closing the map without a point is 'Address Not Found'. A point
 * beyond the restaurant's delivery radius is refused here ('too far'); the server checks it again when
 * the order is placed. A logged-in diner with saved addresses first sees them, the default
 * first, and picks one; the server's distance lookup (`account.addressDistance`) says whether the
 * restaurant delivers there. A guest, or a diner with none saved, goes straight to the location step.
 */
export function OrderSettings({ open, onClose, restaurant, session, onSave }: OrderSettingsProps) {
  const [step, setStep] = useState<Step>('closed');
  const [orderType, setOrderType] = useState<OrderTypeCode>(session.context.orderType);
  const [days, setDays] = useState<ScheduleDay[] | undefined>();
  const [slotsError, setSlotsError] = useState<UiMessage | undefined>();
  const [pending, setPending] = useState<OrderSession>(session);
  // The pin the diner confirmed on the map: the point the address is saved with.
  const [point, setPoint] = useState<[number, number] | undefined>();
  // The browser's location: where the map opens, never saved before the diner confirms it there. A
  // position found after the diner closed the popup opens nothing.
  const position = useDevicePosition(() => setStep((current) => (current === 'location' ? 'map' : current)));
  const located = position.located;
  const [typed, setTyped] = useState<ManualAddress | undefined>();
  // Counts the address flows: each one gets a new address form (it reads `initial` when it mounts).
  const [addressFlow, setAddressFlow] = useState(0);
  const [addressError, setAddressError] = useState<'notFound' | UiMessage | undefined>();
  const [saved, setSaved] = useState<SavedAddressData[] | undefined>();
  const [checking, setChecking] = useState(false);
  const [savedError, setSavedError] = useState<UiMessage | undefined>();
  // A reply that comes after the diner closed or left the saved addresses changes nothing.
  const stepNow = useRef(step);
  useEffect(() => {
    stepNow.current = step;
  }, [step]);

  useEffect(() => {
    if (!open) {
      setStep('closed');
      return;
    }
    setPending(session);
    setOrderType(session.context.orderType);
    setAddressError(undefined);
    if (open === 'address') toAddressStep();
    else setStep('time');
    // Opening starts from the session of that moment; later session changes do not reset the steps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const wantsSlots = step === 'time';
  useEffect(() => {
    if (!wantsSlots) return undefined;
    let cancelled = false;
    setDays(undefined);
    setSlotsError(undefined);
    api
      .call(restaurants.scheduleSlots, { query: { restaurant_id: restaurant.nameid, ot: orderType } })
      .then((reply) => {
        if (!cancelled) setDays(reply.days);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setDays([]);
        setSlotsError(uiMessageOf(error));
      });
    return () => {
      cancelled = true;
    };
  }, [wantsSlots, orderType, restaurant.nameid]);

  const finish = useCallback(
    (next: OrderSession) => {
      setStep('closed');
      onSave(next);
    },
    [onSave],
  );

  /**
   * The first address step: a logged-in diner's saved addresses when there are any, else (a guest, none
   * saved, or the list failed to load) the location popup as before.
   */
  function toAddressStep() {
    // A new address: what was typed in an earlier one is neither shown nor saved with this one's pin,
    // and the map opens on the diner's location (or the restaurant), not an earlier address's pin.
    setTyped(undefined);
    setPoint(undefined);
    setAddressFlow((flow) => flow + 1);
    setSavedError(undefined);
    if (storedAuth()?.status !== 'ACTIVE') {
      setStep('location');
      return;
    }
    setSaved(undefined);
    setStep('saved');
    const toLocation = () => setStep((current) => (current === 'saved' ? 'location' : current));
    api.call(account.addressesList, {}).then(({ addresses }) => {
      if (addresses.length === 0) toLocation();
      else setSaved(defaultFirst(addresses));
    }, toLocation);
  }

  const pickSaved = (address: SavedAddressData) => {
    setChecking(true);
    setSavedError(undefined);
    api
      .call(account.addressDistance, {
        query: { restaurant_id: restaurant.restaurant_id, address_id: address.address_id },
      })
      .then(
        (reply) => {
          if (stepNow.current !== 'saved') return;
          if (!reply.deliverable) {
            const key = reply.reason_key;
            setSavedError(key && hasKey(key) ? key : 'validation.addressNotDeliverable');
            return;
          }
          const delivery: DeliveryAddress = {
            // The line the order summary shows: the popup's, postcode included.
            line: savedAddressLine(address, restaurant.country),
            house: address.apartment,
            city: address.city,
            location: [address.lng, address.lat],
          };
          if (address.landmark) delivery.landmark = address.landmark;
          finish({ ...pending, address: delivery });
        },
        (error: unknown) => setSavedError(uiMessageOf(error)),
      )
      .finally(() => setChecking(false));
  };

  const tooFar = (location: [number, number]) =>
    distanceMetres(location, restaurant.location) > restaurant.delivery_radius_m;

  const saveAddress = (address: ManualAddress, location: [number, number]) => {
    if (tooFar(location)) {
      setAddressError('validation.addressTooFar');
      setStep('manual');
      return;
    }
    const delivery: DeliveryAddress = { line: addressLine(address), location };
    if (address.houseNumber) delivery.house = address.houseNumber;
    if (address.landmark) delivery.landmark = address.landmark;
    if (address.city) delivery.city = address.city;
    finish({ ...pending, address: delivery });
  };

  const onConfirmTime = (choice: ScheduleChoice) => {
    const pickupType =
      choice.orderType === ORDER_TYPE.PICKUP ? (session.context.pickupType ?? 'pickup') : undefined;
    let context = withOrderType(session.context, choice.orderType, pickupType);
    context = choice.orderTime === 'SCHEDULED' ? withSchedule(context, choice.slot) : withAsap(context);
    const next: OrderSession = { ...session, context };
    if (context.orderType !== ORDER_TYPE.DINE_IN || context.orderType !== session.context.orderType) {
      delete next.tableId;
    }
    if (context.orderType === ORDER_TYPE.DELIVERY && !next.address) {
      setPending(next);
      toAddressStep();
      return;
    }
    finish(next);
  };

  const center = point ?? located ?? restaurant.location;
  return (
    <>
      <SchedulePopup
        key={`time-${String(open)}`}
        open={step === 'time'}
        onClose={onClose}
        orderTypes={allowedOrderTypes({
          country: restaurant.country,
          mallMode: false,
          restaurantMask: maskOf(restaurant.ot),
        })}
        orderType={orderType}
        onOrderTypeChange={setOrderType}
        asapAvailable={isOpenFor(restaurant, orderType)}
        days={days}
        today={localDateAt(new Date(), restaurant.time_zone)}
        initial={{
          orderTime: session.context.orderTime,
          ...(session.context.epoch !== undefined ? { epoch: session.context.epoch } : {}),
        }}
        onConfirm={onConfirmTime}
        {...(slotsError ? { error: slotsError } : {})}
      />
      <SavedAddressesPopup
        open={step === 'saved'}
        onClose={onClose}
        addresses={saved}
        country={restaurant.country}
        checking={checking}
        {...(savedError ? { error: savedError } : {})}
        onPick={pickSaved}
        onUseAnother={() => setStep('location')}
      />
      <LocationPopup
        open={step === 'location'}
        onClose={onClose}
        status={position.status}
        onAllow={position.ask}
        onEnterManually={() => {
          setPoint(undefined);
          setStep('manual');
        }}
        onPickOnMap={() => setStep('map')}
      />
      <ManualAddressPopup
        key={`manual-${addressFlow}`}
        open={step === 'manual'}
        onClose={onClose}
        initial={{
          houseNumber: pending.address?.house ?? typed?.houseNumber ?? '',
          landmark: pending.address?.landmark ?? typed?.landmark ?? '',
          city: pending.address?.city ?? typed?.city ?? '',
        }}
        {...(addressError ? { error: addressError } : {})}
        onPickOnMap={() => setStep('map')}
        onSubmit={(address) => {
          setTyped(address);
          setAddressError(undefined);
          if (point) saveAddress(address, point);
          else setStep('map');
        }}
      />
      <MapPopup
        key={`map-${center.join(',')}`}
        open={step === 'map'}
        onClose={() => {
          if (typed) {
            setAddressError('notFound');
            setStep('manual');
          } else onClose();
        }}
        center={{ lng: center[0], lat: center[1] }}
        tiles={restaurant.map_tiles}
        onConfirm={({ lng, lat }) => {
          const picked: [number, number] = [lng, lat];
          setPoint(picked);
          if (typed) saveAddress(typed, picked);
          else {
            setAddressError(tooFar(picked) ? 'validation.addressTooFar' : undefined);
            setStep('manual');
          }
        }}
      />
    </>
  );
}
