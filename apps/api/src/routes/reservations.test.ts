import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  orders as orderApi,
  payments as paymentApi,
  reservations as api,
  staff as staffApi,
} from '@santap/contract';
import type { EndpointInput } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { orders, reservations } from '../db/schema';
import type { SimulatorProvider } from '../services/adapters/payments/gateways/simulator/simulator';
import { ENGINES, LUNCHTIME, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import type { Client } from '../../test/journeys';
import { addFood, dineIn } from '../../test/promotions-kit';
import {
  book,
  bookingBody,
  diner,
  eventually,
  payOnPage,
  staffMember,
  watch,
} from '../../test/reservations-kit';
import { refusal } from '../../test/refusal';

/** Kopitiam Ali (1001): RM 20 token, 120 min cut-off, 30 min slots, 90 min bookings, up to 6 guests. */
const KOPITIAM = 1001;
/** Menu Besar (1004): no token, 60 min cut-off, 120 min bookings. */
const MENU_BESAR = 1004;

describe.each(ENGINES)('table bookings on %s', (engine) => {
  let server: TestServer;
  let simulator: SimulatorProvider;

  beforeAll(async () => {
    server = await startTestServer(engine);
    simulator = server.app.santap.payments.simulator;
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    // Monday 2026-11-23 12:00 in Kuala Lumpur.
    server.clock.set(LUNCHTIME);
    simulator.configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
  });

  const fetchBooking = (client: Client, id: number) =>
    client.call(api.fetchReservation, { query: { reservation_id: id } });
  const payToken = (client: Client, id: number) =>
    client.call(api.reservationPaymentId, {
      body: { reservation_id: id, method: 'Wallet', channel: 'grab_pay_app' },
    });
  /** A booking at kopitiam-ali with its RM 20 token paid through the simulator. */
  async function paidBooking(overrides: Parameters<typeof book>[1] = {}, language?: string) {
    const who = await diner(server, language ? { language } : {});
    const booking = await book(who.client, overrides);
    const started = await payToken(who.client, booking.reservation_id);
    await payOnPage(server, started.redirect_url!, 'success');
    return { ...who, booking: await fetchBooking(who.client, booking.reservation_id) };
  }
  const availability = (body: Partial<EndpointInput<typeof api.checkAvailability>['body']>) =>
    server.client().call(api.checkAvailability, {
      body: { restaurant_id: KOPITIAM, date: '2026-11-24', guests: 2, ...body },
    });

  describe('check-availability', () => {
    it('kopitiam-ali, 2 guests tomorrow -> every half hour 07:00-23:30, 10 non-smoking tables each', async () => {
      const reply = await availability({});
      expect(reply).toMatchObject({
        enabled: true,
        time_zone: 'Asia/Kuala_Lumpur',
        token_amount: 2000,
        currency: 'MYR',
        cut_off_minutes: 120,
        slot_minutes: 30,
        duration_minutes: 90,
        max_guests: 6,
        requested: null,
      });
      expect(reply.slots).toHaveLength(34);
      expect(reply.slots[0]).toMatchObject({ slot: '07:00', available: true, tables_left: 10 });
      // Open until 01:00: the last 90-minute booking starts 23:30.
      expect(reply.slots.at(-1)?.slot).toBe('23:30');
      // 2026-11-24 19:00 in Kuala Lumpur (UTC+8) is 11:00 UTC.
      expect(reply.slots.find((s) => s.slot === '19:00')?.starts_epoch).toBe(
        Date.parse('2026-11-24T11:00:00Z') / 1000,
      );
    });

    it('smoking -> the 2 outside tables; 6 guests -> the two 6-seat tables; 7 guests -> none (max 6)', async () => {
      const smoking = await availability({ smoking: true, slot: '19:00' });
      expect(smoking.slots.every((s) => s.tables_left === 2)).toBe(true);
      expect(smoking.requested?.tables.map((t) => t.table_no)).toEqual(['T11', 'T12']);
      const six = await availability({ guests: 6, slot: '19:00' });
      expect(six.requested).toMatchObject({ available: true, tables_left: 2 });
      expect(six.requested?.tables.map((t) => t.seats)).toEqual([6, 6]);
      const seven = await availability({ guests: 7 });
      expect(seven.slots.every((s) => !s.available)).toBe(true);
    });

    it('today at 12:00 with a 120 min cut-off -> the first slot is 14:30', async () => {
      const reply = await availability({ date: '2026-11-23' });
      expect(reply.slots[0]?.slot).toBe('14:30');
    });

    it('a slot off the grid -> requested unavailable; a restaurant without bookings -> enabled false', async () => {
      const off = await availability({ slot: '03:00' });
      expect(off.requested).toMatchObject({ slot: '03:00', available: false, tables_left: 0, tables: [] });
      const warung = await server.client().call(api.checkAvailability, {
        body: { restaurant_id: 1002, date: '2026-11-24', guests: 2 },
      });
      expect(warung).toMatchObject({ enabled: false, slots: [] });
    });

    it('bad input -> 400 (never 500); an unknown restaurant -> 404', async () => {
      for (const body of [
        { date: '2026-02-30' },
        { date: '24-11-2026' },
        { guests: 0 },
        { slot: '7pm' },
        { smoking: 'maybe' as never },
      ]) {
        const error = await refusal(availability(body));
        expect(error.statusCode, JSON.stringify(body)).toBe(400);
        expect(error.code).toBe(MESSAGE.invalidInput);
      }
      expect((await refusal(availability({ restaurant_id: 999_999 }))).statusCode).toBe(404);
    });
  });

  describe('create, list, fetch', () => {
    it('create with a token -> payment_pending on the smallest table that fits, phone in E.164; listed and fetched', async () => {
      const { client, userId } = await diner(server);
      const created = await book(client, { date: '2026-11-25', slot: '19:00', guests: 3 });
      expect(created).toMatchObject({
        restaurant_id: KOPITIAM,
        nameid: 'kopitiam-ali',
        date: '2026-11-25',
        slot: '19:00',
        guests: 3,
        smoking: false,
        state: 'payment_pending',
        payment_status: 'unpaid',
        token_amount: 2000,
        currency: 'MYR',
        contact_name: 'Siti Aminah',
        email: 'siti@example.com',
        contact_number: '+60123456789',
        special_request: 'Window seat, please',
        occasion: 'Birthday',
        payment: null,
        can_pay: true,
        can_cancel: true,
        can_modify: false,
        order_id: null,
      });
      // 3 guests: the smallest non-smoking table with 3 seats or more is the first 4-seater, T3.
      expect(created.table).toMatchObject({ table_id: 5003, table_no: 'T3', seats: 4, smoking: false });
      expect(created.ends_epoch - created.starts_epoch).toBe(90 * 60);
      expect(created.cut_off_epoch).toBe(created.starts_epoch - 120 * 60);

      const [row] = await server.db.database.db
        .select()
        .from(reservations)
        .where(eq(reservations.id, created.reservation_id));
      expect(row?.userId).toBe(userId);
      const list = await client.call(api.userReservations, { query: {} });
      expect(list.reservations.map((r) => r.reservation_id)).toEqual([created.reservation_id]);
      expect(await fetchBooking(client, created.reservation_id)).toEqual(created);
    });

    it('same Idempotency-Key twice -> one booking; another body with it -> refused', async () => {
      const { client } = await diner(server);
      const body = { date: '2026-11-25', slot: '20:00' };
      const key = { idempotencyKey: `book-${engine}-1` };
      const first = await client.call(api.createReservation, { body: bookingBody(body) }, key);
      const again = await client.call(api.createReservation, { body: bookingBody(body) }, key);
      expect(again.reservation_id).toBe(first.reservation_id);
      const other = await refusal(
        client.call(api.createReservation, { body: bookingBody({ ...body, guests: 4 }) }, key),
      );
      expect(other.code).toBe(MESSAGE.idempotencyConflict);
      expect((await client.call(api.userReservations, { query: {} })).reservations).toHaveLength(1);
    });

    it('no token at menu-besar -> confirmation_pending straight away; payment-id refused', async () => {
      const { client } = await diner(server);
      const created = await book(client, { restaurant_id: MENU_BESAR, date: '2026-11-25', guests: 8 });
      expect(created).toMatchObject({ state: 'confirmation_pending', token_amount: 0, can_pay: false });
      expect(created.table?.seats).toBe(8);
      const refused = await refusal(payToken(client, created.reservation_id));
      expect(refused).toMatchObject({ statusCode: 422, code: MESSAGE.bookingNotPayable });
    });

    it('login needed: no login or a guest -> invalid token (go to login)', async () => {
      const anonymous = await refusal(book(server.client()));
      expect(anonymous).toMatchObject({ statusCode: 401, message: 'invalid token' });
      const { client: guest } = await diner(server, { status: 'GUEST' });
      expect(await refusal(book(guest))).toMatchObject({ statusCode: 401, message: 'invalid token' });
    });

    it('refusals -> catalogue messages in the caller language: slot, guests, cut-off, no bookings, phone', async () => {
      const { client } = await diner(server, { language: 'my' });
      expect(await refusal(book(client, { slot: '03:00' }))).toMatchObject({
        statusCode: 422,
        code: MESSAGE.bookingSlotInvalid,
        message: 'Sila pilih salah satu waktu yang ditawarkan',
      });
      const tooMany = await refusal(book(client, { guests: 7 }));
      expect(tooMany).toMatchObject({ statusCode: 422, code: MESSAGE.bookingTooManyGuests });
      expect(tooMany.message).toContain('6');
      // Today 14:00 is exactly the cut-off away from 12:00: not bookable.
      expect((await refusal(book(client, { date: '2026-11-23', slot: '14:00' }))).code).toBe(
        MESSAGE.bookingSlotInvalid,
      );
      expect((await refusal(book(client, { date: '2027-03-01' }))).code).toBe(MESSAGE.bookingSlotInvalid);
      expect((await refusal(book(client, { restaurant_id: 1002 }))).code).toBe(MESSAGE.bookingDisabled);
      expect(await refusal(book(client, { contact_number: '12' }))).toMatchObject({
        statusCode: 400,
        code: MESSAGE.phoneInvalid,
      });
      expect(await refusal(book(client, { contact_name: 'Al' }))).toMatchObject({ statusCode: 400 });
      expect(await refusal(book(client, { occasion: 'Wedding' as never }))).toMatchObject({
        statusCode: 400,
      });
    });
  });

  describe('token payment', () => {
    it('simulator success -> back to /reservation with status 1; confirmation_pending, paid; live event; paying again refused', async () => {
      const { client, token } = await diner(server);
      const booking = await book(client, { date: '2026-11-26', slot: '12:00' });
      const live = await watch(server, { token }, `reservation:${booking.reservation_id}`);
      expect(live.reply).toMatchObject({ type: 'subscribed' });

      const started = await payToken(client, booking.reservation_id);
      expect(started).toMatchObject({
        reservation_id: booking.reservation_id,
        amount: 2000,
        currency: 'MYR',
        provider: 'simulator',
        state: 'processing',
        resumed: false,
      });
      // A second call while the payment processes returns it: no second checkout.
      const resumed = await payToken(client, booking.reservation_id);
      expect(resumed).toMatchObject({ payment_id: started.payment_id, resumed: true });

      const back = await payOnPage(server, started.redirect_url!, 'success');
      expect(back.pathname).toBe('/reservation');
      expect(Object.fromEntries(back.searchParams)).toMatchObject({
        status: '1',
        reservation_id: String(booking.reservation_id),
        payment_id: String(started.payment_id),
        amount: '2000',
      });
      const paid = await fetchBooking(client, booking.reservation_id);
      expect(paid).toMatchObject({
        state: 'confirmation_pending',
        payment_status: 'paid',
        can_pay: false,
        payment: { payment_id: started.payment_id, state: 'success', result: 1, page_state: 'success' },
      });
      const event = await live.next((e) => e.data.state === 'confirmation_pending');
      expect(event).toMatchObject({
        type: 'booking.status',
        data: { reservation_id: booking.reservation_id, payment_status: 'paid' },
      });
      live.close();

      // The payment calls answer for a booking's payment too, to its diner only.
      expect(
        await client.call(paymentApi.paymentStatusCheck, { query: { payment_id: started.payment_id } }),
      ).toMatchObject({ result: 1, order_id: null, order_payment_status: 'paid' });
      const stranger = await diner(server);
      expect(
        (
          await refusal(
            stranger.client.call(paymentApi.paymentStatusCheck, {
              query: { payment_id: started.payment_id },
            }),
          )
        ).statusCode,
      ).toBe(404);
      expect((await refusal(payToken(client, booking.reservation_id))).code).toBe(MESSAGE.bookingNotPayable);
    });

    it('simulator failure -> payment_failed (status 2); paying again -> payment_pending, then paid', async () => {
      const { client } = await diner(server);
      const booking = await book(client, { date: '2026-11-26', slot: '13:00' });
      const first = await payToken(client, booking.reservation_id);
      const back = await payOnPage(server, first.redirect_url!, 'failure');
      expect(back.searchParams.get('status')).toBe('2');
      const failed = await fetchBooking(client, booking.reservation_id);
      expect(failed).toMatchObject({
        state: 'payment_failed',
        payment_status: 'unpaid',
        can_pay: true,
        payment: { state: 'failed', result: 2 },
      });

      const second = await payToken(client, booking.reservation_id);
      expect(second.payment_id).not.toBe(first.payment_id);
      expect((await fetchBooking(client, booking.reservation_id)).state).toBe('payment_pending');
      await payOnPage(server, second.redirect_url!, 'success');
      expect(await fetchBooking(client, booking.reservation_id)).toMatchObject({
        state: 'confirmation_pending',
        payment_status: 'paid',
      });
    });

    it('a capture after the gateway said failed -> paid after all; if its table went meanwhile -> cancelled and refunded', async () => {
      const postWebhook = async (reference: string, status: 'failed') => {
        const notification = simulator.signedNotification(reference, status);
        const response = await fetch(`${server.baseUrl}/api/payments/webhook/simulator`, {
          method: 'POST',
          headers: notification.headers,
          body: notification.body,
        });
        expect(response.status).toBe(200);
      };
      const date = '2026-12-03';
      const late = await diner(server);
      const booking = await book(late.client, { date, slot: '20:00', smoking: true });
      const started = await payToken(late.client, booking.reservation_id);
      // The payer's payment is pending at the gateway when a failure is reported; then it captures.
      await payOnPage(server, started.redirect_url!, 'pending_success');
      await postWebhook(started.reference, 'failed');
      expect((await fetchBooking(late.client, booking.reservation_id)).state).toBe('payment_failed');
      await simulator.releasePending(started.reference);
      expect(await fetchBooking(late.client, booking.reservation_id)).toMatchObject({
        state: 'confirmation_pending',
        payment_status: 'paid',
        table: { smoking: true },
      });

      // Failed, and both smoking tables booked by others before the late capture arrives.
      const unlucky = await diner(server);
      const second = await book(unlucky.client, { date, slot: '21:00', smoking: true });
      const attempt = await payToken(unlucky.client, second.reservation_id);
      await payOnPage(server, attempt.redirect_url!, 'pending_success');
      await postWebhook(attempt.reference, 'failed');
      const other = await diner(server);
      await book(other.client, { date, slot: '21:00', smoking: true });
      await simulator.releasePending(attempt.reference);
      const refunded = await eventually(
        () => fetchBooking(unlucky.client, second.reservation_id),
        (b) => b.state === 'refund_processed',
      );
      expect(refunded).toMatchObject({ state: 'refund_processed', payment_status: 'refunded' });
      const status = await unlucky.client.call(api.reservationRefundStatus, {
        query: { reservation_id: second.reservation_id },
      });
      expect(status.refunds).toEqual([
        expect.objectContaining({ reason: 'reservation_unavailable', amount: 2000, state: 'refunded' }),
      ]);
    });

    it('every webhook twice, and pending then success out of order -> paid once, never moved back', async () => {
      simulator.configure({ delivery: 'duplicate' });
      const one = await paidBooking({ date: '2026-11-26', slot: '14:00' });
      expect(one.booking).toMatchObject({ state: 'confirmation_pending', payment_status: 'paid' });

      simulator.configure({ delivery: 'outOfOrder' });
      const { client } = await diner(server);
      const booking = await book(client, { date: '2026-11-26', slot: '14:30' });
      const started = await payToken(client, booking.reservation_id);
      await payOnPage(server, started.redirect_url!, 'pending_success');
      expect((await fetchBooking(client, booking.reservation_id)).state).toBe('payment_pending');
      await simulator.releasePending(started.reference);
      const settled = await fetchBooking(client, booking.reservation_id);
      expect(settled).toMatchObject({ state: 'confirmation_pending', payment_status: 'paid' });
      // A late failure after the success changes nothing.
      const late = simulator.signedNotification(started.reference, 'failed');
      const response = await fetch(`${server.baseUrl}/api/payments/webhook/simulator`, {
        method: 'POST',
        headers: late.headers,
        body: late.body,
      });
      expect(response.status).toBe(200);
      expect((await fetchBooking(client, booking.reservation_id)).state).toBe('confirmation_pending');
      const status = await client.call(api.reservationRefundStatus, {
        query: { reservation_id: booking.reservation_id },
      });
      expect(status).toMatchObject({ refund_state: 'none', refunds: [] });
    });
  });

  describe('staff', () => {
    it('manager confirms -> confirmed, and the diner sees it live; kitchen refused; another restaurant 404', async () => {
      const { client, token, booking } = await paidBooking({ date: '2026-11-27', slot: '12:00' });
      const manager = await staffMember(server, 'kopitiam-ali-manager');
      const list = await manager.client.call(api.staffReservations, {
        query: { date: '2026-11-27', state: 'confirmation_pending' },
      });
      expect(list.reservations.map((r) => r.reservation_id)).toContain(booking.reservation_id);

      const kitchen = await staffMember(server, 'kopitiam-ali-kitchen');
      const refused = await refusal(
        kitchen.client.call(api.staffConfirmReservation, {
          params: { reservationId: booking.reservation_id },
        }),
      );
      expect(refused.statusCode).toBe(403);
      const elsewhere = await staffMember(server, 'menu-besar-manager');
      expect(
        (
          await refusal(
            elsewhere.client.call(api.staffConfirmReservation, {
              params: { reservationId: booking.reservation_id },
            }),
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await elsewhere.client.call(api.staffReservations, { query: {} })).reservations.map(
          (r) => r.reservation_id,
        ),
      ).not.toContain(booking.reservation_id);

      const live = await watch(server, { token }, `reservation:${booking.reservation_id}`);
      const confirmed = await manager.client.call(api.staffConfirmReservation, {
        params: { reservationId: booking.reservation_id },
      });
      expect(confirmed.state).toBe('confirmed');
      expect((await live.next((e) => e.data.state === 'confirmed')).data.reservation_id).toBe(
        booking.reservation_id,
      );
      live.close();
      expect(await fetchBooking(client, booking.reservation_id)).toMatchObject({
        state: 'confirmed',
        can_modify: true,
      });
      // Confirming twice is not a move the booking table allows.
      expect(
        (
          await refusal(
            manager.client.call(api.staffConfirmReservation, {
              params: { reservationId: booking.reservation_id },
            }),
          )
        ).code,
      ).toBe(MESSAGE.bookingNotChangeable);
    });

    it('websocket: another diner may not watch a booking; its restaurant staff may', async () => {
      const { booking } = await paidBooking({ date: '2026-11-27', slot: '12:30' });
      const stranger = await diner(server);
      const refused = await watch(server, { token: stranger.token }, `reservation:${booking.reservation_id}`);
      expect(refused.reply).toMatchObject({ type: 'error', code: MESSAGE.forbidden });
      refused.close();
      const manager = await staffMember(server, 'kopitiam-ali-manager');
      const allowed = await watch(
        server,
        { staff_token: manager.token },
        `reservation:${booking.reservation_id}`,
      );
      expect(allowed.reply).toMatchObject({ type: 'subscribed' });
      allowed.close();
      const other = await staffMember(server, 'menu-besar-manager');
      const otherWatch = await watch(
        server,
        { staff_token: other.token },
        `reservation:${booking.reservation_id}`,
      );
      expect(otherWatch.reply?.type).toBe('error');
      otherWatch.close();
    });

    it('manager declines a paid booking -> declined, the token refunded through the simulator', async () => {
      const { client, booking } = await paidBooking({ date: '2026-11-27', slot: '13:00' });
      const manager = await staffMember(server, 'kopitiam-ali-manager');
      const declined = await manager.client.call(api.staffDeclineReservation, {
        params: { reservationId: booking.reservation_id },
        body: { reason: 'Private event' },
      });
      expect(declined).toMatchObject({ reason: 'Private event' });
      expect(['refund_initiated', 'refund_processed']).toContain(declined.state);
      const done = await eventually(
        () => fetchBooking(client, booking.reservation_id),
        (b) => b.state === 'refund_processed',
      );
      expect(done).toMatchObject({ state: 'refund_processed', payment_status: 'refunded' });
      const status = await client.call(api.reservationRefundStatus, {
        query: { reservation_id: booking.reservation_id },
      });
      expect(status).toMatchObject({ refund_state: 'refunded', refunded_amount: 2000 });
      expect(status.refunds[0]).toMatchObject({
        reason: 'reservation_declined',
        amount: 2000,
        state: 'refunded',
      });
    });

    it('no-show: only a confirmed booking once its time has come, manager or server; the paid token is kept, not refunded', async () => {
      const { client, booking } = await paidBooking({ date: '2026-11-23', slot: '14:30' });
      const manager = await staffMember(server, 'kopitiam-ali-manager');
      // A server account (the demo has a manager and a kitchen), made by the manager.
      const username = `kopitiam-ali-floor-${engine}`;
      await manager.client.call(staffApi.staffCreateAccount, {
        body: { username, password: 'floor-pass-1', role: 'server' },
      });
      const session = await server
        .client()
        .call(staffApi.staffLogin, { body: { username, password: 'floor-pass-1' } });
      const waiter = { client: server.client({ authToken: session.token }) };
      const noShow = (who: Client, id = booking.reservation_id) =>
        who.call(api.staffNoShow, { params: { reservationId: id } });
      // Not confirmed yet -> refused, even after its time.
      server.clock.set(new Date('2026-11-23T06:45:00Z'));
      expect((await refusal(noShow(manager.client))).code).toBe(MESSAGE.bookingNotChangeable);
      server.clock.set(new Date(LUNCHTIME));
      await manager.client.call(api.staffConfirmReservation, {
        params: { reservationId: booking.reservation_id },
      });
      // Confirmed, but 14:30 has not come -> refused; the kitchen may not; another restaurant's staff get 404.
      expect((await refusal(noShow(waiter.client))).code).toBe(MESSAGE.bookingNotChangeable);
      server.clock.set(new Date('2026-11-23T06:45:00Z'));
      const kitchen = await staffMember(server, 'kopitiam-ali-kitchen');
      expect((await refusal(noShow(kitchen.client))).statusCode).toBe(403);
      const elsewhere = await staffMember(server, 'menu-besar-manager');
      expect((await refusal(noShow(elsewhere.client))).statusCode).toBe(404);
      expect((await refusal(noShow(waiter.client, 99_999_999))).statusCode).toBe(404);

      const marked = await noShow(waiter.client);
      expect(marked).toMatchObject({ state: 'no_show', payment_status: 'paid', token_amount: 2000 });
      expect(await fetchBooking(client, booking.reservation_id)).toMatchObject({
        state: 'no_show',
        payment_status: 'paid',
        can_cancel: false,
        can_modify: false,
      });
      const refund = await client.call(api.reservationRefundStatus, {
        query: { reservation_id: booking.reservation_id },
      });
      expect(refund).toMatchObject({ refund_state: 'none', refunded_amount: 0, refunds: [] });
      // Once only.
      expect((await refusal(noShow(manager.client))).code).toBe(MESSAGE.bookingNotChangeable);
    });

    it('modification: requested -> waits holding the new table; accepted -> the new time; declined -> kept as it was', async () => {
      const { client, booking } = await paidBooking({ date: '2026-11-28', slot: '19:00', guests: 2 });
      const manager = await staffMember(server, 'kopitiam-ali-manager');
      await manager.client.call(api.staffConfirmReservation, {
        params: { reservationId: booking.reservation_id },
      });

      const asked = await client.call(api.requestModification, {
        body: { reservation_id: booking.reservation_id, slot: '20:00', guests: 6 },
      });
      expect(asked).toMatchObject({
        state: 'modification_requested',
        slot: '19:00',
        guests: 2,
        requested_change: { date: '2026-11-28', slot: '20:00', guests: 6, smoking: false },
        can_modify: false,
      });
      const kept = asked.requested_change!.table_id!;
      // The 6-seat table kept for the change is not offered to anyone else meanwhile.
      const six = await availability({ date: '2026-11-28', slot: '20:00', guests: 6 });
      expect(six.requested?.tables.map((t) => t.table_id)).not.toContain(kept);

      const accepted = await manager.client.call(api.staffAcceptModification, {
        params: { reservationId: booking.reservation_id },
      });
      expect(accepted).toMatchObject({
        state: 'confirmed',
        slot: '20:00',
        guests: 6,
        requested_change: null,
        table: { table_id: kept, seats: 6 },
      });

      await client.call(api.requestModification, {
        body: { reservation_id: booking.reservation_id, date: '2026-11-29' },
      });
      const refused = await manager.client.call(api.staffDeclineModification, {
        params: { reservationId: booking.reservation_id },
        body: { reason: 'Fully booked' },
      });
      expect(refused).toMatchObject({
        state: 'confirmed',
        date: '2026-11-28',
        slot: '20:00',
        requested_change: null,
        reason: 'Fully booked',
      });
      // Nothing to change -> bad input.
      expect(
        (
          await refusal(
            client.call(api.requestModification, {
              body: { reservation_id: booking.reservation_id, slot: '20:00' },
            }),
          )
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('cut-off and cancellation', () => {
    it('inside the cut-off -> cancellation and modification refused with the minutes (Indonesian)', async () => {
      const { client, booking } = await paidBooking({ date: '2026-11-23', slot: '15:00' }, 'id');
      const manager = await staffMember(server, 'kopitiam-ali-manager');
      await manager.client.call(api.staffConfirmReservation, {
        params: { reservationId: booking.reservation_id },
      });
      // At 13:00:01 the cut-off (15:00 - 120 min = 13:00) has passed.
      server.clock.advance(60 * 60 + 1);
      const cancel = await refusal(
        client.call(api.requestCancellation, { body: { reservation_id: booking.reservation_id } }),
      );
      expect(cancel).toMatchObject({ statusCode: 422, code: MESSAGE.bookingCutOff });
      expect(cancel.message).toBe(
        'Reservasi tidak dapat diubah atau dibatalkan kurang dari 120 menit sebelum waktunya',
      );
      const modify = await refusal(
        client.call(api.requestModification, { body: { reservation_id: booking.reservation_id, guests: 3 } }),
      );
      expect(modify.code).toBe(MESSAGE.bookingCutOff);
      const view = await fetchBooking(client, booking.reservation_id);
      expect(view).toMatchObject({ state: 'confirmed', can_cancel: false, can_modify: false });
    });

    it('cancel outside the cut-off -> refund through the simulator: refund_initiated -> refund_processed, 3-5 days', async () => {
      const { client, booking } = await paidBooking({ date: '2026-11-29', slot: '12:00' });
      const cancelled = await client.call(api.requestCancellation, {
        body: { reservation_id: booking.reservation_id, reason: 'Plans changed' },
      });
      expect(cancelled.reason).toBe('Plans changed');
      expect(['refund_initiated', 'refund_processed']).toContain(cancelled.state);
      const done = await eventually(
        () => client.call(api.reservationRefundStatus, { query: { reservation_id: booking.reservation_id } }),
        (s) => s.refund_state === 'refunded',
      );
      expect(done).toMatchObject({
        state: 'refund_processed',
        payment_status: 'refunded',
        refund_state: 'refunded',
        refunded_amount: 2000,
        token_amount: 2000,
      });
      expect(done.refunds).toEqual([
        expect.objectContaining({
          amount: 2000,
          reason: 'reservation_cancelled',
          state: 'refunded',
          wording_key: 'refund.bank',
          wording: '3-5 days',
        }),
      ]);
      // The gateway refunded exactly once, under our refund key.
      const reference = (
        await client.call(paymentApi.paymentDetail, { query: { payment_id: booking.payment!.payment_id } })
      ).reference;
      expect([...(simulator.record(reference)?.refunds.values() ?? [])]).toEqual([2000]);
      // Cancelling again is not a move the booking table allows.
      expect(
        (
          await refusal(
            client.call(api.requestCancellation, { body: { reservation_id: booking.reservation_id } }),
          )
        ).code,
      ).toBe(MESSAGE.bookingNotChangeable);
    });

    it('cancel an unpaid booking -> cancelled, nothing to refund, its table free again', async () => {
      const { client } = await diner(server);
      const booking = await book(client, { date: '2026-11-29', slot: '21:00', smoking: true });
      const before = await availability({ date: '2026-11-29', slot: '21:00', smoking: true });
      const cancelled = await client.call(api.requestCancellation, {
        body: { reservation_id: booking.reservation_id },
      });
      expect(cancelled).toMatchObject({ state: 'cancelled', payment_status: 'unpaid' });
      const after = await availability({ date: '2026-11-29', slot: '21:00', smoking: true });
      expect(after.requested!.tables_left).toBe(before.requested!.tables_left + 1);
      const status = await client.call(api.reservationRefundStatus, {
        query: { reservation_id: booking.reservation_id },
      });
      expect(status).toMatchObject({ refund_state: 'none', refunded_amount: 0 });
    });
  });

  describe('capacity', () => {
    it('two smoking tables -> a third smoking booking refused; the 90 min window frees them at 21:30', async () => {
      const date = '2026-11-30';
      const first = await diner(server);
      const second = await diner(server);
      const third = await diner(server);
      const a = await book(first.client, { date, slot: '20:00', smoking: true });
      const b = await book(second.client, { date, slot: '20:00', smoking: true });
      expect(new Set([a.table?.table_no, b.table?.table_no])).toEqual(new Set(['T11', 'T12']));
      expect(await refusal(book(third.client, { date, slot: '20:30', smoking: true }))).toMatchObject({
        statusCode: 422,
        code: MESSAGE.bookingUnavailable,
      });
      const reply = await availability({ date, smoking: true });
      const left = (slot: string) => reply.slots.find((s) => s.slot === slot)?.tables_left;
      expect([left('19:00'), left('19:30'), left('20:00'), left('21:00'), left('21:30')]).toEqual([
        0, 0, 0, 0, 2,
      ]);
      expect(left('18:00')).toBe(2);
      // A non-smoking table is a different table: still free.
      expect((await book(third.client, { date, slot: '20:00' })).table?.smoking).toBe(false);
    });

    it('an unpaid booking holds its table 30 minutes; after that its diner must take a table again to pay', async () => {
      const date = '2026-12-01';
      const slow = await diner(server);
      const quick = await diner(server);
      const held = await book(slow.client, { date, slot: '20:00', smoking: true });
      await book(quick.client, { date, slot: '20:00', smoking: true });
      server.clock.advance(31 * 60);
      // Both unpaid holds lapsed: two new diners take both smoking tables.
      const c = await diner(server);
      const d = await diner(server);
      await book(c.client, { date, slot: '20:00', smoking: true });
      await book(d.client, { date, slot: '20:00', smoking: true });
      expect(await refusal(payToken(slow.client, held.reservation_id))).toMatchObject({
        code: MESSAGE.bookingUnavailable,
      });
    });
  });

  describe('ownership', () => {
    it('another diner -> 404 on every call about a booking; never sees it in the list', async () => {
      const { booking } = await paidBooking({ date: '2026-12-02', slot: '12:00' });
      const { client: stranger } = await diner(server);
      const id = booking.reservation_id;
      for (const call of [
        () => fetchBooking(stranger, id),
        () => stranger.call(api.requestCancellation, { body: { reservation_id: id } }),
        () => stranger.call(api.requestModification, { body: { reservation_id: id, guests: 3 } }),
        () => payToken(stranger, id),
        () => stranger.call(api.reservationRefundStatus, { query: { reservation_id: id } }),
      ]) {
        expect(await refusal(call())).toMatchObject({ statusCode: 404, code: MESSAGE.notFound });
      }
      expect((await stranger.call(api.userReservations, { query: {} })).reservations).toEqual([]);
      expect((await refusal(fetchBooking(server.client(), id))).statusCode).toBe(401);
    });
  });

  describe('the token on the final bill', () => {
    it('dine-in order on the booking day -> deposit off the bill, order linked; second order pays in full; cancel refused', async () => {
      const { client, booking } = await paidBooking({ date: '2026-11-23', slot: '15:00' });
      await addFood(client, 'kopitiam-ali', 'kopitiam-ali', 3000);
      await dineIn(client, 'kopitiam-ali', 5003);
      const placed = await client.call(orderApi.orderCreate, {
        body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
      });
      const order = await client.call(orderApi.orderDetails, { query: { order_id: placed.order_id } });
      const deposit = order.bill.lines.find((line) => line.key === 'bill.discount.deposit');
      expect(deposit).toMatchObject({ amount: -2000, label: 'Booking deposit' });
      const before = order.bill.lines
        .filter(
          (line) => !line.included && line.key !== 'bill.discount.deposit' && line.key !== 'bill.rounding',
        )
        .reduce((sum, line) => sum + line.amount, 0);
      expect(before).toBeGreaterThan(2000);
      expect(order.total).toBe(order.bill.lines.filter((l) => !l.included).reduce((s, l) => s + l.amount, 0));
      expect(Math.abs(order.total - (before - 2000))).toBeLessThanOrEqual(2);
      const [row] = await server.db.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
      expect(row?.reservationId).toBe(booking.reservation_id);
      expect(await fetchBooking(client, booking.reservation_id)).toMatchObject({
        order_id: placed.order_id,
        can_cancel: false,
      });
      expect(
        (
          await refusal(
            client.call(api.requestCancellation, { body: { reservation_id: booking.reservation_id } }),
          )
        ).code,
      ).toBe(MESSAGE.bookingTokenApplied);

      // The token is used once: the next order pays in full.
      await addFood(client, 'kopitiam-ali', 'kopitiam-ali', 1000);
      const next = await client.call(orderApi.orderCreate, {
        body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
      });
      const nextOrder = await client.call(orderApi.orderDetails, { query: { order_id: next.order_id } });
      expect(nextOrder.bill.lines.map((line) => line.key)).not.toContain('bill.discount.deposit');
    });

    it('a bill smaller than the token -> total 0 (never below zero), paid; another day -> no deposit', async () => {
      const { client } = await paidBooking({ date: '2026-11-23', slot: '16:00' });
      await addFood(client, 'kopitiam-ali', 'kopitiam-ali', 500);
      await dineIn(client, 'kopitiam-ali', 5004);
      const placed = await client.call(orderApi.orderCreate, {
        body: { scope: 'kopitiam-ali', payment_mode: 'online' },
      });
      expect(placed.amount).toBe(0);
      const order = await client.call(orderApi.orderDetails, { query: { order_id: placed.order_id } });
      expect(order).toMatchObject({ total: 0, payment_status: 'paid' });
      const deposit = order.bill.lines.find((line) => line.key === 'bill.discount.deposit')!;
      expect(deposit.amount).toBeGreaterThan(-2000);
      expect(deposit.amount).toBeLessThan(0);

      const tomorrow = await paidBooking({ date: '2026-11-24', slot: '12:00' });
      await addFood(tomorrow.client, 'kopitiam-ali', 'kopitiam-ali', 1000);
      await dineIn(tomorrow.client, 'kopitiam-ali', 5005);
      const today = await tomorrow.client.call(orderApi.orderCreate, {
        body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
      });
      const plain = await tomorrow.client.call(orderApi.orderDetails, {
        query: { order_id: today.order_id },
      });
      expect(plain.bill.lines.map((line) => line.key)).not.toContain('bill.discount.deposit');
    });
  });
});
