/**
 * The simulator gateway on its own (no database: it is a stand-in for a remote service). Its journeys
 * through the API, on both engines, are in routes/payments.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../../../../test/harness';
import { createSimulatorProvider } from './simulator';
import { signSimulatorBody, SIMULATOR_SIGNATURE_HEADER } from './protocol';
import type { SimulatorDelivery } from './protocol';

const KEY = 'test-simulator-key';

function gateway(delivery: SimulatorDelivery = 'immediate') {
  const clock = new TestClock(new Date('2026-11-23T04:00:00Z'));
  const sent: { status: string; eventId: string }[] = [];
  const simulator = createSimulatorProvider({
    key: KEY,
    publicUrl: 'https://santap.test/',
    now: clock.now,
    delivery,
    send: async ({ body, headers }) => {
      expect(headers[SIMULATOR_SIGNATURE_HEADER]).toBe(signSimulatorBody(KEY, body));
      const parsed = JSON.parse(body) as { status: string; event_id: string };
      sent.push({ status: parsed.status, eventId: parsed.event_id });
      return { status: 200 };
    },
  });
  return { simulator, clock, sent };
}

const input = {
  reference: 'SNTP-1-abcdef',
  amount: 2550,
  currency: 'MYR' as const,
  method: 'Wallet',
  channel: 'grab_pay_app',
  description: 'Kopitiam Ali #1',
  language: 'en' as const,
  returnUrl: 'https://santap.test/payment/response?order_id=1&amount=2550',
  notifyUrl: 'https://santap.test/api/payments/webhook/simulator',
};

describe('simulator gateway', () => {
  it('create -> hosted page URL (and the same QR); the same reference again -> the same payment', async () => {
    const { simulator } = gateway();
    const created = await simulator.create(input);
    expect(created.redirectUrl).toMatch(
      /^https:\/\/santap\.test\/simulator\/pay\/SNTP-1-abcdef\?sig=[0-9a-f]{32}$/,
    );
    expect(created.qrString).toBe(created.redirectUrl);
    expect((await simulator.create(input)).providerRef).toBe(created.providerRef);
  });

  it('success -> return URL with status=1 and the channel; one signed success notification', async () => {
    const { simulator, sent } = gateway();
    await simulator.create(input);
    const location = new URL(
      await simulator.complete(input.reference, { outcome: 'success', channel: 'PNCO' }),
    );
    expect(location.searchParams.get('status')).toBe('1');
    expect(location.searchParams.get('paymentType')).toBe('PNCO');
    expect(location.searchParams.get('order_id')).toBe('1');
    expect(sent.map((s) => s.status)).toEqual(['success']);
    // Coming back to the page does not pay twice.
    await simulator.complete(input.reference, { outcome: 'failure' });
    expect(sent).toHaveLength(1);
  });

  it('verifyNotification: genuine -> the event; wrong key, tampered body or bad JSON -> null', async () => {
    const { simulator } = gateway();
    await simulator.create(input);
    const genuine = simulator.signedNotification(input.reference, 'success');
    const verified = simulator.verifyNotification({
      headers: genuine.headers,
      rawBody: genuine.body,
      path: genuine.path,
    });
    expect(verified).toMatchObject({ reference: input.reference, status: 'success', amount: 2550 });
    const other = createSimulatorProvider({ key: 'another-key', publicUrl: 'https://x.test' });
    expect(
      other.verifyNotification({ headers: genuine.headers, rawBody: genuine.body, path: genuine.path }),
    ).toBeNull();
    expect(
      simulator.verifyNotification({
        headers: genuine.headers,
        rawBody: genuine.body.replace('2550', '1'),
        path: genuine.path,
      }),
    ).toBeNull();
    const junk = 'not json';
    expect(
      simulator.verifyNotification({
        headers: { [SIMULATOR_SIGNATURE_HEADER]: signSimulatorBody(KEY, junk) },
        rawBody: junk,
        path: genuine.path,
      }),
    ).toBeNull();
  });

  it('pending then success, delivered out of order -> success first, then the stale pending', async () => {
    const { simulator, sent } = gateway('outOfOrder');
    await simulator.create(input);
    const location = new URL(await simulator.complete(input.reference, { outcome: 'pending_success' }));
    expect(location.searchParams.get('status')).toBe('0');
    expect(sent).toEqual([]);
    await simulator.releasePending(input.reference);
    expect(sent.map((s) => s.status)).toEqual(['success', 'pending']);
  });

  it('duplicate delivery -> every notification twice with the same event id', async () => {
    const { simulator, sent } = gateway('duplicate');
    await simulator.create(input);
    await simulator.complete(input.reference, { outcome: 'failure' });
    expect(sent.map((s) => s.status)).toEqual(['failed', 'failed']);
    expect(sent[0]?.eventId).toBe(sent[1]?.eventId);
  });

  it('queryStatus follows the clock: pending -> success after the settle time; unpaid -> expired after 15 min', async () => {
    const { simulator, clock } = gateway();
    await simulator.create(input);
    await simulator.complete(input.reference, { outcome: 'pending_success' });
    expect((await simulator.queryStatus(input.reference)).status).toBe('pending');
    clock.advance(6);
    expect((await simulator.queryStatus(input.reference)).status).toBe('success');

    await simulator.create({ ...input, reference: 'SNTP-2-abcdef' });
    clock.advance(15 * 60);
    expect((await simulator.queryStatus('SNTP-2-abcdef')).status).toBe('expired');
    expect((await simulator.queryStatus('SNTP-9-000000')).status).toBe('expired');
  });

  it('refund -> refunded, idempotent on the refund key; never more than was paid', async () => {
    const { simulator } = gateway();
    const created = await simulator.create(input);
    const refund = (amount: number, refundKey: string) =>
      simulator.refund({
        reference: input.reference,
        providerRef: created.providerRef,
        amount,
        currency: 'MYR',
        refundKey,
        reason: 'test',
      });
    expect((await refund(500, 'r1')).status).toBe('failed'); // nothing captured yet
    await simulator.complete(input.reference, { outcome: 'success' });
    expect((await refund(500, 'r1')).status).toBe('refunded');
    expect((await refund(500, 'r1')).status).toBe('refunded');
    expect(simulator.record(input.reference)?.status).toBe('partially_refunded');
    expect((await refund(2100, 'r2')).status).toBe('failed');
    expect((await refund(2050, 'r2')).status).toBe('refunded');
    expect(simulator.record(input.reference)?.status).toBe('refunded');
  });
});
