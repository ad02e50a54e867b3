/**
 * The kiosk around every screen: its device registration, its data (settings and menus, from the
 * server or the offline cache, or the data a server-rendered page came with), the language, and the
 * outbox sender that runs for as long as the page is open (at start, when the browser comes back
 * online, and every few seconds while orders wait).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { kiosk as kioskCalls } from '@santap/api-client';
import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import type { UiTranslate } from '@santap/ui';
import { OUTBOX_RETRY_MS } from '../config/paths';
import { apiDevice, apiIn, setApiCountry, setApiDevice } from './api';
import { forgetDevice, saveDevice } from './device';
import type { DeviceCredentials } from './device';
import { cacheOtherLanguages, homeLanguage, keepKioskData, loadKioskData } from './kiosk-data';
import type { KioskData } from './kiosk-data';
import { outbox } from './outbox';
import { createOutboxSender } from './sync';
import { rememberStart } from './start-language';
import { switchLanguage } from './i18n';

export type KioskStatus = 'setup' | 'loading' | 'ready' | 'error';

export interface Kiosk {
  status: KioskStatus;
  data: KioskData | undefined;
  /** The data came from the offline cache (the server was not reached). */
  cached: boolean;
  error: unknown;
  device: DeviceCredentials | null;
  /** Registers this device (setup screen) and loads its data; a refusal is thrown to the caller. */
  register(device: DeviceCredentials): Promise<void>;
  reload(): void;
  language: SupportedLanguage;
  setLanguage(language: SupportedLanguage): void;
  /** Back to the kiosk's own language (the next customer may not read the last one's). */
  resetLanguage(): void;
  /** Sends queued orders now. */
  sendOutbox(): Promise<void>;
}

const KioskContext = createContext<Kiosk | null>(null);

export interface KioskProviderProps {
  i18n: I18n;
  /**
   * The data the page came with: the server rendered it for this device in this language (README
   * "Server rendering"). The first load is this one, cached as a load from the server would be: no
   * second fetch.
   */
  initial?: KioskData | undefined;
  children: ReactNode;
}

export function KioskProvider({ i18n, initial, children }: KioskProviderProps) {
  const [device, setDevice] = useState<DeviceCredentials | null>(apiDevice);
  const [language, setLanguageState] = useState<SupportedLanguage>(() =>
    isSupportedLanguage(i18n.language) ? i18n.language : 'en',
  );
  const [state, setState] = useState<{
    status: KioskStatus;
    data?: KioskData;
    cached: boolean;
    error?: unknown;
  }>(() =>
    initial
      ? { status: 'ready', data: initial, cached: false }
      : { status: device ? 'loading' : 'setup', cached: false },
  );
  const [attempt, setAttempt] = useState(0);
  // The page's data serves the first load only (its language, before any 'Try again').
  const pageData = useRef(initial && { data: initial, language });
  const languageRef = useRef(language);
  useEffect(() => {
    languageRef.current = language;
  });

  const t = useCallback<() => UiTranslate>(
    () => (key, values) => i18n.t(key, { replace: values ?? {} }),
    [i18n],
  );
  const sender = useMemo(
    () =>
      createOutboxSender({
        client: () => apiIn(languageRef.current),
        deviceId: () => apiDevice()?.id,
        t,
      }),
    [t],
  );

  // The data, on start, after a reload and in each language the customer picks.
  useEffect(() => {
    if (!device) return undefined;
    let current = true;
    const page = pageData.current?.language === language && attempt === 0 ? pageData.current.data : undefined;
    if (!page) pageData.current = undefined;
    const load = page
      ? keepKioskData(device.id, language, page)
          .catch(() => undefined)
          .then(() => ({ data: page, cached: false }))
      : loadKioskData(device.id, language);
    load.then(
      ({ data, cached }) => {
        if (!current) return;
        setApiCountry(data.settings.place.country);
        rememberStart(homeLanguage(data.settings), data.settings.place.country);
        setState({ status: 'ready', data, cached });
        if (!cached) void cacheOtherLanguages(device.id, language);
      },
      (error: unknown) => {
        if (current)
          setState((previous) => (previous.data ? previous : { status: 'error', cached: false, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [device, language, attempt]);

  // The registration kept for the kiosk's page requests (an HttpOnly cookie the server sets once it has
  // checked the secret), renewed on every start: the server then renders the first screens for it.
  // Offline, or refused: the kiosk renders in the browser as before.
  useEffect(() => {
    if (device)
      void apiIn(languageRef.current)
        .call(kioskCalls.kioskPageCookie, {})
        .catch(() => undefined);
  }, [device]);

  // The outbox: read at start, sent when online, retried while anything waits.
  useEffect(() => {
    void outbox.refresh().then(() => sender.send());
    const onOnline = () => void sender.send();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => {
      if (navigator.onLine && outbox.snapshot().some((entry) => entry.state === 'queued')) void sender.send();
    }, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [sender]);

  const setLanguage = useCallback(
    (next: SupportedLanguage) => {
      void switchLanguage(i18n, next).then(() => setLanguageState(next));
    },
    [i18n],
  );

  const value = useMemo<Kiosk>(
    () => ({
      status: state.status,
      data: state.data,
      cached: state.cached,
      error: state.error,
      device,
      async register(next) {
        setApiDevice(next);
        try {
          const { data, cached } = await loadKioskData(next.id, languageRef.current);
          if (cached) throw new Error('setup needs the server');
          saveDevice(next);
          setApiCountry(data.settings.place.country);
          setState({ status: 'ready', data, cached });
          setDevice(next);
        } catch (error) {
          setApiDevice(device);
          if (!device) forgetDevice();
          throw error;
        }
      },
      reload: () => {
        setState((previous) => ({ ...previous, status: previous.data ? previous.status : 'loading' }));
        setAttempt((n) => n + 1);
      },
      language,
      setLanguage,
      resetLanguage: () => {
        const home = state.data ? homeLanguage(state.data.settings) : 'en';
        if (home !== languageRef.current) setLanguage(home);
      },
      sendOutbox: () => sender.send(),
    }),
    [state, device, language, setLanguage, sender],
  );

  return <KioskContext.Provider value={value}>{children}</KioskContext.Provider>;
}

export function useKiosk(): Kiosk {
  const kiosk = useContext(KioskContext);
  if (!kiosk) throw new Error('useKiosk outside KioskProvider');
  return kiosk;
}
