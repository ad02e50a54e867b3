import { createApiClient, kiosk } from '@santap/api-client';
import type { ApiClient, EarlyReplies } from '@santap/api-client';
import type { SupportedLanguage } from '@santap/i18n';
import { serverApiOptions } from '@santap/ui';
import { storedDevice } from './device';
import type { DeviceCredentials } from './device';
import { startCountry } from './start-language';

let device: DeviceCredentials | null = storedDevice();
let country: 'MY' | 'ID' = startCountry();
const clients = new Map<SupportedLanguage, ApiClient>();

/** The device whose headers every call carries (set after the setup screen). */
export function setApiDevice(next: DeviceCredentials | null) {
  device = next;
}

export function apiDevice(): DeviceCredentials | null {
  return device;
}

/** The country of the kiosk's place (from its settings): the `country-code` header. */
export function setApiCountry(next: 'MY' | 'ID') {
  country = next;
}

/**
 * `fetch` with the kiosk's headers. The global `fetch` is looked up at call time, so tests can stub
 * it; a network failure rejects as usual (the client turns it into NoInternet).
 */
const kioskFetch: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  if (device) {
    request.headers.set(kiosk.KIOSK_DEVICE_HEADER, device.id);
    request.headers.set(kiosk.KIOSK_SECRET_HEADER, device.secret);
  }
  return globalThis.fetch(request);
};

/**
 * The API client for replies in `language` (menus and settings come back in it; the kiosk keeps a
 * copy of each language for offline starts). Same origin: the API serves the kiosk.
 */
export function apiIn(language: SupportedLanguage): ApiClient {
  if (import.meta.env.SSR) return serverClient();
  let client = clients.get(language);
  if (!client) {
    client = createApiClient({
      baseUrl: window.location.origin,
      country: () => country,
      language: () => language,
      fetch: kioskFetch,
    });
    clients.set(language, client);
  }
  return client;
}

let server: ApiClient | undefined;

/**
 * The server render's client (`entry-server.tsx`): it speaks for the page request being rendered
 * (`serverApiOptions` of @santap/ui): the kiosk's country and language, the API in-process, whose
 * fetch carries the device's credentials (the API checked its page cookie).
 */
function serverClient(): ApiClient {
  server ??= createApiClient(serverApiOptions<EarlyReplies>());
  return server;
}
