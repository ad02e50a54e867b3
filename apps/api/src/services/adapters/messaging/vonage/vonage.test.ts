import { describe, expect, it } from 'vitest';
import { replay } from '../../payments/replay';
import fixture from './fixtures/vonage-sms.json';
import { otpText } from '../../../flows/accounts/otp-sender';
import { createVonageSms } from './vonage';

const CONFIG = { apiKey: 'santapkey', apiSecret: 'santap-test-secret', from: 'Santap' };

describe('vonage send', () => {
  it('an English OTP -> the recorded form POST (keys, digits-only to, the text) -> the message-id', async () => {
    const { fetch, calls } = replay(fixture.response);
    const outcome = await createVonageSms(CONFIG, fetch).send('+60123456789', otpText('en', '482913'));
    expect(outcome).toEqual({ ok: true, messageId: '0A0000000123ABCD1' });
    expect(calls[0]!.url).toBe(fixture.request.url);
    expect(calls[0]!.headers).toEqual(fixture.request.headers);
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual(fixture.request.form);
  });

  it('status 1 (throttled) -> unavailable; status 7 (barred number) -> recipient', async () => {
    expect(
      await createVonageSms(CONFIG, replay(fixture.throttled).fetch).send('+60123456789', 'x'),
    ).toMatchObject({
      ok: false,
      reason: 'unavailable',
      code: '1',
    });
    expect(
      await createVonageSms(CONFIG, replay(fixture.barred).fetch).send('+60123456789', 'x'),
    ).toMatchObject({
      ok: false,
      reason: 'recipient',
      code: '7',
    });
  });
});
