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
