import type { Country } from '@santap/domain';

/**
 * Where the map picker starts when neither the browser's location nor a saved address is known: the
 * capital of the diner's country (Kuala Lumpur, Jakarta), as `[lng, lat]`.
 */
export const COUNTRY_CENTRE: Readonly<Record<Country, readonly [number, number]>> = {
  MY: [101.6869, 3.139],
  ID: [106.8456, -6.2088],
};
