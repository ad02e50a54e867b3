/** Why the browser gave no position: permission off ('Location Permission is off') or not found. */
export type PositionFailure = 'denied' | 'unavailable';

/**
 * The device's position as `[lng, lat]` from `navigator.geolocation` (asked by the location popups
 * of the delivery address and the account's addresses); rejects with a {@link PositionFailure}.
 */
export function currentPosition(): Promise<[number, number]> {
  return new Promise((resolve, reject: (failure: PositionFailure) => void) => {
    if (!('geolocation' in navigator)) {
      reject('unavailable');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve([position.coords.longitude, position.coords.latitude]),
      (error) => reject(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  });
}
