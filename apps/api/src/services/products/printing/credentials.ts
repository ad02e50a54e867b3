/**
 * A cloud printer's credential (apps/api docs/printing.md, "Credentials"): a user name and a random
 * password typed once into the printer's own set-up page. Only hashes are kept: scrypt for HTTP Basic
 * (Star CloudPRNT), and for an Epson printer also the Digest HA1 its Server Direct Print answers a
 * challenge with. Rotating or deleting the printer changes or clears them: the old credential gets
 * 401 from the next request on, on every instance.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { printers } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { PrinterRow } from '../../model/printers';
import { hashPassword, verifyPassword } from '../../flows/accounts/passwords';
import {
  digestChallenge,
  digestHa1,
  digestMatches,
  issueNonce,
  nonceState,
  parseBasic,
  parseDigest,
} from '../../adapters/printers/http-auth';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** `length` characters of {@link ALPHABET}, uniformly random. */
function randomText(length: number): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** Password length: 24 of 56 characters is about 139 bits, and fits Epson's 30-character limit. */
const PASSWORD_LENGTH = 24;

/** A new credential: `p<restaurant>-<random>` and a random password (both within Epson's 30 characters). */
export function newCredential(restaurantId: number): { username: string; password: string } {
  return {
    username: `p${restaurantId}-${randomText(8).toLowerCase()}`,
    password: randomText(PASSWORD_LENGTH),
  };
}

/** The stored hashes of a credential: scrypt always, the Digest HA1 for an Epson printer. */
export async function credentialHashes(
  connection: string,
  credential: { username: string; password: string },
): Promise<{ passwordHash: string; digestHa1: string | null }> {
  return {
    passwordHash: await hashPassword(credential.password),
    digestHa1: connection === 'epson_sdp' ? digestHa1(credential.username, credential.password) : null,
  };
}

/**
 * Passwords this instance has already checked with scrypt, by printer: the stored hash they were
 * checked against and a SHA-256 of the password. A printer polls every few seconds; one scrypt per
 * poll would cost the server a core. A rotated password changes the stored hash, so its entry no
 * longer matches and the old password is checked (and refused) again.
 */
const verified = new Map<number, { storedHash: string; digest: Buffer }>();
const sha256 = (text: string) => createHash('sha256').update(text).digest();

async function passwordMatches(row: PrinterRow, password: string): Promise<boolean> {
  if (!row.passwordHash) return false;
  const known = verified.get(row.id);
  const digest = sha256(password);
  if (known && known.storedHash === row.passwordHash) return timingSafeEqual(known.digest, digest);
  const ok = await verifyPassword(password, row.passwordHash);
  if (ok) verified.set(row.id, { storedHash: row.passwordHash, digest });
  return ok;
}

/** The key Digest nonces are signed with: derived from the server secret, the same on every instance. */
function nonceKey(ctx: AppContext): Buffer {
  return createHmac('sha256', ctx.config.tableTicketSecret ?? PROCESS_SECRET)
    .update('santap printer digest nonce v1')
    .digest();
}
const PROCESS_SECRET = randomBytes(32).toString('hex');

/** What a printer's request presents: its `Authorization` header, method and request URI. */
export interface PresentedAuth {
  authorization: string | undefined;
  method: string;
  uri: string;
}

/**
 * An authenticated printer, or why not: a 401 with its `WWW-Authenticate` challenge. `username` is
 * who a refused credential claimed to be (empty when unreadable: a guess all the same), null when the
 * request carried none (a Digest client's first step) or a stale nonce's right answer.
 */
export type PrinterAuth =
  { ok: true; printer: PrinterRow } | { ok: false; username: string | null; challenge: string };

async function livePrinter(
  ctx: AppContext,
  username: string,
  connection: string,
): Promise<PrinterRow | null> {
  const [row] = await ctx.db
    .select()
    .from(printers)
    .where(
      and(eq(printers.username, username), eq(printers.connection, connection), isNull(printers.deletedAt)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Who a request's credential claims to be (its first 60 characters): `''` when it carries one that
 * cannot be read, null when it carries none. Read before any password is checked: wrong guesses are
 * counted by address and this name, so someone guessing behind a restaurant's router (its printers'
 * address too) does not lock its printers out.
 */
export function claimedUsername(connection: 'cloudprnt' | 'epson_sdp', authorization: string | undefined) {
  const basic = parseBasic(authorization);
  if (basic) return basic.username.slice(0, 60);
  const digest = connection === 'epson_sdp' ? parseDigest(authorization) : null;
  if (digest) return digest.username!.slice(0, 60);
  return (authorization ?? '').trim() === '' ? null : '';
}

/**
 * The printer a request authenticates as, for a protocol (`cloudprnt`: HTTP Basic; `epson_sdp`:
 * Digest, or Basic). A deleted printer, another protocol's printer, a wrong password or a forged,
 * stale or replayed-elsewhere digest is refused with a fresh challenge.
 */
export async function authenticatePrinter(
  ctx: AppContext,
  connection: 'cloudprnt' | 'epson_sdp',
  presented: PresentedAuth,
): Promise<PrinterAuth> {
  const now = ctx.now();
  const key = nonceKey(ctx);
  const challenge = (stale = false) =>
    connection === 'epson_sdp'
      ? `${digestChallenge(issueNonce(key, now), stale)}, Basic realm="Santap printers"`
      : 'Basic realm="Santap printers"';
  const basic = parseBasic(presented.authorization);
  if (basic) {
    const row = await livePrinter(ctx, basic.username, connection);
    if (row && (await passwordMatches(row, basic.password))) return { ok: true, printer: row };
    return { ok: false, username: basic.username.slice(0, 60), challenge: challenge() };
  }
  const digest = connection === 'epson_sdp' ? parseDigest(presented.authorization) : null;
  if (!digest) {
    const none = (presented.authorization ?? '').trim() === '';
    return { ok: false, username: none ? null : '', challenge: challenge() };
  }
  const username = digest.username!.slice(0, 60);
  const nonce = nonceState(key, digest.nonce!, now);
  const row = await livePrinter(ctx, digest.username!, connection);
  // The digest covers the request's URI: one for another path is not this request's.
  const sameUri = digest.uri === presented.uri;
  if (
    nonce === 'bad' ||
    !row?.digestHa1 ||
    !sameUri ||
    !digestMatches(row.digestHa1, presented.method, digest)
  )
    return { ok: false, username, challenge: challenge() };
  if (nonce === 'stale') return { ok: false, username: null, challenge: challenge(true) };
  return { ok: true, printer: row };
}
