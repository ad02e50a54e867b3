/**
 * Google account linking: the browser's Google Identity Services login gives an ID token (a JWT signed
 * RS256 by Google); the server checks it against Google's published keys and our client id, the checks
 * Google's "Verify the Google ID token on your server side" lists, plus OpenID Connect's `nonce`: the
 * token must carry the nonce the diner sent with it. Nothing calls out unless `GOOGLE_CLIENT_ID` is set.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, customFetch, errors, jwtVerify } from 'jose';
import type { IdentityProvider, ProviderIdentity } from '../provider';
import type { IdentityLog } from '../log';

/** Google's signing keys (JWKS), rotated by Google; `jose` caches them and reloads on an unknown kid. */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

/** Google signs with either spelling of its issuer. */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Clocks drift: a token a minute past `exp` (or a minute before `iat`) by our clock still counts. */
export const GOOGLE_CLOCK_TOLERANCE_S = 60;

/** How long one JWKS fetch may take before the link is refused (the diner can try again). */
export const GOOGLE_JWKS_TIMEOUT_MS = 5_000;

export interface GoogleIdentityOptions {
  /** The OAuth client id the diner app signs in with (`VITE_GOOGLE_CLIENT_ID`); the token's `aud`. */
  clientId: string;
  /** The network; the platform fetch when omitted. Tests serve a local JWKS. */
  fetch?: typeof globalThis.fetch;
  /** The clock of `exp` / `iat` checks (the server's `ctx.now`); the system clock when omitted. */
  now?: () => Date;
  /** Where a failure to reach Google's keys is reported; a refused token is not worth a line. */
  log?: IdentityLog;
}

/** What `jose` says about a token itself (bad, expired, not ours): a refusal, not an outage. */
const TOKEN_REJECTIONS: ReadonlySet<string> = new Set([
  errors.JWTExpired.code,
  errors.JWTClaimValidationFailed.code,
  errors.JWTInvalid.code,
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
]);

const isTokenRejection = (error: unknown) =>
  error instanceof errors.JOSEError && TOKEN_REJECTIONS.has(error.code);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether the token's `nonce` claim is the nonce the diner sent. Both are hashed first, so the compare
 * is constant-time whatever their lengths; a missing or empty one on either side never matches.
 */
export function nonceMatches(claim: unknown, sent: string | undefined): boolean {
  if (typeof claim !== 'string' || claim.length === 0 || !sent) return false;
  return timingSafeEqual(sha256(claim), sha256(sent));
}

export function googleIdentityProvider(options: GoogleIdentityOptions): IdentityProvider {
  const { clientId, now = () => new Date(), log } = options;
  const fetch = options.fetch ?? globalThis.fetch;
  const keys = createRemoteJWKSet(new URL(GOOGLE_JWKS_URL), {
    timeoutDuration: GOOGLE_JWKS_TIMEOUT_MS,
    [customFetch]: (url, init) => fetch(url, init),
  });

  return {
    async verify(token, { nonce } = {}): Promise<ProviderIdentity | null> {
      // Without the nonce of this attempt the token cannot be tied to it: refused before any fetch.
      if (!nonce) return null;
      try {
        const { payload } = await jwtVerify(token, keys, {
          algorithms: ['RS256'],
          issuer: GOOGLE_ISSUERS,
          audience: clientId,
          requiredClaims: ['sub', 'exp', 'iat'],
          clockTolerance: GOOGLE_CLOCK_TOLERANCE_S,
          currentDate: now(),
        });
        // Google's `aud` is our client id alone; a token minted for several audiences is not one of ours.
        if (payload.aud !== clientId) return null;
        // The diner put `nonce` in the authorize URL of this login; Google copies it into the token.
        if (!nonceMatches(payload.nonce, nonce)) return null;
        const subject = payload.sub;
        if (typeof subject !== 'string' || subject.length === 0 || subject.length > 255) return null;
        // An address Google has not verified says nothing about who signed in.
        const verified = payload.email_verified === true || payload.email_verified === 'true';
        const email = typeof payload.email === 'string' && verified ? payload.email : undefined;
        return email ? { subject, email } : { subject };
      } catch (error) {
        if (!isTokenRejection(error)) {
          log?.warn(
            { provider: 'google', err: error instanceof Error ? error.message : String(error) },
            "Google's signing keys could not be loaded; the link was refused",
          );
        }
        return null;
      }
    },
  };
}
