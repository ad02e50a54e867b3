/**
 * OTP through the real provider adapters (WhatsApp Cloud API, Twilio) on a scripted network, and their
 * webhooks: the channel the diner chose, SMS offered at once when WhatsApp fails, the cooldown kept
 * otherwise, every attempt stored, signed statuses applied once, forged ones refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auth } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import { messageDeliveries, otpChallenges } from '../db/schema';
import type { MessagingConfig } from '../services/adapters/messaging/config';
import type { HttpFetch } from '../services/adapters/messaging/provider';
import { twilioSignature } from '../services/adapters/messaging/twilio/twilio';
import { hubSignature } from '../services/adapters/messaging/whatsapp/whatsapp-cloud';
import errors from '../services/adapters/messaging/whatsapp/fixtures/whatsapp-send-errors.json';
import sendFixture from '../services/adapters/messaging/whatsapp/fixtures/whatsapp-send-otp.json';
import twilioFixture from '../services/adapters/messaging/twilio/fixtures/twilio-messages.json';
import webhooks from '../services/adapters/messaging/whatsapp/fixtures/whatsapp-webhook-statuses.json';
import { ENGINES, openTestDatabase, startTestServer } from '../../test/harness';
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

/** The providers on a script: each call recorded; WhatsApp answers the next scripted reply (else success). */
function scriptedNetwork() {
  const calls: { url: string; body: string }[] = [];
  const whatsappReplies: ({ status: number; body: unknown } | 'down')[] = [];
  let sent = 0;
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

  it('whatsapp webhook: a failed status for an OTP -> SMS may be asked at once, inside the 30 s', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const client = server.client();
    await client.call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } });
    const [sent] = await deliveriesTo(phone);
    const raw = JSON.stringify(webhooks.failed).replace(
      sendFixture.response.body.messages[0]!.id,
      sent!.providerMessageId!,
    );
    const posted = await postRaw('/api/webhooks/whatsapp', raw, {
      'content-type': 'application/json',
      'x-hub-signature-256': hubSignature(APP_SECRET, raw),
    });
    expect(posted.body.data).toEqual({ applied: 1, ignored: 0 });
    const [challenge] = await server.db.database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phone, phone))
      .orderBy(desc(otpChallenges.id))
      .limit(1);
    expect(challenge!.deliveryFailedAt).not.toBeNull();
    server.clock.advance(5);
    await client.call(auth.resendOtp, { body: { phone, channel: 'sms' } });
    expect((await deliveriesTo(phone)).map((d) => [d.channel, d.status, d.errorCode])).toEqual([
      ['whatsapp', 'failed', '131026'],
      ['sms', 'sent', null],
    ]);
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

  it('SMS only configured, WhatsApp asked -> "Send it by SMS?" (never a 500), nothing called; no sender at all -> 503', async () => {
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
      const phone = freshPhone(PHONE_BLOCK);
      const refused = await refusal(
        smsOnly.client().call(auth.sendOtp, { body: { phone, channel: 'whatsapp' } }),
      );
      expect(refused.code).toBe(MESSAGE.otpWhatsappFailed);
      expect(network.calls).toHaveLength(0);
      await smsOnly.client().call(auth.sendOtp, { body: { phone, channel: 'sms' } });
      expect(network.calls).toHaveLength(1);
    } finally {
      await smsOnly.close();
    }
    const none = await startTestServer(engine, {
      database,
      config: { messaging: { otpSenders: [] }, devInbox: false },
    });
    try {
      const refused = await refusal(
        none.client().call(auth.sendOtp, { body: { phone: freshPhone(PHONE_BLOCK) } }),
      );
      expect(refused.statusCode).toBe(503);
    } finally {
      await none.close();
    }
  });
});
