/**
 * Vonage SMS API, the second SMS gateway (`SMS_PROVIDER=vonage`; README, Messaging):
 * `POST {base}/sms/json`, form body `api_key`, `api_secret`, `from`, `to` (digits, no '+'), `text`
 * -> 200 `{ "message-count": "1", "messages": [{ "message-id", "status": "0" }] }`; a status other than
 * "0" is a refusal with its `error-text` (1 throttled, 4 bad credentials, 6 invalid message, 7 number
 * barred, 15 invalid sender, 29 destination not allowed…). Its delivery receipts are not wired: a
 * message sent through Vonage stays `sent` in `message_deliveries`.
 */
import { fetchWithTimeout } from '../provider';
import { parseJson } from '../../../../lib/json';
import type { HttpFetch, SendFailure, SmsProvider } from '../provider';

export const VONAGE_DEFAULT_BASE_URL = 'https://rest.nexmo.com';
const SEND_TIMEOUT_MS = 8000;

export interface VonageConfig {
  apiKey: string;
  apiSecret: string;
  from: string;
  baseUrl?: string;
}

/** Vonage's status codes: a barred number (7) or one not allowed (29) is the recipient's; the rest ours or theirs. */
export function vonageFailure(status: string): SendFailure {
  return status === '7' || status === '29' ? 'recipient' : 'unavailable';
}

export function createVonageSms(config: VonageConfig, fetch: HttpFetch): SmsProvider {
  const url = `${(config.baseUrl ?? VONAGE_DEFAULT_BASE_URL).replace(/\/$/, '')}/sms/json`;
  return {
    name: 'vonage',
    async send(to, text) {
      const form = new URLSearchParams({
        api_key: config.apiKey,
        api_secret: config.apiSecret,
        from: config.from,
        to: to.replace(/^\+/, ''),
        text,
      });
      const reply = await fetchWithTimeout(
        fetch,
        url,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        SEND_TIMEOUT_MS,
      );
      if ('error' in reply) return { ok: false, reason: 'unavailable', code: 'network', detail: reply.error };
      const message = (
        parseJson(reply.body) as
          { messages?: { status?: string; 'message-id'?: string; 'error-text'?: string }[] } | undefined
      )?.messages?.[0];
      if (reply.status === 200 && message?.status === '0' && typeof message['message-id'] === 'string')
        return { ok: true, messageId: message['message-id'] };
      if (reply.status === 200 && typeof message?.status === 'string')
        return {
          ok: false,
          reason: vonageFailure(message.status),
          code: message.status,
          detail: message['error-text'] ?? '',
        };
      return { ok: false, reason: 'unavailable', code: `http_${reply.status}`, detail: 'unexpected reply' };
    },
  };
}
