/** Mean Earth radius in metres (the spherical model is good to well under 1% at city scale). */
const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres between two `[lng, lat]` points (haversine). */
export function distanceMetres(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

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
