/**
 * The messaging adapters of one server, built once from its config (README, Messaging): the WhatsApp
 * Cloud API client and the configured SMS gateway, each on the injected network (`fetch`; tests and
 * e2e pass loopback fakes or recorded replies).
 */
import type { ServerConfig } from '../../../config';
import type { MessagingConfig } from './config';
import type { HttpFetch, SmsProvider } from './provider';
import { createTwilioSms } from './twilio/twilio';
import { createVonageSms } from './vonage/vonage';
import { createWhatsAppCloud } from './whatsapp/whatsapp-cloud';
import type { WhatsAppCloud } from './whatsapp/whatsapp-cloud';

/** The path Twilio posts message statuses to (its `StatusCallback`, on `PUBLIC_URL`). */
export const TWILIO_STATUS_PATH = '/api/webhooks/sms/twilio';
/** The WhatsApp webhook (GET handshake and signed POSTs), as registered in the Meta app. */
export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/whatsapp';

export interface Messaging {
  readonly config: MessagingConfig;
  readonly whatsapp?: WhatsAppCloud;
  readonly sms?: SmsProvider;
}

/** The platform fetch behind the `HttpFetch` seam. */
const platformFetch: HttpFetch = (url, init) => globalThis.fetch(url, init);

/** Without messaging config: the dev inbox where it is on, nothing otherwise. */
export function messagingConfigOf(config: ServerConfig): MessagingConfig {
  return config.messaging ?? { otpSenders: config.devInbox ? ['dev'] : [] };
}

export function createMessaging(config: ServerConfig, fetch: HttpFetch = platformFetch): Messaging {
  const messaging = messagingConfigOf(config);
  const publicUrl = config.publicUrl.replace(/\/$/, '');
  const sms =
    messaging.sms?.provider === 'twilio'
      ? createTwilioSms(
          { ...messaging.sms.twilio, statusCallbackUrl: `${publicUrl}${TWILIO_STATUS_PATH}` },
          fetch,
        )
      : messaging.sms?.provider === 'vonage'
        ? createVonageSms(messaging.sms.vonage, fetch)
        : undefined;
  return {
    config: messaging,
    ...(messaging.whatsapp ? { whatsapp: createWhatsAppCloud(messaging.whatsapp, fetch) } : {}),
    ...(sms ? { sms } : {}),
  };
}
