import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import type { FastifyInstance } from 'fastify';
import { devInbox, otpChallenges } from '../../../db/schema';
import { createServer } from '../../../server';
import {
  ENGINES,
  LUNCHTIME,
  TestClock,
  openTestDatabase,
  startTestServer,
  testConfig,
} from '../../../../test/harness';
import type { TestDatabase, TestServer } from '../../../../test/harness';
import { refusal } from '../../../../test/refusal';
import { freshPhone } from '../../../../test/phones';
import {
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_SENDS_PER_IP_PER_HOUR,
  OTP_SENDS_PER_PHONE_PER_HOUR,
  hashOtp,
  newOtpCode,
  otpMatches,
} from './otp';

type Client = ReturnType<TestServer['client']>;

const PHONE_BLOCK = '+60123';

describe('OTP codes and hashes', () => {
  it('newOtpCode -> always six ASCII digits, and not the same code every time', () => {
    const codes = Array.from({ length: 200 }, newOtpCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(150);
  });

  it('hashOtp -> 64 hex characters that differ by pepper and by phone, never the code itself', () => {
    const hash = hashOtp('pepper-a', '+60123456789', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('123456');
    expect(hashOtp('pepper-b', '+60123456789', '123456')).not.toBe(hash);
    expect(hashOtp('pepper-a', '+60123456788', '123456')).not.toBe(hash);
  });

  it('otpMatches -> true for the right code, false for another code, phone, pepper or a mangled hash', () => {
    const stored = hashOtp('pepper', '+60123456789', '042042');
    expect(otpMatches('pepper', '+60123456789', '042042', stored)).toBe(true);
    expect(otpMatches('pepper', '+60123456789', '042043', stored)).toBe(false);
    expect(otpMatches('pepper', '+60123456780', '042042', stored)).toBe(false);
    expect(otpMatches('other', '+60123456789', '042042', stored)).toBe(false);
    expect(otpMatches('pepper', '+60123456789', '042042', stored.slice(2))).toBe(false);
  });
});

describe.each(ENGINES)('OTP login on %s', (engine) => {
  let server: TestServer;
  let client: Client;

  beforeAll(async () => {
    server = await startTestServer(engine);
    client = server.client();
  });
  afterAll(async () => {
    await server?.close();
  });
  // Each case starts in a new hour, so the hourly limits of one case never reach the next.
  beforeEach(() => {
    server.clock.advance(2 * 60 * 60);
  });

  const send = (phone: string, channel: 'sms' | 'whatsapp' = 'sms', via: Client = client) =>
    via.call(auth.sendOtp, { body: { phone, channel } });

  /** The code in the newest dev inbox message to `phone`. */
  async function codeSentTo(phone: string, via: Client = client): Promise<string> {
    const { messages } = await via.call(auth.devInbox, { query: { recipient: phone } });
    const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
    if (!code) throw new Error(`no code in the dev inbox for ${phone}`);
    return code;
  }

  const verify = (phone: string, otp: string, via: Client = client) =>
    via.call(auth.verifyOtp, { body: { phone, otp } });

  /** A six-digit code that is not `code`. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('send -> the dev inbox holds the code -> verify logs in a new ACTIVE user, then the same user again', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const sent = await send(phone);
    expect(sent).toEqual({
      phone,
      resend_after_seconds: 30,
      expires_in_seconds: 300,
      status_token: expect.stringMatching(/^\d+\.[\w-]{22}$/),
    });
    const first = await verify(phone, await codeSentTo(phone));
    expect(first.is_new_user).toBe(true);
    expect(first.user).toMatchObject({ phone, status: 'ACTIVE', linked: { facebook: false, google: false } });
    expect(first.token.length).toBeGreaterThan(30);
    expect(first.expires_epoch - Math.floor(server.clock.now().getTime() / 1000)).toBe(30 * 24 * 3600);

    const me = await server.client({ authToken: first.token }).call(auth.authTokenCustomer, {});
    expect(me.user.user_id).toBe(first.user.user_id);

    server.clock.advance(OTP_RESEND_COOLDOWN_SECONDS + 1);
    await send(phone);
    const again = await verify(phone, await codeSentTo(phone));
    expect(again).toMatchObject({ is_new_user: false, user: { user_id: first.user.user_id } });
  });

  it('national number 012-… with country MY -> E.164 +6012…; an invalid number -> 400 phone message', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const national = `0${phone.slice(3, 5)}-${phone.slice(5, 8)} ${phone.slice(8)}`;
    expect((await send(national)).phone).toBe(phone);
    const invalid = await refusal(send('12345'));
    expect(invalid).toMatchObject({
      statusCode: 400,
      code: MESSAGE.phoneInvalid,
      message: 'Please enter a valid phone number',
    });
  });

  it('country-code ID -> a national 0812… number is read as +62812…', async () => {
    const indonesian = server.client({ country: 'ID' });
    const sent = await send('0812-3456-7890', 'whatsapp', indonesian);
    expect(sent.phone).toBe('+6281234567890');
    const { messages } = await indonesian.call(auth.devInbox, { query: { recipient: '+6281234567890' } });
    expect(messages[0]).toMatchObject({ channel: 'whatsapp', recipient: '+6281234567890' });
  });

  it('accept-language id -> the dev message is in Indonesian; my -> in Malay', async () => {
    const phoneId = freshPhone(PHONE_BLOCK);
    await send(phoneId, 'sms', server.client({ language: 'id' }));
    const phoneMy = freshPhone(PHONE_BLOCK);
    await send(phoneMy, 'sms', server.client({ language: 'my' }));
    const inbox = await client.call(auth.devInbox, { query: {} });
    expect(inbox.messages.find((m) => m.recipient === phoneId)?.body).toMatch(
      /^Kode verifikasi Santap Anda adalah \d{6}/,
    );
    expect(inbox.messages.find((m) => m.recipient === phoneMy)?.body).toMatch(
      /^Kod pengesahan Santap anda ialah \d{6}/,
    );
  });

  it('the code is stored only as a hash (64 hex characters, not the code)', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    await send(phone);
    const code = await codeSentTo(phone);
    const rows = await server.db.database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  it("wrong code -> 'You have entered an incorrect OTP!', then the right code -> logged in", async () => {
    const phone = freshPhone(PHONE_BLOCK);
    await send(phone);
    const code = await codeSentTo(phone);
    const refused = await refusal(verify(phone, wrong(code)));
    expect(refused).toMatchObject({
      code: MESSAGE.incorrectOtp,
      message: 'You have entered an incorrect OTP!',
      statusCode: 422,
    });
    expect((await verify(phone, code)).user.phone).toBe(phone);
  });

  it('the right code twice -> the second time it has expired (a code logs in once)', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    await send(phone);
    const code = await codeSentTo(phone);
    await verify(phone, code);
    expect(await refusal(verify(phone, code))).toMatchObject({ code: MESSAGE.otpExpired });
  });

  it('a malformed code (5 digits, letters) -> 400 and it does not count as a try', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    await send(phone);
    const code = await codeSentTo(phone);
    for (const typed of ['12345', 'abcdef', '1234567']) {
      expect(await refusal(verify(phone, typed))).toMatchObject({
        statusCode: 400,
        code: MESSAGE.otpInvalidFormat,
      });
    }
    const [row] = await server.db.database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phone, phone));
    expect(row?.attempts).toBe(0);
    expect((await verify(phone, code)).user.phone).toBe(phone);
  });

  it('5 wrong tries -> incorrect each time; the 6th try, even with the right code -> locked (429)', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    await send(phone);
    const code = await codeSentTo(phone);
    for (let i = 0; i < OTP_MAX_WRONG_TRIES; i++) {
      expect(await refusal(verify(phone, wrong(code)))).toMatchObject({ code: MESSAGE.incorrectOtp });
    }
    const locked = await refusal(verify(phone, code));
    expect(locked).toMatchObject({
      code: MESSAGE.otpLocked,
      statusCode: 429,
      message: 'Too many wrong attempts. Please try again later',
    });
    // A new code (after the cooldown) starts a new challenge with fresh tries.
    server.clock.advance(OTP_RESEND_COOLDOWN_SECONDS);
    await client.call(auth.resendOtp, { body: { phone } });
    expect((await verify(phone, await codeSentTo(phone))).user.phone).toBe(phone);
  });

  it('the right code after the clock moves 6 minutes -> expired; at 4 minutes 59 -> still valid', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    await send(phone);
    const code = await codeSentTo(phone);
    server.clock.advance(6 * 60);
    expect(await refusal(verify(phone, code))).toMatchObject({
      code: MESSAGE.otpExpired,
      message: 'This OTP has expired. Please request a new one',
    });

    const other = freshPhone(PHONE_BLOCK);
    await send(other);
    server.clock.advance(5 * 60 - 1);
    expect((await verify(other, await codeSentTo(other))).user.phone).toBe(other);
  });

  it('resend 10 s after a send -> 429 with the seconds left; after 30 s -> a new code, the old one stops working', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    await send(phone);
    const firstCode = await codeSentTo(phone);
    server.clock.advance(10);
    const early = await refusal(client.call(auth.resendOtp, { body: { phone } }));
    expect(early).toMatchObject({
      statusCode: 429,
      code: MESSAGE.otpResendCooldown,
      message: 'You can request a new OTP in 20 seconds',
    });
    server.clock.advance(20);
    await client.call(auth.resendOtp, { body: { phone } });
    const secondCode = await codeSentTo(phone);
    if (secondCode !== firstCode) {
      expect(await refusal(verify(phone, firstCode))).toMatchObject({ code: MESSAGE.incorrectOtp });
    }
    expect((await verify(phone, secondCode)).user.phone).toBe(phone);
  });

  it(`per phone: ${OTP_SENDS_PER_PHONE_PER_HOUR} sends in an hour -> the next is 429 too many requests; an hour later -> allowed`, async () => {
    const phone = freshPhone(PHONE_BLOCK);
    for (let i = 0; i < OTP_SENDS_PER_PHONE_PER_HOUR; i++) {
      await send(phone);
      server.clock.advance(OTP_RESEND_COOLDOWN_SECONDS);
    }
    const limited = await refusal(send(phone));
    expect(limited).toMatchObject({ statusCode: 429, code: MESSAGE.tooManyRequests });
    // Another phone from the same IP is still served.
    await send(freshPhone(PHONE_BLOCK));
    server.clock.advance(60 * 60);
    await expect(send(phone)).resolves.toMatchObject({ phone });
  });

  it(`per IP: ${OTP_SENDS_PER_IP_PER_HOUR} sends to different phones in an hour -> the next is 429`, async () => {
    for (let i = 0; i < OTP_SENDS_PER_IP_PER_HOUR; i++) await send(freshPhone(PHONE_BLOCK));
    expect(await refusal(send(freshPhone(PHONE_BLOCK)))).toMatchObject({
      statusCode: 429,
      code: MESSAGE.tooManyRequests,
    });
  });

  it('concurrent sends to one phone -> exactly one goes out, the others wait for the cooldown', async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => send(phone)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const { messages } = await client.call(auth.devInbox, { query: { recipient: phone } });
    expect(messages).toHaveLength(1);
  });

  it('refusals in Malay -> the message comes back in the caller language', async () => {
    const malay = server.client({ language: 'my' });
    const phone = freshPhone(PHONE_BLOCK);
    await send(phone, 'sms', malay);
    const code = await codeSentTo(phone);
    const refused = await refusal(verify(phone, wrong(code), malay));
    expect(refused.code).toBe(MESSAGE.incorrectOtp);
    expect(refused.message).not.toBe('You have entered an incorrect OTP!');
    expect(refused.message).toContain('OTP');
  });
});

describe.each(ENGINES)('dev inbox off on %s', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const config = testConfig(new TestClock(new Date(LUNCHTIME)), { devInbox: false });
    app = await createServer(config, { database: database.database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('GET /api/dev/inbox with the dev inbox off -> 404; send_otp without a provider -> 503 "login is off" in the diner\'s language, nothing kept or counted', async () => {
    const inbox = await app.inject({ method: 'GET', url: auth.devInbox.path });
    expect(inbox.statusCode).toBe(404);
    expect(inbox.json()).toMatchObject({ status: 0, code: MESSAGE.notFound });
    const phone = freshPhone(PHONE_BLOCK);
    const sent = await app.inject({
      method: 'POST',
      url: auth.sendOtp.path,
      payload: { phone },
      headers: { 'accept-language': 'id' },
    });
    expect(sent.statusCode).toBe(503);
    expect(sent.json()).toMatchObject({
      code: MESSAGE.otpLoginOff,
      message: expect.stringMatching(/^Masuk dengan nomor HP sedang tidak tersedia/),
    });
    expect(await database.database.db.select().from(devInbox)).toEqual([]);
    expect(
      await database.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, phone)),
    ).toEqual([]);
  });
});
