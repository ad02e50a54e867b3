/**
 * What every messaging adapter answers (README, Messaging): a send is accepted with the provider's
 * message id or refused with a reason the diner's words are chosen from; a status callback becomes
 * {@link DeliveryStatusUpdate}s. Adapters take their keys, a base URL (a loopback fake in tests and
 * e2e) and an injected fetch, so nothing calls out unless configured.
 */
import type { HttpFetch } from '../payments/provider';

export type { HttpFetch };

export type MessageChannel = 'sms' | 'whatsapp';
export type MessagingProviderName = 'whatsapp_cloud' | 'twilio' | 'vonage' | 'dev';

/**
 * Why a send was refused: the number cannot get the message (not on WhatsApp, not a mobile, opted out),
 * the template was refused (missing, paused, wrong parameters), or the provider is down, slow,
 * throttling or refusing our keys (`unavailable`: another channel may still work).
 */
export type SendFailure = 'recipient' | 'template' | 'unavailable';

export type SendOutcome =
  { ok: true; messageId: string } | { ok: false; reason: SendFailure; code: string; detail: string };

/** The states a message moves through, in order; `failed` ends it from any state. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryStatusUpdate {
  messageId: string;
  status: Exclude<DeliveryStatus, 'queued'>;
  errorCode?: string;
}

/** A status may only move forward (a late 'sent' after 'read' is ignored); `failed` only from before delivery. */
export function statusMovesForward(from: DeliveryStatus, to: DeliveryStatus): boolean {
  if (from === 'failed') return false;
  if (to === 'failed') return from === 'queued' || from === 'sent';
  return DELIVERY_STATUSES.indexOf(to) > DELIVERY_STATUSES.indexOf(from);
}

/** An SMS gateway: the second one is chosen by configuration (`SMS_PROVIDER`). */
export interface SmsProvider {
  readonly name: Exclude<MessagingProviderName, 'whatsapp_cloud' | 'dev'>;
  send(to: string, text: string): Promise<SendOutcome>;
}

/** A fetch that gives up after `ms` (a provider that hangs must not hold a diner's login). */
export async function fetchWithTimeout(
  fetch: HttpFetch,
  url: string,
  init: Parameters<HttpFetch>[1],
  ms: number,
): Promise<{ status: number; body: string } | { error: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    });
    const response = await Promise.race([fetch(url, init), timeout]);
    return { status: response.status, body: await Promise.race([response.text(), timeout]) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
