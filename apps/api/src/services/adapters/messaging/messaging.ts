/**
 * The messaging adapters of one server, built once from its config (README, Messaging): the WhatsApp
 * Cloud API client and the configured SMS gateway, each on the injected network (`fetch`; tests and
 * e2e pass loopback fakes or recorded replies).
 */
import type { MessagingConfig } from './config';
import type { HttpFetch, SmsProvider } from './provider';
import { createTwilioSms } from './twilio/twilio';
import { createVonageSms } from './vonage/vonage';
import { graphVersionNotice } from './whatsapp/graph-versions';
import { WHATSAPP_DEFAULT_VERSION, createWhatsAppCloud } from './whatsapp/whatsapp-cloud';
import type { WhatsAppCloud } from './whatsapp/whatsapp-cloud';

/** The path Twilio posts message statuses to (its `StatusCallback`, on `PUBLIC_URL`). */
export const TWILIO_STATUS_PATH = '/api/webhooks/sms/twilio';
/** Where Twilio posts the messages diners send us ("A message comes in" on the number or service). */
export const TWILIO_INBOUND_PATH = '/api/webhooks/sms/twilio/inbound';
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
/** What the messaging adapters read of the server's config (config.ts `ServerConfig` is one). */
export interface MessagingServerConfig {
  readonly messaging?: MessagingConfig | undefined;
  readonly devInbox?: boolean | undefined;
  readonly publicUrl: string;
}

export function messagingConfigOf(config: MessagingServerConfig): MessagingConfig {
  return config.messaging ?? { otpSenders: config.devInbox ? ['dev'] : [] };
}

export function createMessaging(config: MessagingServerConfig, fetch: HttpFetch = platformFetch): Messaging {
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

export interface StartNotice {
  level: 'info' | 'warn' | 'error';
  message: string;
}

/**
 * What the operator should read in the start-up log about messaging: login by phone switched off
 * (`OTP_SENDERS=none`), and the WhatsApp Graph API version near or past its end (graph-versions.ts).
 */
export function messagingStartNotices(messaging: MessagingConfig, now: Date): StartNotice[] {
  const notices: StartNotice[] = [];
  if (messaging.otpSenders.length === 0)
    notices.push({
      level: 'warn',
      message:
        'login by mobile number is off (no OTP sender; OTP_SENDERS=none): the login page says so and send_otp answers 503',
    });
  if (messaging.whatsapp) {
    const notice = graphVersionNotice(messaging.whatsapp.version ?? WHATSAPP_DEFAULT_VERSION, now);
    if (notice) notices.push({ level: notice.level, message: notice.message });
  }
  return notices;
}
