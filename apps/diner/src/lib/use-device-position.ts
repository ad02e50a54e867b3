import { useState } from 'react';
import type { LocationStatus } from '@santap/ui';
import { currentPosition } from './geo';
import type { PositionFailure } from './geo';

/**
 * The device's position as a location popup asks for it (the delivery address of the order settings,
 * the account's addresses): `ask` sets the status to 'requesting', then back to 'prompt' with the
 * position found (`located`, where the map opens; `onFound` moves the popup on), or to why there is
 * none ('denied', 'unavailable'). `reset` forgets both for a fresh start.
 */
export function useDevicePosition(onFound: () => void) {
  const [status, setStatus] = useState<LocationStatus>('prompt');
  const [located, setLocated] = useState<[number, number] | undefined>();
  const ask = () => {
    setStatus('requesting');
    currentPosition().then(
      (position) => {
        setStatus('prompt');
        setLocated(position);
        onFound();
      },
      (failure: PositionFailure) => setStatus(failure),
    );
  };
  const reset = () => {
    setStatus('prompt');
    setLocated(undefined);
  };
  return { status, located, ask, reset };
}
