import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectRequest, replay } from '../../payments/replay';
import sendFixture from './fixtures/whatsapp-send-otp.json';
import errors from './fixtures/whatsapp-send-errors.json';
import webhooks from './fixtures/whatsapp-webhook-statuses.json';
import orderUpdateFixture from './fixtures/whatsapp-send-order-update.json';
import stopFixture from './fixtures/whatsapp-webhook-stop.json';
import {
  createWhatsAppCloud,
  hubSignature,
  otpTemplateMessage,
  verifyHubSignature,
  whatsappFailure,
  whatsappLanguage,
  whatsappStatuses,
  whatsappStopRequests,
} from './whatsapp-cloud';

const CONFIG = {
  accessToken: 'EAAtest-santap-whatsapp-token',
  phoneNumberId: '109876543210987',
  appSecret: 'test-app-secret-0001',
  verifyToken: 'santap-verify-0001',
};
const otp = otpTemplateMessage('+60123456789', 'santap_otp', 'my', '482913');

describe('whatsapp cloud send', () => {
  it('an OTP for a Malay diner -> the recorded authentication template request (ms, code in body and copy-code button) -> its wamid', async () => {
    const { fetch, calls } = replay(sendFixture.response);
    const outcome = await createWhatsAppCloud(CONFIG, fetch).sendTemplate(otp);
    expect(outcome).toEqual({ ok: true, messageId: sendFixture.response.body.messages[0]!.id });
    expect(calls).toHaveLength(1);
    expectRequest(calls[0]!, sendFixture);
  });

  it('a base URL and version from config -> the call goes there (a loopback fake in e2e)', async () => {
    const { fetch, calls } = replay(sendFixture.response);
    await createWhatsAppCloud(
      { ...CONFIG, baseUrl: 'http://127.0.0.1:4010/', version: 'v20.0' },
      fetch,
    ).sendTemplate(otp);
    expect(calls[0]!.url).toBe('http://127.0.0.1:4010/v20.0/109876543210987/messages');
  });

  it.each([
    ['notOnWhatsApp', 'recipient', '131026'],
    ['templateMissing', 'template', '132001'],
    ['throttled', 'unavailable', '130429'],
    ['outage', 'unavailable', 'http_503'],
  ] as const)('recorded error %s -> refused as %s (%s)', async (name, reason, code) => {
    const { fetch } = replay(errors[name]);
    const outcome = await createWhatsAppCloud(CONFIG, fetch).sendTemplate(otp);
    expect(outcome).toMatchObject({ ok: false, reason, code });
  });

  it('the network fails -> unavailable, never a throw', async () => {
    const outcome = await createWhatsAppCloud(CONFIG, async () => {
      throw new Error('ECONNREFUSED');
    }).sendTemplate(otp);
    expect(outcome).toEqual({ ok: false, reason: 'unavailable', code: 'network', detail: 'ECONNREFUSED' });
  });

  it('languages: en -> en, id -> id, my -> ms (Malay, not Burmese)', () => {
    expect([whatsappLanguage('en'), whatsappLanguage('id'), whatsappLanguage('my')]).toEqual([
      'en',
      'id',
      'ms',
    ]);
  });

  it('error codes: 131026 recipient, 132015 (paused template) template, 131000 unavailable', () => {
    expect([whatsappFailure(131026), whatsappFailure(132015), whatsappFailure(131000)]).toEqual([
      'recipient',
      'template',
      'unavailable',
    ]);
  });
});

describe('whatsapp webhook', () => {
  const raw = JSON.stringify(webhooks.delivered);

  it('X-Hub-Signature-256 = sha256= + hex HMAC-SHA256 of the raw body with the app secret (node:crypto directly)', () => {
    const expected = `sha256=${createHmac('sha256', CONFIG.appSecret).update(raw).digest('hex')}`;
    expect(hubSignature(CONFIG.appSecret, raw)).toBe(expected);
    expect(verifyHubSignature(CONFIG.appSecret, raw, expected)).toBe(true);
  });

  it('fixed vector: secret "It\'s a Secret to Everybody", body "Hello, World!" -> the value GitHub documents for the same scheme', () => {
    // GitHub's webhook docs use the same X-Hub-Signature-256 construction and publish this pair.
    expect(hubSignature("It's a Secret to Everybody", 'Hello, World!')).toBe(
      'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    );
  });

  it.each([
    ['another secret', () => hubSignature('wrong-secret', raw)],
    [
      'a body changed by one byte',
      () => hubSignature(CONFIG.appSecret, raw.replace('delivered', 'deliverer')),
    ],
    ['no header', () => undefined],
    ['sha1 instead', () => `sha1=${createHmac('sha1', CONFIG.appSecret).update(raw).digest('hex')}`],
  ])('%s -> refused', (_name, signature) => {
    expect(verifyHubSignature(CONFIG.appSecret, raw, signature())).toBe(false);
  });

  it('the GET handshake: subscribe + our verify token -> the challenge; a wrong token -> null', () => {
    const cloud = createWhatsAppCloud(CONFIG, replay().fetch);
    expect(
      cloud.handshake({
        'hub.mode': 'subscribe',
        'hub.verify_token': CONFIG.verifyToken,
        'hub.challenge': '1158201444',
      }),
    ).toBe('1158201444');
    expect(
      cloud.handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1' }),
    ).toBeNull();
    expect(cloud.handshake({ 'hub.mode': 'unsubscribe', 'hub.verify_token': CONFIG.verifyToken })).toBeNull();
  });

  it('recorded status bodies -> delivered; failed with error code 131026; other shapes -> nothing', () => {
    const id = sendFixture.response.body.messages[0]!.id;
    expect(whatsappStatuses(webhooks.delivered)).toEqual([{ messageId: id, status: 'delivered' }]);
    expect(whatsappStatuses(webhooks.failed)).toEqual([
      { messageId: id, status: 'failed', errorCode: '131026' },
    ]);
    expect(whatsappStatuses({ entry: [{ changes: [{ value: { messages: [{ id: 'x' }] } }] }] })).toEqual([]);
    expect(whatsappStatuses('not json')).toEqual([]);
  });
});

describe('whatsapp order updates and STOP', () => {
  it('an order update for a Malay diner -> the recorded utility template request (ms, three body parameters, no button)', async () => {
    const { fetch, calls } = replay(orderUpdateFixture.response);
    const outcome = await createWhatsAppCloud(CONFIG, fetch).sendTemplate({
      to: '+60123456789',
      name: 'santap_order_confirmed',
      lang: 'my',
      bodyParameters: ['Kopitiam Ali', '#2051', 'https://santap.example/orderstatus/order_id/2051'],
    });
    expect(outcome).toEqual({ ok: true, messageId: orderUpdateFixture.response.body.messages[0]!.id });
    expectRequest(calls[0]!, orderUpdateFixture);
  });

  it('a reply "Stop" and the quick-reply button STOP -> that number (E.164); other replies, statuses, junk -> none', () => {
    expect(whatsappStopRequests(stopFixture.text)).toEqual(['+60123456789']);
    expect(whatsappStopRequests(stopFixture.button)).toEqual(['+60123456789']);
    const thanks = structuredClone(stopFixture.text);
    thanks.entry[0]!.changes[0]!.value.messages[0]!.text.body = 'Thank you, stop by later!';
    expect(whatsappStopRequests(thanks)).toEqual([]);
    expect(whatsappStopRequests(webhooks.delivered)).toEqual([]);
    expect(whatsappStopRequests('not json')).toEqual([]);
  });
});
