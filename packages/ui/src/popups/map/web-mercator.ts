/**
 * Web Mercator (EPSG:3857) as slippy-map tile servers cut it: at zoom `z` the world is a square of
 * 256·2^z pixels, north-west corner at (0, 0), split into 2^z × 2^z tiles of 256 pixels
 * (OpenStreetMap's "slippy map tilenames"). The map popup moves its centre with these functions and
 * asks its tiles through {@link tileUrl}; Leaflet draws them on the same grid.
 */

/** A point in WGS 84 degrees. */
export interface Coordinates {
  lat: number;
  lng: number;
}

/** Pixels from the north-west corner of the world at one zoom level. */
export interface WorldPixel {
  x: number;
  y: number;
}

/** One tile: zoom level, column (west to east) and row (north to south). */
export interface Tile {
  z: number;
  x: number;
  y: number;
}

export const TILE_SIZE = 256;
/** Web Mercator stops here: beyond it the square world would be taller than wide. */
export const MAX_LATITUDE = 85.0511287798;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;

/**
 * A point's pixel position at `zoom` (latitude clamped to ±85.0511°).
 *
 * @example project({ lat: 0, lng: 0 }, 0) // { x: 128, y: 128 }: the middle of the one tile
 */
export function project(point: Coordinates, zoom: number): WorldPixel {
  const size = worldSize(zoom);
  const lat = (clamp(point.lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180;
  return {
    x: ((point.lng + 180) / 360) * size,
    y: (0.5 - Math.log(Math.tan(Math.PI / 4 + lat / 2)) / (2 * Math.PI)) * size,
  };
}

/** The point at a pixel position at `zoom`: the inverse of {@link project}. */
export function unproject(pixel: WorldPixel, zoom: number): Coordinates {
  const size = worldSize(zoom);
  const n = Math.PI * (1 - (2 * pixel.y) / size);
  return { lat: (Math.atan(Math.sinh(n)) * 180) / Math.PI, lng: (pixel.x / size) * 360 - 180 };
}

/** Longitude back into [-180, 180) after a pan across the antimeridian. */
export const wrapLongitude = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * The tile holding `point` at the whole zoom level `zoom`.
 *
 * @example tileAt({ lat: 3.139, lng: 101.6869 }, 17) // { z: 17, x: 102559, y: 64392 } (Kuala Lumpur)
 */
export function tileAt(point: Coordinates, zoom: number): Tile {
  const z = Math.round(zoom);
  const { x, y } = project(point, z);
  const last = 2 ** z - 1;
  return {
    z,
    x: clamp(Math.floor(x / TILE_SIZE), 0, last),
    y: clamp(Math.floor(y / TILE_SIZE), 0, last),
  };
}

/**
 * The point seen `dx` pixels east and `dy` pixels south of `point` at `zoom`: what the map's centre
 * becomes when the map is panned by that much (an arrow button, an arrow key).
 */
export function panByPixels(point: Coordinates, zoom: number, dx: number, dy: number): Coordinates {
  const pixel = project(point, zoom);
  const size = worldSize(zoom);
  const moved = unproject({ x: pixel.x + dx, y: clamp(pixel.y + dy, 0, size) }, zoom);
  return { lat: moved.lat, lng: wrapLongitude(moved.lng) };
}

/** Pixels between two points at `zoom` (straight line on the projected map). */
export function pixelDistance(a: Coordinates, b: Coordinates, zoom: number): number {
  const pa = project(a, zoom);
  const pb = project(b, zoom);
  return Math.hypot(pa.x - pb.x, pa.y - pb.y);
}

/** The placeholders {@link tileUrl} fills; a template must hold `{z}`, `{x}` and `{y}` or `{-y}`. */
export const TILE_URL_PLACEHOLDERS = ['z', 'x', 'y', '-y', 's', 'r'] as const;

/**
 * The address of one tile from a URL template, as Leaflet's tile layer spells them: `{z}`, `{x}`,
 * `{y}`; `{-y}` the row counted from the south (TMS); `{s}` a subdomain `a`, `b` or `c` chosen by
 * the tile (so a browser spreads its requests); `{r}` `@2x` on a high-density screen. Anything
 * else in the template (a key in the query, `{` that is not a placeholder) is kept as written.
 *
 * @example tileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { z: 17, x: 102559, y: 64392 })
 * // 'https://tile.openstreetmap.org/17/102559/64392.png'
 */
export function tileUrl(template: string, tile: Tile, options: { retina?: boolean } = {}): string {
  const values: Record<(typeof TILE_URL_PLACEHOLDERS)[number], string> = {
    z: String(tile.z),
    x: String(tile.x),
    y: String(tile.y),
    '-y': String(2 ** tile.z - 1 - tile.y),
    s: 'abc'.charAt(Math.abs(tile.x + tile.y) % 3),
    r: options.retina ? '@2x' : '',
  };
  return template.replace(/\{(-?[a-z])\}/g, (whole, key: string) =>
    key in values ? values[key as keyof typeof values] : whole,
  );
}
