/**
 * OTP through the real provider adapters (WhatsApp Cloud API, Twilio) on a scripted network, and their
 * webhooks: the channel the diner chose among those the server offers, SMS offered at once when
 * WhatsApp refuses and sent by the server itself when WhatsApp reports a code undelivered, the
 * cooldown kept otherwise, a failed send not counted against the phone, every attempt stored, the
 * page's status reads, signed statuses applied once, forged ones refused, STOP by SMS honoured.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import { messageDeliveries, otpChallenges, users } from '../db/schema';
import type { MessagingConfig } from '../services/adapters/messaging/config';
import type { HttpFetch } from '../services/adapters/messaging/provider';
import { twilioSignature } from '../services/adapters/messaging/twilio/twilio';
import { hubSignature } from '../services/adapters/messaging/whatsapp/whatsapp-cloud';
import errors from '../services/adapters/messaging/whatsapp/fixtures/whatsapp-send-errors.json';
import sendFixture from '../services/adapters/messaging/whatsapp/fixtures/whatsapp-send-otp.json';
import twilioFixture from '../services/adapters/messaging/twilio/fixtures/twilio-messages.json';
import inboundFixture from '../services/adapters/messaging/twilio/fixtures/twilio-inbound-stop.json';
import webhooks from '../services/adapters/messaging/whatsapp/fixtures/whatsapp-webhook-statuses.json';
import { ENGINES, TestClock, openTestDatabase, startTestServer } from '../../test/harness';
import type { TestDatabase, TestServer } from '../../test/harness';
import { freshPhone } from '../../test/phones';
import { refusal } from '../../test/refusal';
import { TEST_WHATSAPP } from '../../test/messaging-kit';

const PHONE_BLOCK = '+60187';
const APP_SECRET = 'test-app-secret-0001';
const TWILIO_TOKEN = 'test-twilio-auth-token';
const PUBLIC_URL = 'https://santap.example';

const MESSAGING: MessagingConfig = {
  otpSenders: ['whatsapp', 'sms'],
  whatsapp: { ...TEST_WHATSAPP, appSecret: APP_SECRET },
  sms: {
    provider: 'twilio',
    twilio: { accountSid: 'ACsantap00000000000000000000000001', authToken: TWILIO_TOKEN, from: 'Santap' },
  },
};

/** A signed WhatsApp webhook body reporting `messageId` failed (131026, not on WhatsApp). */
function failedWebhook(messageId: string) {
  const raw = JSON.stringify(webhooks.failed).replace(sendFixture.response.body.messages[0]!.id, messageId);
  return {
    raw,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(APP_SECRET, raw) },
  };
}

/** Message ids stay unique across the scripted networks of servers that share a database. */
let sent = 0;

/** The providers on a script: each call recorded; WhatsApp answers the next scripted reply (else success). */
function scriptedNetwork() {
  const calls: { url: string; body: string }[] = [];
  const whatsappReplies: ({ status: number; body: unknown } | 'down')[] = [];
  const fetch: HttpFetch = async (url, init) => {
    calls.push({ url, body: init.body ?? '' });
    sent++;
    if (url.startsWith('https://graph.facebook.com/')) {
      const next = whatsappReplies.shift();
      if (next === 'down') throw new Error('connect ECONNREFUSED');
      const reply = next ?? {
        status: 200,
        body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.test-${sent}` }] },
      };
      return { status: reply.status, text: async () => JSON.stringify(reply.body) };
    }
    if (url.startsWith('https://api.twilio.com/')) {
      return {
        status: 201,
        text: async () => JSON.stringify({ ...twilioFixture.response.body, sid: `SMtest${sent}` }),
      };
    }
    throw new Error(`unexpected call ${url}`);
  };
  /** The code of the last message to a phone, read from the provider's request as the phone would show it. */
  const codeSentTo = (phone: string) => {
    const digits = phone.replace('+', '');
    for (const call of [...calls].reverse()) {
      if (call.url.includes('graph.facebook.com')) {
        const body = JSON.parse(call.body) as {
          to: string;
          template: { components: { parameters: { text: string }[] }[] };
        };
        if (body.to === digits) return body.template.components[0]!.parameters[0]!.text;
      } else {
        const form = new URLSearchParams(call.body);
        if (form.get('To') === phone) return /\b(\d{6})\b/.exec(form.get('Body') ?? '')![1]!;
      }
    }
    throw new Error(`nothing sent to ${phone}`);
  };
  return { fetch, calls, whatsappReplies, codeSentTo };
}

describe.each(ENGINES)('OTP through WhatsApp and SMS providers on %s', (engine) => {
  let server: TestServer;
  const network = scriptedNetwork();

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: { messaging: MESSAGING, publicUrl: PUBLIC_URL, devInbox: false },
      server: { messagingFetch: network.fetch },
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.clock.advance(60 * 60 + 1);
  });

  const deliveriesTo = (phone: string) =>
    server.db.database.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.recipient, phone))
      .orderBy(messageDeliveries.id);

  async function postRaw(path: string, body: string, headers: Record<string, string>) {
    const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', body, headers });
    return { status: response.status, body: (await response.json()) as { data?: unknown } };
  }

  it('WhatsApp chosen -> the authentication template in the diner language; the code it carried logs in; the attempt is stored without the code', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const client = server.client({ language: 'my' });
    await client.call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } });
    const request = JSON.parse(network.calls.at(-1)!.body) as typeof sendFixture.request.body;
    expect(request.template.name).toBe('santap_otp');
    expect(request.template.language.code).toBe('ms');
    expect(request.template.components[1]).toMatchObject({ type: 'button', sub_type: 'url', index: '0' });
    const otp = network.codeSentTo(phone);
    const session = await client.call(auth.verifyOtp, { body: { phone, otp } });
    expect(session.user.phone).toBe(phone);
    const [delivery] = await deliveriesTo(phone);
    expect(delivery).toMatchObject({
      purpose: 'otp',
      channel: 'whatsapp',
      provider: 'whatsapp_cloud',
      status: 'sent',
    });
    expect(delivery!.providerMessageId).toMatch(/^wamid\./);
    expect(JSON.stringify(delivery)).not.toContain(otp);
  });

  it.each([
    ['not on WhatsApp (131026)', errors.notOnWhatsApp],
    ['template refused (132001)', errors.templateMissing],
    ['provider down', 'down' as const],
  ])(
    'WhatsApp fails: %s -> "Send it by SMS?" in Indonesian, 422; SMS at once (no cooldown) delivers a code that logs in',
    async (_name, reply) => {
      const phone = freshPhone(PHONE_BLOCK);
      const client = server.client({ language: 'id' });
      network.whatsappReplies.push(reply);
      const refused = await refusal(client.call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } }));
      expect(refused.code).toBe(MESSAGE.otpWhatsappFailed);
      expect(refused.statusCode).toBe(422);
      expect(refused.message).toBe(createTranslator('id')(MESSAGE.otpWhatsappFailed));

      await client.call(auth.sendOtp, { body: { phone, channel: 'sms' } });
      const sms = new URLSearchParams(network.calls.at(-1)!.body);
      expect(sms.get('To')).toBe(phone);
      expect(sms.get('Body')).toContain('Kode verifikasi Santap');
      expect(sms.get('StatusCallback')).toBe(`${PUBLIC_URL}/api/webhooks/sms/twilio`);
      const session = await client.call(auth.verifyOtp, { body: { phone, otp: network.codeSentTo(phone) } });
      expect(session.user.phone).toBe(phone);
      expect((await deliveriesTo(phone)).map((d) => [d.channel, d.status])).toEqual([
        ['whatsapp', 'failed'],
        ['sms', 'sent'],
      ]);
    },
  );

  it('a delivered code -> a resend within 30 s is refused with the seconds left (the countdown holds)', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const client = server.client();
    await client.call(auth.sendOtp, { body: { phone, channel: 'sms' } });
    server.clock.advance(10);
    const refused = await refusal(client.call(auth.resendOtp, { body: { phone, channel: 'whatsapp' } }));
    expect(refused.code).toBe(MESSAGE.otpResendCooldown);
    expect(refused.message).toContain('20');
  });

  it('whatsapp webhook: signed delivered -> stored once; the same body again -> ignored; read later -> read; forged -> 403', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    await server.client().call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } });
    const [sent] = await deliveriesTo(phone);
    const body = (status: string) =>
      JSON.stringify(webhooks.delivered)
        .replace(sendFixture.response.body.messages[0]!.id, sent!.providerMessageId!)
        .replace('"delivered"', `"${status}"`);
    const post = (raw: string, signature = hubSignature(APP_SECRET, raw)) =>
      postRaw('/api/webhooks/whatsapp', raw, {
        'content-type': 'application/json',
        'x-hub-signature-256': signature,
      });

    expect(await post(body('delivered'))).toEqual({
      status: 200,
      body: expect.objectContaining({ data: { applied: 1, ignored: 0 } }),
    });
    expect((await post(body('delivered'))).body.data).toEqual({ applied: 0, ignored: 1 });
    expect((await post(body('read'))).body.data).toEqual({ applied: 1, ignored: 0 });
    expect((await post(body('sent'))).body.data).toEqual({ applied: 0, ignored: 1 });
    expect((await post(body('failed'), hubSignature('not-the-secret', body('failed')))).status).toBe(403);
    expect((await post(body('failed'), '')).status).toBe(403);
    expect((await deliveriesTo(phone))[0]!.status).toBe('read');
  });

  it('otp_channels -> WhatsApp and SMS, as configured', async () => {
    expect(await server.client().call(auth.otpChannels, {})).toEqual({ channels: ['whatsapp', 'sms'] });
  });

  it('whatsapp webhook: an OTP failed (131026, not on WhatsApp) -> the server sends a new code by SMS itself, in the language of the send; the status read says so; the WhatsApp code is void; a replay sends nothing more', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const client = server.client({ language: 'id' });
    const sent = await client.call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } });
    const whatsappCode = network.codeSentTo(phone);
    const status = () => client.call(auth.otpStatus, { query: { token: sent.status_token } });
    expect(await status()).toEqual({ channel: 'whatsapp', status: 'sent', switched_to_sms: false });

    server.clock.advance(20);
    const [delivery] = await deliveriesTo(phone);
    const webhook = failedWebhook(delivery!.providerMessageId!);
    const posted = await postRaw('/api/webhooks/whatsapp', webhook.raw, webhook.headers);
    expect(posted.body.data).toEqual({ applied: 1, ignored: 0 });
    const sms = new URLSearchParams(network.calls.at(-1)!.body);
    expect(sms.get('To')).toBe(phone);
    expect(sms.get('Body')).toContain('Kode verifikasi Santap');
    expect(await status()).toEqual({ channel: 'sms', status: 'sent', switched_to_sms: true });

    const calls = network.calls.length;
    const replayed = await postRaw('/api/webhooks/whatsapp', webhook.raw, webhook.headers);
    expect(replayed.body.data).toEqual({ applied: 0, ignored: 1 });
    expect(network.calls).toHaveLength(calls);

    const smsCode = network.codeSentTo(phone);
    if (smsCode !== whatsappCode) {
      const refused = await refusal(client.call(auth.verifyOtp, { body: { phone, otp: whatsappCode } }));
      expect(refused.code).toBe(MESSAGE.incorrectOtp);
    }
    const session = await client.call(auth.verifyOtp, { body: { phone, otp: smsCode } });
    expect(session.user.phone).toBe(phone);
    expect((await deliveriesTo(phone)).map((d) => [d.channel, d.status, d.errorCode])).toEqual([
      ['whatsapp', 'failed', '131026'],
      ['sms', 'sent', null],
    ]);
  });

  it('a newer code asked meanwhile, or one already used -> a late WhatsApp failure of the old one sends no SMS', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const client = server.client();
    await client.call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } });
    const [first] = await deliveriesTo(phone);
    server.clock.advance(31);
    await client.call(auth.resendOtp, { body: { phone, channel: 'whatsapp' } });
    const calls = network.calls.length;
    const webhook = failedWebhook(first!.providerMessageId!);
    expect((await postRaw('/api/webhooks/whatsapp', webhook.raw, webhook.headers)).body.data).toEqual({
      applied: 1,
      ignored: 0,
    });
    expect(network.calls).toHaveLength(calls);

    await client.call(auth.verifyOtp, { body: { phone, otp: network.codeSentTo(phone) } });
    const [, second] = await deliveriesTo(phone);
    const late = failedWebhook(second!.providerMessageId!);
    await postRaw('/api/webhooks/whatsapp', late.raw, late.headers);
    expect(network.calls).toHaveLength(calls);
  });

  it('failed sends do not count against the phone: WhatsApp refused 5 times, then SMS -> sent (the IP still counts); delivered codes still do (the 6th in the hour -> 429)', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const client = server.client();
    for (let i = 0; i < 5; i++) {
      network.whatsappReplies.push('down');
      const refused = await refusal(client.call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } }));
      expect(refused.code).toBe(MESSAGE.otpWhatsappFailed);
    }
    for (let i = 0; i < 5; i++) {
      await client.call(auth.sendOtp, { body: { phone, channel: 'sms' } });
      server.clock.advance(31);
    }
    const refused = await refusal(client.call(auth.sendOtp, { body: { phone, channel: 'sms' } }));
    expect(refused.code).toBe(MESSAGE.tooManyRequests);
  });

  it('otp_status: delivered by Twilio -> delivered; the token altered to another challenge, of another phone, or junk -> 404', async () => {
    const client = server.client();
    const phone = freshPhone(PHONE_BLOCK);
    const mine = await client.call(auth.sendOtp, { body: { phone, channel: 'sms' } });
    const theirs = await client.call(auth.sendOtp, {
      body: { phone: freshPhone(PHONE_BLOCK), channel: 'sms' },
    });
    const [myId, myMac] = mine.status_token.split('.');
    const [theirId, theirMac] = theirs.status_token.split('.');
    for (const token of [
      `${theirId}.${myMac}`,
      `${myId}.${theirMac}`,
      `${myId}.${'A'.repeat(22)}`,
      `${myId}.${myMac}x`,
      myId!,
      `99999999.${myMac}`,
      '../1',
    ]) {
      const refused = await refusal(client.call(auth.otpStatus, { query: { token } }));
      expect([token, refused.statusCode, refused.code]).toEqual([token, 404, MESSAGE.notFound]);
    }

    const [sent] = await deliveriesTo(phone);
    const params = {
      ...twilioFixture.statusCallbackDelivered,
      MessageSid: sent!.providerMessageId!,
      SmsSid: sent!.providerMessageId!,
      To: phone,
    };
    await postRaw('/api/webhooks/sms/twilio', new URLSearchParams(params).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(TWILIO_TOKEN, `${PUBLIC_URL}/api/webhooks/sms/twilio`, params),
    });
    expect(await client.call(auth.otpStatus, { query: { token: mine.status_token } })).toEqual({
      channel: 'sms',
      status: 'delivered',
      switched_to_sms: false,
    });
  });

  it('SMS STOP (Twilio inbound, signed) -> order updates off; a forged STOP or "stop by later" -> still on; answered with empty TwiML', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const client = server.client();
    await client.call(auth.sendOtp, { body: { phone, channel: 'sms' } });
    await client.call(auth.verifyOtp, { body: { phone, otp: network.codeSentTo(phone) } });
    const db = server.db.database.db;
    await db.update(users).set({ whatsappUpdatesSince: server.clock.now() }).where(eq(users.phone, phone));
    const optedIn = async () =>
      (await db.select({ since: users.whatsappUpdatesSince }).from(users).where(eq(users.phone, phone)))[0]!
        .since !== null;
    const url = `${PUBLIC_URL}/api/webhooks/sms/twilio/inbound`;
    const post = async (params: Record<string, string>, token = TWILIO_TOKEN) => {
      const response = await fetch(`${server.baseUrl}/api/webhooks/sms/twilio/inbound`, {
        method: 'POST',
        body: new URLSearchParams(params).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(token, url, params),
        },
      });
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.text(),
      };
    };
    const stop = { ...inboundFixture.stop, From: phone };

    expect((await post(stop, 'guessed-token')).status).toBe(403);
    expect(await optedIn()).toBe(true);
    expect((await post({ ...stop, Body: 'Thanks, stop by later!' })).status).toBe(200);
    expect(await optedIn()).toBe(true);
    const stopped = await post(stop);
    expect(stopped).toMatchObject({ status: 200, body: expect.stringContaining('<Response></Response>') });
    expect(stopped.type).toMatch(/^text\/xml/);
    expect(await optedIn()).toBe(false);
  });

  it('whatsapp handshake: our verify token -> the challenge echoed; another -> 403', async () => {
    const ok = await fetch(
      `${server.baseUrl}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=santap-verify-0001&hub.challenge=1158201444`,
    );
    expect([ok.status, await ok.text()]).toEqual([200, '1158201444']);
    const wrong = await fetch(
      `${server.baseUrl}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`,
    );
    expect(wrong.status).toBe(403);
  });

  it('twilio status callback: signed over the public URL -> delivered; forged -> 403, nothing changed', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    await server.client().call(auth.sendOtp, { body: { phone, channel: 'sms' } });
    const [sent] = await deliveriesTo(phone);
    const params = {
      ...twilioFixture.statusCallbackDelivered,
      MessageSid: sent!.providerMessageId!,
      SmsSid: sent!.providerMessageId!,
      To: phone,
    };
    const raw = new URLSearchParams(params).toString();
    const url = `${PUBLIC_URL}/api/webhooks/sms/twilio`;
    const forged = await postRaw('/api/webhooks/sms/twilio', raw, {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature('guessed-token', url, params),
    });
    expect(forged.status).toBe(403);
    expect((await deliveriesTo(phone))[0]!.status).toBe('sent');
    const signed = await postRaw('/api/webhooks/sms/twilio', raw, {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(TWILIO_TOKEN, url, params),
    });
    expect(signed.body.data).toEqual({ applied: 1, ignored: 0 });
    expect((await deliveriesTo(phone))[0]!.status).toBe('delivered');
  });
});

describe.each(ENGINES)('OTP senders by configuration on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('SMS only configured -> otp_channels [sms]; WhatsApp asked -> "Send it by SMS?" (never a 500), nothing called or counted', async () => {
    const network = scriptedNetwork();
    const smsOnly = await startTestServer(engine, {
      database,
      config: {
        messaging: { otpSenders: ['sms'], ...(MESSAGING.sms ? { sms: MESSAGING.sms } : {}) },
        devInbox: false,
      },
      server: { messagingFetch: network.fetch },
    });
    try {
      expect(await smsOnly.client().call(auth.otpChannels, {})).toEqual({ channels: ['sms'] });
      const phone = freshPhone(PHONE_BLOCK);
      const refused = await refusal(
        smsOnly.client().call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } }),
      );
      expect(refused.code).toBe(MESSAGE.otpWhatsappFailed);
      expect(network.calls).toHaveLength(0);
      expect(await challengesOf(phone)).toEqual([]);
      await smsOnly.client().call(auth.sendOtp, { body: { phone, channel: 'sms' } });
      expect(network.calls).toHaveLength(1);
    } finally {
      await smsOnly.close();
    }
  });

  const challengesOf = (phone: string) =>
    database.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, phone));

  it('no sender (OTP_SENDERS=none) -> otp_channels empty; send_otp -> 503 "login by mobile number isn\'t available here" in the diner\'s language, nothing counted', async () => {
    const none = await startTestServer(engine, {
      database,
      config: { messaging: { otpSenders: [] }, devInbox: false },
    });
    try {
      expect(await none.client().call(auth.otpChannels, {})).toEqual({ channels: [] });
      const phone = freshPhone(PHONE_BLOCK);
      const refused = await refusal(none.client({ language: 'my' }).call(auth.sendOtp, { body: { phone } }));
      expect([refused.statusCode, refused.code]).toEqual([503, MESSAGE.otpLoginOff]);
      expect(refused.message).toBe(createTranslator('my')(MESSAGE.otpLoginOff));
      expect(refused.message).toMatch(/Log masuk dengan nombor telefon tidak tersedia/);
      expect(await challengesOf(phone)).toEqual([]);
    } finally {
      await none.close();
    }
  });

  it('WhatsApp only -> otp_channels [whatsapp]; WhatsApp down -> "couldn\'t send by WhatsApp just now" (never the SMS words); not on WhatsApp -> check the number; SMS asked -> "choose WhatsApp", nothing called; a webhook failure -> the status read says failed, no SMS', async () => {
    const network = scriptedNetwork();
    const whatsappOnly = await startTestServer(engine, {
      database,
      config: {
        messaging: { otpSenders: ['whatsapp'], whatsapp: MESSAGING.whatsapp! },
        publicUrl: PUBLIC_URL,
        devInbox: false,
      },
      server: { messagingFetch: network.fetch },
    });
    try {
      const client = whatsappOnly.client();
      expect(await client.call(auth.otpChannels, {})).toEqual({ channels: ['whatsapp'] });
      const phone = freshPhone(PHONE_BLOCK);

      network.whatsappReplies.push('down');
      const down = await refusal(client.call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } }));
      expect([down.statusCode, down.code]).toEqual([503, MESSAGE.otpWhatsappUnavailable]);
      expect(down.message).toBe(
        "We couldn't send the code by WhatsApp just now. Please try again in a moment",
      );
      network.whatsappReplies.push(errors.notOnWhatsApp);
      const notOn = await refusal(client.call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } }));
      expect(notOn.code).toBe(MESSAGE.otpNumberUnreachable);

      const calls = network.calls.length;
      const sms = await refusal(client.call(auth.sendOtp, { body: { phone, channel: 'sms' } }));
      expect([sms.statusCode, sms.code]).toEqual([422, MESSAGE.otpSmsNotOffered]);
      expect(network.calls).toHaveLength(calls);

      const sent = await client.call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } });
      const [delivery] = (
        await whatsappOnly.db.database.db
          .select()
          .from(messageDeliveries)
          .where(eq(messageDeliveries.recipient, phone))
      ).filter((row) => row.status === 'sent');
      const webhook = failedWebhook(delivery!.providerMessageId!);
      await fetch(`${whatsappOnly.baseUrl}/api/webhooks/whatsapp`, {
        method: 'POST',
        body: webhook.raw,
        headers: webhook.headers,
      });
      expect(await client.call(auth.otpStatus, { query: { token: sent.status_token } })).toEqual({
        channel: 'whatsapp',
        status: 'failed',
        switched_to_sms: false,
      });
      expect(network.calls.filter((call) => call.url.includes('twilio'))).toEqual([]);
    } finally {
      await whatsappOnly.close();
    }
  });

  it('WHATSAPP_API_VERSION v21.0 on 2026-12-07 -> a warning at start naming its end (21 Jan 2027) and the URL names v21.0; the default -> v25.0, no warning', async () => {
    const startWith = async (version?: string) => {
      const lines: string[] = [];
      const network = scriptedNetwork();
      const server = await startTestServer(engine, {
        database,
        clock: new TestClock(new Date('2026-12-07T01:00:00Z')),
        config: {
          logLevel: 'warn',
          messaging: {
            otpSenders: ['whatsapp'],
            whatsapp: { ...MESSAGING.whatsapp!, ...(version ? { version } : {}) },
          },
          devInbox: false,
        },
        server: { messagingFetch: network.fetch, logStream: { write: (line) => void lines.push(line) } },
      });
      try {
        await server
          .client()
          .call(auth.sendOtp, { body: { phone: freshPhone(PHONE_BLOCK), channel: 'whatsapp' } });
        return {
          warnings: lines.map((line) => JSON.parse(line) as { level: number; msg: string }),
          url: network.calls[0]!.url,
        };
      } finally {
        await server.close();
      }
    };
    const old = await startWith('v21.0');
    expect(old.url).toBe('https://graph.facebook.com/v21.0/109876543210987/messages');
    expect(old.warnings).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(/v21\.0 ends on 2027-01-21 \(in 46 days\)/),
      }),
    );
    const current = await startWith();
    expect(current.url).toBe('https://graph.facebook.com/v25.0/109876543210987/messages');
    expect(current.warnings.filter((line) => /Graph API/.test(line.msg))).toEqual([]);
  });
});
