import { describe, expect, it } from 'vitest';
import { messagingConfigFromEnv } from './config';

const WHATSAPP = {
  WHATSAPP_ACCESS_TOKEN: 'EAAtoken',
  WHATSAPP_PHONE_NUMBER_ID: '109876543210987',
  WHATSAPP_APP_SECRET: 'secret',
  WHATSAPP_VERIFY_TOKEN: 'verify',
};
const TWILIO = { TWILIO_ACCOUNT_SID: 'ACx', TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM: 'Santap' };

describe('messaging config from env', () => {
  it('nothing set, dev inbox on -> the dev sender; dev inbox off -> no sender (production names its own)', () => {
    expect(messagingConfigFromEnv({}, { devInbox: true })).toEqual({ otpSenders: ['dev'] });
    expect(messagingConfigFromEnv({}, { devInbox: false })).toEqual({ otpSenders: [] });
  });

  it('OTP_SENDERS=whatsapp,sms with WhatsApp and Twilio keys -> both, defaults for template and base URLs', () => {
    const config = messagingConfigFromEnv(
      { OTP_SENDERS: 'whatsapp, sms', ...WHATSAPP, ...TWILIO },
      { devInbox: false },
    );
    expect(config.otpSenders).toEqual(['whatsapp', 'sms']);
    expect(config.whatsapp).toMatchObject({ otpTemplate: 'santap_otp', templatePrefix: 'santap_' });
    expect(config.whatsapp?.baseUrl).toBeUndefined();
    expect(config.sms).toEqual({
      provider: 'twilio',
      twilio: { accountSid: 'ACx', authToken: 'tok', from: 'Santap' },
    });
  });

  it('SMS_PROVIDER=vonage with its keys -> the second SMS gateway; base URLs from env (loopback fakes)', () => {
    const config = messagingConfigFromEnv(
      {
        OTP_SENDERS: 'sms',
        SMS_PROVIDER: 'vonage',
        VONAGE_API_KEY: 'k',
        VONAGE_API_SECRET: 's',
        VONAGE_FROM: 'Santap',
        VONAGE_API_BASE_URL: 'http://127.0.0.1:4011',
      },
      { devInbox: false },
    );
    expect(config.sms).toEqual({
      provider: 'vonage',
      vonage: { apiKey: 'k', apiSecret: 's', from: 'Santap', baseUrl: 'http://127.0.0.1:4011' },
    });
  });

  it.each([
    ['a partly configured WhatsApp', { WHATSAPP_ACCESS_TOKEN: 'x' }, /WhatsApp is partly configured/],
    ['whatsapp named without keys', { OTP_SENDERS: 'whatsapp' }, /WHATSAPP_\* keys/],
    ['sms named without a gateway', { OTP_SENDERS: 'sms' }, /SMS_PROVIDER/],
    ['an unknown sender', { OTP_SENDERS: 'pigeon' }, /unknown sender "pigeon"/],
    ['Twilio without a sender', { TWILIO_ACCOUNT_SID: 'AC', TWILIO_AUTH_TOKEN: 't' }, /TWILIO_FROM/],
  ])('%s -> startup stops with the reason', (_name, env, message) => {
    expect(() => messagingConfigFromEnv(env, { devInbox: false })).toThrow(message);
  });

  it('production with no sender configured -> startup stops, naming OTP_SENDERS=none; WhatsApp keys but OTP_SENDERS unset -> names OTP_SENDERS=whatsapp', () => {
    const production = { devInbox: false, production: true };
    expect(() => messagingConfigFromEnv({}, production)).toThrow(/No OTP sender: .*OTP_SENDERS=none/);
    expect(() => messagingConfigFromEnv({ ...WHATSAPP }, production)).toThrow(
      /OTP_SENDERS is not set: .*OTP_SENDERS=whatsapp\b/,
    );
    expect(() => messagingConfigFromEnv({ ...WHATSAPP, ...TWILIO }, production)).toThrow(
      /OTP_SENDERS=whatsapp,sms/,
    );
    expect(() => messagingConfigFromEnv({ OTP_SENDERS: ' , ' }, production)).toThrow(/No OTP sender/);
  });

  it('OTP_SENDERS=none -> login by phone off (no sender), production starts; none with a sender -> stops', () => {
    expect(messagingConfigFromEnv({ OTP_SENDERS: 'none' }, { devInbox: false, production: true })).toEqual({
      otpSenders: [],
    });
    expect(() =>
      messagingConfigFromEnv({ OTP_SENDERS: 'none,sms', ...TWILIO }, { devInbox: false, production: true }),
    ).toThrow(/none cannot be named with a sender/);
  });

  it('OTP_SENDER (no S), the name an operator may guess -> startup stops, pointing at OTP_SENDERS', () => {
    expect(() => messagingConfigFromEnv({ OTP_SENDER: 'none' }, { devInbox: false })).toThrow(
      /did you mean OTP_SENDERS/,
    );
  });

  it('WHATSAPP_API_VERSION v24.0 -> used; 21.0 or v21 (not a Graph version) -> startup stops; unset -> the default', () => {
    const env = { OTP_SENDERS: 'whatsapp', ...WHATSAPP };
    expect(
      messagingConfigFromEnv({ ...env, WHATSAPP_API_VERSION: 'v24.0' }, { devInbox: false }).whatsapp
        ?.version,
    ).toBe('v24.0');
    for (const version of ['21.0', 'v21', 'latest'])
      expect(() =>
        messagingConfigFromEnv({ ...env, WHATSAPP_API_VERSION: version }, { devInbox: false }),
      ).toThrow(/WHATSAPP_API_VERSION must be a Graph API version/);
    expect(messagingConfigFromEnv(env, { devInbox: false }).whatsapp?.version).toBeUndefined();
  });

  it('dev named while the dev inbox is off (production) -> startup stops', () => {
    expect(() => messagingConfigFromEnv({ OTP_SENDERS: 'dev' }, { devInbox: false })).toThrow(
      /dev inbox is off/,
    );
  });
});
