/**
 * Razer's refunds (README of this folder): 'Advanced Full/Partial Refund' by the payment's tranID with
 * our RefID, its signed reply checked, and 'Partial Refund Status Inquiry' by RefID to follow a refund
 * Razer holds as pending (never sent again). razer.ts builds them with the provider's keys.
 */
import { PaymentGatewayError, asRecord, callGateway, stringField } from '../../http';
import type { HttpFetch, PaymentFacts, RefundInput, RefundOutcome, StatusAnswer } from '../../provider';
import {
  RAZER_PATHS,
  RAZER_REFUND_BUSY,
  RAZER_REFUND_DUPLICATE,
  mapRazerRefundInquiry,
  mapRazerRefundStatus,
  razerAmount,
  razerRefundReplySignature,
  razerRefundSignature,
  razerRefundStatusSignature,
  signatureHolds,
} from './protocol';

/** Razer's RefID of a refund: our refund key (unique per refund, so never reused). */
export const razerRefId = (refundKey: string) => refundKey.slice(0, 60);

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

interface RefundDeps {
  merchantId: string;
  verifyKey: string;
  secretKey: string;
  apiBase: string;
  fetch: HttpFetch;
  checkRinggit(currency: string): void;
  queryStatus(reference: string, payment?: PaymentFacts): Promise<StatusAnswer>;
}

export function createRazerRefunds(deps: RefundDeps) {
  const { merchantId, verifyKey, secretKey, apiBase, fetch, checkRinggit, queryStatus } = deps;

  /** A refund API form post; a 5xx is a retryable failure, named `what` (`refund of SNTP-1`). */
  const postRefundForm = async (url: string, body: URLSearchParams, what: string) => {
    const response = await callGateway('razer', fetch, url, {
      method: 'POST',
      headers: FORM,
      body: body.toString(),
    });
    if (response.status >= 500)
      throw new PaymentGatewayError('razer', 'http', `${what} (HTTP ${response.status})`, response.status);
    return response;
  };

  /** Razer's transaction id of a payment: known from its status, else asked by requery. */
  const txnIdOf = async (input: RefundInput): Promise<string | undefined> => {
    const known =
      input.payment?.gatewayTxnId ??
      (input.providerRef && input.providerRef !== input.reference ? input.providerRef : undefined);
    if (known) return known;
    if (!input.payment) return undefined;
    return (await queryStatus(input.reference, input.payment)).providerRef;
  };

  /** 'Advanced Full/Partial Refund': the reply's own `Signature` checked before it counts. */
  const refund = async (input: RefundInput): Promise<RefundOutcome> => {
    checkRinggit(input.currency);
    const txnId = await txnIdOf(input);
    if (!txnId)
      return {
        status: 'failed',
        raw: { reference: input.reference },
        reason: 'No Razer transaction id for this payment',
      };
    const fields = {
      refundType: 'P',
      merchantId,
      refId: razerRefId(input.refundKey),
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
    const response = await postRefundForm(
      `${apiBase}${RAZER_PATHS.refund}`,
      body,
      `refund of ${input.reference}`,
    );
    const reply = asRecord(response.body);
    const errorCode = stringField(reply, 'error_code');
    if (errorCode) {
      const reason = `${errorCode}: ${stringField(reply, 'error_desc') ?? ''}`.trim();
      // Our RefID is already there (an earlier answer was lost): it is followed, not sent again.
      if (errorCode === RAZER_REFUND_DUPLICATE) return { status: 'pending', raw: reply };
      if (errorCode === RAZER_REFUND_BUSY)
        throw new PaymentGatewayError('razer', 'http', `refund of ${input.reference}: ${reason}`, 503, reply);
      return { status: 'failed', raw: reply, reason };
    }
    const status = stringField(reply, 'Status');
    if (!reply || status === undefined)
      return {
        status: 'failed',
        raw: reply ?? response.text.slice(0, 300),
        reason: `Razer answered HTTP ${response.status} without a refund status`,
      };
    const text = (name: string) => stringField(reply, name) ?? '';
    const expected = razerRefundReplySignature(
      {
        RefundType: text('RefundType'),
        MerchantID: text('MerchantID'),
        RefID: text('RefID'),
        RefundID: text('RefundID'),
        TxnID: text('TxnID'),
        Amount: text('Amount'),
        Status: status,
      },
      secretKey,
    );
    if (!signatureHolds(stringField(reply, 'Signature'), expected))
      throw new PaymentGatewayError(
        'razer',
        'unverified',
        `refund of ${input.reference}: reply Signature missing or wrong`,
        response.status,
        reply,
      );
    if (text('RefID') !== fields.refId || text('TxnID') !== txnId || text('Amount') !== fields.amount)
      throw new PaymentGatewayError(
        'razer',
        'bad_response',
        `refund of ${input.reference}: the reply is for ${text('RefID')} / ${text('TxnID')} / ${text('Amount')}`,
        response.status,
        reply,
      );
    const outcome = mapRazerRefundStatus(status);
    if (!outcome) return { status: 'pending', raw: reply, reason: `unknown refund Status ${status}` };
    return {
      status: outcome,
      raw: reply,
      ...(outcome === 'failed' ? { reason: text('reason') || `Status ${status}` } : {}),
    };
  };

  /** 'Partial Refund Status Inquiry by TxnID/RefID', by our RefID (its reply is not signed). */
  const refundStatus = async (input: RefundInput) => {
    const refId = razerRefId(input.refundKey);
    const body = new URLSearchParams({
      RefID: refId,
      MerchantID: merchantId,
      Signature: razerRefundStatusSignature(refId, merchantId, verifyKey),
    });
    const response = await postRefundForm(
      `${apiBase}${RAZER_PATHS.refundStatusByRefId}`,
      body,
      `refund status of ${input.reference}`,
    );
    const records = Array.isArray(response.body) ? response.body.map(asRecord) : [asRecord(response.body)];
    const record = records.find((entry) => entry && stringField(entry, 'RefID') === refId) ?? null;
    // No refund under our RefID (an empty list or an error): it never reached Razer.
    if (!record || stringField(record, 'Status') === undefined)
      return { status: 'unknown' as const, raw: response.body ?? response.text.slice(0, 300) };
    const txnId = stringField(record, 'TxnID');
    if (txnId && input.payment?.gatewayTxnId && txnId !== input.payment.gatewayTxnId)
      throw new PaymentGatewayError(
        'razer',
        'bad_response',
        `refund ${refId} is of ${txnId}, not ${input.payment.gatewayTxnId}`,
        response.status,
        record,
      );
    const status = stringField(record, 'Status')!;
    const outcome = mapRazerRefundInquiry(status);
    if (!outcome)
      return { status: 'pending' as const, raw: record, reason: `unknown refund status "${status}"` };
    return {
      status: outcome,
      raw: record,
      ...(outcome === 'failed'
        ? { reason: stringField(record, 'reason') ?? stringField(record, 'Reason') ?? `Refund ${status}` }
        : {}),
    };
  };

  return { refund, refundStatus };
}
