import { useSyncExternalStore } from 'react';

/** What this device asked for: follow the device's own setting (`prefers-color-scheme`), or fixed. */
export type ThemeChoice = 'system' | 'light' | 'dark';
/** The colours in force: `data-theme` on `<html>`, which staff.css reads. */
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'santap.staff.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The console's theme, kept per device (localStorage, like the station and the language): a kitchen
 * tablet can be dark while the manager's phone follows its own setting. A tiny external store, so the
 * top bar's and the login page's pickers agree.
 */
let choice: ThemeChoice = read();
const listeners = new Set<() => void>();

function read(): ThemeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function deviceIsDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

/** The theme a choice comes to on this device now. */
export function resolveTheme(picked: ThemeChoice, deviceDark: boolean): Theme {
  if (picked === 'system') return deviceDark ? 'dark' : 'light';
  return picked;
}

function apply() {
  document.documentElement.dataset.theme = resolveTheme(choice, deviceIsDark());
}

/**
 * Puts the saved theme on `<html>` before the first render and follows the device's setting while the
 * choice is 'system' (a tablet switching to dark at night). Called once by `main.tsx`.
 */
export function startTheme(): void {
  apply();
  if (typeof matchMedia === 'function') matchMedia(DARK_QUERY).addEventListener('change', apply);
}

export function themeChoice(): ThemeChoice {
  return choice;
}

/** Keeps `next` on this device and applies it at once. */
export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Storage off: the theme lasts this page.
  }
  apply();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This device's theme choice; re-renders when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, themeChoice, themeChoice);
}
