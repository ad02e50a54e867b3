import { useCallback, useEffect, useState } from 'react';

export type LocationState =
  | { status: 'unknown' }
  | { status: 'asking' }
  | { status: 'granted'; location: [number, number] }
  | { status: 'denied' }
  | { status: 'unavailable' };

/**
 * The browser's location, asked for only when the diner allows it: read at once when permission was
 * already granted, on `request()` otherwise ('Use my location'). `[lng, lat]`, as the API takes it.
 */
export function useGeolocation() {
  const [state, setState] = useState<LocationState>({ status: 'unknown' });

  const request = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'unavailable' });
      return;
    }
    setState({ status: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setState({ status: 'granted', location: [position.coords.longitude, position.coords.latitude] }),
      (error) => setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { maximumAge: 5 * 60_000, timeout: 10_000 },
    );
  }, []);

  useEffect(() => {
    let cancelled = false;
    const permissions = navigator.permissions as Permissions | undefined;
    if (!permissions?.query) return undefined;
    permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (cancelled) return;
        if (status.state === 'granted') request();
        else if (status.state === 'denied') setState({ status: 'denied' });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [request]);

  return { state, request };
}
