/**
 * Midtrans Snap, redirect flow (FACTS "Payments"): the payer leaves for Midtrans's hosted
 * page, so card data never touches our pages.
 *
 * - create: `POST {snap}/snap/v1/transactions` with `transaction_details {order_id, gross_amount}`
 *   -> `{token, redirect_url}`; Basic auth base64(serverKey + ':'); the notification URL per payment
 *   through `X-Override-Notification`.
 * - create for a QR on another screen (a kiosk, `qrOnScreen`) by QRIS: Core API's charge,
 *   `POST {api}/v2/charge` with `payment_type: "qris"`, `qris.acquirer` gopay, same auth and
 *   notification header -> status_code "201", `transaction_id` and the EMVCo `qr_string` to draw (its
 *   `actions` also name a `generate-qr-code` image URL, which we do not need). There is no hosted page.
 *   Its notifications and status carry the same fields and signature as a Snap payment's.
 * - notification: `signature_key` = hex SHA-512 of order_id + status_code + gross_amount + serverKey,
 *   over the strings exactly as received (`"100000.00"`), compared in constant time.
 * - status: `GET {api}/v2/{order_id}/status`; refund: `POST {api}/v2/{order_id}/refund` with
 *   `refund_key` (Midtrans's idempotency key), `amount`, `reason`.
 *
 * Midtrans charges rupiah only: `gross_amount` is integer rupiah, which is our IDR minor unit as is.
 */
import { PaymentGatewayError, asRecord, callGateway, decimalToMinor, stringField } from '../../http';
import type { GatewayEnv } from '../../http';
import type {
  CreatePaymentInput,
  HttpFetch,
  PaymentProvider,
  RefundInput,
  VerifiedNotification,
} from '../../provider';
import {
  ORDER_ID,
  mapMidtransStatus,
  midtransSignature,
  enabledPayments,
  wantsQrisCharge,
  MIDTRANS_BASE_URLS,
  MIDTRANS_QRIS_ACQUIRER,
  snapTime,
} from './protocol';
import { constantTimeEqual } from '../../http';

export interface MidtransOptions {
  serverKey: string;
  env: GatewayEnv;
  /** One host for Snap and the Core API (a loopback fake); unset: Midtrans's own by `env`. */
  baseUrl?: string | undefined;
  fetch: HttpFetch;
  now: () => Date;
}

export function createMidtransProvider(options: MidtransOptions): PaymentProvider {
  const { serverKey, fetch, now } = options;
  const snapBase = (options.baseUrl ?? MIDTRANS_BASE_URLS.snap[options.env]).replace(/\/$/, '');
  const apiBase = (options.baseUrl ?? MIDTRANS_BASE_URLS.api[options.env]).replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${serverKey}:`, 'utf8').toString('base64')}`;
  const headers = (extra: Record<string, string> = {}) => ({
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Authorization: authorization,
    ...extra,
  });

  function checkOrderId(reference: string) {
    if (!ORDER_ID.test(reference)) {
      throw new PaymentGatewayError(
        'midtrans',
        'invalid_reference',
        `order_id ${JSON.stringify(reference)} is not allowed`,
      );
    }
  }

  function checkRupiah(currency: string) {
    if (currency !== 'IDR') {
      throw new PaymentGatewayError(
        'midtrans',
        'unsupported_currency',
        `Midtrans charges IDR only, not ${currency}`,
      );
    }
  }

  /**
   * Core API's QRIS charge: the reply's `qr_string` is what the kiosk draws. Core API answers its own
   * `status_code` in the body ("201": created, pending payment); any other code is a refusal, even
   * under an HTTP 200.
   */
  async function chargeQris(
    input: CreatePaymentInput,
    common: Record<string, unknown>,
    expiryMinutes: number | undefined,
  ) {
    const body = {
      payment_type: 'qris',
      ...common,
      qris: { acquirer: MIDTRANS_QRIS_ACQUIRER },
      ...(expiryMinutes !== undefined
        ? {
            custom_expiry: {
              order_time: snapTime(now()),
              expiry_duration: expiryMinutes,
              unit: 'minute',
            },
          }
        : {}),
    };
    const response = await callGateway('midtrans', fetch, `${apiBase}/v2/charge`, {
      method: 'POST',
      headers: headers({ 'X-Override-Notification': input.notifyUrl }),
      body: JSON.stringify(body),
    });
    const reply = asRecord(response.body);
    const statusCode = stringField(reply, 'status_code');
    const transactionId = stringField(reply, 'transaction_id');
    const qrString = stringField(reply, 'qr_string');
    const httpOk = response.status >= 200 && response.status < 300;
    if (!httpOk || statusCode !== '201' || !transactionId || !qrString) {
      // The body's status_code says what went wrong when the HTTP status does not (a 5xx is retryable).
      const code = Number(statusCode);
      const status = !httpOk
        ? response.status
        : Number.isInteger(code) && code !== 201
          ? code
          : response.status;
      throw new PaymentGatewayError(
        'midtrans',
        !httpOk || (statusCode !== undefined && statusCode !== '201') ? 'http' : 'bad_response',
        `QRIS charge for ${input.reference} refused (HTTP ${response.status}, status_code ${statusCode ?? '-'})`,
        status,
        reply?.status_message ?? reply?.validation_messages,
      );
    }
    return { providerRef: transactionId, qrString, raw: reply };
  }

  return {
    name: 'midtrans',

    async create(input) {
      checkRupiah(input.currency);
      checkOrderId(input.reference);
      const grossAmount = input.amount;
      const customer = input.customer;
      const expiryMinutes = input.expiresAt
        ? Math.max(1, Math.ceil((input.expiresAt.getTime() - now().getTime()) / 60_000))
        : undefined;
      const common = {
        transaction_details: { order_id: input.reference, gross_amount: grossAmount },
        item_details: [
          { id: input.reference, price: grossAmount, quantity: 1, name: input.description.slice(0, 50) },
        ],
        ...(customer && (customer.name || customer.email || customer.phone)
          ? {
              customer_details: {
                ...(customer.name ? { first_name: customer.name } : {}),
                ...(customer.email ? { email: customer.email } : {}),
                ...(customer.phone ? { phone: customer.phone } : {}),
              },
            }
          : {}),
      };
      if (wantsQrisCharge(input)) return chargeQris(input, common, expiryMinutes);

      const channels = enabledPayments(input);
      const body = {
        ...common,
        ...(channels ? { enabled_payments: channels } : {}),
        credit_card: { secure: true },
        callbacks: { finish: input.returnUrl },
        ...(expiryMinutes !== undefined
          ? { expiry: { start_time: snapTime(now()), unit: 'minute', duration: expiryMinutes } }
          : {}),
      };
      const response = await callGateway('midtrans', fetch, `${snapBase}/snap/v1/transactions`, {
        method: 'POST',
        headers: headers({ 'X-Override-Notification': input.notifyUrl }),
        body: JSON.stringify(body),
      });
      const reply = asRecord(response.body);
      const token = stringField(reply, 'token');
      const redirectUrl = stringField(reply, 'redirect_url');
      if (response.status < 200 || response.status >= 300 || !token || !redirectUrl) {
        throw new PaymentGatewayError(
          'midtrans',
          response.status >= 200 && response.status < 300 ? 'bad_response' : 'http',
          `Snap transaction for ${input.reference} refused (HTTP ${response.status})`,
          response.status,
          reply?.error_messages,
        );
      }
      return { providerRef: token, redirectUrl, raw: reply };
    },

    verifyNotification({ rawBody }): VerifiedNotification | null {
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const body = asRecord(parsed);
      const orderId = stringField(body, 'order_id');
      const statusCode = stringField(body, 'status_code');
      const grossAmount = stringField(body, 'gross_amount');
      const signature = stringField(body, 'signature_key');
      const transactionStatus = stringField(body, 'transaction_status');
      const transactionId = stringField(body, 'transaction_id');
      if (
        !body ||
        !orderId ||
        !statusCode ||
        !grossAmount ||
        !signature ||
        !transactionStatus ||
        !transactionId
      ) {
        return null;
      }
      if (!constantTimeEqual(signature, midtransSignature(orderId, statusCode, grossAmount, serverKey))) {
        return null;
      }
      const fraudStatus = stringField(body, 'fraud_status');
      const status = mapMidtransStatus(transactionStatus, fraudStatus);
      if (!status) return null;
      // The signature covers status_code but not transaction_status: a signed deny (202) or pending
      // (201) rewritten to "settlement" must not pass for a payment, so a success needs code 200.
      if (status === 'success' && statusCode !== '200') return null;
      // The same notification may come twice: its identity is the transaction, its status (and fraud
      // verdict), the status code, and for refunds the refunded total, so each partial refund is its own event.
      const eventId = [
        transactionId,
        transactionStatus,
        fraudStatus ?? '',
        statusCode,
        stringField(body, 'refund_amount') ?? '',
      ].join(':');
      // A gross_amount that is not whole rupiah is not a Midtrans amount we charged: nothing is guessed.
      const amount = decimalToMinor(grossAmount, 'IDR');
      if (amount === undefined) return null;
      const currency = stringField(body, 'currency');
      return {
        eventId,
        reference: orderId,
        status,
        amount,
        ...(currency !== undefined ? { currency } : {}),
        providerRef: transactionId,
        raw: body,
      };
    },

    async queryStatus(reference) {
      checkOrderId(reference);
      const response = await callGateway('midtrans', fetch, `${apiBase}/v2/${reference}/status`, {
        method: 'GET',
        headers: headers(),
      });
      const reply = asRecord(response.body);
      const statusCode = stringField(reply, 'status_code');
      // No transaction yet: the payer has the Snap page open but has not picked a channel.
      if (response.status === 404 || statusCode === '404') return { status: 'pending', raw: reply };
      if (response.status < 200 || response.status >= 300 || !reply) {
        throw new PaymentGatewayError(
          'midtrans',
          'http',
          `status of ${reference} (HTTP ${response.status})`,
          response.status,
          reply,
        );
      }
      const transactionStatus = stringField(reply, 'transaction_status');
      const status = transactionStatus
        ? mapMidtransStatus(transactionStatus, stringField(reply, 'fraud_status'))
        : null;
      if (!status) {
        throw new PaymentGatewayError(
          'midtrans',
          'bad_response',
          `unknown status of ${reference}`,
          response.status,
          reply,
        );
      }
      const gross = stringField(reply, 'gross_amount');
      const amount = gross !== undefined ? decimalToMinor(gross, 'IDR') : undefined;
      return { status, ...(amount !== undefined ? { amount } : {}), raw: reply };
    },

    async refund(input: RefundInput) {
      checkRupiah(input.currency);
      checkOrderId(input.reference);
      const response = await callGateway('midtrans', fetch, `${apiBase}/v2/${input.reference}/refund`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({
          refund_key: input.refundKey,
          amount: input.amount,
          reason: input.reason.slice(0, 255),
        }),
      });
      if (response.status >= 500) {
        throw new PaymentGatewayError(
          'midtrans',
          'http',
          `refund of ${input.reference} (HTTP ${response.status})`,
          response.status,
        );
      }
      const reply = asRecord(response.body);
      const statusCode = stringField(reply, 'status_code');
      // 200: approved; 201: accepted, to be processed; anything else is a refusal (e.g. 412, 418).
      if (statusCode === '200') return { status: 'refunded', raw: reply };
      if (statusCode === '201') return { status: 'pending', raw: reply };
      return { status: 'failed', raw: reply ?? response.text };
    },
  };
}
