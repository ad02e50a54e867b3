import { useEffect, useState } from 'react';
import { restaurants } from '@santap/api-client';
import type { RestaurantDetails } from '@santap/api-client';
import { ORDER_TYPE } from '@santap/domain';
import type { OrderTypeCode } from '@santap/domain';
import { FoodCourtOrderTypePopup, ManualAddressPopup, MapPopup } from '@santap/ui';
import type { ManualAddress } from '@santap/ui';
import { api } from '../lib/api';
import type { MallInfo, Outlet } from '../lib/api-types';
import { outletsNotDelivering, resolveForMall } from '../lib/fc-session';
import type { DeliveryAddress } from '@santap/web';
import type { FcSession } from '../lib/fc-session';

type Step = 'type' | 'address' | 'map';

export interface OrderSettingsProps {
  /** Closed, or the step to open on: the order type, or straight to the delivery address. */
  open: false | 'type' | 'address';
  onClose: () => void;
  mall: MallInfo;
  outlets: readonly Outlet[];
  /** Outlets with lines in the cart (for the 'Delivery Not Supported' warning). */
  outletIdsInCart: readonly number[];
  session: FcSession;
  onSave: (session: FcSession) => void;
}

const addressLine = (address: ManualAddress) =>
  [address.houseNumber, address.landmark, address.city].filter((part) => part !== '').join(', ');

interface MapStart {
  center: [number, number];
  /** The server's tiles for the map (they come with the restaurant details); null: none. */
  tiles: RestaurantDetails['map_tiles'];
}

/**
 * Where the map starts: the first outlet that delivers (the food court's own place), once fetched,
 * with the map's tiles from the same reply.
 */
function useMapStart(outlets: readonly Outlet[], wanted: boolean): MapStart | undefined {
  const [start, setStart] = useState<MapStart>();
  const outlet = outlets.find((candidate) => candidate.ot.includes(ORDER_TYPE.DELIVERY)) ?? outlets[0];
  useEffect(() => {
    if (!wanted || start || !outlet) return;
    api
      .call(restaurants.restaurantDetails, { body: { restaurant_id: outlet.restaurant_id } })
      .then((details) => setStart({ center: details.location, tiles: details.map_tiles }))
      .catch(() => setStart({ center: [101.6869, 3.139], tiles: null }));
  }, [wanted, start, outlet]);
  return start;
}

/**
 * The order settings of a food court: the order type in mall mode (dine-in only at the table of a
 * table QR; delivery warns that outlets which do not deliver leave the cart), then, for delivery
 * without an address, the address typed by hand and its point placed on the map (no geocoding
 * service: the point comes from the map). The server checks the distance to each outlet when the
 * order is placed.
 */
export function OrderSettings({
  open,
  onClose,
  mall,
  outlets,
  outletIdsInCart,
  session,
  onSave,
}: OrderSettingsProps) {
  const [step, setStep] = useState<Step | undefined>();
  const [pending, setPending] = useState<FcSession>(session);
  const [typed, setTyped] = useState<ManualAddress>();
  const mapStart = useMapStart(outlets, step === 'map');

  useEffect(() => {
    setPending(session);
    setStep(open === 'address' ? 'address' : open === 'type' ? 'type' : undefined);
    // Opening starts from the session of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const finish = (next: FcSession) => {
    setStep(undefined);
    onSave(next);
  };

  const chooseType = (orderType: OrderTypeCode) => {
    const resolved = resolveForMall(mall, orderType, session.table !== undefined);
    const next: FcSession = { ...session, orderType: resolved.orderType };
    if (resolved.pickupType) next.pickupType = resolved.pickupType;
    else delete next.pickupType;
    if (next.orderType === ORDER_TYPE.DELIVERY && !next.address) {
      setPending(next);
      setStep('address');
      return;
    }
    finish(next);
  };

  const saveAddress = (address: ManualAddress, location: [number, number]) => {
    const delivery: DeliveryAddress = { line: addressLine(address), location };
    if (address.houseNumber) delivery.house = address.houseNumber;
    if (address.landmark) delivery.landmark = address.landmark;
    if (address.city) delivery.city = address.city;
    finish({ ...pending, orderType: ORDER_TYPE.DELIVERY, address: delivery });
  };

  const losing = outletsNotDelivering(outlets)
    .filter((outlet) => outletIdsInCart.includes(outlet.restaurant_id))
    .map((outlet) => outlet.name);

  return (
    <>
      <FoodCourtOrderTypePopup
        open={step === 'type'}
        onClose={onClose}
        orderTypes={mall.ot}
        value={session.orderType}
        {...(session.table ? { table: session.table.label } : {})}
        nonDeliveringOutlets={losing}
        onConfirm={chooseType}
      />
      <ManualAddressPopup
        open={step === 'address'}
        onClose={onClose}
        initial={{
          houseNumber: pending.address?.house ?? typed?.houseNumber ?? '',
          landmark: pending.address?.landmark ?? typed?.landmark ?? '',
          city: pending.address?.city ?? typed?.city ?? '',
        }}
        onSubmit={(address) => {
          setTyped(address);
          setStep('map');
        }}
      />
      {mapStart ? (
        <MapPopup
          open={step === 'map'}
          onClose={() => setStep('address')}
          center={{ lng: mapStart.center[0], lat: mapStart.center[1] }}
          tiles={mapStart.tiles}
          onConfirm={({ lng, lat }) => {
            if (typed) saveAddress(typed, [lng, lat]);
          }}
        />
      ) : null}
    </>
  );
}
