import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSessionToken,
  expectVisible,
  launchBrowser,
  signUpOnLoginPage,
  startE2eServer,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import {
  MAP_TILES,
  PAN_STEP_PX,
  START_ZOOM,
  degreesPerPixel,
  serveTiles,
  shownPoint,
  tileOf,
} from './map-kit';

/**
 * Where the map opens for a diner with no saved address and no location: the centre of their country,
 * Kuala Lumpur on this server (the diner app's COUNTRY_CENTRE.MY).
 */
const START = { latitude: 3.139, longitude: 101.6869 };
const PHONE = '+60194200001';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer({ mapTiles: MAP_TILES }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a delivery address pinned on the map', () => {
  it('typed address -> the map asks MAP_TILE_URL for the tile under its start at zoom 17 -> dragged north-east, one step east -> the address saved there', async () => {
    const { context, page } = await browser.newPage();
    const { tiles, elsewhere } = await serveTiles(context, server.baseUrl);

    // A new diner logs in on /user and comes back to it.
    await page.goto(`${server.baseUrl}/user`);
    await page.waitForURL((url) => url.pathname === '/login');
    await signUpOnLoginPage(server, page, {
      localNumber: '194200001',
      phone: PHONE,
      name: 'Nurul Huda',
      dateOfBirth: '1992-07-15',
    });
    await page.waitForURL((url) => url.pathname === '/user');

    // An address typed by hand; no geocoding, so its pin is placed on the map.
    await page.getByRole('button', { name: 'Add address' }).click();
    await page
      .getByRole('dialog', { name: 'Use your location?' })
      .getByRole('button', { name: 'Enter address manually' })
      .click();
    const address = page.getByRole('dialog', { name: 'Delivery address' });
    await address.getByRole('textbox', { name: 'Apartment or house number' }).fill('Suite 8-2, Menara Ilham');
    await address.getByRole('textbox', { name: 'City' }).fill('Kuala Lumpur');
    await address.getByRole('button', { name: 'Save address' }).click();
    const map = page.getByRole('dialog', { name: 'Place the pin' });
    await expectVisible(map.getByText('Latitude 3.13900, longitude 101.68690'));

    // The map asked the configured source for the tile under the diner at zoom 17, drew it, and
    // names the source as its licence asks.
    const startTile = tileOf(START.latitude, START.longitude, START_ZOOM);
    await expect.poll(() => tiles, { timeout: 15_000 }).toContain(startTile);
    await expect.poll(() => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    const attribution = map.getByRole('link', { name: '© OpenStreetMap contributors' });
    await expectVisible(attribution);
    expect(await attribution.getAttribute('href')).toBe('https://www.openstreetmap.org/copyright');

    // Drag the map 120 px left and 80 px down: the place north-east of the start comes under the pin.
    const area = map.getByRole('group', { name: /^Map, pin at/ });
    const box = (await area.boundingBox())!;
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x - 120, middle.y + 80, { steps: 12 });
    await page.waitForTimeout(300); // held still: no inertia after the release
    await page.mouse.up();
    const coordinates = map.locator('.st-map__coordinates');
    await expect
      .poll(async () => (await shownPoint(coordinates.textContent())).longitude)
      .toBeGreaterThan(START.longitude);
    const dragged = await shownPoint(coordinates.textContent());
    // 120 px at zoom 17 is 0.00129° of longitude; Leaflet counts the drag from its 3 px threshold.
    expect(dragged.longitude - START.longitude).toBeGreaterThan(100 * degreesPerPixel(START_ZOOM));
    expect(dragged.longitude - START.longitude).toBeLessThan(130 * degreesPerPixel(START_ZOOM));
    expect(dragged.latitude).toBeGreaterThan(START.latitude + 0.0005);
    expect(dragged.latitude).toBeLessThan(START.latitude + 0.0011);

    // One step east with the button: 48 px further.
    await map.getByRole('button', { name: 'Move pin east' }).click();
    await expect
      .poll(async () => (await shownPoint(coordinates.textContent())).longitude)
      .toBeCloseTo(dragged.longitude + PAN_STEP_PX * degreesPerPixel(START_ZOOM), 4);
    const chosen = await shownPoint(coordinates.textContent());
    // The map followed: it asked for the tile under the new centre.
    expect(tiles).toContain(tileOf(chosen.latitude, chosen.longitude, START_ZOOM));

    await map.getByRole('button', { name: 'Confirm location' }).click();
    await expectVisible(page.getByText('Address saved'));

    // The saved pin is the point chosen on the map: north-east of where the map opened.
    const token = await browserSessionToken(context, page);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/user/addresses',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(200);
    const [saved] = (
      list.json() as { data: { addresses: { apartment: string; lat: number; lng: number }[] } }
    ).data.addresses;
    expect(saved?.apartment).toBe('Suite 8-2, Menara Ilham');
    expect(saved!.lng).toBeCloseTo(chosen.longitude, 5);
    expect(saved!.lat).toBeCloseTo(chosen.latitude, 5);
    expect(saved!.lng).toBeGreaterThan(START.longitude);
    expect(saved!.lat).toBeGreaterThan(START.latitude);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
