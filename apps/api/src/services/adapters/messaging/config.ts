/**
 * Messaging configuration (apps/api docs, Messaging and OTP): which senders deliver OTPs and with
 * which keys, read once from the environment. Nothing calls out unless its keys are set; a provider
 * with some but not all of its keys stops startup, as does a sender named without its provider, and
 * a production server that names no sender at all (`OTP_SENDERS=none` says login by phone is off).
 */
import { z } from 'zod';
import type { TwilioConfig } from './twilio/twilio';
import type { VonageConfig } from './vonage/vonage';
import { GRAPH_VERSION_PATTERN } from './whatsapp/graph-versions';
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
   * `sms`. A diner's channel not in the list is refused with the words that offer the other one;
   * none at all (`OTP_SENDERS=none`) means login by mobile number is off on this server.
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
  WHATSAPP_API_VERSION: optional.refine(
    (version) => version === undefined || GRAPH_VERSION_PATTERN.test(version),
    { message: 'WHATSAPP_API_VERSION must be a Graph API version such as v25.0' },
  ),
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
 * Reads the messaging env. `OTP_SENDERS` unset means the dev inbox where it is on (demo, development);
 * production names its senders (`OTP_SENDERS=whatsapp,sms`) or says `none` (login by phone off), and
 * refuses to start otherwise: a server that cannot send a code would answer every login with an error.
 */
export function messagingConfigFromEnv(
  env: NodeJS.ProcessEnv,
  options: { devInbox: boolean; production?: boolean },
): MessagingConfig {
  if (env.OTP_SENDER !== undefined && env.OTP_SENDERS === undefined)
    throw new Error('OTP_SENDER is not a setting: did you mean OTP_SENDERS (whatsapp, sms, dev or none)?');
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

  const listed = parsed.OTP_SENDERS?.split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const named = listed?.length ? listed : undefined;
  if (named?.includes('none') && named.length > 1)
    throw new Error('OTP_SENDERS: none cannot be named with a sender');
  if (!named && !options.devInbox && options.production) {
    const configured = [whatsapp && 'whatsapp', sms && 'sms'].filter(Boolean).join(',');
    throw new Error(
      configured
        ? `OTP_SENDERS is not set: name the senders of login codes (OTP_SENDERS=${configured}), or OTP_SENDERS=none to switch login by phone off`
        : 'No OTP sender: set the WHATSAPP_* keys or an SMS provider (SMS_PROVIDER and its keys) and name them in OTP_SENDERS, or OTP_SENDERS=none to switch login by phone off',
    );
  }
  const otpSenders: OtpSenderName[] = [];
  for (const name of named ?? (options.devInbox ? ['dev'] : [])) {
    if (name === 'none') continue;
    if (name !== 'dev' && name !== 'whatsapp' && name !== 'sms')
      throw new Error(`OTP_SENDERS: unknown sender "${name}" (dev, whatsapp, sms, or none)`);
    if (name === 'dev' && !options.devInbox)
      throw new Error('OTP_SENDERS names dev, but the dev inbox is off');
    if (name === 'whatsapp' && !whatsapp)
      throw new Error('OTP_SENDERS names whatsapp: set the WHATSAPP_* keys');
    if (name === 'sms' && !sms) throw new Error('OTP_SENDERS names sms: set SMS_PROVIDER and its keys');
    if (!otpSenders.includes(name)) otpSenders.push(name);
  }
  return { otpSenders, ...(whatsapp ? { whatsapp } : {}), ...(sms ? { sms } : {}) };
}
