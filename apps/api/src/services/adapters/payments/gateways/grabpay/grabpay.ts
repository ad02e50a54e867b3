/**
 * GrabPay Malaysia, One-Time Charge (OTC) redirect flow through Grab's partner API v2, as Grab's own
 * merchant SDK (github.com/grab/grabpay-merchant-sdk) implements it:
 *
 * 1. create: `POST /grabpay/partner/v2/charge/init` (partner HMAC) -> `{partnerTxID, request}`; the
 *    payer is sent to `/grabid/v1/oauth2/authorize` (OAuth2 + PKCE, `request` = that signed charge) and
 *    comes back to the registered redirect URL (our return route, `/api/payments/grabpay/return`) with
 *    `?code&state`. The state is our reference with an HMAC of it under the client secret
 *    ({@link grabPayState}): bound to that payment, and not forgeable for another one.
 * 2. completeReturn (the return route): the payer's `code` is exchanged at `/grabid/v1/oauth2/token`
 *    with the PKCE verifier, and the charge completed with `POST /grabpay/partner/v2/charge/complete`
 *    (Bearer + `X-GID-AUX-POP`). A code that does not exchange (already used: a replayed return)
 *    falls back to the status query below, so the outcome is Grab's either way.
 * 3. queryStatus: `GET /grabpay/partner/v2/one-time-charge/{partnerTxID}/status?currency=MYR` (partner
 *    HMAC). Once the payer authorised, it carries the `oAuthCode`, completed the same way: the
 *    reconciliation job completes a charge whose payer never came back.
 * 4. refund: `POST /grabpay/partner/v2/refund` (Bearer + POP) with the charge's access token, kept by
 *    the charge store (the database, on a server) when the charge completes.
 *
 * Partner HMAC: `Authorization: {partnerID}:{base64 HMAC-SHA256(partnerSecret, stringToSign)}` with
 * stringToSign = method, content type, the `Date` header (RFC 1123 GMT), the request path (with its
 * query), base64 SHA-256 of the body (empty for GET), each followed by `\n`.
 * POP: base64url(JSON {time_since_epoch, sig}) with sig = base64url HMAC-SHA256(clientSecret,
 * unixSeconds + accessToken).
 *
 * Amounts are integer sen (Grab's smallest currency unit): our MYR minor unit as is.
 */
import { createHash, createHmac } from 'node:crypto';
import { parseJson } from '../../../../../lib/json';
import { memoryChargeStore } from '../../gateway';
import type { ChargeStore } from '../../gateway';
import {
  PaymentGatewayError,
  asRecord,
  callGateway,
  constantTimeEqual,
  header,
  stringField,
} from '../../http';
import type { GatewayEnv, GatewayResponse } from '../../http';
import {
  CONTENT_TYPE,
  GRABPAY_BASE_URLS,
  GRABPAY_PATHS,
  base64url,
  grabPayCodeVerifier,
  grabPayHmac,
  grabPayPop,
  grabPayReferenceOfState,
  grabPayState,
  mapGrabPayStatus,
  partnerTxIdOf,
  refundOutcome,
} from './protocol';
import type { HttpFetch, PaymentProvider, ProviderStatus, VerifiedNotification } from '../../provider';

export interface GrabPayOptions {
  partnerId: string;
  partnerSecret: string;
  merchantId: string;
  clientId: string;
  clientSecret: string;
  /** Grab's redirect_uri: our return route ({@link grabPayReturnUrl}) unless configured otherwise. */
  redirectUrl: string;
  env: GatewayEnv;
  /** Grab's host replaced (a loopback fake); unset: Grab's own by `env`. */
  baseUrl?: string | undefined;
  country: 'MY';
  fetch: HttpFetch;
  now: () => Date;
  /** Where completed charges are kept for refunds (the database on a server); in memory when absent. */
  charges?: ChargeStore | undefined;
}

/** Our route the payer comes back to from Grab (`?code&state`): the redirect_uri registered at Grab. */
export const GRABPAY_RETURN_PATH = '/api/payments/grabpay/return';

/** The redirect_uri of a server with public URL `publicUrl`. */
export const grabPayReturnUrl = (publicUrl: string) =>
  `${publicUrl.replace(/\/$/, '')}${GRABPAY_RETURN_PATH}`;

/** What only GrabPay does: the payer's way back carries an authorisation code to complete. */
export interface GrabPayProvider extends PaymentProvider {
  readonly name: 'grabpay';
  /** The payment reference a return `state` is for, or null when the state is not ours. */
  referenceOfState(state: string): string | null;
  /**
   * Completes the charge the payer authorised (token exchange with `code`, then charge complete); a
   * code that does not exchange falls back to the status query. Throws a `PaymentGatewayError` when
   * Grab gives no answer we can act on.
   */
  completeReturn(reference: string, code: string): Promise<{ status: ProviderStatus; raw: unknown }>;
}

export const isGrabPayProvider = (provider: PaymentProvider | undefined): provider is GrabPayProvider =>
  provider?.name === 'grabpay' && 'completeReturn' in provider;

export function createGrabPayProvider(options: GrabPayOptions): GrabPayProvider {
  const { partnerId, partnerSecret, merchantId, clientId, clientSecret, redirectUrl, fetch, now } = options;
  const base = (options.baseUrl ?? GRABPAY_BASE_URLS[options.env]).replace(/\/$/, '');
  const charges = options.charges ?? memoryChargeStore();
  const currency = 'MYR';

  function partnerHeaders(method: string, path: string, body?: string): Record<string, string> {
    const date = now().toUTCString();
    const hmac = grabPayHmac({ method, contentType: CONTENT_TYPE, date, path, body, partnerSecret });
    return {
      Accept: CONTENT_TYPE,
      'Content-Type': CONTENT_TYPE,
      Date: date,
      Authorization: `${partnerId}:${hmac}`,
    };
  }

  function bearerHeaders(accessToken: string): Record<string, string> {
    const at = now();
    return {
      Accept: CONTENT_TYPE,
      'Content-Type': CONTENT_TYPE,
      Date: at.toUTCString(),
      Authorization: `Bearer ${accessToken}`,
      'X-GID-AUX-POP': grabPayPop(accessToken, clientSecret, Math.floor(at.getTime() / 1000)),
    };
  }

  function refused(what: string, response: GatewayResponse): PaymentGatewayError {
    return new PaymentGatewayError(
      'grabpay',
      'http',
      `${what} (HTTP ${response.status})`,
      response.status,
      response.body,
    );
  }

  function checkRinggit(value: string) {
    if (value !== currency) {
      throw new PaymentGatewayError(
        'grabpay',
        'unsupported_currency',
        `GrabPay Malaysia charges MYR only, not ${value}`,
      );
    }
  }

  /** Exchanges the payer's authorisation for an access token and completes the charge. */
  async function complete(reference: string, oAuthCode: string) {
    const tokenResponse = await callGateway('grabpay', fetch, `${base}${GRABPAY_PATHS.token}`, {
      method: 'POST',
      headers: { Accept: CONTENT_TYPE, 'Content-Type': CONTENT_TYPE },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        client_id: clientId,
        client_secret: clientSecret,
        code_verifier: grabPayCodeVerifier(reference, clientSecret),
        redirect_uri: redirectUrl,
        code: oAuthCode,
      }),
    });
    const accessToken = stringField(asRecord(tokenResponse.body), 'access_token');
    if (tokenResponse.status !== 200 || !accessToken) throw refused(`token for ${reference}`, tokenResponse);

    const body = JSON.stringify({ partnerTxID: reference });
    const completeResponse = await callGateway('grabpay', fetch, `${base}${GRABPAY_PATHS.chargeComplete}`, {
      method: 'POST',
      headers: bearerHeaders(accessToken),
      body,
    });
    const reply = asRecord(completeResponse.body);
    if (completeResponse.status !== 200 || !reply)
      throw refused(`completion of ${reference}`, completeResponse);
    const txID = stringField(reply, 'txID');
    if (txID) await charges.set(reference, { accessToken, txID });
    return reply;
  }

  /** The completion's reply onto our status. */
  function completedStatus(reference: string, completed: Record<string, unknown>) {
    const txStatus = stringField(completed, 'txStatus');
    const status = txStatus ? mapGrabPayStatus(txStatus) : null;
    if (!status)
      throw new PaymentGatewayError('grabpay', 'bad_response', `completion of ${reference}`, 200, completed);
    return { status, raw: completed };
  }

  async function queryStatus(reference: string): Promise<{ status: ProviderStatus; raw: unknown }> {
    const path = GRABPAY_PATHS.oneTimeChargeStatus(reference, currency);
    const response = await callGateway('grabpay', fetch, `${base}${path}`, {
      method: 'GET',
      headers: partnerHeaders('GET', path),
    });
    // Not found until the payer has been through Grab's authorisation.
    if (response.status === 404) return { status: 'pending', raw: response.body ?? response.text };
    const reply = asRecord(response.body);
    if (response.status !== 200 || !reply) throw refused(`status of ${reference}`, response);
    const txStatus = stringField(reply, 'txStatus');
    const oAuthCode = stringField(reply, 'oAuthCode');
    if (txStatus === 'authorised' && oAuthCode) {
      return completedStatus(reference, await complete(reference, oAuthCode));
    }
    const status = txStatus ? mapGrabPayStatus(txStatus) : null;
    if (!status)
      throw new PaymentGatewayError('grabpay', 'bad_response', `unknown status of ${reference}`, 200, reply);
    const txID = stringField(reply, 'txID');
    return { status, raw: { txID, txStatus, status: stringField(reply, 'status') } };
  }

  return {
    name: 'grabpay',

    referenceOfState: (state) => grabPayReferenceOfState(state, clientSecret),

    async completeReturn(reference, code) {
      try {
        return completedStatus(reference, await complete(reference, code));
      } catch (error) {
        // A code already exchanged (a replayed return, or the reconciliation job came first) or
        // refused: Grab's own record of the charge says what happened.
        if (error instanceof PaymentGatewayError && !error.retryable) return queryStatus(reference);
        throw error;
      }
    },

    async create(input) {
      checkRinggit(input.currency);
      const path = GRABPAY_PATHS.chargeInit;
      const body = JSON.stringify({
        partnerTxID: input.reference,
        partnerGroupTxID: input.reference,
        amount: input.amount,
        currency,
        merchantID: merchantId,
        description: input.description.slice(0, 255),
      });
      const response = await callGateway('grabpay', fetch, `${base}${path}`, {
        method: 'POST',
        headers: partnerHeaders('POST', path, body),
        body,
      });
      const reply = asRecord(response.body);
      const request = stringField(reply, 'request');
      if (response.status !== 200 || !request) throw refused(`charge init for ${input.reference}`, response);

      const verifier = grabPayCodeVerifier(input.reference, clientSecret);
      const query = new URLSearchParams({
        acr_values: `consent_ctx:countryCode=${options.country},currency=${currency}`,
        client_id: clientId,
        code_challenge: base64url(createHash('sha256').update(verifier, 'utf8').digest('base64')),
        code_challenge_method: 'S256',
        nonce: base64url(
          createHmac('sha256', clientSecret).update(`nonce:${input.reference}`, 'utf8').digest('base64'),
        ).slice(0, 16),
        redirect_uri: redirectUrl,
        request,
        response_type: 'code',
        scope: 'openid payment.one_time_charge',
        state: grabPayState(input.reference, clientSecret),
      });
      return {
        providerRef: stringField(reply, 'partnerTxID') ?? input.reference,
        redirectUrl: `${base}${GRABPAY_PATHS.authorize}?${query.toString()}`,
        raw: { partnerTxID: stringField(reply, 'partnerTxID') },
      };
    },

    /**
     * No notification format is in Grab's public SDK; this accepts a POST signed with the same
     * partner HMAC (over our notification path) carrying `partnerTxID`, `txID` and `txStatus`. The
     * status polls settle GrabPay payments either way.
     */
    verifyNotification(notification): VerifiedNotification | null {
      const authorization = header(notification.headers, 'Authorization');
      const date = header(notification.headers, 'Date');
      const contentType = header(notification.headers, 'Content-Type') ?? CONTENT_TYPE;
      if (!authorization || !date) return null;
      const separator = authorization.indexOf(':');
      if (separator < 0 || authorization.slice(0, separator) !== partnerId) return null;
      const expected = grabPayHmac({
        method: 'POST',
        contentType,
        date,
        path: notification.path,
        body: notification.rawBody,
        partnerSecret,
      });
      if (!constantTimeEqual(authorization.slice(separator + 1), expected)) return null;
      const body = asRecord(parseJson(notification.rawBody));
      if (!body) return null;
      const reference = stringField(body, 'partnerTxID');
      const txID = stringField(body, 'txID');
      const txStatus = stringField(body, 'txStatus');
      const status = txStatus ? mapGrabPayStatus(txStatus) : null;
      if (!body || !reference || !txID || !txStatus || !status) return null;
      const amount = body.amount;
      const currency = stringField(body, 'currency');
      return {
        eventId: `${txID}:${txStatus}`,
        reference,
        status,
        ...(typeof amount === 'number' && Number.isSafeInteger(amount) ? { amount } : {}),
        ...(currency ? { currency } : {}),
        providerRef: txID,
        raw: body,
      };
    },

    queryStatus,

    async refund(input) {
      checkRinggit(input.currency);
      const charge = await charges.get(input.reference);
      if (!charge) {
        // Grab refunds with the payer's access token; without it the refund is made in Grab's portal.
        return { status: 'failed', raw: { reason: 'access_token_unavailable', reference: input.reference } };
      }
      const refundTxId = partnerTxIdOf(input.refundKey);
      const body = JSON.stringify({
        partnerTxID: refundTxId,
        partnerGroupTxID: input.reference,
        amount: input.amount,
        currency,
        merchantID: merchantId,
        description: input.reason.slice(0, 255),
        originTxID: input.providerRef !== input.reference ? input.providerRef : charge.txID,
      });
      const response = await callGateway('grabpay', fetch, `${base}${GRABPAY_PATHS.refund}`, {
        method: 'POST',
        headers: bearerHeaders(charge.accessToken),
        body,
      });
      // A 5xx is no answer: thrown (retryable), so the refund is tried again later.
      if (response.status >= 500) throw refused(`refund of ${input.reference}`, response);
      const reply = asRecord(response.body);
      const txStatus = stringField(reply, 'txStatus');
      if (response.status === 409 || txStatus === 'transaction_already_exist') {
        // The same refund key again: report the first refund's outcome.
        const statusPath = GRABPAY_PATHS.refundStatus(refundTxId, currency);
        const existing = await callGateway('grabpay', fetch, `${base}${statusPath}`, {
          method: 'GET',
          headers: bearerHeaders(charge.accessToken),
        });
        if (existing.status >= 500) throw refused(`refund status of ${input.reference}`, existing);
        const existingReply = asRecord(existing.body);
        return { status: refundOutcome(stringField(existingReply, 'txStatus')), raw: existingReply };
      }
      if (response.status !== 200 || !reply) return { status: 'failed', raw: reply ?? response.text };
      return { status: refundOutcome(txStatus), raw: reply };
    },
  };
}
