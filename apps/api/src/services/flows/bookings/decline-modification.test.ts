import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reservations as api } from '@santap/contract';
import { reservations } from '../../../db/schema';
import { ENGINES, LUNCHTIME, startTestServer } from '../../../../test/harness';
import type { TestServer } from '../../../../test/harness';
import type { Client } from '../../../../test/journeys';
import { book, diner, staffMember } from '../../../../test/reservations-kit';

/** Menu Besar (1004): no token, so a booking waits at confirmation_pending straight away. */
const MENU_BESAR = 1004;

describe.each(ENGINES)('declining a booking modification on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    // Monday 2026-11-23 12:00 in Kuala Lumpur.
    server.clock.set(LUNCHTIME);
  });

  const manager = () => staffMember(server, 'menu-besar-manager');
  const fetchBooking = (client: Client, id: number) =>
    client.call(api.fetchReservation, { query: { reservation_id: id } });
  const decline = (client: Client, id: number) =>
    client.call(api.staffDeclineModification, {
      params: { reservationId: id },
      body: { reason: 'Kitchen closed that night' },
    });

  it('asked before staff confirmed -> declined -> confirmation_pending again (window kept), and staff can still confirm it', async () => {
    const { client } = await diner(server);
    const booking = await book(client, { restaurant_id: MENU_BESAR, date: '2026-11-26', slot: '19:00' });
    expect(booking.state).toBe('confirmation_pending');
    const asked = await client.call(api.requestModification, {
      body: { reservation_id: booking.reservation_id, slot: '20:00' },
    });
    expect(asked.state).toBe('modification_requested');

    const staff = await manager();
    const declined = await decline(staff.client, booking.reservation_id);
    expect(declined).toMatchObject({
      state: 'confirmation_pending',
      date: '2026-11-26',
      slot: '19:00',
      requested_change: null,
      reason: 'Kitchen closed that night',
    });
    expect(await fetchBooking(client, booking.reservation_id)).toMatchObject({
      state: 'confirmation_pending',
      can_modify: true,
    });
    // Still waiting for the restaurant: confirming it now is a move the booking allows.
    const confirmed = await staff.client.call(api.staffConfirmReservation, {
      params: { reservationId: booking.reservation_id },
    });
    expect(confirmed.state).toBe('confirmed');
  });

  it('asked after staff confirmed -> declined -> confirmed, as it was', async () => {
    const { client } = await diner(server);
    const booking = await book(client, { restaurant_id: MENU_BESAR, date: '2026-11-26', slot: '12:00' });
    const staff = await manager();
    await staff.client.call(api.staffConfirmReservation, {
      params: { reservationId: booking.reservation_id },
    });
    await client.call(api.requestModification, {
      body: { reservation_id: booking.reservation_id, date: '2026-11-27' },
    });
    expect(await decline(staff.client, booking.reservation_id)).toMatchObject({
      state: 'confirmed',
      date: '2026-11-26',
      slot: '12:00',
      requested_change: null,
    });
  });

  it('a request stored before its state was kept (no from_state) -> declined -> confirmed, as then', async () => {
    const { client } = await diner(server);
    const booking = await book(client, { restaurant_id: MENU_BESAR, date: '2026-11-26', slot: '13:00' });
    await client.call(api.requestModification, {
      body: { reservation_id: booking.reservation_id, slot: '14:00' },
    });
    const db = server.db.database.db;
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booking.reservation_id));
    const { from_state: fromState, ...older } = row!.requestedChange!;
    expect(fromState).toBe('confirmation_pending');
    await db
      .update(reservations)
      .set({ requestedChange: older })
      .where(eq(reservations.id, booking.reservation_id));

    const staff = await manager();
    expect((await decline(staff.client, booking.reservation_id)).state).toBe('confirmed');
  });
});
