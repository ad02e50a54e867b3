/**
 * Razer Merchant Services (RMS, now Fiuu), the Malaysian gateway (README, Money): one merchant account
 * takes cards, FPX online banking, Touch 'n Go eWallet, GrabPay, Boost, ShopeePay and DuitNow QR, all
 * through the same payment page, status endpoints, requery and refund API. Chosen over iPay88 (same
 * coverage, but SOAP requery and refunds only by request to them) and Xendit (no Boost; its Malaysian
 * e-wallets are newer): see the README. This folder's README.md maps each call to its doc page.
 *
 * - create: no server call. The payer is sent to `{pay}/RMS/pay/{merchantId}/{channel}` with the order
 *   in the query and `vcode`; `bill_email` and `bill_mobile` are mandatory there, so a guest's are the
 *   restaurant's contact. A kiosk's DuitNow QR comes from the Direct Server API instead.
 * - status: the same signed fields (`skey`) reach us three ways, whichever comes first settles and the
 *   others are duplicates (one event id per `tranID` and status): the notification (`nbcb=2`, instant),
 *   the callback (`nbcb=1`, deferred, answered `CBTOKEN:MPSTATOK`) and the browser's return.
 * - requery by order id (reconciliation, at most every 30 minutes per payment): `skey` over the amount
 *   too, and the reply's `VrfKey` checked before anything is believed.
 * - refund by Razer's `tranID` with our refund key as `RefID`; the reply's `Signature` checked; a
 *   pending refund is followed by its RefID (`q_by_refID.php`), never sent again.
 *
 * Razer charges ringgit here; MD5 is the gateway's own scheme (its keys are what make it a MAC).
 */
import { PaymentGatewayError, asRecord, callGateway, decimalToMinor, stringField } from '../../http';
import type { GatewayEnv } from '../../http';
import type {
  CreatePaymentInput,
  HttpFetch,
  PaymentFacts,
  PaymentProvider,
  StatusAnswer,
  VerifiedNotification,
} from '../../provider';
import {
  RAZER_BASE_URLS,
  RAZER_CALLBACK_ACK,
  RAZER_CHANNELS,
  RAZER_PATHS,
  RAZER_REQUERY_EVERY_SECONDS,
  RAZER_REQUERY_FIRST_AFTER_SECONDS,
  fieldsOf,
  isRinggit,
  mapRazerStatus,
  razerAmount,
  razerDirectSignature,
  razerEndpointOf,
  razerRequerySkey,
  razerSkey,
  razerVcode,
  razerVrfKey,
  signatureHolds,
} from './protocol';
import { createRazerRefunds } from './refunds';

export interface RazerConfig {
  merchantId: string;
  /** Signs what we send (`vcode`, requery `skey`, refund status `Signature`). */
  verifyKey: string;
  /** Signs what Razer sends (`skey`, `VrfKey`, refund replies) and our refunds. */
  secretKey: string;
  env: GatewayEnv;
  /**
   * The portal's "Use extended format for Verify Payment": the currency is hashed into `vcode` too
   * (Razer's docs call it compulsory for multi-currency channels).
   */
  extendedVcode?: boolean;
  /** Overrides both hosts (a loopback fake in tests and e2e). */
  baseUrl?: string;
}

export interface RazerOptions extends RazerConfig {
  fetch: HttpFetch;
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

export function createRazerProvider(options: RazerOptions): PaymentProvider {
  const { merchantId, verifyKey, secretKey, fetch } = options;
  const payBase = (options.baseUrl ?? RAZER_BASE_URLS.pay[options.env]).replace(/\/$/, '');
  const apiBase = (options.baseUrl ?? RAZER_BASE_URLS.api[options.env]).replace(/\/$/, '');
  const checkRinggit = (currency: string) => {
    if (currency !== 'MYR')
      throw new PaymentGatewayError(
        'razer',
        'unsupported_currency',
        `Razer charges MYR here, not ${currency}`,
      );
  };
  /** The payer's contact, or the restaurant's for a guest (both are mandatory on Razer's side). */
  const contactOf = (input: CreatePaymentInput) => ({
    name: input.customer?.name || 'Santap diner',
    email: input.customer?.email || input.merchantContact?.email || '',
    phone: input.customer?.phone || input.merchantContact?.phone || '',
  });

  /** 'Indirect Status Requery', query by order ID (single output), its `VrfKey` checked. */
  const queryStatus = async (reference: string, payment?: PaymentFacts): Promise<StatusAnswer> => {
    if (!payment)
      throw new PaymentGatewayError(
        'razer',
        'invalid_reference',
        `requery of ${reference} needs the payment's amount`,
      );
    checkRinggit(payment.currency);
    const amount = razerAmount(payment.amount);
    const query = new URLSearchParams({
      amount,
      oID: reference,
      domain: merchantId,
      skey: razerRequerySkey(reference, merchantId, verifyKey, amount),
      type: '0',
    });
    const response = await callGateway('razer', fetch, `${apiBase}${RAZER_PATHS.queryByOrderId}?${query}`, {
      method: 'GET',
      headers: {},
    });
    if (response.status < 200 || response.status >= 300)
      throw new PaymentGatewayError(
        'razer',
        'http',
        `status of ${reference} (HTTP ${response.status})`,
        response.status,
      );
    const fields = fieldsOf(response.text);
    const code = fields.StatCode;
    if (code === undefined) {
      // No transaction for that order id (the payer never chose a rail on Razer's page): not signed,
      // and nothing to believe but "not paid yet".
      if (/not\s*found|no\s*record|invalid\s*order/i.test(response.text))
        return { status: 'pending', raw: fields };
      throw new PaymentGatewayError(
        'razer',
        'bad_response',
        `status of ${reference}: no StatCode`,
        response.status,
        response.text.slice(0, 300),
      );
    }
    const signed = {
      Amount: fields.Amount ?? '',
      Domain: fields.Domain ?? '',
      OrderID: fields.OrderID ?? reference,
      StatCode: code,
    };
    if (!signatureHolds(fields.VrfKey, razerVrfKey(signed, secretKey)))
      throw new PaymentGatewayError(
        'razer',
        'unverified',
        `status of ${reference}: VrfKey missing or wrong`,
        response.status,
        fields,
      );
    if (signed.Domain !== merchantId || signed.OrderID !== reference)
      throw new PaymentGatewayError(
        'razer',
        'bad_response',
        `status of ${reference} names ${signed.Domain} / ${signed.OrderID}`,
        response.status,
        fields,
      );
    if (fields.Currency && !isRinggit(fields.Currency))
      throw new PaymentGatewayError(
        'razer',
        'bad_response',
        `status of ${reference} in ${fields.Currency}, not MYR`,
        response.status,
        fields,
      );
    const status = mapRazerStatus(code);
    if (!status)
      throw new PaymentGatewayError(
        'razer',
        'bad_response',
        `unknown status ${code} of ${reference}`,
        response.status,
        fields,
      );
    const paid = signed.Amount ? decimalToMinor(signed.Amount, 'MYR') : undefined;
    return {
      status,
      ...(paid !== undefined ? { amount: paid } : {}),
      ...(fields.TranID ? { providerRef: fields.TranID } : {}),
      raw: fields,
    };
  };

  /**
   * A DuitNow QR for another screen (the kiosk's): the Direct Server API answers the EMVCo string
   * itself (`TxnData.RequestData.qr_data`), which any Malaysian banking or e-wallet app pays.
   */
  const duitNowQr = async (input: CreatePaymentInput) => {
    const amount = razerAmount(input.amount);
    const contact = contactOf(input);
    const body = new URLSearchParams({
      MerchantID: merchantId,
      ReferenceNo: input.reference,
      TxnType: 'SALS',
      TxnChannel: RAZER_CHANNELS.duitnow_qr!,
      TxnCurrency: 'MYR',
      TxnAmount: amount,
      CustName: contact.name,
      CustEmail: contact.email,
      CustContact: contact.phone,
      CustDesc: input.description.slice(0, 200),
      ReturnURL: input.returnUrl,
      NotificationURL: input.notifyUrl,
      CallbackURL: input.notifyUrl,
      Signature: razerDirectSignature(amount, merchantId, input.reference, verifyKey),
    });
    const response = await callGateway('razer', fetch, `${payBase}${RAZER_PATHS.direct}`, {
      method: 'POST',
      headers: FORM,
      body: body.toString(),
    });
    const reply = asRecord(response.body);
    const txnData = asRecord(reply?.TxnData);
    const qrString = stringField(asRecord(txnData?.RequestData), 'qr_data');
    const tranId = stringField(reply, 'TxnID');
    if (response.status < 200 || response.status >= 300 || !qrString || !tranId) {
      throw new PaymentGatewayError(
        'razer',
        response.status >= 200 && response.status < 300 ? 'bad_response' : 'http',
        `DuitNow QR for ${input.reference} refused (HTTP ${response.status}, ${stringField(reply, 'error_code') ?? '-'}: ${stringField(reply, 'error_desc') ?? ''})`,
        response.status,
        reply ?? response.text,
      );
    }
    // Our reference stays the payment's id at Razer (notifications and requery carry it as orderid).
    return { providerRef: input.reference, qrString, raw: { TxnID: tranId, channel: reply?.TxnChannel } };
  };

  const { refund, refundStatus } = createRazerRefunds({
    merchantId,
    verifyKey,
    secretKey,
    apiBase,
    fetch,
    checkRinggit,
    queryStatus,
  });

  return {
    name: 'razer',
    returnCarriesStatus: true,
    statusQueryPolicy: {
      firstAfterSeconds: RAZER_REQUERY_FIRST_AFTER_SECONDS,
      everySeconds: RAZER_REQUERY_EVERY_SECONDS,
    },

    async create(input: CreatePaymentInput) {
      checkRinggit(input.currency);
      if (input.qrOnScreen && input.channel === 'duitnow_qr') return duitNowQr(input);
      const amount = razerAmount(input.amount);
      const channel = RAZER_CHANNELS[input.channel ?? ''] ?? RAZER_CHANNELS[input.method] ?? '';
      const contact = contactOf(input);
      const query = new URLSearchParams({
        amount,
        orderid: input.reference,
        bill_name: contact.name,
        bill_email: contact.email,
        bill_mobile: contact.phone,
        bill_desc: input.description.slice(0, 200),
        cur: 'MYR',
        country: 'MY',
        langcode: input.language === 'en' ? 'en' : input.language === 'my' ? 'ms' : 'id',
        returnurl: input.returnUrl,
        callbackurl: input.notifyUrl,
        cancelurl: input.returnUrl,
        vcode: razerVcode(
          amount,
          merchantId,
          input.reference,
          verifyKey,
          options.extendedVcode ? 'MYR' : undefined,
        ),
      });
      const redirectUrl = `${payBase}${RAZER_PATHS.payPage(merchantId, channel)}?${query}`;
      return { providerRef: input.reference, redirectUrl, raw: { channel: channel || null } };
    },

    /** A callback, a notification or a browser return: the same fields, the same `skey`. */
    verifyNotification(notification): VerifiedNotification | null {
      const fields = Object.fromEntries(new URLSearchParams(notification.rawBody));
      const required = [
        'tranID',
        'orderid',
        'status',
        'domain',
        'amount',
        'currency',
        'paydate',
        'skey',
      ] as const;
      if (required.some((name) => typeof fields[name] !== 'string')) return null;
      const signed = {
        tranID: fields.tranID!,
        orderid: fields.orderid!,
        status: fields.status!,
        domain: fields.domain!,
        amount: fields.amount!,
        currency: fields.currency!,
        paydate: fields.paydate!,
        appcode: fields.appcode ?? '',
      };
      if (signed.domain !== merchantId) return null;
      if (!signatureHolds(fields.skey, razerSkey(signed, secretKey))) return null;
      const status = mapRazerStatus(signed.status);
      if (!status || !signed.tranID) return null;
      const amount = decimalToMinor(signed.amount, 'MYR');
      if (amount === undefined) return null;
      return {
        // The same status by another endpoint is the same event: whichever comes first settles.
        eventId: `${signed.tranID}:${signed.status}`,
        reference: signed.orderid,
        status,
        amount,
        // Signed, so a capture in another currency is real: the core refuses to count it, and says so.
        currency: isRinggit(signed.currency) ? 'MYR' : signed.currency,
        providerRef: signed.tranID,
        raw: { ...fields, endpoint: razerEndpointOf(fields.nbcb) },
      };
    },

    acknowledgement(notification) {
      return razerEndpointOf(new URLSearchParams(notification.rawBody).get('nbcb') ?? undefined) ===
        'callback'
        ? RAZER_CALLBACK_ACK
        : null;
    },

    queryStatus,
    refund,
    refundStatus,
  };
}
