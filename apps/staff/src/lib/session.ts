import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'santap-staff-token';

/**
 * The staff token of this device (localStorage, so a kitchen tablet stays logged in across reloads
 * for the token's shift). A tiny external store: `useStaffToken()` re-renders on login and logout.
 */
let token: string | null = read();
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function staffToken(): string | null {
  return token;
}

export function setStaffToken(next: string | null) {
  token = next;
  try {
    if (next) localStorage.setItem(STORAGE_KEY, next);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage off: the session lasts this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribe, staffToken, staffToken);
}
