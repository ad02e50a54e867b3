import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';

/** The tile source the server is configured with; every request to it is answered here (no network). */
const TILE_ORIGIN = 'https://tiles.santap.test';
const MAP_TILES = {
  url: `${TILE_ORIGIN}/{z}/{x}/{y}.png`,
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
  maxZoom: 19,
};
/**
 * Where the map opens for a diner with no saved address and no location: the centre of their country,
 * Kuala Lumpur on this server (the diner app's COUNTRY_CENTRE.MY).
 */
const START = { latitude: 3.139, longitude: 101.6869 };
const START_ZOOM = 17;
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

/** The tile holding a point at zoom z, by OpenStreetMap's "slippy map tilenames" formula. */
function tileOf(latitude: number, longitude: number, z: number) {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `${z}/${x}/${y}`;
}

/** Degrees of longitude in one screen pixel at zoom z. */
const degreesPerPixel = (z: number) => 360 / (256 * 2 ** z);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256 × 256 RGB PNG: pale blue with a dark blue edge, so each tile shows on a screenshot. */
function tilePng(): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      const edge = x < 2 || y < 2;
      row.set(edge ? [40, 80, 160] : [200, 220, 245], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The point the map popup shows as text ('Latitude 3.15790, longitude 101.71160'). */
async function shownPoint(text: Promise<string | null>) {
  const match = /Latitude (-?[\d.]+), longitude (-?[\d.]+)/.exec((await text) ?? '');
  if (!match) throw new Error(`no coordinates in ${await text}`);
  return { latitude: Number(match[1]), longitude: Number(match[2]) };
}

describe('a delivery address pinned on the map (issue 7 §1)', () => {
  it('typed address -> the map asks MAP_TILE_URL for the tile under its start at zoom 17 -> dragged north-east, one step east -> the address saved there', async () => {
    const { context, page } = await browser.newPage();
    const tiles: string[] = [];
    const elsewhere: string[] = [];
    const png = tilePng();
    await context.route(
      (url) => url.origin !== server.baseUrl,
      async (route) => {
        const url = route.request().url();
        if (!url.startsWith(`${TILE_ORIGIN}/`)) {
          elsewhere.push(url);
          return route.abort();
        }
        tiles.push(url.slice(TILE_ORIGIN.length + 1).replace(/\.png$/, ''));
        return route.fulfill({ status: 200, contentType: 'image/png', body: png });
      },
    );

    // A new diner logs in on /user and comes back to it.
    await page.goto(`${server.baseUrl}/user`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('194200001');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectVisible(page.getByText(`We sent a 6-digit code by SMS to ${PHONE}`));
    const inbox = await server.app.inject({
      method: 'GET',
      url: `/api/dev/inbox?recipient=${encodeURIComponent(PHONE)}`,
    });
    const { messages } = (inbox.json() as { data: { messages: { body: string }[] } }).data;
    const otp = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1];
    expect(otp).toBeDefined();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(otp!);
    await expectVisible(page.getByRole('heading', { name: 'Tell us about you' }));
    await page.getByRole('textbox', { name: 'Full name' }).fill('Nurul Huda');
    await page.getByRole('button', { name: 'Continue' }).click();
    const dob = page.getByRole('dialog', { name: 'Your date of birth' });
    await dob.getByLabel('Date of birth').fill('1992-07-15');
    await dob.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm and save' }).click();
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
      .toBeCloseTo(dragged.longitude + 48 * degreesPerPixel(START_ZOOM), 4);
    const chosen = await shownPoint(coordinates.textContent());
    // The map followed: it asked for the tile under the new centre.
    expect(tiles).toContain(tileOf(chosen.latitude, chosen.longitude, START_ZOOM));

    await map.getByRole('button', { name: 'Confirm location' }).click();
    await expectVisible(page.getByText('Address saved'));

    // The saved pin is the point chosen on the map: north-east of where the map opened.
    const auth = JSON.parse((await page.evaluate(() => localStorage.getItem('santap.auth'))) ?? '{}') as {
      token: string;
    };
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/user/addresses',
      headers: { authorization: `Bearer ${auth.token}` },
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
