import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

/** The demo mode (loopback, no pepper needed): what these tests of other settings start from. */
const DEV = { NODE_ENV: 'development' } as const;
const DATABASE_URL = 'postgres://santap@db.internal:5432/santap';

describe('configFromEnv database', () => {
  it('no DATABASE_URL -> embedded PGlite in DATA_DIR', () => {
    expect(configFromEnv({ ...DEV, DATA_DIR: '/var/santap' }).database).toEqual({
      engine: 'pglite',
      dataDir: '/var/santap',
    });
  });

  it('DATABASE_URL without DATABASE_POOL_SIZE -> a pool of 10', () => {
    expect(configFromEnv({ ...DEV, DATABASE_URL }).database).toEqual({
      engine: 'postgres',
      url: DATABASE_URL,
      poolSize: 10,
    });
  });

  it('DATABASE_POOL_SIZE 4 -> a pool of 4; 0 or 500 -> refused at start', () => {
    expect(configFromEnv({ ...DEV, DATABASE_URL, DATABASE_POOL_SIZE: '4' }).database).toMatchObject({
      poolSize: 4,
    });
    expect(() => configFromEnv({ ...DEV, DATABASE_URL, DATABASE_POOL_SIZE: '0' })).toThrow();
    expect(() => configFromEnv({ ...DEV, DATABASE_URL, DATABASE_POOL_SIZE: '500' })).toThrow();
  });
});

describe('configFromEnv read replica and direct connection', () => {
  const READ = 'postgres://santap@replica.internal:5432/santap';
  const DIRECT = 'postgres://santap@db.internal:5432/santap';
  const BOUNCER = 'postgres://santap@pgbouncer.internal:6432/santap';

  it('DATABASE_READ_URL -> the replica with the default bound of 2 s; DATABASE_READ_MAX_LAG_MS 500 -> 500', () => {
    expect(configFromEnv({ ...DEV, DATABASE_URL, DATABASE_READ_URL: READ }).database).toEqual({
      engine: 'postgres',
      url: DATABASE_URL,
      poolSize: 10,
      readUrl: READ,
      readMaxLagMs: 2_000,
    });
    expect(
      configFromEnv({ ...DEV, DATABASE_URL, DATABASE_READ_URL: READ, DATABASE_READ_MAX_LAG_MS: '500' })
        .database,
    ).toMatchObject({ readMaxLagMs: 500 });
  });

  it('DATABASE_URL through PgBouncer and DATABASE_LISTEN_URL direct -> both kept; empty DATABASE_LISTEN_URL -> unset', () => {
    expect(configFromEnv({ ...DEV, DATABASE_URL: BOUNCER, DATABASE_LISTEN_URL: DIRECT }).database).toEqual({
      engine: 'postgres',
      url: BOUNCER,
      poolSize: 10,
      listenUrl: DIRECT,
    });
    expect(configFromEnv({ ...DEV, DATABASE_URL, DATABASE_LISTEN_URL: '' }).database).not.toHaveProperty(
      'listenUrl',
    );
  });

  it('DATABASE_READ_URL equal to DATABASE_URL or DATABASE_LISTEN_URL -> refused: the replica would be the primary', () => {
    expect(() => configFromEnv({ ...DEV, DATABASE_URL, DATABASE_READ_URL: DATABASE_URL })).toThrow(
      /DATABASE_READ_URL names the primary/,
    );
    expect(() =>
      configFromEnv({
        ...DEV,
        DATABASE_URL: BOUNCER,
        DATABASE_LISTEN_URL: DIRECT,
        DATABASE_READ_URL: DIRECT,
      }),
    ).toThrow(/DATABASE_READ_URL names the primary/);
  });

  it('DATABASE_READ_URL or DATABASE_LISTEN_URL without DATABASE_URL -> refused', () => {
    expect(() => configFromEnv({ ...DEV, DATABASE_READ_URL: READ })).toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
    expect(() => configFromEnv({ ...DEV, DATABASE_LISTEN_URL: DIRECT })).toThrow(
      /DATABASE_LISTEN_URL needs DATABASE_URL/,
    );
  });

  it('DATABASE_READ_MAX_LAG_MS 50 or not a number -> refused', () => {
    expect(() =>
      configFromEnv({ ...DEV, DATABASE_URL, DATABASE_READ_URL: READ, DATABASE_READ_MAX_LAG_MS: '50' }),
    ).toThrow();
    expect(() =>
      configFromEnv({ ...DEV, DATABASE_URL, DATABASE_READ_URL: READ, DATABASE_READ_MAX_LAG_MS: 'soon' }),
    ).toThrow();
  });
});

describe('configFromEnv map tiles', () => {
  it("no MAP_TILE_* -> OpenStreetMap's tiles, its attribution linked to its copyright page, zoom 19", () => {
    expect(configFromEnv({ ...DEV }).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
      maxZoom: 19,
    });
  });

  it('MAP_TILE_URL empty -> no tiles (the picker draws its grid alone)', () => {
    expect(configFromEnv({ ...DEV, MAP_TILE_URL: '' }).mapTiles).toBeUndefined();
  });

  it('a provider URL with its key, its attribution, no link, zoom 22 -> passed on as given', () => {
    const url = 'https://api.maptiler.com/maps/streets-v2/{z}/{x}/{y}{r}.png?key=k3y';
    expect(
      configFromEnv({
        ...DEV,
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
    expect(() => configFromEnv({ ...DEV, MAP_TILE_URL: url })).toThrow(message);
  });

  it('a TMS URL ({-y}, {s}) -> accepted; tiles without an attribution -> refused at start', () => {
    expect(
      configFromEnv({ ...DEV, MAP_TILE_URL: 'https://{s}.tms.example.com/{z}/{x}/{-y}.png' }).mapTiles?.url,
    ).toBe('https://{s}.tms.example.com/{z}/{x}/{-y}.png');
    expect(() => configFromEnv({ ...DEV, MAP_TILE_ATTRIBUTION: ' ' })).toThrow(/MAP_TILE_ATTRIBUTION/);
    expect(configFromEnv({ ...DEV, MAP_TILE_URL: '', MAP_TILE_ATTRIBUTION: '' }).mapTiles).toBeUndefined();
  });
});

describe('configFromEnv account linking', () => {
  const GOOGLE_CLIENT_ID = '123456789012-abc.apps.googleusercontent.com';

  it('no keys (or empty ones) -> no real adapter', () => {
    expect(configFromEnv({ ...DEV }).identity).toEqual({});
    expect(
      configFromEnv({ ...DEV, GOOGLE_CLIENT_ID: '', FACEBOOK_APP_ID: ' ', FACEBOOK_APP_SECRET: '' }).identity,
    ).toEqual({});
  });

  it('GOOGLE_CLIENT_ID, FACEBOOK_APP_ID and FACEBOOK_APP_SECRET -> both adapters with their keys', () => {
    expect(
      configFromEnv({
        ...DEV,
        GOOGLE_CLIENT_ID,
        FACEBOOK_APP_ID: '1234567890123456',
        FACEBOOK_APP_SECRET: 's3cret',
      }).identity,
    ).toEqual({
      google: { clientId: GOOGLE_CLIENT_ID },
      facebook: { appId: '1234567890123456', appSecret: 's3cret' },
    });
  });

  it('FACEBOOK_APP_ID without its secret, or the secret alone -> refused at start, naming what is missing', () => {
    expect(() => configFromEnv({ ...DEV, FACEBOOK_APP_ID: '1234567890123456' })).toThrow(
      'Facebook login is partly configured: set FACEBOOK_APP_SECRET too (or neither)',
    );
    expect(() => configFromEnv({ ...DEV, FACEBOOK_APP_SECRET: 's3cret' })).toThrow(
      'Facebook login is partly configured: set FACEBOOK_APP_ID too (or neither)',
    );
  });

  it('a Google client id that is not one, or a Facebook app id that is not numeric -> refused at start', () => {
    expect(() => configFromEnv({ ...DEV, GOOGLE_CLIENT_ID: 'my-client' })).toThrow(
      /GOOGLE_CLIENT_ID must be an OAuth client id/,
    );
    expect(() => configFromEnv({ ...DEV, FACEBOOK_APP_ID: 'santap', FACEBOOK_APP_SECRET: 's' })).toThrow(
      /FACEBOOK_APP_ID must be the numeric app id/,
    );
  });
});

describe('configFromEnv modes (README: Two modes)', () => {
  /** What production requires: the pepper, and the OTP senders named (`none`: login by phone off). */
  const PEPPER = { OTP_PEPPER: 'a-server-secret-of-32-characters', OTP_SENDERS: 'none' };

  it('no env at all (the built server) -> production: no demo seed, no dev inbox, no simulator, every interface', () => {
    const config = configFromEnv({ ...PEPPER });
    expect(config).toMatchObject({ mode: 'production', env: 'production', host: '0.0.0.0' });
    expect(config.seedDemo).toBe(false);
    expect(config.devInbox).toBe(false);
    expect(config.payments?.simulator.enabled).toBe(false);
  });

  it('production without OTP_PEPPER -> refused at start', () => {
    expect(() => configFromEnv({})).toThrow(/OTP_PEPPER/);
  });

  it('production naming no OTP sender -> refused at start (it would answer every login with an error); OTP_SENDERS=none -> starts, login by phone off', () => {
    const { OTP_SENDERS: _none, ...pepperOnly } = PEPPER;
    expect(() => configFromEnv(pepperOnly)).toThrow(/No OTP sender: .*OTP_SENDERS=none/);
    expect(configFromEnv(PEPPER).messaging).toEqual({ otpSenders: [] });
  });

  it('SANTAP_MODE=demo (pnpm start) -> demo seed, dev inbox and simulator on, loopback, NODE_ENV development', () => {
    const config = configFromEnv({ SANTAP_MODE: 'demo' });
    expect(config).toMatchObject({ mode: 'demo', env: 'development', host: '127.0.0.1' });
    expect([config.seedDemo, config.devInbox, config.payments?.simulator.enabled]).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('NODE_ENV development or test without SANTAP_MODE -> the demo; NODE_ENV production -> production', () => {
    expect(configFromEnv({ NODE_ENV: 'test' }).mode).toBe('demo');
    expect(configFromEnv({ NODE_ENV: 'production', ...PEPPER }).mode).toBe('production');
  });

  it('production with one demo feature named (SEED_DEMO=on) on loopback -> that one alone', () => {
    const config = configFromEnv({ ...PEPPER, SEED_DEMO: 'on', HOST: '127.0.0.1' });
    expect([config.seedDemo, config.devInbox, config.payments?.simulator.enabled]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it.each([
    [{ SANTAP_MODE: 'demo', HOST: '0.0.0.0' }, /DEV_INBOX, SEED_DEMO, SIMULATOR .*HOST=0\.0\.0\.0/],
    [
      { SANTAP_MODE: 'demo', PUBLIC_URL: 'https://order.example.com' },
      /PUBLIC_URL=https:\/\/order\.example\.com/,
    ],
    [{ ...PEPPER, SEED_DEMO: 'on' }, /SEED_DEMO on with HOST=0\.0\.0\.0/],
    [{ ...PEPPER, DEV_INBOX: 'on', HOST: '127.0.0.1', PUBLIC_URL: 'https://santap.my' }, /DEV_INBOX/],
    [
      { ...PEPPER, SIMULATOR: 'on', SIMULATOR_KEY: 'a-simulator-key-16+', HOST: '10.0.0.5' },
      /SIMULATOR on with HOST=10\.0\.0\.5/,
    ],
  ])('a demo feature with a non-loopback host or public URL %j -> refused at start', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(message);
  });

  it('the demo on localhost, *.localhost, 127.0.0.1 or [::1] -> starts', () => {
    for (const PUBLIC_URL of ['http://localhost:3000', 'http://my.localhost:3000', 'http://[::1]:3000']) {
      expect(configFromEnv({ SANTAP_MODE: 'demo', PUBLIC_URL }).mode).toBe('demo');
    }
  });
});

describe('photo storage from the environment', () => {
  const DEV = { NODE_ENV: 'development' } as const;
  it('nothing set -> disk under DATA_DIR/images', () => {
    expect(configFromEnv({ ...DEV, DATA_DIR: '/var/santap' }).images).toEqual({
      storage: 'disk',
      dir: '/var/santap/images',
    });
  });
  it('IMAGE_STORAGE=s3 with its keys -> S3; a key missing -> refused at start, naming them', () => {
    const s3 = {
      ...DEV,
      IMAGE_STORAGE: 's3',
      S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
      S3_BUCKET: 'menus',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(configFromEnv(s3).images).toEqual({
      storage: 's3',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      bucket: 'menus',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: 'images/',
    });
    expect(() => configFromEnv({ ...s3, S3_BUCKET: '' })).toThrow(/S3_ENDPOINT, S3_BUCKET/);
  });
});
