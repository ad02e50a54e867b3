import { describe, expect, it } from 'vitest';
import { replay } from '../../payments/replay';
import fixture from './fixtures/twilio-messages.json';
import inbound from './fixtures/twilio-inbound-stop.json';
import { otpText } from '../../../flows/accounts/otp-sender';
import {
  createTwilioSms,
  twilioSignature,
  twilioStatus,
  twilioStopRequest,
  verifyTwilioSignature,
} from './twilio';

const CONFIG = {
  accountSid: 'ACsantap00000000000000000000000001',
  authToken: 'test-twilio-auth-token',
  from: 'Santap',
  statusCallbackUrl: 'https://santap.example/api/webhooks/sms/twilio',
};

describe('twilio send', () => {
  it('an Indonesian OTP -> the recorded form POST (Basic auth, To, From, Body in Indonesian, StatusCallback) -> the SM sid', async () => {
    const { fetch, calls } = replay(fixture.response);
    const outcome = await createTwilioSms(CONFIG, fetch).send('+6281234567890', otpText('id', '482913'));
    expect(outcome).toEqual({ ok: true, messageId: fixture.response.body.sid });
    expect(calls[0]!.url).toBe(fixture.request.url);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers).toEqual(fixture.request.headers);
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual(fixture.request.form);
  });

  it('a Messaging Service instead of From -> MessagingServiceSid in the form, no From', async () => {
    const { fetch, calls } = replay(fixture.response);
    const { from: _from, ...rest } = CONFIG;
    await createTwilioSms({ ...rest, messagingServiceSid: 'MGsantap0001' }, fetch).send('+60123456789', 'x');
    const form = new URLSearchParams(calls[0]!.body);
    expect(form.get('MessagingServiceSid')).toBe('MGsantap0001');
    expect(form.has('From')).toBe(false);
  });

  it('recorded 21211 (invalid To) -> recipient; 20003 (our credentials) -> unavailable', async () => {
    expect(
      await createTwilioSms(CONFIG, replay(fixture.invalidNumber).fetch).send('+62812', 'x'),
    ).toMatchObject({
      ok: false,
      reason: 'recipient',
      code: '21211',
    });
    expect(
      await createTwilioSms(CONFIG, replay(fixture.badCredentials).fetch).send('+62812', 'x'),
    ).toMatchObject({
      ok: false,
      reason: 'unavailable',
      code: '20003',
    });
  });
});

describe('twilio signature', () => {
  it("Twilio's documented example (token 12345, myapp.php?foo=1&bar=2, five params) -> 0/KCTR6DLpKmkAf8muzZqo1nDgQ=", () => {
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(verifyTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
  });

  it('a changed status, another URL or token, or no header -> refused', () => {
    const params = fixture.statusCallbackDelivered;
    const url = CONFIG.statusCallbackUrl;
    const signature = twilioSignature(CONFIG.authToken, url, params);
    expect(
      verifyTwilioSignature(CONFIG.authToken, url, { ...params, MessageStatus: 'failed' }, signature),
    ).toBe(false);
    expect(verifyTwilioSignature(CONFIG.authToken, `${url}?x=1`, params, signature)).toBe(false);
    expect(verifyTwilioSignature('another-token', url, params, signature)).toBe(false);
    expect(verifyTwilioSignature(CONFIG.authToken, url, params, undefined)).toBe(false);
  });

  it('recorded callbacks -> delivered; undelivered -> failed with its ErrorCode; queued -> nothing tracked', () => {
    expect(twilioStatus(fixture.statusCallbackDelivered)).toEqual({
      messageId: 'SM1f0e2d3c4b5a69788796a5b4c3d2e1f0',
      status: 'delivered',
    });
    expect(twilioStatus(fixture.statusCallbackUndelivered)).toEqual({
      messageId: 'SM1f0e2d3c4b5a69788796a5b4c3d2e1f0',
      status: 'failed',
      errorCode: '30003',
    });
    expect(
      twilioStatus({ ...fixture.statusCallbackDelivered, MessageStatus: 'queued', SmsStatus: 'queued' }),
    ).toBeNull();
  });
});

describe('twilio incoming messages (STOP)', () => {
  it('"Stop" from a Malaysian number -> that number; Twilio\'s own OptOutType=STOP -> the sender, whatever the body', () => {
    expect(twilioStopRequest(inbound.stop)).toBe('+60123456789');
    expect(twilioStopRequest(inbound.advancedOptOut)).toBe('+6281234567890');
  });

  it.each(['STOP', ' unsubscribe ', 'StopAll', 'CANCEL', 'end', 'quit', 'revoke', 'OPTOUT', 'Berhenti'])(
    'the keyword %j -> a stop',
    (body) => {
      expect(twilioStopRequest({ ...inbound.stop, Body: body })).toBe('+60123456789');
    },
  );

  it('a sentence with stop in it, START, HELP, an empty body, no or a malformed From -> no stop', () => {
    for (const body of ['Thanks, stop by later!', 'START', 'HELP', ''])
      expect(twilioStopRequest({ ...inbound.stop, Body: body })).toBeNull();
    const { From: _from, ...noFrom } = inbound.stop;
    expect(twilioStopRequest(noFrom)).toBeNull();
    expect(twilioStopRequest({ ...inbound.stop, From: 'whatsapp:+60123456789' })).toBeNull();
    expect(twilioStopRequest({ ...inbound.advancedOptOut, OptOutType: 'START' })).toBeNull();
  });
});
