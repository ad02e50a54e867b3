/**
 * DOKU Checkout (FACTS "Payments"), non-SNAP signature:
 *
 * - create: `POST /checkout/v1/payment` -> `response.payment.url`; headers Client-Id, Request-Id (DOKU's
 *   idempotency key: the same id and body answer the first response with 409), Request-Timestamp
 *   (UTC `YYYY-MM-DDTHH:mm:ssZ`) and Signature `HMACSHA256=` + base64 HMAC-SHA256(secret) of the lines
 *   `Client-Id:…`, `Request-Id:…`, `Request-Timestamp:…`, `Request-Target:<path>` and, for a body,
 *   `Digest:` + base64 SHA-256(body), joined by `\n` with no trailing newline.
 * - notification: signed the same way by DOKU, with our notification path as Request-Target.
 * - status: `GET /orders/v1/status/{invoice_number}`, signed without a Digest line. DOKU retries a
 *   notification only 3 times, so the reconciliation job's status polls are what settle the rest.
 * - refund: `POST /cancellation/credit-card/refund` (the refund API DOKU documents is the cards one;
 *   other channels are refunded from the DOKU back office and come back `failed` here).
 *
 * DOKU Checkout charges rupiah only: `order.amount` is integer rupiah, our IDR minor unit as is.
 *
 * A kiosk (`qrOnScreen`) gets the Checkout page too, never a `qrString`: DOKU's own QRIS API (Generate
 * QRIS, `/snap-adapter/b2b/v1.0/qr/qr-mpm-generate`) is a SNAP BI API with its own B2B access token
 * (asymmetric RSA signature), an HMAC-SHA512 request signature and SNAP notifications, none of which
 * this Checkout adapter speaks. The kiosk draws the page URL and asks the payer to open it on their phone.
 */
import { randomUUID } from 'node:crypto';
import { parseJson } from '../../../../../lib/json';
import {
  PaymentGatewayError,
  asRecord,
  callGateway,
  constantTimeEqual,
  header,
  stringField,
} from '../../http';
import type { GatewayEnv } from '../../http';
import type { PaymentProvider, HttpFetch, VerifiedNotification } from '../../provider';
import {
  DOKU_BASE_URLS,
  DOKU_CHECKOUT_PATH,
  DOKU_REFUND_PATH,
  dokuSignature,
  dokuStatusPath,
  dokuTimestamp,
  mapDokuOrderStatus,
  mapDokuStatus,
  paymentMethodTypes,
  readDokuBody,
} from './protocol';

export interface DokuOptions {
  clientId: string;
  secretKey: string;
  env: GatewayEnv;
  /** DOKU's host replaced (a loopback fake); unset: DOKU's own by `env`. */
  baseUrl?: string | undefined;
  fetch: HttpFetch;
  now: () => Date;
  /** Request-Id of status calls (tests pass a fixed one). */
  requestId?: () => string;
}

export function createDokuProvider(options: DokuOptions): PaymentProvider {
  const { clientId, secretKey, fetch, now } = options;
  const base = (options.baseUrl ?? DOKU_BASE_URLS[options.env]).replace(/\/$/, '');
  const newRequestId = options.requestId ?? randomUUID;

  function signedHeaders(requestId: string, target: string, body?: string): Record<string, string> {
    const timestamp = dokuTimestamp(now());
    return {
      'Content-Type': 'application/json',
      'Client-Id': clientId,
      'Request-Id': requestId,
      'Request-Timestamp': timestamp,
      Signature: dokuSignature({ clientId, requestId, timestamp, target, body, secretKey }),
    };
  }

  function checkRupiah(currency: string) {
    if (currency !== 'IDR') {
      throw new PaymentGatewayError(
        'doku',
        'unsupported_currency',
        `DOKU Checkout charges IDR only, not ${currency}`,
      );
    }
  }

  return {
    name: 'doku',

    async create(input) {
      checkRupiah(input.currency);
      if (!/^[A-Za-z0-9\-_]{1,30}$/.test(input.reference)) {
        // 30: DOKU's limit when the card channel is on; no symbols beyond - and _.
        throw new PaymentGatewayError(
          'doku',
          'invalid_reference',
          `invoice_number ${JSON.stringify(input.reference)} is not allowed`,
        );
      }
      const dueMinutes = input.expiresAt
        ? Math.max(1, Math.ceil((input.expiresAt.getTime() - now().getTime()) / 60_000))
        : 60;
      const customer = input.customer;
      const methods = paymentMethodTypes(input);
      const body = JSON.stringify({
        order: {
          amount: input.amount,
          invoice_number: input.reference,
          currency: 'IDR',
          callback_url: input.returnUrl,
          callback_url_cancel: input.returnUrl,
          language: input.language === 'id' ? 'ID' : 'EN',
          auto_redirect: true,
          disable_retry_payment: true,
          line_items: [{ name: input.description.slice(0, 255), price: input.amount, quantity: 1 }],
        },
        payment: { payment_due_date: dueMinutes, ...(methods ? { payment_method_types: methods } : {}) },
        ...(customer && (customer.name || customer.email || customer.phone)
          ? {
              customer: {
                ...(customer.name ? { name: customer.name } : {}),
                ...(customer.email ? { email: customer.email } : {}),
                ...(customer.phone ? { phone: customer.phone } : {}),
              },
            }
          : {}),
        additional_info: { override_notification_url: input.notifyUrl },
      });
      // Request-Id = our reference: a retried create is answered with the first checkout (409), not a second.
      const response = await callGateway('doku', fetch, `${base}${DOKU_CHECKOUT_PATH}`, {
        method: 'POST',
        headers: signedHeaders(input.reference, DOKU_CHECKOUT_PATH, body),
        body,
      });
      const reply = asRecord(response.body);
      const payment = asRecord(asRecord(reply?.response)?.payment);
      const url = stringField(payment, 'url');
      if ((response.status < 200 || response.status >= 300) && response.status !== 409) {
        throw new PaymentGatewayError(
          'doku',
          'http',
          `checkout for ${input.reference} refused (HTTP ${response.status})`,
          response.status,
          reply?.error ?? reply?.message,
        );
      }
      if (!url) {
        throw new PaymentGatewayError(
          'doku',
          'bad_response',
          `checkout for ${input.reference} has no payment.url`,
          response.status,
          reply,
        );
      }
      return {
        providerRef: stringField(payment, 'token_id') ?? input.reference,
        redirectUrl: url,
        raw: reply,
      };
    },

    verifyNotification(notification): VerifiedNotification | null {
      const signature = header(notification.headers, 'Signature');
      const requestId = header(notification.headers, 'Request-Id');
      const timestamp = header(notification.headers, 'Request-Timestamp');
      const sender = header(notification.headers, 'Client-Id');
      if (!signature || !requestId || !timestamp || sender !== clientId) return null;
      const expected = dokuSignature({
        clientId,
        requestId,
        timestamp,
        target: notification.path,
        body: notification.rawBody,
        secretKey,
      });
      if (!constantTimeEqual(signature, expected)) return null;
      const body = asRecord(parseJson(notification.rawBody));
      if (!body) return null;
      const read = readDokuBody(body);
      const status = read.transactionStatus ? mapDokuStatus(read.transactionStatus) : null;
      // Every DOKU notification carries order.amount: one without it is not settled on trust.
      if (!body || !read.invoiceNumber || !read.transactionStatus || !status || read.amount === undefined) {
        return null;
      }
      // A retry may carry a fresh Request-Id; the event is the invoice's status at its transaction date.
      const eventId = [read.invoiceNumber, read.transactionStatus, read.transactionDate ?? ''].join(':');
      return {
        eventId,
        reference: read.invoiceNumber,
        status,
        amount: read.amount,
        ...(read.currency ? { currency: read.currency } : {}),
        ...(read.originalRequestId ? { providerRef: read.originalRequestId } : {}),
        raw: body,
      };
    },

    async queryStatus(reference) {
      const target = dokuStatusPath(reference);
      const response = await callGateway('doku', fetch, `${base}${target}`, {
        method: 'GET',
        headers: signedHeaders(newRequestId(), target),
      });
      const reply = asRecord(response.body);
      // Not found until the payer picks a channel on the checkout page.
      if (response.status === 404) return { status: 'pending', raw: reply ?? response.text };
      if (response.status < 200 || response.status >= 300 || !reply) {
        throw new PaymentGatewayError(
          'doku',
          'http',
          `status of ${reference} (HTTP ${response.status})`,
          response.status,
          reply,
        );
      }
      const read = readDokuBody(reply);
      const status = read.transactionStatus
        ? mapDokuStatus(read.transactionStatus)
        : mapDokuOrderStatus(read.orderStatus);
      if (!status) {
        throw new PaymentGatewayError(
          'doku',
          'bad_response',
          `unknown status of ${reference}`,
          response.status,
          reply,
        );
      }
      return { status, ...(read.amount !== undefined ? { amount: read.amount } : {}), raw: reply };
    },

    async refund(input) {
      checkRupiah(input.currency);
      const body = JSON.stringify({
        order: { invoice_number: input.reference },
        // The payment's Request-Id was our reference (see create).
        payment: { original_request_id: input.reference },
        refund: { amount: input.amount },
      });
      // Request-Id is DOKU's idempotency key: the refund key makes a retried refund the same refund.
      const response = await callGateway('doku', fetch, `${base}${DOKU_REFUND_PATH}`, {
        method: 'POST',
        headers: signedHeaders(input.refundKey, DOKU_REFUND_PATH, body),
        body,
      });
      if (response.status >= 500) {
        throw new PaymentGatewayError(
          'doku',
          'http',
          `refund of ${input.reference} (HTTP ${response.status})`,
          response.status,
        );
      }
      const reply = asRecord(response.body);
      if ((response.status < 200 || response.status >= 300) && response.status !== 409) {
        return { status: 'failed', raw: reply ?? response.text };
      }
      const refundStatus =
        stringField(asRecord(reply?.refund), 'status') ?? stringField(asRecord(reply?.transaction), 'status');
      if (refundStatus === 'SUCCESS') return { status: 'refunded', raw: reply };
      if (refundStatus === 'FAILED') return { status: 'failed', raw: reply };
      return { status: 'pending', raw: reply };
    },
  };
}
