/** A cart token is 15 characters (spec §3, §9). */
export const CART_TOKEN_LENGTH = 15;

/** Every cart token starts with `user` (spec §3). */
export const CART_TOKEN_PREFIX = 'user';

/**
 * 64 URL- and cookie-safe characters. 64 divides 256, so mapping a random byte with `& 63` picks
 * each character with exactly equal probability (no modulo bias).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const RANDOM_LENGTH = CART_TOKEN_LENGTH - CART_TOKEN_PREFIX.length;

const CART_TOKEN_PATTERN = new RegExp(`^${CART_TOKEN_PREFIX}[A-Za-z0-9_-]{${RANDOM_LENGTH}}$`);

/** A source of `n` random bytes. */
export type RandomBytes = (n: number) => Uint8Array;

/** The Web Crypto subset this package needs; pure packages have no DOM or Node types. */
interface WebCryptoLike {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

/** `globalThis.crypto.getRandomValues`: a CSPRNG in browsers and in Node >= 19. */
const cryptoRandomBytes: RandomBytes = (n) => {
  const crypto = (globalThis as { crypto?: WebCryptoLike }).crypto;
  if (!crypto) throw new Error('createCartToken: globalThis.crypto.getRandomValues is not available');
  return crypto.getRandomValues(new Uint8Array(n));
};

/**
 * A new cart token (spec §3: "random 15-character string starting with 'user', kept as a cookie"):
 * `user` + 11 characters from a 64-character URL-safe alphabet, 66 bits of entropy from a CSPRNG
 * (`globalThis.crypto.getRandomValues`). Pass `random` only to make tests deterministic.
 *
 * @throws RangeError when `random` returns fewer bytes than asked for.
 *
 * @example
 * ```ts
 * createCartToken(); // e.g. 'userQ3v_x9Lk0aZ'
 * ```
 */
export function createCartToken(random: RandomBytes = cryptoRandomBytes): string {
  const bytes = random(RANDOM_LENGTH);
  if (bytes.length < RANDOM_LENGTH) {
    throw new RangeError(`createCartToken: needed ${RANDOM_LENGTH} random bytes, got ${bytes.length}`);
  }
  let token = CART_TOKEN_PREFIX;
  for (let i = 0; i < RANDOM_LENGTH; i++) token += ALPHABET[(bytes[i] ?? 0) & 63];
  return token;
}

/**
 * Is `value` a cart token of the form {@link createCartToken} makes (`user` + 11 URL-safe
 * characters)? Use it before trusting a cookie.
 */
export function isCartToken(value: unknown): value is string {
  return typeof value === 'string' && CART_TOKEN_PATTERN.test(value);
}
