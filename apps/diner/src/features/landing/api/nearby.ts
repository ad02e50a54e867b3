import { restaurants } from '@santap/api-client';
import type { Country } from '@santap/domain';
import { api } from '../../../lib/api';
import type { NearbyData } from '../../../lib/api-types';

/** Spec §9: nearby search radius in metres and page size. */
export const NEARBY_RADIUS_M = 50_000;
export const NEARBY_PAGE_SIZE = 10;

/**
 * Where "nearby" is measured from when the browser gives no location: the capital's centre of the
 * country the host names (Kuala Lumpur, Jakarta), `[lng, lat]`.
 */
export const FALLBACK_LOCATION: Readonly<Record<Country, [number, number]>> = {
  MY: [101.6869, 3.139],
  ID: [106.8456, -6.2088],
};

export function fetchNearby(input: {
  location: [number, number];
  page: number;
  nameFilter: string;
  signal?: AbortSignal;
}): Promise<NearbyData> {
  const name = input.nameFilter.trim();
  return api.call(
    restaurants.nearbyRestaurants,
    {
      body: {
        location: input.location,
        max_distance: NEARBY_RADIUS_M,
        page_no: input.page,
        limit: NEARBY_PAGE_SIZE,
        ...(name ? { name_filter: name } : {}),
      },
    },
    input.signal ? { signal: input.signal } : {},
  );
}
