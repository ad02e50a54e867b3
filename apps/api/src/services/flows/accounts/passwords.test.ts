import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRYPT_PARAMS, hashPassword, needsRehash, useTestScryptCost, verifyPassword } from './passwords';

/** A hash in the format stored before the parameters were written down (Node's defaults, N=2^14). */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

describe('passwords (scrypt at OWASP parameters)', () => {
  // The production parameters (the test runs hash more cheaply: `useTestScryptCost`).
  beforeAll(() => useTestScryptCost(SCRYPT_PARAMS));
  afterAll(() => useTestScryptCost());

  it('a new hash -> N=2^17, r=8, p=1 written in it; verifies; needs no rehash', async () => {
    const stored = await hashPassword('s3cret-pass');
    expect(stored).toMatch(/^scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(SCRYPT_PARAMS.N).toBe(2 ** 17);
    expect(await verifyPassword('s3cret-pass', stored)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('a hash of the older format (N=2^14) -> still verifies, and needs a rehash', async () => {
    const stored = legacyHash('santap-demo');
    expect(await verifyPassword('santap-demo', stored)).toBe(true);
    expect(await verifyPassword('wrong', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('a stored value asking for more work than ours, or malformed -> refused, without hashing', async () => {
    expect(await verifyPassword('x', 'scrypt$N=1073741824,r=8,p=1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$N=16384,r=8,p=1$AAAA$')).toBe(false);
    expect(needsRehash('bcrypt$whatever')).toBe(true);
  });
});
