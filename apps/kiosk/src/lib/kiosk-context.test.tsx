import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setApiDevice } from './api';
import { saveDevice } from './device';
import { startI18n } from './i18n';
import { KioskProvider, useKiosk } from './kiosk-context';
import type { KioskData } from './kiosk-data';
import { readCache } from './kiosk-db';
import { MENU, SETTINGS, ok, stubServer } from './testing';

const DEVICE = { id: 'kopitiam-ali-k1', secret: 's3cret' };

function Status() {
  const kiosk = useKiosk();
  return <p>{`${kiosk.status}: ${kiosk.data?.settings.place.name ?? '-'}`}</p>;
}

describe('KioskProvider with the data a server-rendered page came with (README "Server rendering")', () => {
  it("ready at once with the page's data; no settings or menu fetched in its language; cached in IndexedDB for offline starts; the page cookie renewed", async () => {
    saveDevice(DEVICE);
    setApiDevice(DEVICE);
    const { calls } = stubServer({
      'GET /api/kiosk/settings': () => ok(SETTINGS),
      'GET /api/menu': () => ok(MENU),
      'POST /api/kiosk/page-cookie': () => ok({ expires_epoch: 1 }),
    });
    const data = { settings: SETTINGS, menus: [MENU] } as unknown as KioskData;
    render(
      <KioskProvider i18n={await startI18n('en')} initial={data}>
        <Status />
      </KioskProvider>,
    );
    // The first render is the server's: ready, with its data (no loading state in between).
    expect(screen.getByText(`ready: ${SETTINGS.place.name}`)).toBeTruthy();
    await waitFor(async () => expect(await readCache('data:kopitiam-ali-k1:en')).toEqual(data));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/kiosk/page-cookie')).toBe(true));
    // The other languages are cached in the background as before; never the page's own again.
    await waitFor(() =>
      expect(calls.some((call) => call.headers.get('accept-language') === 'my')).toBe(true),
    );
    const english = calls.filter(
      (call) => call.method === 'GET' && call.headers.get('accept-language') === 'en',
    );
    expect(english).toEqual([]);
  });
});
