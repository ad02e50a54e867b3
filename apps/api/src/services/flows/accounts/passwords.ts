import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's Password Storage Cheat Sheet minimum: N=2^17, r=8, p=1 (128 MiB of memory per
 * hash, ~0.3 s on one core here). The staff login and kiosk failure limits (http/login-limits.ts)
 * stop anyone from making the server compute many of these.
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

type ScryptParams = { readonly N: number; readonly r: number; readonly p: number };

/** What the test runs hash at (`useTestScryptCost`): the same algorithm, 128x less work. */
export const TEST_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

let active: ScryptParams = SCRYPT_PARAMS;

/** The parameters new hashes are made with (and the most a stored one may ask for). */
export const scryptParams = (): ScryptParams => active;

/**
 * Under vitest only (`process.env.VITEST`), hashes are made at `params` (TEST_SCRYPT_PARAMS unless a
 * test of the production parameters asks for SCRYPT_PARAMS): every staff login of the API and browser
 * suites was a 128 MiB hash (0.4-0.9 s on the 2-core CI machine). Anywhere else it changes nothing,
 * so no configuration can weaken the production parameters. Called by the test harness.
 */
export function useTestScryptCost(params: ScryptParams = TEST_SCRYPT_PARAMS): void {
  if (!process.env.VITEST) return;
  active = params;
}
/** Node refuses N·r·128 beyond `maxmem` (32 MiB by default): room for the parameters above. */
const MAX_MEMORY = 256 * 1024 * 1024;

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

interface Parsed {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  hash: Buffer;
}

/**
 * `scrypt$N=…,r=…,p=…$<salt b64>$<hash b64>`; the older `scrypt$<salt>$<hash>` was hashed at Node's
 * defaults (N=2^14, r=8, p=1).
 */
function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return undefined;
  if (parts.length === 3 && parts[1] && parts[2]) {
    return {
      params: { N: 2 ** 14, r: 8, p: 1 },
      salt: Buffer.from(parts[1], 'base64'),
      hash: Buffer.from(parts[2], 'base64'),
    };
  }
  const match = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(parts[1] ?? '');
  if (parts.length !== 4 || !match || !parts[2] || !parts[3]) return undefined;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Never let a stored value ask for more work than the current parameters (a tampered row).
  if (N > active.N || r > active.r || p > active.p || N < 2) return undefined;
  return {
    params: { N, r, p },
    salt: Buffer.from(parts[2], 'base64'),
    hash: Buffer.from(parts[3], 'base64'),
  };
}

/** scrypt at {@link SCRYPT_PARAMS} with a random salt, stored with its parameters. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = active;
  const hash = await scrypt(password, salt, 32, { N, r, p });
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const actual = await scrypt(password, parsed.salt, parsed.hash.length, parsed.params);
  return timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash was made with weaker parameters than {@link SCRYPT_PARAMS}: rehash it at login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < active.N || parsed.params.r < active.r || parsed.params.p < active.p;
}
