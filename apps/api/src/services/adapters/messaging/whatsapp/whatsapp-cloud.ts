/**
 * WhatsApp Business Cloud API (Meta's Graph API): template messages and the webhook of their statuses
 * (README, Messaging). A business may start a conversation only with an approved template, so an OTP
 * goes in an authentication template (body `{{1}}` = the code, and the copy-code button, which is a URL
 * button at index 0 whose parameter is the code again), and an order update in a utility template.
 *
 * - send: `POST {base}/{version}/{phone-number-id}/messages`, bearer token, JSON
 *   `{ messaging_product: "whatsapp", to, type: "template", template: { name, language: { code }, components } }`
 *   -> `{ messages: [{ id: "wamid…" }] }`, or `{ error: { code, message, … } }`.
 * - webhook: a GET handshake (`hub.mode=subscribe`, `hub.verify_token`, answered with `hub.challenge`)
 *   and POSTs signed `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, app secret>`
 *   carrying `entry[].changes[].value.statuses[]` (`id`, `status` sent | delivered | read | failed, `errors`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '@santap/domain';
import { fetchWithTimeout } from '../provider';
import { parseJson } from '../../../../lib/json';
import type { DeliveryStatusUpdate, HttpFetch, SendFailure, SendOutcome } from '../provider';
import { WHATSAPP_DEFAULT_VERSION } from './graph-versions';

export { WHATSAPP_DEFAULT_VERSION };
export const WHATSAPP_DEFAULT_BASE_URL = 'https://graph.facebook.com';
const SEND_TIMEOUT_MS = 8000;

export interface WhatsAppCloudConfig {
  accessToken: string;
  phoneNumberId: string;
  /** The Meta app's secret: the key of `X-Hub-Signature-256`. */
  appSecret: string;
  /** Our own secret for the GET handshake, typed into the app's webhook settings. */
  verifyToken: string;
  baseUrl?: string;
  /** The Graph API version in the URL (`WHATSAPP_API_VERSION`); {@link WHATSAPP_DEFAULT_VERSION} when absent. */
  version?: string;
}

/** Template language of a product language: `my` is Malay (`ms`), never Burmese (FACTS, Locales). */
export function whatsappLanguage(lang: Language): 'en' | 'id' | 'ms' {
  return lang === 'my' ? 'ms' : lang;
}

export interface TemplateMessage {
  /** Digits of the E.164 number, with or without '+'. */
  to: string;
  name: string;
  lang: Language;
  /** The body's `{{1}}`, `{{2}}`… in order. */
  bodyParameters: string[];
  /** Parameters of URL buttons, by button index (the copy-code button of an OTP, a link's path). */
  urlButtons?: { index: number; text: string }[];
}

/** The request body of a template message. */
export function templateRequest(message: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to.replace(/^\+/, ''),
    type: 'template',
    template: {
      name: message.name,
      language: { code: whatsappLanguage(message.lang) },
      components: [
        { type: 'body', parameters: message.bodyParameters.map((text) => ({ type: 'text', text })) },
        ...(message.urlButtons ?? []).map((button) => ({
          type: 'button',
          sub_type: 'url',
          index: String(button.index),
          parameters: [{ type: 'text', text: button.text }],
        })),
      ],
    },
  };
}

/** An authentication template with a copy-code button: the code is the body's and the button's parameter. */
export function otpTemplateMessage(
  to: string,
  template: string,
  lang: Language,
  code: string,
): TemplateMessage {
  return { to, name: template, lang, bodyParameters: [code], urlButtons: [{ index: 0, text: code }] };
}

/**
 * Meta's error codes (Cloud API error codes page) by what the diner can do about them: another
 * number or channel (`recipient`), nothing until the template is fixed (`template`), or wait / use
 * SMS (`unavailable`: throttling, outages, our token or permissions).
 */
const RECIPIENT_CODES = new Set([131026, 131021, 131030, 131045, 131049, 131050]);
const TEMPLATE_CODES = new Set([132000, 132001, 132005, 132007, 132012, 132015, 132016, 132068, 132069]);

export function whatsappFailure(code: number): SendFailure {
  if (RECIPIENT_CODES.has(code)) return 'recipient';
  if (TEMPLATE_CODES.has(code)) return 'template';
  return 'unavailable';
}

interface GraphError {
  error?: { code?: number; message?: string; error_data?: { details?: string } };
}

export interface WhatsAppCloud {
  sendTemplate(message: TemplateMessage): Promise<SendOutcome>;
  /** The GET handshake: the challenge to echo, or null (wrong token or mode: answer 403). */
  handshake(query: Record<string, unknown>): string | null;
  /** Whether `X-Hub-Signature-256` is the app secret's HMAC of these exact bytes. */
  verifySignature(rawBody: string, header: string | undefined): boolean;
}

export function createWhatsAppCloud(config: WhatsAppCloudConfig, fetch: HttpFetch): WhatsAppCloud {
  const base = (config.baseUrl ?? WHATSAPP_DEFAULT_BASE_URL).replace(/\/$/, '');
  const url = `${base}/${config.version ?? WHATSAPP_DEFAULT_VERSION}/${config.phoneNumberId}/messages`;
  return {
    async sendTemplate(message) {
      const reply = await fetchWithTimeout(
        fetch,
        url,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${config.accessToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(templateRequest(message)),
        },
        SEND_TIMEOUT_MS,
      );
      if ('error' in reply) return { ok: false, reason: 'unavailable', code: 'network', detail: reply.error };
      const body = parseJson(reply.body) as
        (GraphError & { messages?: { id?: string; message_status?: string }[] }) | undefined;
      const id = body?.messages?.[0]?.id;
      if (reply.status >= 200 && reply.status < 300 && typeof id === 'string')
        return { ok: true, messageId: id };
      const code = body?.error?.code;
      if (typeof code === 'number') {
        return {
          ok: false,
          reason: whatsappFailure(code),
          code: String(code),
          detail: body?.error?.error_data?.details ?? body?.error?.message ?? '',
        };
      }
      return { ok: false, reason: 'unavailable', code: `http_${reply.status}`, detail: 'unexpected reply' };
    },
    handshake(query) {
      const mode = query['hub.mode'];
      const token = query['hub.verify_token'];
      const challenge = query['hub.challenge'];
      if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
      return safeEqual(token, config.verifyToken) ? challenge : null;
    },
    verifySignature(rawBody, header) {
      return verifyHubSignature(config.appSecret, rawBody, header);
    },
  };
}

/** `sha256=` + hex HMAC-SHA256 of the raw body under the app secret. */
export function hubSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

export function verifyHubSignature(appSecret: string, rawBody: string, header: string | undefined): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  return safeEqual(header.toLowerCase(), hubSignature(appSecret, rawBody));
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The message statuses of a webhook body (other fields — incoming messages, template reviews — are
 * left alone). Unknown statuses are skipped, never guessed.
 */
export function whatsappStatuses(body: unknown): DeliveryStatusUpdate[] {
  const updates: DeliveryStatusUpdate[] = [];
  const entries = (body as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return updates;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const statuses = (change as { value?: { statuses?: unknown } })?.value?.statuses;
      if (!Array.isArray(statuses)) continue;
      for (const item of statuses) {
        const { id, status, errors } = (item ?? {}) as { id?: unknown; status?: unknown; errors?: unknown };
        if (typeof id !== 'string') continue;
        if (status !== 'sent' && status !== 'delivered' && status !== 'read' && status !== 'failed') continue;
        const code = Array.isArray(errors) ? (errors[0] as { code?: unknown })?.code : undefined;
        updates.push({
          messageId: id,
          status,
          ...(code !== undefined ? { errorCode: String(code as string | number) } : {}),
        });
      }
    }
  }
  return updates;
}

/** Words a diner replies to stop order updates (any case; the template's quick-reply button says STOP). */
const STOP_WORDS = new Set(['STOP', 'BERHENTI', 'UNSUBSCRIBE']);

/**
 * The numbers (E.164) that asked to stop in a webhook body: an incoming message
 * (`entry[].changes[].value.messages[]`) whose text, or quick-reply button, is a stop word.
 */
export function whatsappStopRequests(body: unknown): string[] {
  const phones: string[] = [];
  for (const entry of arrayOf((body as { entry?: unknown })?.entry)) {
    for (const change of arrayOf((entry as { changes?: unknown })?.changes)) {
      const value = (change as { value?: { messages?: unknown } })?.value;
      for (const message of arrayOf(value?.messages)) {
        const { from, text, button } = (message ?? {}) as {
          from?: unknown;
          text?: { body?: unknown };
          button?: { payload?: unknown; text?: unknown };
        };
        const said = [text?.body, button?.payload, button?.text].find((part) => typeof part === 'string');
        if (typeof from !== 'string' || !/^\d{6,15}$/.test(from) || typeof said !== 'string') continue;
        if (STOP_WORDS.has(said.trim().toUpperCase())) phones.push(`+${from}`);
      }
    }
  }
  return phones;
}

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
