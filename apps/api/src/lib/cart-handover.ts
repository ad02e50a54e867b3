/**
 * The cart handover (apps/api/README.md, "Cookies and CSRF"): what a browser's page holds instead of
 * its cart token, for the login redirect of spec §2 (its `cartToken` parameter). The token is an
 * HttpOnly cookie no page script reads; a login finished in another browser still brings the cart
 * along: that browser's diner, once logged in, hands the handover to `cart.adoptToken`, and the
 * guest rows of the sealed cart token move into their account (`bringGuestPastAlong`). A handover is
 * the cart token and its expiry sealed with AES-256-GCM under a key only the server holds: it names
 * no token, lives {@link CART_HANDOVER_SECONDS}, and opens nothing but that move.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { isCartToken } from '@santap/domain';

/**
 * A handover lives 15 minutes, long enough to log in with a code: each cart reply and each page brings a
 * fresh one, and the cart it names can be adopted by one diner only (flows/accounts/guest-merge.ts).
 */
export const CART_HANDOVER_SECONDS = 15 * 60;

/** The key when `TABLE_TICKET_SECRET` is unset: one per process, as the table tickets' (README). */
const PROCESS_SECRET = randomBytes(32).toString('hex');

const IV_BYTES = 12;
const TAG_BYTES = 16;
const keys = new Map<string, Buffer>();

/** The sealing key of a server secret (a key of its own, derived: the secret also signs tickets). */
function keyOf(secret: string | undefined): Buffer {
  const from = secret ?? PROCESS_SECRET;
  let key = keys.get(from);
  if (!key) {
    key = createHmac('sha256', from).update('santap cart handover v1').digest();
    keys.set(from, key);
  }
  return key;
}

/**
 * Seals `cartToken` for {@link CART_HANDOVER_SECONDS} from `now` (base64url, about 72 characters; random each time).
 *
 * @example openCartHandover(secret, sealCartHandover(secret, 'userAbc123def45', now), now) // 'userAbc123def45'
 */
export function sealCartHandover(secret: string | undefined, cartToken: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + CART_HANDOVER_SECONDS;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(`${cartToken}.${expires}`, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The cart token a handover seals, when it is ours, intact and not expired at `now`; else undefined. */
export function openCartHandover(
  secret: string | undefined,
  handover: string,
  now: Date,
): string | undefined {
  if (!/^[A-Za-z0-9_-]{40,200}$/.test(handover)) return undefined;
  const bytes = Buffer.from(handover, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const [token, expires] = text.split('.');
    if (!isCartToken(token) || Number(expires) * 1000 <= now.getTime()) return undefined;
    return token;
  } catch {
    return undefined; // another key, a changed byte: the tag does not match
  }
}
