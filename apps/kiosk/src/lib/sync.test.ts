import { describe, expect, it } from 'vitest';
import { createI18n } from '@santap/ui';
import type { UiTranslate } from '@santap/ui';
import { apiIn, setApiDevice } from './api';
import { newOrderKey, outbox, ticketOf } from './outbox';
import type { OutboxEntry } from './outbox';
import { createOutboxSender } from './sync';
import { networkDown, ok, placed, refused, stubServer } from './testing';

const i18n = createI18n('en');
const t: UiTranslate = (key, values) => i18n.t(key, { replace: values ?? {} });

function entry(takenAt: number, deviceId = 'kopitiam-ali-k1'): OutboxEntry {
  const key = newOrderKey();
  return {
    key,
    ticket: ticketOf(key),
    deviceId,
    body: {
      order_type: 1,
      payment: 'cash_kiosk',
      items: [{ item_id: 1001001, quantity: 1 }],
      taken_epoch: takenAt,
    },
    takenAt,
    currency: 'MYR',
    total: 650,
    totalIsQuote: false,
    state: 'queued',
    attempts: 0,
  };
}

function sender() {
  setApiDevice({ id: 'kopitiam-ali-k1', secret: 's3cret' });
  return createOutboxSender({ client: () => apiIn('en'), deviceId: () => 'kopitiam-ali-k1', t: () => t });
}

describe('outbox sender', () => {
  it('two orders taken offline -> kept; back online -> each posted once, in order, with its own key', async () => {
    const [first, second] = [entry(1), entry(2)];
    await outbox.add(second);
    await outbox.add(first);
    const down = stubServer({ 'POST /api/kiosk/orders': networkDown });
    const send = sender();
    await send.send();
    expect(down.calls).toHaveLength(1); // the round stops at the first network failure
    expect(outbox.snapshot().map((e) => [e.key, e.state, e.attempts])).toEqual([
      [first.key, 'queued', 1],
      [second.key, 'queued', 0],
    ]);

    let queueNo = 10;
    const up = stubServer({ 'POST /api/kiosk/orders': () => ok(placed(500 + queueNo, ++queueNo, 700)) });
    await send.send();
    await send.send(); // nothing left to send
    expect(up.calls.map((call) => call.headers.get('idempotency-key'))).toEqual([first.key, second.key]);
    expect(up.calls[0]!.headers.get('kiosk-device')).toBe('kopitiam-ali-k1');
    expect(up.calls[0]!.headers.get('kiosk-secret')).toBe('s3cret');
    expect(up.calls[0]!.body).toEqual(first.body);
    expect(outbox.snapshot().map((e) => [e.state, e.result?.tickets[0]?.queueNo])).toEqual([
      ['sent', 11],
      ['sent', 12],
    ]);
  });

  it('two sends at once -> one round: the order is posted once', async () => {
    await outbox.add(entry(1));
    const server = stubServer({ 'POST /api/kiosk/orders': () => ok(placed(1, 1, 650)) });
    const send = sender();
    await Promise.all([send.send(), send.send(), send.send()]);
    expect(server.calls).toHaveLength(1);
  });

  it('server refuses an order (sold out) -> failed with its words; the next one is still sent', async () => {
    const [soldOut, fine] = [entry(1), entry(2)];
    await outbox.add(soldOut);
    await outbox.add(fine);
    stubServer({
      'POST /api/kiosk/orders': (request) =>
        request.headers.get('idempotency-key') === soldOut.key
          ? refused(422, 'Out of stock', 'errors.outOfStock')
          : ok(placed(2, 2, 650)),
    });
    await sender().send();
    expect(outbox.snapshot().map((e) => [e.state, e.reason])).toEqual([
      ['failed', 'Out of stock'],
      ['sent', undefined],
    ]);
  });

  it('server failing (500) or the kiosk refused (403) -> stays queued for the next round', async () => {
    await outbox.add(entry(1));
    stubServer({
      'POST /api/kiosk/orders': () => refused(500, 'Internal server error', 'errors.internalServerError'),
    });
    await sender().send();
    stubServer({
      'POST /api/kiosk/orders': () => refused(403, 'This kiosk is switched off', 'errors.kioskInactive'),
    });
    await sender().send();
    expect(outbox.snapshot().map((e) => [e.state, e.attempts])).toEqual([['queued', 2]]);
  });

  it("another device's order (the kiosk was set up again) -> left queued, not sent with this device's secret", async () => {
    await outbox.add(entry(1, 'old-device'));
    const server = stubServer({ 'POST /api/kiosk/orders': () => ok(placed(1, 1, 650)) });
    await sender().send();
    expect(server.calls).toHaveLength(0);
    expect(outbox.snapshot()[0]?.state).toBe('queued');
  });

  it('an order key -> a UUID v4 and its ticket its first four hex digits', () => {
    const key = newOrderKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ticketOf('7f3a09c2-0000-4000-8000-000000000000')).toBe('7F3A');
  });
});
