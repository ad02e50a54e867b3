import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A device's `prefers-color-scheme: dark` that the test can turn, with its change listeners. */
function deviceScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    turn(next: boolean) {
      query.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The module as a fresh page load reads it (its choice comes from localStorage at import). */
const freshTheme = async () => {
  vi.resetModules();
  return import('./theme');
};

beforeEach(() => {
  delete document.documentElement.dataset.theme;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console theme (per device)', () => {
  it('nothing chosen on a dark device -> dark, and light when the device turns light', async () => {
    const device = deviceScheme(true);
    const theme = await freshTheme();
    theme.startTheme();
    expect(theme.themeChoice()).toBe('system');
    expect(document.documentElement.dataset.theme).toBe('dark');
    device.turn(false);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it("'dark' chosen on a light device -> dark at once, kept over a reload, deaf to the device", async () => {
    const device = deviceScheme(false);
    const theme = await freshTheme();
    theme.startTheme();
    expect(document.documentElement.dataset.theme).toBe('light');
    theme.setThemeChoice('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('santap.staff.theme')).toBe('dark');

    const reloaded = await freshTheme();
    delete document.documentElement.dataset.theme;
    reloaded.startTheme();
    expect(reloaded.themeChoice()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    device.turn(false);
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it("back to 'system' -> the stored choice is gone; a stored value not a theme -> 'system'", async () => {
    deviceScheme(false);
    const theme = await freshTheme();
    theme.setThemeChoice('light');
    theme.setThemeChoice('system');
    expect(localStorage.getItem('santap.staff.theme')).toBeNull();
    localStorage.setItem('santap.staff.theme', 'sepia');
    expect((await freshTheme()).themeChoice()).toBe('system');
  });

  it('resolveTheme: system follows the device, a fixed choice does not', async () => {
    const { resolveTheme } = await freshTheme();
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
