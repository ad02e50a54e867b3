/**
 * A loopback DOKU, built from DOKU's documentation (not from our adapter): the Checkout endpoints our
 * adapter uses, DOKU's request signature and idempotency, and the HTTP notifications DOKU sends, on
 * demand. README.md in this folder says how tests use it.
 *
 * Pages followed, beside each part below:
 * - Signature: developers.doku.com/get-started-with-doku-api/signature-component/non-snap
 *   (signature-component-from-request-header; signature-from-api-get-method: a GET has no Digest).
 * - Idempotency: developers.doku.com/get-started-with-doku-api/idempotency-request — Request-Id is
 *   the key; the same Request-Id and body again is answered with the first reply and 409 Conflict.
 * - Checkout: developers.doku.com/accept-payments/doku-checkout/integration-guide/backend-integration —
 *   `POST /checkout/v1/payment`, `order.amount` whole rupiah (max 12 digits), `order.invoice_number`
 *   (max 64, 30 with the card channel), `payment.payment_due_date` minutes (default 60) ->
 *   `response.payment.url`, `token_id`, `expired_date`.
 * - Status: developers.doku.com/get-started-with-doku-api/check-status-api/non-snap —
 *   `GET /orders/v1/status/{invoice_number}`, `transaction.status` SUCCESS, FAILED, PENDING, EXPIRED,
 *   REFUNDED, TIMEOUT, REDIRECT; before a channel is chosen `order.status` ORDER_GENERATED or
 *   ORDER_EXPIRED and null channel fields (docs.doku.com/changelog/july-2025/checkout-new-fields-and-status-values-on-check-status-api).
 * - Refund: developers.doku.com/accept-payments/direct-api/non-snap/cards/refund —
 *   `POST /cancellation/credit-card/refund` with `order.invoice_number`, `payment.original_request_id`
 *   (the payment's Request-Id), `refund.amount`; partial and repeated refunds up to the amount; cards only.
 * - Notification: developers.doku.com/get-started-with-doku-api/notification/http-notification-sample-non-snap —
 *   headers Client-Id, Request-Id, Request-Timestamp, Signature (Request-Target: the path of the
 *   merchant's notification URL), body `service`, `acquirer`, `channel`, `transaction`, `order`;
 *   override per checkout by `additional_info.override_notification_url`
 *   (developers.doku.com/get-started-with-doku-api/notification/override-notification-url).
 *
 * DOKU's pages print no body for a refused request; this fake answers `{ error: { code, message } }`
 * naming what was wrong, which our adapter only logs.
 */
import { randomUUID } from 'node:crypto';
import { fakeFetch, jsonOf, reply, serveFake } from '../../fake-kit';
import type { FakeReply, FakeRequest, ServedFake } from '../../fake-kit';
import type { GatewayEnv } from '../../http';
import type { HttpFetch } from '../../provider';
import {
  DOKU_BASE_URLS,
  DOKU_CHECKOUT_PATH,
  DOKU_REFUND_PATH,
  dokuSignature,
  dokuTimestamp,
} from './protocol';
import { constantTimeEqual } from '../../http';

/** The channels the fake's checkout page offers, as DOKU names them in notifications. */
const CHANNELS = {
  QRIS: { service: 'QRIS', acquirer: 'NOBU', channel: 'QRIS' },
  CREDIT_CARD: { service: 'CREDIT_CARD', acquirer: 'BANK_BRI', channel: 'CREDIT_CARD' },
  EMONEY_OVO: { service: 'EMONEY', acquirer: 'OVO', channel: 'EMONEY_OVO' },
} as const;
export type DokuChannel = keyof typeof CHANNELS;

export type DokuOutcome = 'SUCCESS' | 'FAILED' | 'PENDING' | 'EXPIRED';

export interface DokuFakeCheckout {
  invoiceNumber: string;
  amount: number;
  /** The create call's Request-Id: what a refund names as `payment.original_request_id`. */
  requestId: string;
  tokenId: string;
  url: string;
  dueAt: Date;
  methodTypes: string[] | undefined;
  notificationUrl: string | undefined;
  transaction: { status: DokuOutcome | 'REFUNDED'; date: string; channel: DokuChannel } | undefined;
  refunded: number;
}

export interface DokuNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface DokuFake {
  fetch: HttpFetch;
  calls: FakeRequest[];
  handle(request: FakeRequest): FakeReply;
  checkout(invoiceNumber: string): DokuFakeCheckout | undefined;
  /** The payer pays on the checkout page by `channel`, ending in `outcome`. */
  pay(invoiceNumber: string, outcome: DokuOutcome, channel?: DokuChannel): void;
  /** DOKU's HTTP notification of the checkout's transaction, signed over the notification URL's path. */
  notification(invoiceNumber: string, overrides?: { body?: Record<string, unknown> }): DokuNotification;
  serve(): Promise<ServedFake>;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const refused = (status: number, code: string, message: string) =>
  reply(status, { error: { code, message } });

export function createDokuFake(options: {
  clientId: string;
  secretKey: string;
  env?: GatewayEnv;
  now?: () => Date;
}): DokuFake {
  const env = options.env ?? 'sandbox';
  const now = options.now ?? (() => new Date());
  const calls: FakeRequest[] = [];
  const checkouts = new Map<string, DokuFakeCheckout>();
  /** Request-Id -> the body and reply it was first answered with (idempotency). */
  const seen = new Map<string, { body: string; reply: FakeReply }>();

  /** Every request is signed (signature-component-from-request-header, signature-from-api-get-method). */
  function unsigned(request: FakeRequest): FakeReply | null {
    const clientId = request.headers['client-id'];
    const requestId = request.headers['request-id'];
    const timestamp = request.headers['request-timestamp'];
    const signature = request.headers.signature;
    if (clientId !== options.clientId) return refused(401, 'invalid_client_id', 'Client-Id is not known');
    if (!requestId || requestId.length > 128)
      return refused(400, 'invalid_request_id', 'Request-Id is required, at most 128 characters');
    if (!timestamp || !TIMESTAMP.test(timestamp)) {
      return refused(
        400,
        'invalid_timestamp',
        'Request-Timestamp must be UTC ISO 8601 (yyyy-MM-ddTHH:mm:ssZ)',
      );
    }
    const expected = dokuSignature({
      clientId,
      requestId,
      timestamp,
      target: request.url.pathname,
      ...(request.method === 'GET' ? {} : { body: request.body }),
      secretKey: options.secretKey,
    });
    if (!signature || !constantTimeEqual(signature, expected)) {
      return refused(401, 'invalid_signature', 'Invalid Header Signature');
    }
    return null;
  }

  /** The idempotency page: the same Request-Id and body -> the first reply with 409. */
  function once(request: FakeRequest, answer: () => FakeReply): FakeReply {
    const requestId = request.headers['request-id']!;
    const previous = seen.get(requestId);
    if (previous) {
      return previous.body === request.body
        ? reply(409, previous.reply.body)
        : refused(400, 'duplicate_request_id', 'Request-Id was used for another request');
    }
    const first = answer();
    if (first.status >= 200 && first.status < 300) seen.set(requestId, { body: request.body, reply: first });
    return first;
  }

  /** backend-integration: the checkout. */
  function createCheckout(request: FakeRequest): FakeReply {
    const body = jsonOf(request);
    const order = body?.order as Record<string, unknown> | undefined;
    const payment = body?.payment as Record<string, unknown> | undefined;
    const amount = order?.amount;
    const invoice = order?.invoice_number;
    const methodTypes = Array.isArray(payment?.payment_method_types)
      ? (payment.payment_method_types as string[])
      : undefined;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || String(amount).length > 12) {
      return refused(400, 'invalid_amount', 'order.amount must be whole rupiah, at most 12 digits');
    }
    const invoiceLimit = !methodTypes || methodTypes.includes('CREDIT_CARD') ? 30 : 64;
    if (typeof invoice !== 'string' || invoice.length === 0 || invoice.length > invoiceLimit) {
      return refused(
        400,
        'invalid_invoice_number',
        `order.invoice_number is required, at most ${invoiceLimit} characters`,
      );
    }
    if (order?.currency !== undefined && order.currency !== 'IDR') {
      return refused(400, 'invalid_currency', 'order.currency must be IDR');
    }
    const due = payment?.payment_due_date ?? 60;
    if (typeof due !== 'number' || !Number.isInteger(due) || due < 1 || String(due).length > 6) {
      return refused(
        400,
        'invalid_payment_due_date',
        'payment.payment_due_date is minutes, at most 6 digits',
      );
    }
    const tokenId = randomUUID().replace(/-/g, '');
    const dueAt = new Date(now().getTime() + due * 60_000);
    const notify = (body?.additional_info as { override_notification_url?: unknown } | undefined)
      ?.override_notification_url;
    const checkout: DokuFakeCheckout = {
      invoiceNumber: invoice,
      amount,
      requestId: request.headers['request-id']!,
      tokenId,
      // The page's address as the backend-integration sample writes it (sandbox's host, both environments).
      url: `https://sandbox.doku.com/checkout-link-v2/${tokenId}`,
      dueAt,
      methodTypes,
      notificationUrl: typeof notify === 'string' ? notify : undefined,
      transaction: undefined,
      refunded: 0,
    };
    checkouts.set(invoice, checkout);
    return reply(200, {
      message: ['SUCCESS'],
      response: {
        order: {
          amount: String(amount),
          invoice_number: invoice,
          currency: 'IDR',
          session_id: '',
          callback_url: order?.callback_url ?? '',
        },
        payment: {
          ...(methodTypes ? { payment_method_types: methodTypes } : {}),
          payment_due_date: due,
          token_id: tokenId,
          url: checkout.url,
          expired_date: new Date(dueAt.getTime() + 7 * 3_600_000)
            .toISOString()
            .slice(0, 19)
            .replace(/[-T:]/g, ''),
        },
        uuid: Number(String(now().getTime()).slice(-13)),
        headers: {
          request_id: checkout.requestId,
          client_id: options.clientId,
          date: dokuTimestamp(now()),
        },
      },
    });
  }

  /** check-status-api/non-snap. */
  function status(invoice: string): FakeReply {
    const checkout = checkouts.get(invoice);
    if (!checkout) return refused(404, 'not_found', 'Transaction not found');
    const order = { invoice_number: checkout.invoiceNumber, amount: checkout.amount };
    if (!checkout.transaction) {
      const expired = now().getTime() > checkout.dueAt.getTime();
      return reply(200, {
        order: { ...order, status: expired ? 'ORDER_EXPIRED' : 'ORDER_GENERATED' },
        service: { id: null },
        acquirer: { id: null },
        channel: { id: null },
      });
    }
    const names = CHANNELS[checkout.transaction.channel];
    return reply(200, {
      order,
      transaction: {
        status: checkout.transaction.status,
        date: checkout.transaction.date,
        original_request_id: checkout.requestId,
      },
      service: { id: names.service },
      acquirer: { id: names.acquirer },
      channel: { id: names.channel },
    });
  }

  /** cards/refund. */
  function refund(request: FakeRequest): FakeReply {
    const body = jsonOf(request);
    const invoice = (body?.order as { invoice_number?: unknown } | undefined)?.invoice_number;
    const original = (body?.payment as { original_request_id?: unknown } | undefined)?.original_request_id;
    const amount = (body?.refund as { amount?: unknown } | undefined)?.amount;
    const checkout = typeof invoice === 'string' ? checkouts.get(invoice) : undefined;
    if (!checkout || original !== checkout.requestId) {
      return refused(404, 'not_found', 'Transaction not found');
    }
    if (checkout.transaction?.channel !== 'CREDIT_CARD' || checkout.transaction.status === 'FAILED') {
      return refused(400, 'refund_not_allowed', 'Only a paid card transaction is refunded through this API');
    }
    const remaining = checkout.amount - checkout.refunded;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > remaining) {
      return refused(400, 'invalid_amount', 'refund.amount must be at most what is left of the transaction');
    }
    checkout.refunded += amount;
    if (checkout.refunded === checkout.amount) checkout.transaction.status = 'REFUNDED';
    return reply(200, {
      order: { invoice_number: checkout.invoiceNumber },
      refund: { status: 'SUCCESS', amount },
    });
  }

  function handle(request: FakeRequest): FakeReply {
    const path = request.url.pathname;
    const statusPath = /^\/orders\/v1\/status\/([^/]+)$/.exec(path);
    const known =
      (request.method === 'POST' && (path === DOKU_CHECKOUT_PATH || path === DOKU_REFUND_PATH)) ||
      (request.method === 'GET' && statusPath);
    if (!known) return refused(404, 'not_found', 'Resource not found');
    const refusal = unsigned(request);
    if (refusal) return refusal;
    if (statusPath) return status(decodeURIComponent(statusPath[1]!));
    return once(request, () => (path === DOKU_CHECKOUT_PATH ? createCheckout(request) : refund(request)));
  }

  return {
    fetch: fakeFetch([DOKU_BASE_URLS[env]], handle, calls),
    calls,
    handle,
    checkout: (invoice) => checkouts.get(invoice),

    pay(invoice, outcome, channel = 'QRIS') {
      const checkout = checkouts.get(invoice);
      if (!checkout) throw new Error(`doku fake: no checkout ${invoice}`);
      checkout.transaction = { status: outcome, date: dokuTimestamp(now()), channel };
    },

    notification(invoice, overrides = {}) {
      const checkout = checkouts.get(invoice);
      if (!checkout?.transaction) throw new Error(`doku fake: nothing to notify for ${invoice}`);
      if (!checkout.notificationUrl) throw new Error(`doku fake: ${invoice} has no notification URL`);
      const names = CHANNELS[checkout.transaction.channel];
      const body = JSON.stringify(
        overrides.body ?? {
          service: { id: names.service },
          acquirer: { id: names.acquirer },
          channel: { id: names.channel },
          transaction: {
            status: checkout.transaction.status,
            date: checkout.transaction.date,
            original_request_id: checkout.requestId,
          },
          order: { invoice_number: checkout.invoiceNumber, amount: checkout.amount },
        },
      );
      const requestId = randomUUID();
      const timestamp = dokuTimestamp(now());
      return {
        url: checkout.notificationUrl,
        headers: {
          'content-type': 'application/json',
          'client-id': options.clientId,
          'request-id': requestId,
          'request-timestamp': timestamp,
          signature: dokuSignature({
            clientId: options.clientId,
            requestId,
            timestamp,
            target: new URL(checkout.notificationUrl).pathname,
            body,
            secretKey: options.secretKey,
          }),
        },
        body,
      };
    },

    serve: () => serveFake(handle, calls),
  };
}
