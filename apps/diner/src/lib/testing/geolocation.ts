/**
 * The browser's location in a test: `navigator.geolocation` answers with `[lng, lat]` at once, or,
 * `held`, only when `answer()` is called. `forgetLocation()` (in `afterEach`) takes it away again.
 */
export function locateAt(lng: number, lat: number, { held = false } = {}) {
  let pending: (() => void) | undefined;
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (found: PositionCallback) => {
        const reply = () => found({ coords: { longitude: lng, latitude: lat } } as GeolocationPosition);
        if (held) pending = reply;
        else reply();
      },
    },
  });
  return { answer: () => pending?.() };
}

/** Removes the location `locateAt` gave the browser. */
export function forgetLocation() {
  Reflect.deleteProperty(navigator, 'geolocation');
}
