/**
 * WhatsApp order updates on a real server, the Cloud API played by a fake answering the recorded
 * replies of services/adapters/messaging/<sender>/fixtures (no network): only a diner who agreed gets them, in their
 * language, after the commit; a provider that is down never blocks the order and is retried with
 * backoff, never twice; replying STOP (signed webhook) and the account toggle both stop them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { account, staff as staffApi } from '@santap/contract';
import { ORDER_STATUS } from '@santap/domain';
import { messageDeliveries, orders, reservations } from '../db/schema';
import { DEMO, DEMO_STAFF_PASSWORD } from '../seed/ids';
import orderUpdateFixture from '../services/adapters/messaging/whatsapp/fixtures/whatsapp-send-order-update.json';
import errors from '../services/adapters/messaging/whatsapp/fixtures/whatsapp-send-errors.json';
import statusFixture from '../services/adapters/messaging/whatsapp/fixtures/whatsapp-webhook-statuses.json';
import stopFixture from '../services/adapters/messaging/whatsapp/fixtures/whatsapp-webhook-stop.json';
import {
  queueBookingReminders,
  sendQueuedUpdates,
  updateBackoffSeconds,
} from '../services/flows/messaging/order-updates';
import type { HttpFetch } from '../services/adapters/messaging/provider';
import { hubSignature } from '../services/adapters/messaging/whatsapp/whatsapp-cloud';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { placeDineInOrder } from '../../test/journeys';
import { login } from '../../test/promotions-kit';
import { eventually } from '../../test/eventually';
import { TEST_WHATSAPP } from '../../test/messaging-kit';

const APP_SECRET = TEST_WHATSAPP.appSecret;

/** The Graph API's messages endpoint: replies queued by the test, else the recorded success (new wamid each). */
function fakeCloudApi() {
  const sent: { url: string; body: ReturnType<typeof JSON.parse> }[] = [];
  const replies: { status: number; body: unknown }[] = [];
  const fetch: HttpFetch = async (url, init) => {
    sent.push({ url, body: JSON.parse(init.body ?? '{}') });
    const reply = replies.shift() ?? {
      status: 200,
      body: {
        ...orderUpdateFixture.response.body,
        messages: [{ id: `wamid.test-${sent.length}`, message_status: 'accepted' }],
      },
    };
    return {
      status: reply.status,
      text: async () => (typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)),
    };
  };
  return { fetch, sent, replies };
}

describe.each(ENGINES)('WhatsApp order updates on %s', { timeout: 60_000 }, (engine) => {
  let server: TestServer;
  let cloud: ReturnType<typeof fakeCloudApi>;

  beforeAll(async () => {
    cloud = fakeCloudApi();
    server = await startTestServer(engine, {
      config: { messaging: { otpSenders: ['dev'], whatsapp: TEST_WHATSAPP } },
      server: { messagingFetch: cloud.fetch },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    cloud.replies.length = 0;
  });

  const db = () => server.db.database.db;
  const ctx = () => server.app.santap;
  const deliveriesOf = (userId: number) =>
    db()
      .select()
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.userId, userId), eq(messageDeliveries.purpose, 'order_update')))
      .orderBy(messageDeliveries.id);
  const sentTo = (phone: string) => cloud.sent.filter((call) => call.body.to === phone.replace(/^\+/, ''));

  // One manager session for the whole file: a staff login is a password check (scrypt), seconds on CI.
  let managerClient: ReturnType<TestServer['client']> | undefined;
  async function manager() {
    if (managerClient) return managerClient;
    const session = await server.client().call(staffApi.staffLogin, {
      body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    });
    return (managerClient = server.client({ authToken: session.token }));
  }
  const move = async (orderId: number, status: number) =>
    (await manager()).call(staffApi.staffOrderStatus, { params: { orderId }, body: { status } });

  /** A new diner (logged in by OTP) in `language`, agreed to updates or not, with a dine-in order placed. */
  async function dinerWithOrder(options: { agreed: boolean; language?: string }) {
    const diner = await login(server, server.client({ language: options.language ?? 'en' }));
    if (options.agreed) {
      const { user } = await diner.client.call(account.updateUserDetails, {
        body: { whatsapp_updates: true },
      });
      expect(user.whatsapp_updates).toBe(true);
    }
    const placed = await placeDineInOrder(diner.client);
    return { ...diner, orderId: placed.order_id };
  }

  const signedWebhook = (body: unknown) => {
    const raw = JSON.stringify(body);
    return fetch(`${server.baseUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(APP_SECRET, raw) },
      body: raw,
    });
  };

  it('a Malay diner who agreed: confirmed -> the recorded template in ms with restaurant, order and link; sent, then delivered by webhook', async () => {
    const diner = await dinerWithOrder({ agreed: true, language: 'my' });
    expect(await deliveriesOf(diner.userId)).toEqual([]);
    await move(diner.orderId, ORDER_STATUS.CONFIRMED);

    const [call] = await eventually(() => {
      const calls = sentTo(diner.phone);
      expect(calls).toHaveLength(1);
      return calls;
    });
    expect(call!.url).toBe(orderUpdateFixture.request.url);
    const expected = orderUpdateFixture.request.body;
    expect(call!.body).toEqual({
      ...expected,
      to: diner.phone.slice(1),
      template: {
        ...expected.template,
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Kopitiam Ali' },
              { type: 'text', text: `#${diner.orderId}` },
              { type: 'text', text: `http://localhost:3000/orderstatus/order_id/${diner.orderId}` },
            ],
          },
        ],
      },
    });
    const [row] = await eventually(async () => {
      const rows = await deliveriesOf(diner.userId);
      expect(rows[0]?.status).toBe('sent');
      return rows;
    });
    expect(row).toMatchObject({
      topic: `order:${diner.orderId}:order_confirmed`,
      attempts: 1,
      channel: 'whatsapp',
    });

    const delivered = structuredClone(statusFixture.delivered);
    delivered.entry[0]!.changes[0]!.value.statuses[0]!.id = row!.providerMessageId!;
    expect((await signedWebhook(delivered)).status).toBe(200);
    expect((await deliveriesOf(diner.userId))[0]!.status).toBe('delivered');

    // Preparing sends nothing; ready sends the second update.
    await move(diner.orderId, ORDER_STATUS.PREPARING);
    await move(diner.orderId, ORDER_STATUS.READY);
    await eventually(() =>
      expect(sentTo(diner.phone).map((c) => c.body.template.name)).toEqual([
        'santap_order_confirmed',
        'santap_order_ready',
      ]),
    );
  }, 60_000);

  it('a diner who never agreed (off by default) -> confirmed and ready send nothing, nothing queued', async () => {
    const diner = await dinerWithOrder({ agreed: false });
    const { user } = await diner.client.call(account.userInfo, {});
    expect(user.whatsapp_updates).toBe(false);
    await move(diner.orderId, ORDER_STATUS.CONFIRMED);
    await move(diner.orderId, ORDER_STATUS.PREPARING);
    await move(diner.orderId, ORDER_STATUS.READY);
    expect(await deliveriesOf(diner.userId)).toEqual([]);
    expect(sentTo(diner.phone)).toEqual([]);
  });

  it('declined after paying -> the refund words (amount, 3-5 days) in the template', async () => {
    const diner = await dinerWithOrder({ agreed: true });
    const [order] = await db().select().from(orders).where(eq(orders.id, diner.orderId));
    await db().update(orders).set({ paidAmount: order!.total }).where(eq(orders.id, diner.orderId));
    await move(diner.orderId, ORDER_STATUS.DECLINED);
    const [call] = await eventually(() => {
      const calls = sentTo(diner.phone);
      expect(calls).toHaveLength(1);
      return calls;
    });
    expect(call!.body.template.name).toBe('santap_order_declined');
    expect(call!.body.template.components[0].parameters.map((p: { text: string }) => p.text)).toEqual([
      'Kopitiam Ali',
      `#${diner.orderId}`,
      `Your payment of RM ${(order!.total / 100).toFixed(2)} will be refunded within 3-5 days.`,
      `http://localhost:3000/orderstatus/order_id/${diner.orderId}`,
    ]);
  });

  it('WhatsApp down (503) -> the order is confirmed anyway; retried after the backoff, once, even with two senders at once', async () => {
    const diner = await dinerWithOrder({ agreed: true });
    cloud.replies.push(errors.outage);
    const confirmed = await move(diner.orderId, ORDER_STATUS.CONFIRMED);
    expect(confirmed.status).toBe(ORDER_STATUS.CONFIRMED);
    const [queued] = await eventually(async () => {
      const rows = await deliveriesOf(diner.userId);
      expect(rows[0]).toMatchObject({ status: 'queued', attempts: 1, errorCode: 'http_503' });
      return rows;
    });
    expect(queued!.nextAttemptAt!.getTime() - server.clock.now().getTime()).toBe(
      updateBackoffSeconds(1) * 1000,
    );

    // Not due yet: nothing is sent.
    await sendQueuedUpdates(ctx());
    expect(sentTo(diner.phone)).toHaveLength(1);

    server.clock.advance(updateBackoffSeconds(1));
    const reports = await Promise.all([sendQueuedUpdates(ctx()), sendQueuedUpdates(ctx())]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(1);
    expect(sentTo(diner.phone)).toHaveLength(2);
    expect(await deliveriesOf(diner.userId)).toMatchObject([
      { status: 'sent', attempts: 2, errorCode: null },
    ]);
    // Run again later: nothing more.
    server.clock.advance(3600);
    await sendQueuedUpdates(ctx());
    expect(sentTo(diner.phone)).toHaveLength(2);
  });

  it('the template refused (132001) -> failed at once, not retried', async () => {
    const diner = await dinerWithOrder({ agreed: true });
    cloud.replies.push(errors.templateMissing);
    await move(diner.orderId, ORDER_STATUS.CONFIRMED);
    await eventually(async () =>
      expect(await deliveriesOf(diner.userId)).toMatchObject([{ status: 'failed', errorCode: '132001' }]),
    );
    server.clock.advance(3600);
    await sendQueuedUpdates(ctx());
    expect(sentTo(diner.phone)).toHaveLength(1);
  });

  it('a queued update whose payload is not a template (written by hand or older code) -> failed as malformed_payload, never sent', async () => {
    const diner = await dinerWithOrder({ agreed: true });
    cloud.replies.push(errors.outage);
    await move(diner.orderId, ORDER_STATUS.CONFIRMED);
    const [queued] = await eventually(async () => {
      const rows = await deliveriesOf(diner.userId);
      expect(rows[0]).toMatchObject({ status: 'queued', errorCode: 'http_503' });
      return rows;
    });
    await db().execute(
      sql`update message_deliveries set payload = '{"template": 7, "body": "hi"}'::jsonb where id = ${queued!.id}`,
    );
    server.clock.advance(updateBackoffSeconds(1));
    await sendQueuedUpdates(ctx());
    expect(sentTo(diner.phone)).toHaveLength(1);
    expect(await deliveriesOf(diner.userId)).toMatchObject([
      { status: 'failed', errorCode: 'malformed_payload', nextAttemptAt: null },
    ]);
  });

  it('replying STOP on WhatsApp (signed webhook) -> opted out: what was queued is dropped, the next status sends nothing; a forged STOP changes nothing', async () => {
    const diner = await dinerWithOrder({ agreed: true });
    const stop = structuredClone(stopFixture.text);
    stop.entry[0]!.changes[0]!.value.messages[0]!.from = diner.phone.slice(1);

    // Forged (wrong signature): refused, still agreed.
    const forged = await fetch(`${server.baseUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': hubSignature('other', JSON.stringify(stop)),
      },
      body: JSON.stringify(stop),
    });
    expect(forged.status).toBe(403);
    expect((await diner.client.call(account.userInfo, {})).user.whatsapp_updates).toBe(true);

    cloud.replies.push(errors.outage);
    await move(diner.orderId, ORDER_STATUS.CONFIRMED);
    // Refused once (the worker's attempt), waiting for its retry.
    await eventually(async () =>
      expect((await deliveriesOf(diner.userId))[0]).toMatchObject({ status: 'queued', attempts: 1 }),
    );

    expect((await signedWebhook(stop)).status).toBe(200);
    expect((await diner.client.call(account.userInfo, {})).user.whatsapp_updates).toBe(false);
    expect(await deliveriesOf(diner.userId)).toMatchObject([{ status: 'failed', errorCode: 'opted_out' }]);

    server.clock.advance(3600);
    await move(diner.orderId, ORDER_STATUS.PREPARING);
    await move(diner.orderId, ORDER_STATUS.READY);
    await sendQueuedUpdates(ctx());
    expect(await deliveriesOf(diner.userId)).toHaveLength(1);
    expect(sentTo(diner.phone)).toHaveLength(1);
  });

  it('the account toggle off -> no more updates; on again -> they come back', async () => {
    const diner = await dinerWithOrder({ agreed: true });
    const off = await diner.client.call(account.updateUserDetails, { body: { whatsapp_updates: false } });
    expect(off.user.whatsapp_updates).toBe(false);
    await move(diner.orderId, ORDER_STATUS.CONFIRMED);
    expect(await deliveriesOf(diner.userId)).toEqual([]);
    await diner.client.call(account.updateUserDetails, { body: { whatsapp_updates: true } });
    await move(diner.orderId, ORDER_STATUS.PREPARING);
    await move(diner.orderId, ORDER_STATUS.READY);
    await eventually(() =>
      expect(sentTo(diner.phone).map((c) => c.body.template.name)).toEqual(['santap_order_ready']),
    );
  });

  it('a confirmed booking two days ahead -> reminded once a day before (never twice), not before', async () => {
    const diner = await login(server, server.client());
    await diner.client.call(account.updateUserDetails, { body: { whatsapp_updates: true } });
    const now = server.clock.now();
    const startsAt = new Date(now.getTime() + 48 * 3_600_000);
    const [booking] = await db()
      .insert(reservations)
      .values({
        restaurantId: DEMO.kopitiamAli,
        userId: diner.userId,
        date: startsAt.toISOString().slice(0, 10),
        slot: '12:00',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 90 * 60_000),
        guests: 4,
        contactName: 'Aisyah',
        email: 'aisyah@example.com',
        contactNumber: diner.phone,
        state: 'confirmed',
        currency: 'MYR',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    expect(await queueBookingReminders(ctx())).toBe(0);
    server.clock.advance(25 * 3600); // 23 h before
    expect(await queueBookingReminders(ctx())).toBe(1);
    // Reminded: not picked again (it never fills the next run's batch).
    expect(await queueBookingReminders(ctx())).toBe(0);
    // The worker (woken by the queued row) or this call sends it, whichever claims it first.
    await sendQueuedUpdates(ctx());
    const rows = await eventually(async () => {
      const found = await deliveriesOf(diner.userId);
      expect(found[0]?.status).toBe('sent');
      return found;
    });
    expect(rows).toMatchObject([
      {
        topic: `booking:${booking!.id}:booking_reminder:${Math.floor(startsAt.getTime() / 1000)}`,
        status: 'sent',
      },
    ]);
    expect(
      sentTo(diner.phone).map((c) =>
        c.body.template.components[0].parameters.map((p: { text: string }) => p.text),
      ),
    ).toEqual([
      ['Kopitiam Ali', `${booking!.date} 12:00`, '4', `http://localhost:3000/table-booking/${booking!.id}`],
    ]);
  });
});
