/**
 * GrabPay's wire protocol (grabpay.ts describes the flow): its paths, the partner HMAC, the proof of
 * possession (POP), the PKCE verifier, our signed OAuth state, and its statuses onto ours.
 */
import { createHash, createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../http';
import type { GatewayEnv } from '../../http';
import type { ProviderStatus } from '../../provider';

/**
 * Grab's partner API hosts by environment (the regional ones: Malaysia uses them), as Grab's merchant
 * SDK configures them (github.com/grab/grabpay-merchant-sdk, Node/src/configs/Environment.ts).
 */
export const GRABPAY_BASE_URLS: Readonly<Record<GatewayEnv, string>> = {
  sandbox: 'https://partner-api.stg-myteksi.com',
  production: 'https://partner-api.grab.com',
};

export const GRABPAY_PATHS = {
  chargeInit: '/grabpay/partner/v2/charge/init',
  chargeComplete: '/grabpay/partner/v2/charge/complete',
  oneTimeChargeStatus: (partnerTxID: string, currency: string) =>
    `/grabpay/partner/v2/one-time-charge/${encodeURIComponent(partnerTxID)}/status?currency=${currency}`,
  refund: '/grabpay/partner/v2/refund',
  refundStatus: (partnerTxID: string, currency: string) =>
    `/grabpay/partner/v2/refund/${encodeURIComponent(partnerTxID)}/status?currency=${currency}`,
  token: '/grabid/v1/oauth2/token',
  authorize: '/grabid/v1/oauth2/authorize',
} as const;

export const CONTENT_TYPE = 'application/json';

export const base64url = (base64: string) =>
  base64.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** Grab's partner HMAC over method, content type, date, path (with query) and body digest. */
export function grabPayHmac(input: {
  method: string;
  contentType: string;
  date: string;
  path: string;
  body?: string;
  partnerSecret: string;
}): string {
  const digest =
    input.method !== 'GET' && input.body
      ? createHash('sha256').update(input.body, 'utf8').digest('base64')
      : '';
  const stringToSign = [input.method, input.contentType, input.date, input.path, digest, ''].join('\n');
  return createHmac('sha256', input.partnerSecret).update(stringToSign, 'utf8').digest('base64');
}

/** The `X-GID-AUX-POP` proof of possession of an access token at `unixSeconds`. */
export function grabPayPop(accessToken: string, clientSecret: string, unixSeconds: number): string {
  const sig = base64url(
    createHmac('sha256', clientSecret).update(`${unixSeconds}${accessToken}`, 'utf8').digest('base64'),
  );
  return base64url(
    Buffer.from(JSON.stringify({ time_since_epoch: unixSeconds, sig }), 'utf8').toString('base64'),
  );
}

/**
 * The PKCE verifier of a payment, derived from its reference with the client secret: the same on the
 * way out (authorize) and back (token) without storing it, and unguessable without the secret.
 */
export function grabPayCodeVerifier(reference: string, clientSecret: string): string {
  return base64url(createHmac('sha256', clientSecret).update(`pkce:${reference}`, 'utf8').digest('base64'));
}

/**
 * Grab's `txStatus` onto ours. `authorised` means the payer approved and the charge awaits our
 * completion (pending until completed); `authorisation_declined` and `cancelled` are failures.
 */
export function mapGrabPayStatus(txStatus: string): ProviderStatus | null {
  switch (txStatus) {
    case 'success':
      return 'success';
    case 'processing':
    case 'authorised':
      return 'pending';
    case 'failed':
    case 'authorisation_declined':
    case 'cancelled':
      return 'failed';
    default:
      return null;
  }
}

/** Grab's refund `txStatus` onto a refund outcome. */
export function refundOutcome(txStatus: string | undefined): 'refunded' | 'pending' | 'failed' {
  if (txStatus === 'success') return 'refunded';
  if (txStatus === 'failed' || txStatus === 'cancelled') return 'failed';
  return 'pending';
}

/** Grab caps partner transaction ids at 32 characters: a longer refund key is hashed, stably. */
export function partnerTxIdOf(key: string): string {
  return key.length <= 32 ? key : createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 32);
}

/**
 * The OAuth `state` of a payment: its reference and an HMAC of it under the client secret, so the
 * return route knows which payment the payer comes back for, and a state made up for another
 * payment (or changed) is refused.
 */
export function grabPayState(reference: string, clientSecret: string): string {
  const mac = base64url(
    createHmac('sha256', clientSecret).update(`state:${reference}`, 'utf8').digest('base64'),
  );
  return `${reference}.${mac}`;
}

/** The reference inside a state made by {@link grabPayState}, or null when it is not authentic. */
export function grabPayReferenceOfState(state: string, clientSecret: string): string | null {
  const dot = state.lastIndexOf('.');
  if (dot <= 0 || state.length > 200) return null;
  const reference = state.slice(0, dot);
  return constantTimeEqual(grabPayState(reference, clientSecret), state) ? reference : null;
}
