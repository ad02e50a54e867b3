/**
 * A loopback Midtrans, built from Midtrans's documentation (not from our adapter): the Snap and Core
 * API endpoints our adapter uses, their authentication, checks and replies, and the HTTP
 * notifications Midtrans sends, on demand. README.md in this folder says how tests use it.
 *
 * Pages followed, beside each part below:
 * - Authorization: docs.midtrans.com/docs/api-authorization-headers — `Authorization: Basic
 *   base64(serverKey + ':')`, `Accept` and `Content-Type: application/json`; a wrong key is 401
 *   "Access denied due to unauthorized transaction, please check client or server key"
 *   (docs.midtrans.com/docs/error-code-and-response-code).
 * - Snap: docs.midtrans.com/docs/snap-snap-integration-guide, docs.midtrans.com/reference/window-redirection
 *   — `POST /snap/v1/transactions` -> 201 `{ token, redirect_url }`; `X-Override-Notification`
 *   (docs.midtrans.com/docs/https-notification-webhooks, "Override Notification URL").
 * - QRIS charge: docs.midtrans.com/reference-link/qris — `POST /v2/charge`, `payment_type: "qris"`,
 *   `qris.acquirer` gopay / airpay shopee -> `status_code` "201", `transaction_id`, `qr_string`.
 * - Status: docs.midtrans.com/docs/get-status-api-requests — `GET /v2/{order_id or transaction_id}/status`;
 *   404 "Transaction doesn't exist." until the payer has picked a channel on Snap's page.
 * - Refund: docs.midtrans.com/reference-link/refund-transaction — `POST /v2/{order_id}/refund` with
 *   `refund_key` (the same key retried is the same refund), `amount`, `reason`; only a settled
 *   transaction; 412 "Merchant cannot modify the status of the transaction" otherwise.
 * - Statuses and their status codes: docs.midtrans.com/docs/transaction-status-cycle,
 *   docs.midtrans.com/reference/code-statuses.
 * - Notifications and `signature_key`: docs.midtrans.com/reference/receiving-notifications —
 *   SHA512(order_id + status_code + gross_amount + serverKey), gross_amount as written ("100000.00").
 */
import { createHash, randomUUID } from 'node:crypto';
import { fakeFetch, jsonOf, reply, serveFake } from '../../fake-kit';
import type { FakeReply, FakeRequest, ServedFake } from '../../fake-kit';
import type { GatewayEnv } from '../../http';
import type { HttpFetch } from '../../provider';
import { MIDTRANS_BASE_URLS, ORDER_ID } from './protocol';

/** What the payer's way through Snap (or a QRIS app) ends in, as Midtrans records it. */
export type MidtransOutcome =
  'settlement' | 'pending' | 'deny' | 'cancel' | 'expire' | 'capture_accept' | 'capture_challenge';

export interface MidtransFakeTransaction {
  orderId: string;
  transactionId: string;
  grossAmount: number;
  /** Snap's token; none for a Core API charge. */
  token: string | undefined;
  /** Null while the payer has not picked a channel on Snap's page (status is then 404). */
  transactionStatus: string | null;
  fraudStatus: string | undefined;
  paymentType: string | undefined;
  /** `X-Override-Notification` of the create call: where notifications go. */
  notificationUrls: string[];
  refunds: Map<string, { amount: number; reply: Record<string, unknown> }>;
  refunded: number;
  transactionTime: string;
  settlementTime: string | undefined;
}

export interface MidtransNotification {
  /** Where Midtrans posts it (the create call's override URL). */
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface MidtransFake {
  /** Answers Midtrans's documented hosts of the environment. */
  fetch: HttpFetch;
  calls: FakeRequest[];
  handle(request: FakeRequest): FakeReply;
  transaction(orderId: string): MidtransFakeTransaction | undefined;
  /** The payer picks `paymentType` on Snap's page (or scans the QR) and the channel ends in `outcome`. */
  pay(orderId: string, outcome: MidtransOutcome, paymentType?: string): void;
  /**
   * The HTTP notification of the transaction's current status, signed as Midtrans signs it; fields in
   * `overrides` are sent (and signed) instead, so a test can play Midtrans reporting something else.
   */
  notification(orderId: string, overrides?: Record<string, string>): MidtransNotification;
  /** The same fake on a real loopback port (the adapter takes its `baseUrl`). */
  serve(): Promise<ServedFake>;
}

/** `transaction_status` -> `status_code` (docs.midtrans.com/reference/code-statuses). */
const STATUS_CODES: Record<string, string> = {
  capture: '200',
  settlement: '200',
  authorize: '200',
  cancel: '200',
  refund: '200',
  partial_refund: '200',
  pending: '201',
  deny: '202',
  failure: '202',
  expire: '407',
};

/** Midtrans's documented signature_key. */
export const midtransSignatureKey = (
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
) =>
  createHash('sha512')
    .update(orderId + statusCode + grossAmount + serverKey, 'utf8')
    .digest('hex');

const rupiah = (amount: number) => `${amount}.00`;
const midtransTime = (date: Date) =>
  new Date(date.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The EMVCo CRC-16/CCITT-FALSE of a merchant-presented QR up to its `6304`. */
function emvCrc(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;

/** A QRIS merchant-presented payload for an amount and order (valid TLV lengths and CRC). */
function qrisString(amount: number, orderId: string): string {
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('26', tlv('00', 'COM.GO-JEK.WWW') + tlv('01', '936009140000000001')),
    tlv('52', '5812'),
    tlv('53', '360'),
    tlv('54', String(amount)),
    tlv('58', 'ID'),
    tlv('59', 'Santap Fake'),
    tlv('60', 'JAKARTA'),
    tlv('62', tlv('05', orderId.slice(0, 25))),
  ].join('');
  return `${body}6304${emvCrc(`${body}6304`)}`;
}

export function createMidtransFake(options: {
  serverKey: string;
  env?: GatewayEnv;
  now?: () => Date;
  merchantId?: string;
}): MidtransFake {
  const env = options.env ?? 'sandbox';
  const now = options.now ?? (() => new Date());
  const merchantId = options.merchantId ?? 'G000000000';
  const calls: FakeRequest[] = [];
  const transactions = new Map<string, MidtransFakeTransaction>();
  let refundIds = 0;

  const authorized = (request: FakeRequest) =>
    request.headers.authorization ===
    `Basic ${Buffer.from(`${options.serverKey}:`, 'utf8').toString('base64')}`;
  const unauthorized = () =>
    reply(401, {
      error_messages: [
        'Access denied due to unauthorized transaction, please check client or server key',
        'Visit https://snap-docs.midtrans.com/#request-headers for more details',
      ],
    });
  const jsonHeaders = (request: FakeRequest) =>
    (request.headers.accept ?? '').includes('application/json') &&
    (request.headers['content-type'] ?? '').includes('application/json');

  const find = (id: string) =>
    transactions.get(id) ?? [...transactions.values()].find((txn) => txn.transactionId === id);

  /** The fields of a status reply and of a notification alike. */
  function statusFields(txn: MidtransFakeTransaction, statusMessage: string) {
    const status = txn.transactionStatus ?? 'pending';
    const statusCode = STATUS_CODES[status] ?? '200';
    const gross = rupiah(txn.grossAmount);
    return {
      transaction_time: txn.transactionTime,
      transaction_status: status,
      transaction_id: txn.transactionId,
      status_message: statusMessage,
      status_code: statusCode,
      signature_key: midtransSignatureKey(txn.orderId, statusCode, gross, options.serverKey),
      ...(txn.settlementTime ? { settlement_time: txn.settlementTime } : {}),
      payment_type: txn.paymentType ?? 'gopay',
      order_id: txn.orderId,
      merchant_id: merchantId,
      gross_amount: gross,
      ...(txn.fraudStatus ? { fraud_status: txn.fraudStatus } : {}),
      currency: 'IDR',
      ...(txn.refunded > 0 ? { refund_amount: rupiah(txn.refunded) } : {}),
    };
  }

  /** `transaction_details` and `item_details` as Snap and the Core API both check them. */
  function orderOf(body: Record<string, unknown> | null): { orderId: string; gross: number } | FakeReply {
    const details = body?.transaction_details as { order_id?: unknown; gross_amount?: unknown } | undefined;
    const orderId = details?.order_id;
    const gross = details?.gross_amount;
    const errors: string[] = [];
    if (typeof orderId !== 'string' || !ORDER_ID.test(orderId)) {
      errors.push('transaction_details.order_id is invalid');
    }
    if (typeof gross !== 'number' || !Number.isInteger(gross) || gross < 1) {
      errors.push('transaction_details.gross_amount must be an integer of at least 1');
    }
    const items = body?.item_details;
    if (Array.isArray(items) && typeof gross === 'number') {
      const sum = items.reduce<number>((total, item: { price?: unknown; quantity?: unknown }) => {
        return total + Number(item.price) * Number(item.quantity);
      }, 0);
      if (sum !== gross)
        errors.push('transaction_details.gross_amount is not equal to the sum of item_details');
    }
    if (errors.length > 0) return reply(400, { error_messages: errors });
    return { orderId: orderId as string, gross: gross as number };
  }

  function open(request: FakeRequest, order: { orderId: string; gross: number }, token?: string) {
    const txn: MidtransFakeTransaction = {
      orderId: order.orderId,
      transactionId: randomUUID(),
      grossAmount: order.gross,
      token,
      transactionStatus: token ? null : 'pending',
      fraudStatus: token ? undefined : 'accept',
      paymentType: token ? undefined : 'qris',
      notificationUrls: (request.headers['x-override-notification'] ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean)
        .slice(0, 3),
      refunds: new Map(),
      refunded: 0,
      transactionTime: midtransTime(now()),
      settlementTime: undefined,
    };
    transactions.set(order.orderId, txn);
    return txn;
  }

  /** docs.midtrans.com/docs/snap-snap-integration-guide, "1. Acquiring Transaction Token on Backend". */
  function snapCreate(request: FakeRequest): FakeReply {
    if (!authorized(request)) return unauthorized();
    if (!jsonHeaders(request))
      return reply(400, { error_messages: ['Accept and Content-Type must be application/json'] });
    const body = jsonOf(request);
    const order = orderOf(body);
    if ('status' in order) return order;
    if (transactions.has(order.orderId)) {
      return reply(400, { error_messages: ['transaction_details.order_id has already been taken'] });
    }
    const token = randomUUID();
    open(request, order, token);
    const base = MIDTRANS_BASE_URLS.snap[env];
    return reply(201, { token, redirect_url: `${base}/snap/v4/redirection/${token}` });
  }

  /** docs.midtrans.com/reference-link/qris: the QRIS charge. */
  function charge(request: FakeRequest): FakeReply {
    if (!authorized(request)) return unauthorized();
    const body = jsonOf(request);
    if (body?.payment_type !== 'qris') {
      return reply(400, { status_code: '400', status_message: 'This fake plays the QRIS charge only' });
    }
    const acquirer = (body.qris as { acquirer?: unknown } | undefined)?.acquirer ?? 'gopay';
    if (acquirer !== 'gopay' && acquirer !== 'airpay shopee') {
      return reply(400, { status_code: '400', status_message: 'qris.acquirer is invalid' });
    }
    const order = orderOf(body);
    if ('status' in order) {
      return reply(400, {
        status_code: '400',
        validation_messages: (order.body as { error_messages: string[] }).error_messages,
      });
    }
    if (transactions.has(order.orderId)) {
      return reply(200, {
        status_code: '406',
        status_message:
          'The request could not be completed due to a conflict with the current state of the target resource, please try again',
      });
    }
    const txn = open(request, order);
    return reply(201, {
      ...statusFields(txn, 'QRIS transaction is created'),
      signature_key: undefined,
      actions: [
        {
          name: 'generate-qr-code',
          method: 'GET',
          url: `${MIDTRANS_BASE_URLS.api[env]}/v2/qris/${txn.transactionId}/qr-code`,
        },
      ],
      qr_string: qrisString(order.gross, order.orderId),
      acquirer,
    });
  }

  /** docs.midtrans.com/docs/get-status-api-requests. */
  function status(request: FakeRequest, id: string): FakeReply {
    if (!authorized(request)) return unauthorized();
    const txn = find(id);
    if (!txn || txn.transactionStatus === null) {
      return reply(404, {
        status_code: '404',
        status_message: "Transaction doesn't exist.",
        id: randomUUID(),
      });
    }
    return reply(200, statusFields(txn, 'Success, transaction is found'));
  }

  /** docs.midtrans.com/reference-link/refund-transaction. */
  function refund(request: FakeRequest, id: string): FakeReply {
    if (!authorized(request)) return unauthorized();
    const txn = find(id);
    if (!txn || txn.transactionStatus === null) {
      return reply(404, { status_code: '404', status_message: "Transaction doesn't exist." });
    }
    const body = jsonOf(request) ?? {};
    const key = typeof body.refund_key === 'string' ? body.refund_key : `midtrans-${randomUUID()}`;
    if (!/^[A-Za-z0-9_-]+$/.test(key)) {
      return reply(400, { status_code: '400', status_message: 'refund_key is invalid' });
    }
    const previous = txn.refunds.get(key);
    if (previous) return reply(200, previous.reply);
    if (txn.transactionStatus !== 'settlement' && txn.transactionStatus !== 'partial_refund') {
      return reply(412, {
        status_code: '412',
        status_message: 'Merchant cannot modify the status of the transaction',
      });
    }
    const remaining = txn.grossAmount - txn.refunded;
    const amount = body.amount === undefined ? remaining : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > remaining) {
      return reply(412, {
        status_code: '412',
        status_message: 'Refund amount exceeds what is left of the transaction',
      });
    }
    txn.refunded += amount;
    txn.transactionStatus = txn.refunded === txn.grossAmount ? 'refund' : 'partial_refund';
    const answer = {
      ...statusFields(txn, 'Success, refund request is approved'),
      signature_key: undefined,
      status_code: '200',
      refund_chargeback_id: ++refundIds,
      refund_amount: rupiah(amount),
      refund_key: key,
    };
    txn.refunds.set(key, { amount, reply: answer });
    return reply(200, answer);
  }

  function handle(request: FakeRequest): FakeReply {
    const path = request.url.pathname;
    if (request.method === 'POST' && path === '/snap/v1/transactions') return snapCreate(request);
    if (request.method === 'POST' && path === '/v2/charge') return charge(request);
    const byId = /^\/v2\/([^/]+)\/(status|refund)$/.exec(path);
    if (byId && request.method === 'GET' && byId[2] === 'status')
      return status(request, decodeURIComponent(byId[1]!));
    if (byId && request.method === 'POST' && byId[2] === 'refund')
      return refund(request, decodeURIComponent(byId[1]!));
    return reply(404, { status_code: '404', status_message: 'The requested resource is not found' });
  }

  return {
    fetch: fakeFetch([MIDTRANS_BASE_URLS.snap[env], MIDTRANS_BASE_URLS.api[env]], handle, calls),
    calls,
    handle,
    transaction: (orderId) => transactions.get(orderId),

    pay(orderId, outcome, paymentType = 'gopay') {
      const txn = transactions.get(orderId);
      if (!txn) throw new Error(`midtrans fake: no transaction ${orderId}`);
      txn.paymentType = txn.token ? paymentType : txn.paymentType;
      const [transactionStatus, fraudStatus] =
        outcome === 'capture_accept'
          ? ['capture', 'accept']
          : outcome === 'capture_challenge'
            ? ['capture', 'challenge']
            : [outcome, outcome === 'deny' ? 'deny' : 'accept'];
      txn.transactionStatus = transactionStatus;
      txn.fraudStatus = fraudStatus;
      if (transactionStatus === 'settlement') txn.settlementTime = midtransTime(now());
    },

    notification(orderId, overrides = {}) {
      const txn = transactions.get(orderId);
      if (!txn || txn.transactionStatus === null)
        throw new Error(`midtrans fake: nothing to notify for ${orderId}`);
      const url = txn.notificationUrls[0];
      if (!url) throw new Error(`midtrans fake: ${orderId} was created without X-Override-Notification`);
      const body: Record<string, string | undefined> = {
        ...statusFields(txn, 'midtrans payment notification'),
        ...overrides,
      };
      // Midtrans signs what it sends: overridden fields are signed too, unless the signature itself is given.
      if (!('signature_key' in overrides)) {
        body.signature_key = midtransSignatureKey(
          body.order_id ?? '',
          body.status_code ?? '',
          body.gross_amount ?? '',
          options.serverKey,
        );
      }
      return { url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    },

    serve: () => serveFake(handle, calls),
  };
}
