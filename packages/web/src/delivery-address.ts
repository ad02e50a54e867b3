import type { EndpointInput, cart } from '@santap/api-client';

/** A delivery address as the cart's context takes it (`cart.cartDetails`; `[lng, lat]` like every location of the API). */
export type DeliveryAddress = NonNullable<EndpointInput<typeof cart.cartDetails>['body']['address']>;

const isLocation = (value: unknown): value is [number, number] =>
  Array.isArray(value) &&
  value.length === 2 &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n));

/**
 * A delivery address read back from what the browser kept (the diner's and the food court's order
 * session): `undefined` unless it has a line and a `[lng, lat]`; empty or non-text parts are left out.
 */
export function readDeliveryAddress(value: unknown): DeliveryAddress | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  if (typeof raw.line !== 'string' || raw.line === '' || !isLocation(raw.location)) return undefined;
  const address: DeliveryAddress = { line: raw.line, location: raw.location };
  for (const key of ['house', 'landmark', 'city'] as const) {
    const part = raw[key];
    if (typeof part === 'string' && part !== '') address[key] = part;
  }
  return address;
}
