/**
 * Helpers of the map journeys (the pin on a typed address, 'Use my location'): a tile source the
 * server is configured with, whose requests the browser context answers with a generated PNG, so
 * nothing leaves the machine; OpenStreetMap's tile formula; the point the map popup shows as text.
 */
import { deflateSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

/** The tile source the server is configured with; every request to it is answered by `serveTiles`. */
export const TILE_ORIGIN = 'https://tiles.santap.test';
/** The server's `mapTiles` for the map journeys (`startE2eServer({ mapTiles: MAP_TILES })`). */
export const MAP_TILES = {
  url: `${TILE_ORIGIN}/{z}/{x}/{y}.png`,
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
  maxZoom: 19,
};
/** The zoom the map popup opens at (`@santap/ui` MapPopup's default). */
export const START_ZOOM = 17;
/** How far 'Move pin east' and the other arrow buttons pan the map, in screen pixels. */
export const PAN_STEP_PX = 48;

/** The tile holding a point at zoom z, as `z/x/y`, by OpenStreetMap's "slippy map tilenames" formula. */
export function tileOf(latitude: number, longitude: number, z: number): string {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `${z}/${x}/${y}`;
}

/** Degrees of longitude in one screen pixel at zoom z. */
export const degreesPerPixel = (z: number) => 360 / (256 * 2 ** z);

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
export function tilePng(): Buffer {
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

/**
 * Answers every request of `context` that is not to the server at `baseUrl`: tiles of `TILE_ORIGIN`
 * with the generated PNG (their `z/x/y` recorded in `tiles`), anything else aborted and recorded in
 * `elsewhere`, which a journey expects empty.
 */
export async function serveTiles(
  context: BrowserContext,
  baseUrl: string,
): Promise<{ tiles: string[]; elsewhere: string[] }> {
  const tiles: string[] = [];
  const elsewhere: string[] = [];
  const png = tilePng();
  await context.route(
    (url) => url.origin !== baseUrl,
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
  return { tiles, elsewhere };
}

/** The point the map popup shows as text ('Latitude 3.15790, longitude 101.71160'). */
export async function shownPoint(text: Promise<string | null>) {
  const match = /Latitude (-?[\d.]+), longitude (-?[\d.]+)/.exec((await text) ?? '');
  if (!match) throw new Error(`no coordinates in ${await text}`);
  return { latitude: Number(match[1]), longitude: Number(match[2]) };
}
