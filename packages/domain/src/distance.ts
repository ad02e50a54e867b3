/** The mean Earth radius the server's SQL distance uses too (`distanceSql` of apps/api), in metres. */
export const EARTH_RADIUS_M = 6_371_000;

/**
 * Great-circle distance in metres between two `[lng, lat]` points (haversine on a sphere of
 * {@link EARTH_RADIUS_M}): how far a delivery address is from a restaurant, checked against its
 * delivery radius by the diner's address step and again by order create (`validation.addressTooFar`).
 * The spherical model is good to well under 1% at city scale.
 *
 * @example
 * ```ts
 * distanceMetres([101.7, 3.1], [101.7, 4.1]); // ≈ 111_195 (one degree of latitude)
 * ```
 */
export function distanceMetres(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const [lng1, lat1] = a;
  const [lng2, lat2] = b;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return EARTH_RADIUS_M * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}
