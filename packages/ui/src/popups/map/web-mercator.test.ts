import { describe, expect, it } from 'vitest';
import {
  panByPixels,
  pixelDistance,
  project,
  tileAt,
  tileUrl,
  unproject,
  wrapLongitude,
} from './web-mercator';

/**
 * The tile of a point as OpenStreetMap's wiki ("Slippy map tilenames") writes it, kept apart from the
 * module's own projection so the two are checked against each other.
 */
function osmTile(lat: number, lng: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

/** Degrees of longitude in one pixel at zoom z (the same everywhere on the map). */
const degreesPerPixel = (z: number) => 360 / (256 * 2 ** z);

const PLACES = [
  { name: 'Kuala Lumpur', lat: 3.139, lng: 101.6869 },
  { name: 'Jakarta', lat: -6.2, lng: 106.8166 },
  { name: 'Kota Kinabalu', lat: 5.9804, lng: 116.0735 },
  { name: 'Greenwich', lat: 51.4779, lng: -0.0015 },
];

describe('tileAt', () => {
  it.each(PLACES)('$name at zooms 0-19 -> the tile the OSM formula gives', ({ lat, lng }) => {
    for (let z = 0; z <= 19; z++) expect(tileAt({ lat, lng }, z)).toEqual(osmTile(lat, lng, z));
  });

  it('Kuala Lumpur at zoom 17 -> 17/102559/64392', () => {
    expect(tileAt({ lat: 3.139, lng: 101.6869 }, 17)).toEqual({ z: 17, x: 102559, y: 64392 });
  });

  it('the corners of the world -> the first and last tiles, never outside', () => {
    expect(tileAt({ lat: 89, lng: -180 }, 2)).toEqual({ z: 2, x: 0, y: 0 });
    expect(tileAt({ lat: -89, lng: 179.9999 }, 2)).toEqual({ z: 2, x: 3, y: 3 });
    expect(tileAt({ lat: 0, lng: 0 }, 0)).toEqual({ z: 0, x: 0, y: 0 });
  });
});

describe('project / unproject', () => {
  it('(0, 0) at zoom 0 -> the middle of the one 256-pixel tile', () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
  });

  it('a point projected and back at zooms 0-20 -> the same point (1e-9 degrees)', () => {
    for (const { lat, lng } of PLACES) {
      for (let z = 0; z <= 20; z++) {
        const back = unproject(project({ lat, lng }, z), z);
        expect(back.lat).toBeCloseTo(lat, 9);
        expect(back.lng).toBeCloseTo(lng, 9);
      }
    }
  });
});

describe('panByPixels', () => {
  it('48 px east at zoom 17 -> longitude + 48 × 360 / (256 × 2^17), latitude unchanged', () => {
    const moved = panByPixels({ lat: 3.1, lng: 101.7 }, 17, 48, 0);
    expect(moved.lng).toBeCloseTo(101.7 + 48 * degreesPerPixel(17), 10);
    expect(moved.lat).toBeCloseTo(3.1, 10);
  });

  it('96 px north at zoom 17 -> latitude + 96 px × cos(latitude) (Mercator stretches the north-south scale)', () => {
    const moved = panByPixels({ lat: 3.1, lng: 101.7 }, 17, 0, -96);
    const expected = 3.1 + 96 * degreesPerPixel(17) * Math.cos((3.1 * Math.PI) / 180);
    expect(moved.lat).toBeCloseTo(expected, 7);
    expect(moved.lng).toBeCloseTo(101.7, 10);
  });

  it('one zoom level deeper -> half the distance for the same pixels', () => {
    const start = { lat: -6.2, lng: 106.8 };
    const at17 = panByPixels(start, 17, 48, 0).lng - start.lng;
    const at18 = panByPixels(start, 18, 48, 0).lng - start.lng;
    expect(at18).toBeCloseTo(at17 / 2, 12);
  });

  it('east across the antimeridian -> longitude wraps to the west side', () => {
    const moved = panByPixels({ lat: 0, lng: 179.99 }, 10, 100, 0);
    expect(moved.lng).toBeLessThan(-179);
    expect(wrapLongitude(190)).toBe(-170);
  });
});

describe('pixelDistance', () => {
  it('a point 48 px east and 36 px south -> 60 px', () => {
    const start = { lat: 3.1, lng: 101.7 };
    const moved = panByPixels(panByPixels(start, 17, 48, 0), 17, 0, 36);
    expect(pixelDistance(start, moved, 17)).toBeCloseTo(60, 6);
  });
});

describe('tileUrl', () => {
  const klTile = { z: 17, x: 102559, y: 64392 };

  it('the OpenStreetMap template -> z/x/y filled in', () => {
    expect(tileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', klTile)).toBe(
      'https://tile.openstreetmap.org/17/102559/64392.png',
    );
  });

  it('a provider template with a key and @2x -> key kept, {r} = @2x only on a high-density screen', () => {
    const template = 'https://api.maptiler.com/maps/streets-v2/{z}/{x}/{y}{r}.png?key=abc{d}';
    expect(tileUrl(template, klTile)).toBe(
      'https://api.maptiler.com/maps/streets-v2/17/102559/64392.png?key=abc{d}',
    );
    expect(tileUrl(template, klTile, { retina: true })).toBe(
      'https://api.maptiler.com/maps/streets-v2/17/102559/64392@2x.png?key=abc{d}',
    );
  });

  it('{s} -> a, b or c by (x + y) mod 3; {-y} -> the row counted from the south', () => {
    expect(tileUrl('https://{s}.tiles.test/{z}/{x}/{-y}', { z: 2, x: 1, y: 0 })).toBe(
      'https://b.tiles.test/2/1/3',
    );
    expect(tileUrl('{s}', { z: 2, x: 1, y: 1 })).toBe('c');
    expect(tileUrl('{s}', { z: 2, x: 3, y: 0 })).toBe('a');
  });
});
