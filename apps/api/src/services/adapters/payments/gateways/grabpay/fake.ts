/**
 * A loopback GrabPay (Malaysia, partner API v2 One-Time Charge), built from Grab's documentation and
 * its merchant SDK (github.com/grab/grabpay-merchant-sdk, which Grab's docs point merchants to), not
 * from our adapter: every endpoint our adapter uses, the partner HMAC and the proof of possession it
 * checks, the payer's authorisation at Grab, and (assumed, see below) a notification on demand.
 * README.md in this folder says how tests use it.
 *
 * Pages and files followed, beside each part below:
 * - Hosts and paths: the SDK's Node/src/configs/Environment.ts and ApiUrls.ts (regional partner v2).
 * - Partner HMAC (charge init, one-time-charge status): developer.grab.com/docs/tokenisation-v4 (how
 *   Grab's partner API signs), the SDK's Node/src/utils/Utils.ts generateHmac and its test vectors:
 *   `Authorization: {partnerID}:{base64 HMAC-SHA256(partnerSecret, method\ncontent type\nDate\n
 *   path+query\nbase64 SHA-256(body)\n)}`, the digest empty for a GET.
 * - Proof of possession (charge complete, refund, refund status): the SDK's
 *   Utils.generatePOPSignature — `X-GID-AUX-POP` = base64url(JSON {time_since_epoch, sig}), sig =
 *   base64url HMAC-SHA256(clientSecret, unixSeconds + accessToken); with `Authorization: Bearer`.
 * - OAuth2 + PKCE: the SDK's generateWebUrl (authorize query) and oauth2Token (`POST
 *   /grabid/v1/oauth2/token`, grant_type authorization_code, code_verifier, redirect_uri, code);
 *   RFC 7636 S256 for the challenge; a code is used once (RFC 6749 §4.1.2, `invalid_grant`).
 * - Replies and statuses: the SDK's MerchantIntegrationOnline.ts response types and types.ts
 *   `TTxStatus` (success, failed, processing, cancelled, authorised, authorisation_declined,
 *   transaction_already_exist).
 * - Notification: Grab's public pages and SDK do not describe one. `notification()` sends what our
 *   adapter accepts (partner HMAC over our path, `partnerTxID`, `txID`, `txStatus`, `amount`,
 *   `currency`): an assumption, marked as such in README.md; status polls settle GrabPay either way.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { fakeFetch, jsonOf, reply, serveFake } from '../../fake-kit';
import type { FakeReply, FakeRequest, ServedFake } from '../../fake-kit';
import type { GatewayEnv } from '../../http';
import type { HttpFetch } from '../../provider';
import { CONTENT_TYPE, GRABPAY_BASE_URLS, GRABPAY_PATHS, base64url, grabPayHmac } from './protocol';
import { constantTimeEqual } from '../../http';

/** How long a POP stays acceptable either side of the fake's clock. */
const POP_LEEWAY_SECONDS = 300;

export interface GrabPayFakeCharge {
  partnerTxID: string;
  amount: number;
  currency: string;
  /** The signed charge (`request`) the authorize call must carry. */
  request: string;
  txID: string;
  txStatus: 'initiated' | 'authorised' | 'success' | 'failed' | 'authorisation_declined';
  oAuthCode: string | undefined;
  codeChallenge: string | undefined;
  accessToken: string | undefined;
  /** What charge complete ends in (the payer's wallet may still decline it). */
  completeWith: 'success' | 'failed';
  refunded: number;
  refunds: Map<string, Record<string, unknown>>;
}

export interface GrabPayFake {
  fetch: HttpFetch;
  calls: FakeRequest[];
  handle(request: FakeRequest): FakeReply;
  charge(partnerTxID: string): GrabPayFakeCharge | undefined;
  /**
   * The payer's browser at Grab's authorize URL: the query is checked as the SDK builds it; approved,
   * Grab redirects to `redirect_uri?code&state`; declined, to `redirect_uri?error=access_denied&state`.
   */
  authorize(authorizeUrl: string, outcome?: 'approve' | 'decline'): { location: string; status: number };
  /** How charge complete will answer for this charge (default success). */
  completeWith(partnerTxID: string, txStatus: 'success' | 'failed'): void;
  /** The assumed notification of a charge's status, posted to `url` (see the header). */
  notification(
    partnerTxID: string,
    url: string,
    overrides?: Record<string, unknown>,
  ): { url: string; headers: Record<string, string>; body: string };
  serve(): Promise<ServedFake>;
}

const refused = (status: number, code: string, message: string) =>
  reply(status, { status: 'failed', code, reason: message });

const sha256url = (text: string) => base64url(createHash('sha256').update(text, 'utf8').digest('base64'));

export function createGrabPayFake(options: {
  partnerId: string;
  partnerSecret: string;
  merchantId: string;
  clientId: string;
  clientSecret: string;
  /** The redirect URL registered in Grab's Developer Home. */
  redirectUrl: string;
  env?: GatewayEnv;
  now?: () => Date;
}): GrabPayFake {
  const env = options.env ?? 'sandbox';
  const now = options.now ?? (() => new Date());
  const calls: FakeRequest[] = [];
  const charges = new Map<string, GrabPayFakeCharge>();
  const codes = new Map<string, { partnerTxID: string; used: boolean }>();
  const tokens = new Map<string, string>();

  /** The partner HMAC of charge init and the one-time-charge status. */
  function hmacRefusal(request: FakeRequest): FakeReply | null {
    const authorization = request.headers.authorization ?? '';
    const date = request.headers.date;
    const contentType = request.headers['content-type'] ?? '';
    const separator = authorization.indexOf(':');
    if (!date || Number.isNaN(Date.parse(date)) || !date.endsWith('GMT')) {
      return refused(401, 'unauthorized', 'Date must be an RFC 1123 GMT date');
    }
    if (separator < 0 || authorization.slice(0, separator) !== options.partnerId) {
      return refused(401, 'unauthorized', 'unknown partner');
    }
    const expected = grabPayHmac({
      method: request.method,
      contentType,
      date,
      path: `${request.url.pathname}${request.url.search}`,
      body: request.body,
      partnerSecret: options.partnerSecret,
    });
    return constantTimeEqual(authorization.slice(separator + 1), expected)
      ? null
      : refused(401, 'unauthorized', 'HMAC signature does not match');
  }

  /** Bearer + X-GID-AUX-POP of charge complete and refunds; the charge the token was issued for. */
  function bearerCharge(request: FakeRequest): GrabPayFakeCharge | FakeReply {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const partnerTxID = token ? tokens.get(token) : undefined;
    const charge = partnerTxID ? charges.get(partnerTxID) : undefined;
    if (!token || !charge) return refused(401, 'unauthorized', 'access token is not valid');
    let pop: { time_since_epoch?: unknown; sig?: unknown };
    try {
      pop = JSON.parse(
        Buffer.from(request.headers['x-gid-aux-pop'] ?? '', 'base64url').toString('utf8'),
      ) as typeof pop;
    } catch {
      return refused(401, 'unauthorized', 'X-GID-AUX-POP is not valid');
    }
    const time = pop.time_since_epoch;
    const fresh =
      typeof time === 'number' && Math.abs(Math.floor(now().getTime() / 1000) - time) <= POP_LEEWAY_SECONDS;
    const sig = base64url(
      createHmac('sha256', options.clientSecret)
        .update(`${String(time)}${token}`, 'utf8')
        .digest('base64'),
    );
    if (!fresh || typeof pop.sig !== 'string' || !constantTimeEqual(pop.sig, sig)) {
      return refused(401, 'unauthorized', 'X-GID-AUX-POP is not valid');
    }
    return charge;
  }

  function chargeInit(request: FakeRequest): FakeReply {
    const body = jsonOf(request);
    const partnerTxID = body?.partnerTxID;
    const amount = body?.amount;
    if (typeof partnerTxID !== 'string' || partnerTxID.length === 0 || partnerTxID.length > 32) {
      return refused(400, 'invalid_argument', 'partnerTxID is required, at most 32 characters');
    }
    if (typeof body?.partnerGroupTxID !== 'string' || typeof body.description !== 'string') {
      return refused(400, 'invalid_argument', 'partnerGroupTxID and description are required');
    }
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) {
      return refused(400, 'invalid_argument', 'amount is the smallest currency unit, a positive integer');
    }
    if (body.currency !== 'MYR') return refused(400, 'invalid_argument', 'currency must be MYR here');
    if (body.merchantID !== options.merchantId)
      return refused(400, 'invalid_argument', "merchantID is not this partner's");
    if (charges.has(partnerTxID))
      return refused(409, 'transaction_already_exist', 'partnerTxID was used before');
    const header = base64url(Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64'));
    const payload = base64url(Buffer.from(JSON.stringify({ partnerTxID, amount })).toString('base64'));
    const signed = base64url(
      createHmac('sha256', options.partnerSecret).update(`${header}.${payload}`).digest('base64'),
    );
    const charge: GrabPayFakeCharge = {
      partnerTxID,
      amount,
      currency: body.currency,
      request: `${header}.${payload}.${signed}`,
      txID: randomUUID().replace(/-/g, ''),
      txStatus: 'initiated',
      oAuthCode: undefined,
      codeChallenge: undefined,
      accessToken: undefined,
      completeWith: 'success',
      refunded: 0,
      refunds: new Map(),
    };
    charges.set(partnerTxID, charge);
    return reply(200, { partnerTxID, request: charge.request });
  }

  function token(request: FakeRequest): FakeReply {
    const body = jsonOf(request);
    const code = typeof body?.code === 'string' ? codes.get(body.code) : undefined;
    const charge = code ? charges.get(code.partnerTxID) : undefined;
    if (
      body?.grant_type !== 'authorization_code' ||
      body.client_id !== options.clientId ||
      body.client_secret !== options.clientSecret ||
      body.redirect_uri !== options.redirectUrl
    ) {
      return reply(400, { error: 'invalid_client' });
    }
    if (!code || code.used || !charge || typeof body.code_verifier !== 'string') {
      return reply(400, { error: 'invalid_grant' });
    }
    if (sha256url(body.code_verifier) !== charge.codeChallenge) return reply(400, { error: 'invalid_grant' });
    code.used = true;
    const accessToken = `fake-grab-token-${randomUUID()}`;
    charge.accessToken = accessToken;
    tokens.set(accessToken, charge.partnerTxID);
    return reply(200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3599,
      id_token: 'eyJ0.eyJ0.c2ln',
    });
  }

  const chargeReply = (charge: GrabPayFakeCharge) => ({
    txID: charge.txID,
    status: charge.txStatus === 'success' ? 'success' : 'failed',
    description: '',
    txStatus: charge.txStatus,
    reason: '',
    paymentMethod: 'GPWALLET',
  });

  function chargeComplete(request: FakeRequest): FakeReply {
    const charge = bearerCharge(request);
    if ('status' in charge) return charge;
    if (jsonOf(request)?.partnerTxID !== charge.partnerTxID) {
      return refused(400, 'invalid_argument', 'partnerTxID is not the charge of this token');
    }
    if (charge.txStatus === 'authorised') charge.txStatus = charge.completeWith;
    if (charge.txStatus !== 'success' && charge.txStatus !== 'failed') {
      return refused(400, 'invalid_state', `charge is ${charge.txStatus}`);
    }
    return reply(200, { ...chargeReply(charge), msgID: randomUUID().replace(/-/g, '') });
  }

  function otcStatus(request: FakeRequest, partnerTxID: string): FakeReply {
    if (request.url.searchParams.get('currency') !== 'MYR') {
      return refused(400, 'invalid_argument', 'currency is required');
    }
    const charge = charges.get(partnerTxID);
    if (!charge || charge.txStatus === 'initiated') return refused(404, 'not_found', 'transaction not found');
    return reply(200, {
      txID: charge.txID,
      oAuthCode: charge.txStatus === 'authorised' ? charge.oAuthCode : '',
      paymentMethod: '',
      status:
        charge.txStatus === 'failed' || charge.txStatus === 'authorisation_declined' ? 'failed' : 'success',
      txStatus: charge.txStatus,
      reason: '',
    });
  }

  function refund(request: FakeRequest): FakeReply {
    const charge = bearerCharge(request);
    if ('status' in charge) return charge;
    const body = jsonOf(request);
    const partnerTxID = body?.partnerTxID;
    const amount = body?.amount;
    if (typeof partnerTxID !== 'string' || partnerTxID.length === 0 || partnerTxID.length > 32) {
      return refused(400, 'invalid_argument', 'partnerTxID is required, at most 32 characters');
    }
    if (charge.refunds.has(partnerTxID)) {
      return reply(409, {
        txStatus: 'transaction_already_exist',
        status: 'failed',
        reason: 'duplicate partnerTxID',
      });
    }
    if (
      body?.originTxID !== charge.txID ||
      body.partnerGroupTxID !== charge.partnerTxID ||
      body.currency !== charge.currency ||
      body.merchantID !== options.merchantId
    ) {
      return refused(
        400,
        'invalid_argument',
        "originTxID, partnerGroupTxID, currency and merchantID must be the charge's",
      );
    }
    if (charge.txStatus !== 'success')
      return refused(400, 'invalid_state', 'only a successful charge is refunded');
    if (
      typeof amount !== 'number' ||
      !Number.isInteger(amount) ||
      amount < 1 ||
      amount > charge.amount - charge.refunded
    ) {
      return refused(400, 'invalid_argument', 'amount must be at most what is left of the charge');
    }
    charge.refunded += amount;
    const answer = {
      txID: randomUUID().replace(/-/g, ''),
      status: 'success',
      description: '',
      txStatus: 'success',
      reason: '',
      paymentMethod: 'GPWALLET',
    };
    charge.refunds.set(partnerTxID, answer);
    return reply(200, answer);
  }

  function refundStatus(request: FakeRequest, partnerTxID: string): FakeReply {
    const charge = bearerCharge(request);
    if ('status' in charge) return charge;
    const found = charge.refunds.get(partnerTxID);
    return found ? reply(200, found) : refused(404, 'not_found', 'refund not found');
  }

  function handle(request: FakeRequest): FakeReply {
    const path = request.url.pathname;
    if (request.method === 'POST' && path === GRABPAY_PATHS.token) return token(request);
    if (request.method === 'POST' && path === GRABPAY_PATHS.chargeInit) {
      return hmacRefusal(request) ?? chargeInit(request);
    }
    if (request.method === 'POST' && path === GRABPAY_PATHS.chargeComplete) return chargeComplete(request);
    if (request.method === 'POST' && path === GRABPAY_PATHS.refund) return refund(request);
    const otc = /^\/grabpay\/partner\/v2\/one-time-charge\/([^/]+)\/status$/.exec(path);
    if (request.method === 'GET' && otc)
      return hmacRefusal(request) ?? otcStatus(request, decodeURIComponent(otc[1]!));
    const refunded = /^\/grabpay\/partner\/v2\/refund\/([^/]+)\/status$/.exec(path);
    if (request.method === 'GET' && refunded) return refundStatus(request, decodeURIComponent(refunded[1]!));
    return refused(404, 'not_found', 'no such endpoint');
  }

  return {
    fetch: fakeFetch([GRABPAY_BASE_URLS[env]], handle, calls),
    calls,
    handle,
    charge: (partnerTxID) => charges.get(partnerTxID),

    authorize(authorizeUrl, outcome = 'approve') {
      const url = new URL(authorizeUrl);
      const query = url.searchParams;
      const charge = [...charges.values()].find((candidate) => candidate.request === query.get('request'));
      const redirect = query.get('redirect_uri');
      const state = query.get('state');
      const valid =
        url.pathname === GRABPAY_PATHS.authorize &&
        query.get('client_id') === options.clientId &&
        query.get('response_type') === 'code' &&
        (query.get('scope') ?? '').split(' ').includes('payment.one_time_charge') &&
        query.get('code_challenge_method') === 'S256' &&
        /^[A-Za-z0-9_-]{43}$/.test(query.get('code_challenge') ?? '') &&
        query.get('acr_values') === `consent_ctx:countryCode=MY,currency=${charge?.currency ?? 'MYR'}` &&
        redirect === options.redirectUrl &&
        !!state &&
        !!charge &&
        charge.txStatus === 'initiated';
      if (!valid || !charge) return { status: 400, location: '' };
      const back = new URL(options.redirectUrl);
      if (outcome === 'decline') {
        charge.txStatus = 'authorisation_declined';
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = `fake-grab-code-${randomUUID()}`;
        codes.set(code, { partnerTxID: charge.partnerTxID, used: false });
        charge.txStatus = 'authorised';
        charge.oAuthCode = code;
        charge.codeChallenge = query.get('code_challenge')!;
        back.searchParams.set('code', code);
      }
      back.searchParams.set('state', state);
      return { status: 302, location: back.toString() };
    },

    completeWith(partnerTxID, txStatus) {
      const charge = charges.get(partnerTxID);
      if (!charge) throw new Error(`grabpay fake: no charge ${partnerTxID}`);
      charge.completeWith = txStatus;
    },

    notification(partnerTxID, url, overrides = {}) {
      const charge = charges.get(partnerTxID);
      if (!charge) throw new Error(`grabpay fake: no charge ${partnerTxID}`);
      const body = JSON.stringify({
        partnerTxID,
        txID: charge.txID,
        txStatus: charge.txStatus,
        amount: charge.amount,
        currency: charge.currency,
        ...overrides,
      });
      const date = now().toUTCString();
      const path = new URL(url).pathname;
      const hmac = grabPayHmac({
        method: 'POST',
        contentType: CONTENT_TYPE,
        date,
        path,
        body,
        partnerSecret: options.partnerSecret,
      });
      return {
        url,
        headers: { 'content-type': CONTENT_TYPE, date, authorization: `${options.partnerId}:${hmac}` },
        body,
      };
    },

    serve: () => serveFake(handle, calls),
  };
}
