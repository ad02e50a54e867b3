import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

const DATABASE_URL = 'postgres://santap@db.internal:5432/santap';

describe('configFromEnv database', () => {
  it('no DATABASE_URL -> embedded PGlite in DATA_DIR', () => {
    expect(configFromEnv({ DATA_DIR: '/var/santap' }).database).toEqual({
      engine: 'pglite',
      dataDir: '/var/santap',
    });
  });

  it('DATABASE_URL without DATABASE_POOL_SIZE -> a pool of 10', () => {
    expect(configFromEnv({ DATABASE_URL }).database).toEqual({
      engine: 'postgres',
      url: DATABASE_URL,
      poolSize: 10,
    });
  });

  it('DATABASE_POOL_SIZE 4 -> a pool of 4; 0 or 500 -> refused at start', () => {
    expect(configFromEnv({ DATABASE_URL, DATABASE_POOL_SIZE: '4' }).database).toMatchObject({ poolSize: 4 });
    expect(() => configFromEnv({ DATABASE_URL, DATABASE_POOL_SIZE: '0' })).toThrow();
    expect(() => configFromEnv({ DATABASE_URL, DATABASE_POOL_SIZE: '500' })).toThrow();
  });
});

describe('configFromEnv map tiles', () => {
  it("no MAP_TILE_* -> OpenStreetMap's tiles, its attribution linked to its copyright page, zoom 19", () => {
    expect(configFromEnv({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
      maxZoom: 19,
    });
  });

  it('MAP_TILE_URL empty -> no tiles (the picker draws its grid alone)', () => {
    expect(configFromEnv({ MAP_TILE_URL: '' }).mapTiles).toBeUndefined();
  });

  it('a provider URL with its key, its attribution, no link, zoom 22 -> passed on as given', () => {
    const url = 'https://api.maptiler.com/maps/streets-v2/{z}/{x}/{y}{r}.png?key=k3y';
    expect(
      configFromEnv({
        MAP_TILE_URL: url,
        MAP_TILE_ATTRIBUTION: '© MapTiler © OpenStreetMap contributors',
        MAP_TILE_ATTRIBUTION_URL: '',
        MAP_TILE_MAX_ZOOM: '22',
      }).mapTiles,
    ).toEqual({
      url,
      attribution: '© MapTiler © OpenStreetMap contributors',
      attributionUrl: null,
      maxZoom: 22,
    });
  });

  it.each([
    ['https://tiles.example.com/{z}/{x}.png', /needs \{y\}/],
    ['https://tiles.example.com/{zoom}/{x}/{y}.png', /unknown placeholder \{zoom\}/],
    ['ftp://tiles.example.com/{z}/{x}/{y}.png', /http\(s\)/],
    ['tiles/{z}/{x}/{y}.png', /http\(s\)/],
  ])('MAP_TILE_URL %s -> refused at start', (url, message) => {
    expect(() => configFromEnv({ MAP_TILE_URL: url })).toThrow(message);
  });

  it('a TMS URL ({-y}, {s}) -> accepted; tiles without an attribution -> refused at start', () => {
    expect(
      configFromEnv({ MAP_TILE_URL: 'https://{s}.tms.example.com/{z}/{x}/{-y}.png' }).mapTiles?.url,
    ).toBe('https://{s}.tms.example.com/{z}/{x}/{-y}.png');
    expect(() => configFromEnv({ MAP_TILE_ATTRIBUTION: ' ' })).toThrow(/MAP_TILE_ATTRIBUTION/);
    expect(configFromEnv({ MAP_TILE_URL: '', MAP_TILE_ATTRIBUTION: '' }).mapTiles).toBeUndefined();
  });
});

describe('configFromEnv account linking', () => {
  const GOOGLE_CLIENT_ID = '123456789012-abc.apps.googleusercontent.com';

  it('no keys (or empty ones) -> no real adapter', () => {
    expect(configFromEnv({}).identity).toEqual({});
    expect(
      configFromEnv({ GOOGLE_CLIENT_ID: '', FACEBOOK_APP_ID: ' ', FACEBOOK_APP_SECRET: '' }).identity,
    ).toEqual({});
  });

  it('GOOGLE_CLIENT_ID, FACEBOOK_APP_ID and FACEBOOK_APP_SECRET -> both adapters with their keys', () => {
    expect(
      configFromEnv({ GOOGLE_CLIENT_ID, FACEBOOK_APP_ID: '1234567890123456', FACEBOOK_APP_SECRET: 's3cret' })
        .identity,
    ).toEqual({
      google: { clientId: GOOGLE_CLIENT_ID },
      facebook: { appId: '1234567890123456', appSecret: 's3cret' },
    });
  });

  it('FACEBOOK_APP_ID without its secret, or the secret alone -> refused at start, naming what is missing', () => {
    expect(() => configFromEnv({ FACEBOOK_APP_ID: '1234567890123456' })).toThrow(
      'Facebook login is partly configured: set FACEBOOK_APP_SECRET too (or neither)',
    );
    expect(() => configFromEnv({ FACEBOOK_APP_SECRET: 's3cret' })).toThrow(
      'Facebook login is partly configured: set FACEBOOK_APP_ID too (or neither)',
    );
  });

  it('a Google client id that is not one, or a Facebook app id that is not numeric -> refused at start', () => {
    expect(() => configFromEnv({ GOOGLE_CLIENT_ID: 'my-client' })).toThrow(
      /GOOGLE_CLIENT_ID must be an OAuth client id/,
    );
    expect(() => configFromEnv({ FACEBOOK_APP_ID: 'santap', FACEBOOK_APP_SECRET: 's' })).toThrow(
      /FACEBOOK_APP_ID must be the numeric app id/,
    );
  });
});
