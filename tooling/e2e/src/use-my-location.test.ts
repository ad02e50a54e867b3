import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  apiCall,
  expectVisible,
  launchBrowser,
  registeredDiner,
  signInBrowser,
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
 * Where the browser says the diner is: near KLCC, about 3.5 km from kopitiam-ali (Jalan Tun Perak,
 * 3.139, 101.6869; delivers within 8 km) and from the centre the account's map opens at without a
 * location (Kuala Lumpur, the same point), so the map's start tile tells the two apart.
 */
const LOCATED = { latitude: 3.1579, longitude: 101.7116 };
const LOCATED_TEXT = 'Latitude 3.15790, longitude 101.71160';
/** kopitiam-ali's own point, and the diner app's COUNTRY_CENTRE.MY. */
const KUALA_LUMPUR = { latitude: 3.139, longitude: 101.6869 };
const KOPITIAM = 'kopitiam-ali';
/** The located point one 'Move pin east' later: 48 px at zoom 17, about 0.0005° (57 m) east. */
const MOVED = {
  latitude: LOCATED.latitude,
  longitude: LOCATED.longitude + PAN_STEP_PX * degreesPerPixel(START_ZOOM),
};

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer({ mapTiles: MAP_TILES }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page at the located point with the location allowed, as `diner` when given (its session cookie). */
async function locatedPage(diner?: { token: string; userId: number }) {
  const { context, page } = await browser.newPage({ geolocation: LOCATED, permissions: ['geolocation'] });
  if (diner) {
    await signInBrowser(context, server.baseUrl, diner.token);
  }
  return { context, page, ...(await serveTiles(context, server.baseUrl)) };
}

/**
 * 'Use my location' in the open location popup -> the map opens centred on the located point: it shows
 * that point and asks for the tile holding it at the start zoom, never the tile of Kuala Lumpur's
 * centre; then one step east, and the pin confirmed there.
 */
async function useLocationAndStepEast(page: Page, tiles: string[]) {
  await page
    .getByRole('dialog', { name: 'Use your location?' })
    .getByRole('button', { name: 'Use my location' })
    .click();
  const map = page.getByRole('dialog', { name: 'Place the pin' });
  await expectVisible(map.getByText(LOCATED_TEXT));
  await expect
    .poll(() => tiles, { timeout: 15_000 })
    .toContain(tileOf(LOCATED.latitude, LOCATED.longitude, START_ZOOM));
  await expect.poll(() => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
  expect(tiles).not.toContain(tileOf(KUALA_LUMPUR.latitude, KUALA_LUMPUR.longitude, START_ZOOM));
  // Nothing asked for yet: the located point is only where the map opened.
  expect(await page.getByRole('dialog', { name: 'Delivery address' }).count()).toBe(0);

  await map.getByRole('button', { name: 'Move pin east' }).click();
  const coordinates = map.locator('.st-map__coordinates');
  // The text has 5 decimals; the saved point is checked to 0.000005° below.
  await expect
    .poll(async () => (await shownPoint(coordinates.textContent())).longitude)
    .toBeCloseTo(MOVED.longitude, 4);
  expect((await shownPoint(coordinates.textContent())).latitude).toBe(LOCATED.latitude);
  await map.getByRole('button', { name: 'Confirm location' }).click();
}

/** Types the address in the 'Delivery address' form that follows the map, and saves it. */
async function typeAddress(page: Page, apartment: string, city: string) {
  const form = page.getByRole('dialog', { name: 'Delivery address' });
  await form.getByRole('textbox', { name: 'Apartment or house number' }).fill(apartment);
  await form.getByRole('textbox', { name: 'City' }).fill(city);
  await form.getByRole('button', { name: 'Save address' }).click();
}

/** The delivery address of this browser's kopitiam-ali cart, read through the real API once it is there. */
async function cartAddress(context: BrowserContext, token?: string) {
  const cartToken = (await context.cookies()).find((cookie) => cookie.name === 'cart_token')?.value;
  expect(cartToken).toBeDefined();
  const read = async () =>
    (
      await apiCall<{ context: { orderType?: number; address?: { line: string; location: number[] } } }>(
        server,
        'GET',
        `/api/orders/cart/get.php?scope=${KOPITIAM}`,
        { cartToken: cartToken!, ...(token ? { token } : {}) },
      )
    ).context;
  await expect.poll(async () => (await read()).address).toBeDefined();
  return read();
}

describe("'Use my location' for a delivery address (4f65161: the map opens on the located point)", () => {
  it('/user: Add address -> Use my location -> the map centred on the located point (its tile at zoom 17) -> one step east -> typed, saved -> the address holds the moved point, not the located one', async () => {
    const diner = await registeredDiner(server, '+60194300001');
    const { context, page, tiles, elsewhere } = await locatedPage(diner);
    await page.goto(`${server.baseUrl}/user`);
    await page.getByRole('button', { name: 'Add address' }).click();
    await useLocationAndStepEast(page, tiles);

    await typeAddress(page, 'Level 12, Menara Maxis', 'Kuala Lumpur');
    await expectVisible(page.getByText('Address saved'));

    const { addresses } = await apiCall<{
      addresses: { apartment: string; city: string; lat: number; lng: number }[];
    }>(server, 'GET', '/api/user/addresses', { token: diner.token });
    expect(addresses).toHaveLength(1);
    const [saved] = addresses;
    expect(saved).toMatchObject({ apartment: 'Level 12, Menara Maxis', city: 'Kuala Lumpur' });
    // The moved point (within 0.000005°), not the raw location 0.0005° west of it.
    expect(saved!.lng).toBeCloseTo(MOVED.longitude, 5);
    expect(saved!.lat).toBeCloseTo(MOVED.latitude, 5);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it('kopitiam-ali delivery: Choose delivery address -> Use my location (inside its 8 km) -> the map on the located point -> one step east -> typed -> the cart holds the moved point', async () => {
    // A logged-in diner with no saved address goes from the saved-addresses step to the location popup.
    const diner = await registeredDiner(server, '+60194300002');
    const { context, page, tiles, elsewhere } = await locatedPage(diner);
    await page.goto(`${server.baseUrl}/r/${KOPITIAM}/2`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
    await page.getByRole('button', { name: 'Choose delivery address' }).click();
    await useLocationAndStepEast(page, tiles);

    await typeAddress(page, 'No. 7, Jalan Ampang', 'Kuala Lumpur');
    await expectVisible(page.getByText('No. 7, Jalan Ampang, Kuala Lumpur', { exact: false }));
    expect(await page.getByText('This address is too far for delivery').count()).toBe(0);

    const cart = await cartAddress(context, diner.token);
    expect(cart.orderType).toBe(2);
    expect(cart.address?.line).toBe('No. 7, Jalan Ampang, Kuala Lumpur');
    const [lng, lat] = cart.address!.location;
    expect(lng).toBeCloseTo(MOVED.longitude, 5);
    expect(lat).toBeCloseTo(MOVED.latitude, 5);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it("kopitiam-ali delivery, location permission denied -> 'Location Permission is off', no 'Use my location' -> the address typed by hand, pinned -> in the cart", async () => {
    // No permission granted: Chromium refuses the page's location request.
    const { context, page } = await browser.newPage();
    const { elsewhere } = await serveTiles(context, server.baseUrl);
    await page.goto(`${server.baseUrl}/r/${KOPITIAM}/2`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
    await page.getByRole('button', { name: 'Choose delivery address' }).click();
    const locate = page.getByRole('dialog', { name: 'Use your location?' });
    await locate.getByRole('button', { name: 'Use my location' }).click();
    await expectVisible(locate.getByText('Location Permission is off'));
    expect(await locate.getByRole('button', { name: 'Use my location' }).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Place the pin' }).count()).toBe(0);

    await locate.getByRole('button', { name: 'Enter address manually' }).click();
    await typeAddress(page, 'No. 3, Jalan Tun Perak', 'Kuala Lumpur');
    // No geocoding: the map opens on the restaurant for the pin.
    const map = page.getByRole('dialog', { name: 'Place the pin' });
    await expectVisible(map.getByText('Latitude 3.13900, longitude 101.68690'));
    await map.getByRole('button', { name: 'Confirm location' }).click();
    await expectVisible(page.getByText('No. 3, Jalan Tun Perak, Kuala Lumpur', { exact: false }));

    const cart = await cartAddress(context);
    expect(cart.address?.line).toBe('No. 3, Jalan Tun Perak, Kuala Lumpur');
    expect(cart.address?.location).toEqual([KUALA_LUMPUR.longitude, KUALA_LUMPUR.latitude]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
