import type { LoaderFunctionArgs } from 'react-router';
import { AuthRequired, account } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { api } from '../../../lib/api';
import { partOf } from './part';
import type { Part } from './part';
import { requireLogin, toLogin } from './require-login';

export type Profile = EndpointData<typeof account.userInfo>['user'];
export type Address = EndpointData<typeof account.addressesList>['addresses'][number];
export type AllergiesData = EndpointData<typeof account.allergiesGet>;
export type Allergy = AllergiesData['allergies'][number];

/** The tiles of the map a new address is pinned on, as the addresses list brings them. */
export type MapTilesData = EndpointData<typeof account.addressesList>['map_tiles'];

export type UserProfileData =
  | {
      kind: 'ready';
      profile: Profile;
      addresses: Part<Address[]>;
      mapTiles: MapTilesData;
      allergies: Part<Allergy[]>;
    }
  | { kind: 'error'; error: unknown };

/**
 * `/user`: the full profile, and — each on its own, so one failing leaves the rest usable — the saved
 * addresses (with the tiles of the map a new one is pinned on) and the allergies.
 */
export async function loadUserProfile({ request }: LoaderFunctionArgs): Promise<UserProfileData> {
  requireLogin(request);
  const options = { signal: request.signal };
  const [info, addresses, allergies] = await Promise.allSettled([
    api.call(account.userInfo, {}, options),
    api.call(account.addressesList, {}, options),
    api.call(account.allergiesGet, {}, options),
  ]);
  const results = [info, addresses, allergies];
  if (results.some((result) => result.status === 'rejected' && result.reason instanceof AuthRequired)) {
    throw toLogin(request);
  }
  if (info.status === 'rejected') return { kind: 'error', error: info.reason };
  return {
    kind: 'ready',
    profile: info.value.user,
    addresses: partOf(addresses, (reply) => reply.addresses),
    mapTiles: addresses.status === 'fulfilled' ? addresses.value.map_tiles : null,
    allergies: partOf(allergies, (reply) => reply.allergies),
  };
}
