import { afterEach, describe, expect, it, vi } from 'vitest';
import { restaurants } from '@santap/api-client';
import { api } from './api';
import { country } from './session';

vi.mock('../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

function openPage(url: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

/** The country-code header of the next API call. */
async function countryHeaderSent(): Promise<string | null> {
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new TypeError('offline in tests')));
  vi.stubGlobal('fetch', fetch);
  await api.call(restaurants.menu, { query: { restaurant_id: 'warung-sari' } }).catch(() => undefined);
  const [input, init] = fetch.mock.calls[0] ?? [];
  // The client (ky) sends a Request that carries the headers.
  return input ? new Request(input, init).headers.get('country-code') : null;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  openPage('http://localhost:3000/');
});

describe('the dev country override', () => {
  it('localhost, built for MY, opened with ?country=ID -> ID for the session, sent as country-code', async () => {
    openPage('http://localhost:5173/r/warung-sari?country=ID');
    expect(country()).toBe('ID');
    openPage('http://localhost:5173/cart/warung-sari');
    expect(country()).toBe('ID');
    expect(await countryHeaderSent()).toBe('ID');
  });

  it('localhost without it -> the build default MY', async () => {
    openPage('http://localhost:5173/r/kopitiam-ali');
    expect(await countryHeaderSent()).toBe('MY');
  });

  it('a real .my host with ?country=ID -> MY all the same', async () => {
    openPage('https://order.santap.my/r/kopitiam-ali?country=ID');
    expect(await countryHeaderSent()).toBe('MY');
  });
});
