import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../lib/testing/render-route';
import { Component, loader, marketingUrlFor } from './root-redirect';

vi.mock('../../../config/env', () => ({
  env: {
    VITE_API_BASE: '',
    VITE_DEFAULT_COUNTRY: 'MY',
    VITE_MARKETING_URL_ID: 'https://santap.id',
    VITE_MARKETING_URL_GLOBAL: 'https://santap.my',
  },
}));

function inTimeZone(timeZone: string) {
  const real = Intl.DateTimeFormat;
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(
    (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
      const format = new real(...args);
      const resolved = format.resolvedOptions();
      format.resolvedOptions = () => ({ ...resolved, timeZone });
      return format;
    },
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('root redirect', () => {
  it('Asia/Jakarta -> location.replace to the Indonesian marketing site', async () => {
    inTimeZone('Asia/Jakarta');
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
    renderRoute([{ path: '/', loader, Component }], '/');
    expect(await screen.findByText('Taking you to Santap…')).toBeTruthy();
    expect(replace).toHaveBeenCalledWith('https://santap.id');
  });

  it('Asia/Kuala_Lumpur -> the global site', async () => {
    inTimeZone('Asia/Kuala_Lumpur');
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
    renderRoute([{ path: '/', loader, Component }], '/');
    await screen.findByText('Taking you to Santap…');
    expect(replace).toHaveBeenCalledWith('https://santap.my');
  });

  it.each([
    ['Asia/Makassar', 'https://santap.id'],
    ['Asia/Jayapura', 'https://santap.id'],
    ['Asia/Pontianak', 'https://santap.id'],
    ['Europe/London', 'https://santap.my'],
    [undefined, 'https://santap.my'],
  ])('%s -> %s', (zone, url) => {
    expect(marketingUrlFor(zone)).toBe(url);
  });
});
