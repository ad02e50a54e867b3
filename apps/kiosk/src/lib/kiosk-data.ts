/**
 * What the kiosk needs to take orders: its settings (from the server, for this device) and the menu
 * of each outlet, in one language. Each load is kept in IndexedDB, per device and language, so a
 * kiosk that starts (or reloads) with no network takes orders from the last menu it saw.
 */
import { NoInternet, RequestTimeout, kiosk, restaurants } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { defaultLanguage } from '@santap/domain';
import { SUPPORTED_LANGUAGES } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { apiIn } from './api';
import { readCache, writeCache } from './kiosk-db';

export type KioskSettings = EndpointData<typeof kiosk.kioskSettings>;
export type Menu = EndpointData<typeof restaurants.menu>;
export type MenuItem = Menu['items'][number];

export interface KioskData {
  settings: KioskSettings;
  /** One menu per outlet, in the settings' order. */
  menus: Menu[];
}

const cacheName = (deviceId: string, language: SupportedLanguage) => `data:${deviceId}:${language}`;

/** The kiosk's data from the server in `language` (the server render's too: its client is the request's). */
export async function fetchData(language: SupportedLanguage): Promise<KioskData> {
  const client = apiIn(language);
  const settings = await client.call(kiosk.kioskSettings, {});
  const menus = await Promise.all(
    settings.outlets.map((outlet) =>
      client.call(restaurants.menu, { query: { restaurant_id: outlet.nameid } }),
    ),
  );
  return { settings, menus };
}

const offline = (error: unknown) => error instanceof NoInternet || error instanceof RequestTimeout;

/**
 * The kiosk's data in `language`: from the server (and then cached), or, with no network, from the
 * cache — this language's copy, else any language's. Server refusals (an unknown device) are thrown.
 */
export async function loadKioskData(
  deviceId: string,
  language: SupportedLanguage,
): Promise<{ data: KioskData; cached: boolean }> {
  try {
    const data = await fetchData(language);
    await writeCache(cacheName(deviceId, language), data);
    return { data, cached: false };
  } catch (error) {
    if (!offline(error)) throw error;
    for (const candidate of [language, ...SUPPORTED_LANGUAGES.filter((other) => other !== language)]) {
      const data = await readCache<KioskData>(cacheName(deviceId, candidate));
      if (data) return { data, cached: true };
    }
    throw error;
  }
}

/**
 * Keeps data the page came with (the server rendered it: README "Server rendering") in the cache, as
 * a load from the server would have.
 */
export async function keepKioskData(deviceId: string, language: SupportedLanguage, data: KioskData) {
  await writeCache(cacheName(deviceId, language), data);
}

/** Fills the cache of the other languages in the background, so an offline language switch still has names. */
export async function cacheOtherLanguages(deviceId: string, loaded: SupportedLanguage): Promise<void> {
  for (const language of SUPPORTED_LANGUAGES.filter((other) => other !== loaded)) {
    try {
      await writeCache(cacheName(deviceId, language), await fetchData(language));
    } catch {
      return; // offline again: try on the next start
    }
  }
}

/** How this kiosk takes payment: at the counter after ordering (cash kiosk) and/or by scanning a QR (wallet). */
export function kioskPayments(settings: KioskSettings): { cash: boolean; qr: boolean } {
  return {
    cash: settings.payment_methods.includes('Cash kiosk'),
    qr: settings.payment_methods.includes('Wallet'),
  };
}

/** The kiosk's own language: Indonesian in Indonesia, English in Malaysia (customers switch). */
export function homeLanguage(settings: KioskSettings): SupportedLanguage {
  // The server renders a kiosk's first screens in the same one (apps/api kiosk-page.ts).
  return defaultLanguage(settings.place.country);
}
