import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const read = () => navigator.onLine !== false;

/** Whether the device says it is online (screens without the live channel: bookings). */
export function useDeviceOnline(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}
