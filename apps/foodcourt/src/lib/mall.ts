import { useParams } from 'react-router';
import { restaurants } from '@santap/api-client';
import { hostMallName } from '../config/paths';
import { api } from './api';
import type { MallData } from './api-types';

/**
 * The mall a page is for: the `:mall` route parameter (`/fc/{mall}/…`), else the mall of this host
 * (`mall-demo.santap.my`, where the server serves this app at `/`).
 */
export function mallOf(params: Readonly<Record<string, string | undefined>>, hostMall?: string): string {
  return params.mall ?? hostMall ?? '';
}

/**
 * The mall of a mall host: the server serves this app outside `/fc/` only when the host's first
 * label is a known mall, so a page loaded there names its mall by that label.
 */
export function mallOfHost(location: Pick<Location, 'hostname' | 'pathname'>): string | undefined {
  if (location.pathname === '/fc' || location.pathname.startsWith('/fc/')) return undefined;
  const label = location.hostname.split('.')[0]?.toLowerCase() ?? '';
  return /^[a-z0-9-]+$/.test(label) && location.hostname.includes('.') ? label : undefined;
}

/** The mall slug of the current page. */
export function useMall(): string {
  return mallOf(useParams(), hostMallName());
}

const TTL_MS = 30_000;
const cache = new Map<string, { at: number; data: Promise<MallData> }>();

/**
 * A mall and its outlets (`get_mall_restaurants.php`), shared by the loaders for 30 s so going from
 * an outlet to the cart and back costs no extra call; open-now is read again after that.
 */
export function fetchMall(mall: string): Promise<MallData> {
  // The server keeps nothing between requests (each is another diner's, in their language).
  if (import.meta.env.SSR) return api.call(restaurants.mallRestaurants, { query: { mall } });
  const hit = cache.get(mall);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.data;
  const data = api.call(restaurants.mallRestaurants, { query: { mall } });
  cache.set(mall, { at: Date.now(), data });
  data.catch(() => {
    if (cache.get(mall)?.data === data) cache.delete(mall);
  });
  return data;
}

/** Names come in the diner's language: a language change reads them again. */
export function forgetMalls() {
  cache.clear();
}
