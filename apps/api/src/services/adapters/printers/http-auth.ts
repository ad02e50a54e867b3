/**
 * HTTP authentication of the polling printers, pure: Basic (RFC 7617; Star CloudPRNT's user name and
 * password) and Digest with MD5 and `qop=auth` (RFC 7616 / 2617; what Epson's Server Direct Print
 * documents: a first request answered 401 with a challenge, then the request with its digest). Nonces
 * are stateless: a time and an HMAC under a key of the server, so any instance checks any other's.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The realm printers are challenged in (part of the stored Digest hash: never change it). */
export const PRINTER_REALM = 'Santap printers';

/** How long a Digest nonce is good for; an older one gets a fresh challenge with `stale=true`. */
export const NONCE_SECONDS = 300;

/** A user name and password from `Authorization: Basic …`, or null. */
export function parseBasic(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,400})\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The parameters of `Authorization: Digest …` (lower-cased names), or null when it is not one. */
export function parseDigest(header: string | undefined): Record<string, string> | null {
  const match = /^Digest\s+(.{1,2000})$/is.exec(header ?? '');
  if (!match) return null;
  const params: Record<string, string> = {};
  for (const part of match[1]!.matchAll(/([A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    params[part[1]!.toLowerCase()] = part[2] !== undefined ? part[2].replace(/\\(.)/g, '$1') : part[3]!;
  }
  return params.username && params.nonce && params.uri && params.response ? params : null;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** HA1 of RFC 2617 (MD5 of `user:realm:password`): what is kept to check a Digest without the password. */
export const digestHa1 = (username: string, password: string, realm = PRINTER_REALM): string =>
  md5(`${username}:${realm}:${password}`);

function signNonce(key: Buffer, issued: number): string {
  return createHmac('sha256', key).update(`printer-nonce:${issued}`).digest('base64url').slice(0, 22);
}

/** A nonce issued at `now` (seconds and an HMAC of them). */
export function issueNonce(key: Buffer, now: Date): string {
  const issued = Math.floor(now.getTime() / 1000);
  return `${issued}.${signNonce(key, issued)}`;
}

/** `fresh`: ours and recent; `stale`: ours but older than {@link NONCE_SECONDS}; `bad`: not ours. */
export function nonceState(key: Buffer, nonce: string, now: Date): 'fresh' | 'stale' | 'bad' {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(nonce);
  if (!match) return 'bad';
  const issued = Number(match[1]);
  const expected = Buffer.from(signNonce(key, issued));
  if (!timingSafeEqual(expected, Buffer.from(match[2]!))) return 'bad';
  const age = now.getTime() / 1000 - issued;
  return age >= -60 && age <= NONCE_SECONDS ? 'fresh' : 'stale';
}

/** The `WWW-Authenticate` value of a Digest challenge. */
export function digestChallenge(nonce: string, stale = false): string {
  return `Digest realm="${PRINTER_REALM}", qop="auth", algorithm=MD5, nonce="${nonce}"${stale ? ', stale=true' : ''}`;
}

/**
 * Whether a Digest response is right for the stored HA1, the request's method and its parameters
 * (`qop=auth` with `nc` and `cnonce`, or the RFC 2069 form without `qop`).
 */
export function digestMatches(ha1: string, method: string, params: Record<string, string>): boolean {
  const ha2 = md5(`${method}:${params.uri}`);
  const expected =
    params.qop === 'auth'
      ? params.nc && params.cnonce
        ? md5(`${ha1}:${params.nonce}:${params.nc}:${params.cnonce}:auth:${ha2}`)
        : null
      : params.qop === undefined
        ? md5(`${ha1}:${params.nonce}:${ha2}`)
        : null;
  if (!expected || !/^[0-9a-f]{32}$/i.test(params.response ?? '')) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(params.response!.toLowerCase()));
}

/** The Digest client's side (the loopback printers, tests): the `Authorization` value for a challenge. */
export function digestAuthorization(input: {
  username: string;
  password: string;
  method: string;
  uri: string;
  challenge: string;
  cnonce: string;
  nc?: number;
}): string {
  const nonce = /nonce="([^"]+)"/.exec(input.challenge)?.[1] ?? '';
  const realm = /realm="([^"]+)"/.exec(input.challenge)?.[1] ?? PRINTER_REALM;
  const nc = (input.nc ?? 1).toString(16).padStart(8, '0');
  const ha1 = digestHa1(input.username, input.password, realm);
  const ha2 = md5(`${input.method}:${input.uri}`);
  const response = md5(`${ha1}:${nonce}:${nc}:${input.cnonce}:auth:${ha2}`);
  return (
    `Digest username="${input.username}", realm="${realm}", nonce="${nonce}", uri="${input.uri}", ` +
    `algorithm=MD5, qop=auth, nc=${nc}, cnonce="${input.cnonce}", response="${response}"`
  );
}
