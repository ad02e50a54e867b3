/**
 * Twilio Programmable Messaging (SMS to +60 and +62; README, Messaging).
 *
 * - send: `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`, Basic auth (Account SID, auth
 *   token), form body `To`, `From` or `MessagingServiceSid`, `Body`, `StatusCallback`
 *   -> 201 `{ sid: "SM…", status: "queued" }`, or 4xx `{ code, message, more_info, status }`.
 * - status callback: a form POST to `StatusCallback` (`MessageSid`, `MessageStatus` queued | sent |
 *   delivered | undelivered | failed, `ErrorCode`), signed `X-Twilio-Signature` = base64 HMAC-SHA1,
 *   keyed with the auth token, of the full URL followed by every POST parameter as name + value,
 *   sorted by name.
 * - incoming message: a form POST, signed the same way, to the URL set on the number or Messaging
 *   Service ("A message comes in": `{PUBLIC_URL}/api/webhooks/sms/twilio/inbound`) with `From`, `To`,
 *   `Body`, `MessageSid` and, under Advanced Opt-Out, `OptOutType` (STOP, START, HELP); answered with
 *   TwiML (an empty `<Response/>` sends no reply: Twilio itself confirms an opt-out).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { fetchWithTimeout } from '../provider';
import { parseJson } from '../../../../lib/json';
import type { DeliveryStatusUpdate, HttpFetch, SendFailure, SmsProvider } from '../provider';

export const TWILIO_DEFAULT_BASE_URL = 'https://api.twilio.com';
const SEND_TIMEOUT_MS = 8000;

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sender number or alphanumeric id, or a Messaging Service (which picks one per country). */
  from?: string;
  messagingServiceSid?: string;
  /** Where Twilio posts statuses: `{PUBLIC_URL}/api/webhooks/sms/twilio`. */
  statusCallbackUrl: string;
  baseUrl?: string;
}

/**
 * Twilio error codes (its error dictionary) the diner can act on by fixing the number: invalid
 * (21211), not a mobile (21614), unreachable (21612), unsubscribed with STOP (21610). Anything else —
 * throttling (20429), our credentials (20003), a region not enabled (21408) — is `unavailable`.
 */
const RECIPIENT_CODES = new Set([21211, 21612, 21614, 21610]);

export function twilioFailure(code: number): SendFailure {
  return RECIPIENT_CODES.has(code) ? 'recipient' : 'unavailable';
}

/** Twilio's request signature: base64 HMAC-SHA1(authToken, url + sorted name+value pairs). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(header);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The status of a callback's form fields, or null for a state we do not track (queued, sending…). */
export function twilioStatus(params: Record<string, string>): DeliveryStatusUpdate | null {
  const messageId = params.MessageSid ?? params.SmsSid;
  const raw = params.MessageStatus ?? params.SmsStatus;
  if (!messageId || !raw) return null;
  const status =
    raw === 'sent' || raw === 'delivered' || raw === 'read'
      ? raw
      : raw === 'undelivered' || raw === 'failed'
        ? 'failed'
        : null;
  if (!status) return null;
  return { messageId, status, ...(params.ErrorCode ? { errorCode: params.ErrorCode } : {}) };
}

export function createTwilioSms(config: TwilioConfig, fetch: HttpFetch): SmsProvider {
  const base = (config.baseUrl ?? TWILIO_DEFAULT_BASE_URL).replace(/\/$/, '');
  const url = `${base}/2010-04-01/Accounts/${config.accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(to, text) {
      const form = new URLSearchParams({ To: to });
      if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
      else if (config.from) form.set('From', config.from);
      form.set('Body', text);
      form.set('StatusCallback', config.statusCallbackUrl);
      const reply = await fetchWithTimeout(
        fetch,
        url,
        {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        SEND_TIMEOUT_MS,
      );
      if ('error' in reply) return { ok: false, reason: 'unavailable', code: 'network', detail: reply.error };
      const body = parseJson(reply.body) as {
        sid?: string;
        status?: string;
        code?: number;
        message?: string;
      };
      if (reply.status >= 200 && reply.status < 300 && typeof body?.sid === 'string') {
        if (body.status === 'failed' || body.status === 'undelivered')
          return { ok: false, reason: 'unavailable', code: body.status, detail: 'refused at once' };
        return { ok: true, messageId: body.sid };
      }
      if (typeof body?.code === 'number')
        return {
          ok: false,
          reason: twilioFailure(body.code),
          code: String(body.code),
          detail: body.message ?? '',
        };
      return { ok: false, reason: 'unavailable', code: `http_${reply.status}`, detail: 'unexpected reply' };
    },
  };
}

/**
 * Twilio's default opt-out keywords (its Advanced Opt-Out page: STOP, STOPALL, UNSUBSCRIBE, CANCEL,
 * END, QUIT, REVOKE, OPTOUT) and BERHENTI, the word a diner in Malaysia or Indonesia writes (as on
 * WhatsApp). A keyword is the whole message, in any case; "stop by later" is not one.
 */
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'BERHENTI',
]);

/**
 * The number (E.164) that asked to stop in an incoming message's form fields, or null: Twilio's own
 * verdict (`OptOutType=STOP`, under Advanced Opt-Out) or a body that is a stop keyword.
 */
export function twilioStopRequest(params: Record<string, string>): string | null {
  const from = params.From;
  if (!from || !/^\+\d{6,15}$/.test(from)) return null;
  if (params.OptOutType?.toUpperCase() === 'STOP') return from;
  return STOP_WORDS.has((params.Body ?? '').trim().toUpperCase()) ? from : null;
}

/** The TwiML answer that sends nothing back (Twilio confirms an opt-out itself). */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
