/**
 * Razer Merchant Services (RMS, now Fiuu), the Malaysian gateway (README, Money): one merchant account
 * takes cards, FPX online banking, Touch 'n Go eWallet, GrabPay, Boost, ShopeePay and DuitNow QR, all
 * through the same hosted payment page, notification, requery and refund API. Chosen over iPay88 (same
 * coverage, but SOAP requery and refunds only by request to them) and Xendit (no Boost; its Malaysian
 * e-wallets are newer): see the README.
 *
 * - create: no server call. The payer is sent to `{pay}/RMS/pay/{merchantId}/{channel}` with the order
 *   in the query (`amount` "12.50", `orderid`, `bill_*`, `cur`, `country`, `langcode`, `returnurl`,
 *   `callbackurl`, `cancelurl`) and `vcode` = md5(amount + merchantId + orderid + verifyKey), which the
 *   page checks so the amount cannot be changed on the way.
 * - notification (return, notify and callback alike, form-encoded): `skey` =
 *   md5(paydate + domain + md5(tranID + orderid + status + domain + amount + currency) + appcode +
 *   secretKey), over the strings as received; `status` 00 paid, 11 failed, 22 pending. A callback
 *   (`nbcb=1`) must be answered with the plain text `CBTOKEN:MPSTATOK`, or Razer keeps calling back.
 * - a QR on another screen (a kiosk's DuitNow QR): the Direct Server API,
 *   `POST {pay}/RMS/API/Direct/1.4.0/index.php` (form: `MerchantID`, `ReferenceNo`, `TxnType` SALS,
 *   `TxnChannel` RPP_DUITNOWQR, `TxnCurrency`, `TxnAmount`, `Signature` = md5(TxnAmount + MerchantID +
 *   ReferenceNo + verifyKey), `ReturnURL`, `NotificationURL`, `CallbackURL`) -> JSON with `TxnID` and
 *   `TxnData.RequestData.qr_data`, the EMVCo DuitNow string to draw; a refusal is
 *   `{ status: false, error_code, error_desc }`. Its payment is notified like any other.
 * - status (reconciliation): `GET {api}/RMS/q_by_oid.php` with `oID`, `domain`, `amount`,
 *   `skey` = md5(oID + domain + verifyKey + amount), `type=0` -> `StatCode`, `TranID`, `Amount`.
 * - refund: `POST {api}/RMS/API/refundAPI/index.php`, `RefundType` P (any amount up to what is left),
 *   `MerchantID`, `RefID` (our refund key: Razer refuses a second refund with the same RefID), `TxnID`,
 *   `Amount`, `Signature` = md5(RefundType + MerchantID + RefID + TxnID + Amount + secretKey)
 *   -> `Status` 00 done, 22 pending, 11 refused.
 *
 * Razer charges ringgit here; MD5 is the gateway's own scheme (its keys are what make it a MAC).
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
  RAZER_BASE_URLS,
  RAZER_CHANNELS,
  RAZER_DIRECT_DUITNOW_QR,
  md5,
  razerAmount,
  razerVcode,
  razerDirectSignature,
  RAZER_CALLBACK_ACK,
  razerSkey,
  razerRefundSignature,
  mapRazerStatus,
  safeEqualHex,
  fieldsOf,
} from './protocol';

export interface RazerConfig {
  merchantId: string;
  /** Signs what we send (`vcode`, requery `skey`). */
  verifyKey: string;
  /** Signs what Razer sends (`skey`) and our refunds. */
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

  const queryStatus = async (reference: string, amount?: number) => {
    const amountText = amount !== undefined ? razerAmount(amount) : '';
    const query = new URLSearchParams({
      amount: amountText,
      oID: reference,
      domain: merchantId,
      skey: md5(reference + merchantId + verifyKey + amountText),
      type: '0',
    });
    const response = await callGateway('razer', fetch, `${apiBase}/RMS/q_by_oid.php?${query}`, {
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
    const code = fields.StatCode ?? '';
    const status = mapRazerStatus(code);
    // No transaction for that order id yet: the payer has not chosen a rail on Razer's page.
    if (!status && /not\s*found|invalid order/i.test(fields.StatName ?? fields.error_desc ?? response.text))
      return { status: 'pending' as const, raw: fields, tranId: undefined };
    if (!status)
      throw new PaymentGatewayError(
        'razer',
        'bad_response',
        `unknown status of ${reference}`,
        response.status,
        fields,
      );
    const paid = fields.Amount !== undefined ? decimalToMinor(fields.Amount, 'MYR') : undefined;
    return { status, ...(paid !== undefined ? { amount: paid } : {}), raw: fields, tranId: fields.TranID };
  };

  /**
   * A DuitNow QR for another screen (the kiosk's): the Direct Server API answers the EMVCo string
   * itself (`TxnData.RequestData.qr_data`), which any Malaysian banking or e-wallet app pays.
   */
  const duitNowQr = async (input: CreatePaymentInput) => {
    const amount = razerAmount(input.amount);
    const body = new URLSearchParams({
      MerchantID: merchantId,
      ReferenceNo: input.reference,
      TxnType: 'SALS',
      TxnChannel: RAZER_DIRECT_DUITNOW_QR,
      TxnCurrency: 'MYR',
      TxnAmount: amount,
      CustName: input.customer?.name ?? 'Santap diner',
      CustEmail: input.customer?.email ?? '',
      CustContact: input.customer?.phone ?? '',
      CustDesc: input.description.slice(0, 200),
      ReturnURL: input.returnUrl,
      NotificationURL: input.notifyUrl,
      CallbackURL: input.notifyUrl,
      Signature: razerDirectSignature(amount, merchantId, input.reference, verifyKey),
    });
    const response = await callGateway('razer', fetch, `${payBase}/RMS/API/Direct/1.4.0/index.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
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

  return {
    name: 'razer',

    async create(input: CreatePaymentInput) {
      checkRinggit(input.currency);
      if (input.qrOnScreen && input.channel === 'duitnow_qr') return duitNowQr(input);
      const amount = razerAmount(input.amount);
      const channel = RAZER_CHANNELS[input.channel ?? ''] ?? RAZER_CHANNELS[input.method] ?? '';
      const query = new URLSearchParams({
        amount,
        orderid: input.reference,
        bill_name: input.customer?.name ?? 'Santap diner',
        bill_email: input.customer?.email ?? '',
        bill_mobile: input.customer?.phone ?? '',
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
      const redirectUrl = `${payBase}/RMS/pay/${encodeURIComponent(merchantId)}/${channel ? `${encodeURIComponent(channel)}` : ''}?${query}`;
      return { providerRef: input.reference, redirectUrl, raw: { channel: channel || null } };
    },

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
      if (!/^[0-9a-f]{32}$/i.test(fields.skey!) || !safeEqualHex(fields.skey!, razerSkey(signed, secretKey)))
        return null;
      const status = mapRazerStatus(signed.status);
      if (!status) return null;
      if (signed.currency !== 'MYR' && signed.currency !== 'RM') return null;
      const amount = decimalToMinor(signed.amount, 'MYR');
      return {
        eventId: `${signed.tranID}:${signed.status}`,
        reference: signed.orderid,
        status,
        ...(amount !== undefined ? { amount } : {}),
        providerRef: signed.tranID,
        raw: fields,
      };
    },

    acknowledgement(notification) {
      return new URLSearchParams(notification.rawBody).get('nbcb') === '1' ? RAZER_CALLBACK_ACK : null;
    },

    async queryStatus(reference) {
      const { tranId: _tranId, ...result } = await queryStatus(reference);
      return result;
    },

    async refund(input: RefundInput) {
      checkRinggit(input.currency);
      // The payment was created under our reference; Razer refunds by its own transaction id.
      let txnId = input.providerRef;
      if (!txnId || txnId === input.reference) {
        const found = await queryStatus(input.reference);
        if (!found.tranId)
          return { status: 'failed', raw: { reason: 'no Razer transaction for this reference' } };
        txnId = found.tranId;
      }
      const fields = {
        refundType: 'P',
        merchantId,
        refId: input.refundKey.slice(0, 60),
        txnId,
        amount: razerAmount(input.amount),
      };
      const body = new URLSearchParams({
        RefundType: fields.refundType,
        MerchantID: fields.merchantId,
        RefID: fields.refId,
        TxnID: fields.txnId,
        Amount: fields.amount,
        Signature: razerRefundSignature(fields, secretKey),
      });
      const response = await callGateway('razer', fetch, `${apiBase}/RMS/API/refundAPI/index.php`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      if (response.status >= 500)
        throw new PaymentGatewayError(
          'razer',
          'http',
          `refund of ${input.reference} (HTTP ${response.status})`,
          response.status,
        );
      const reply = asRecord(response.body);
      const status = stringField(reply, 'Status');
      if (status === '00') return { status: 'refunded', raw: reply };
      if (status === '22') return { status: 'pending', raw: reply };
      return { status: 'failed', raw: reply ?? response.text };
    },
  };
}
