/**
 * Messaging configuration (README, Messaging): which senders deliver OTPs and with which keys, read
 * once from the environment. Nothing calls out unless its keys are set; a provider with some but not
 * all of its keys stops startup, as does a sender named without its provider.
 */
import { z } from 'zod';
import type { TwilioConfig } from './twilio/twilio';
import type { VonageConfig } from './vonage/vonage';
import type { WhatsAppCloudConfig } from './whatsapp/whatsapp-cloud';

export type OtpSenderName = 'dev' | 'whatsapp' | 'sms';

export interface WhatsAppConfig extends WhatsAppCloudConfig {
  /** The approved authentication template (copy-code button), in en, id and ms. */
  otpTemplate: string;
  /** Order-update templates are `{prefix}order_confirmed`, `{prefix}order_declined`… (README). */
  templatePrefix: string;
}

export type SmsConfig =
  | { provider: 'twilio'; twilio: Omit<TwilioConfig, 'statusCallbackUrl'> }
  | { provider: 'vonage'; vonage: VonageConfig };

export interface MessagingConfig {
  /**
   * The OTP channels this server delivers through: `dev` (the dev inbox, both channels), `whatsapp`,
   * `sms`. A diner's channel not in the list is refused with the words that offer the other one.
   */
  otpSenders: OtpSenderName[];
  whatsapp?: WhatsAppConfig;
  sms?: SmsConfig;
}

const optional = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);
const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().url().optional(),
);

const envSchema = z.object({
  OTP_SENDERS: optional,
  WHATSAPP_ACCESS_TOKEN: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional,
  WHATSAPP_APP_SECRET: optional,
  WHATSAPP_VERIFY_TOKEN: optional,
  WHATSAPP_API_BASE_URL: optionalUrl,
  WHATSAPP_API_VERSION: optional,
  WHATSAPP_OTP_TEMPLATE: optional,
  WHATSAPP_TEMPLATE_PREFIX: optional,
  SMS_PROVIDER: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(['twilio', 'vonage']).optional(),
  ),
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional,
  TWILIO_MESSAGING_SERVICE_SID: optional,
  TWILIO_API_BASE_URL: optionalUrl,
  VONAGE_API_KEY: optional,
  VONAGE_API_SECRET: optional,
  VONAGE_FROM: optional,
  VONAGE_API_BASE_URL: optionalUrl,
});

function allOrNone(names: string[], values: (string | undefined)[], what: string): boolean {
  const set = values.filter(Boolean).length;
  if (set > 0 && set < values.length)
    throw new Error(
      `${what} is partly configured: set ${names.filter((_, i) => !values[i]).join(', ')} too (or none)`,
    );
  return set === values.length;
}

/**
 * Reads the messaging env. `OTP_SENDERS` unset means the dev inbox where it is on (demo, development)
 * and no sender otherwise, so production names its senders explicitly (`OTP_SENDERS=whatsapp,sms`).
 */
export function messagingConfigFromEnv(
  env: NodeJS.ProcessEnv,
  options: { devInbox: boolean },
): MessagingConfig {
  const parsed = envSchema.parse(env);
  const whatsappKeys = [
    parsed.WHATSAPP_ACCESS_TOKEN,
    parsed.WHATSAPP_PHONE_NUMBER_ID,
    parsed.WHATSAPP_APP_SECRET,
    parsed.WHATSAPP_VERIFY_TOKEN,
  ];
  const whatsapp = allOrNone(
    ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'],
    whatsappKeys,
    'WhatsApp',
  )
    ? {
        accessToken: parsed.WHATSAPP_ACCESS_TOKEN!,
        phoneNumberId: parsed.WHATSAPP_PHONE_NUMBER_ID!,
        appSecret: parsed.WHATSAPP_APP_SECRET!,
        verifyToken: parsed.WHATSAPP_VERIFY_TOKEN!,
        otpTemplate: parsed.WHATSAPP_OTP_TEMPLATE ?? 'santap_otp',
        templatePrefix: parsed.WHATSAPP_TEMPLATE_PREFIX ?? 'santap_',
        ...(parsed.WHATSAPP_API_BASE_URL ? { baseUrl: parsed.WHATSAPP_API_BASE_URL } : {}),
        ...(parsed.WHATSAPP_API_VERSION ? { version: parsed.WHATSAPP_API_VERSION } : {}),
      }
    : undefined;

  let sms: SmsConfig | undefined;
  const twilio = allOrNone(
    ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'],
    [parsed.TWILIO_ACCOUNT_SID, parsed.TWILIO_AUTH_TOKEN],
    'Twilio',
  );
  const vonage = allOrNone(
    ['VONAGE_API_KEY', 'VONAGE_API_SECRET', 'VONAGE_FROM'],
    [parsed.VONAGE_API_KEY, parsed.VONAGE_API_SECRET, parsed.VONAGE_FROM],
    'Vonage',
  );
  const smsProvider = parsed.SMS_PROVIDER ?? (twilio ? 'twilio' : vonage ? 'vonage' : undefined);
  if (smsProvider === 'twilio') {
    if (!twilio) throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    if (!parsed.TWILIO_FROM && !parsed.TWILIO_MESSAGING_SERVICE_SID)
      throw new Error('Twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID (the sender)');
    sms = {
      provider: 'twilio',
      twilio: {
        accountSid: parsed.TWILIO_ACCOUNT_SID!,
        authToken: parsed.TWILIO_AUTH_TOKEN!,
        ...(parsed.TWILIO_FROM ? { from: parsed.TWILIO_FROM } : {}),
        ...(parsed.TWILIO_MESSAGING_SERVICE_SID
          ? { messagingServiceSid: parsed.TWILIO_MESSAGING_SERVICE_SID }
          : {}),
        ...(parsed.TWILIO_API_BASE_URL ? { baseUrl: parsed.TWILIO_API_BASE_URL } : {}),
      },
    };
  } else if (smsProvider === 'vonage') {
    if (!vonage)
      throw new Error('SMS_PROVIDER=vonage needs VONAGE_API_KEY, VONAGE_API_SECRET and VONAGE_FROM');
    sms = {
      provider: 'vonage',
      vonage: {
        apiKey: parsed.VONAGE_API_KEY!,
        apiSecret: parsed.VONAGE_API_SECRET!,
        from: parsed.VONAGE_FROM!,
        ...(parsed.VONAGE_API_BASE_URL ? { baseUrl: parsed.VONAGE_API_BASE_URL } : {}),
      },
    };
  }

  const named = parsed.OTP_SENDERS?.split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const otpSenders: OtpSenderName[] = [];
  for (const name of named ?? (options.devInbox ? ['dev'] : [])) {
    if (name !== 'dev' && name !== 'whatsapp' && name !== 'sms')
      throw new Error(`OTP_SENDERS: unknown sender "${name}" (dev, whatsapp, sms)`);
    if (name === 'dev' && !options.devInbox)
      throw new Error('OTP_SENDERS names dev, but the dev inbox is off');
    if (name === 'whatsapp' && !whatsapp)
      throw new Error('OTP_SENDERS names whatsapp: set the WHATSAPP_* keys');
    if (name === 'sms' && !sms) throw new Error('OTP_SENDERS names sms: set SMS_PROVIDER and its keys');
    if (!otpSenders.includes(name)) otpSenders.push(name);
  }
  return { otpSenders, ...(whatsapp ? { whatsapp } : {}), ...(sms ? { sms } : {}) };
}
