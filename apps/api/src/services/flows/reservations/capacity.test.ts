import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import { reservations } from '../../../db/schema';
import { ENGINES, startTestServer } from '../../../../test/harness';
import type { TestServer } from '../../../../test/harness';
import { book, diner } from '../../../../test/reservations-kit';
import type { ApiError } from '@santap/api-client';
import { takeTable } from './capacity';
import { instantOf } from './time';

const KOPITIAM = 1001;
/** Kopitiam Ali's 6-seat tables (T7, T8). */
const SIX_SEATERS = [5007, 5008];

describe.each(ENGINES)('booking capacity under concurrency on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.db.database.db;

  it('10 diners book the last 6-seat table at once (overlapping slots) -> exactly one booking, nine refused', async () => {
    const date = '2026-12-10';
    const first = await diner(server);
    expect((await book(first.client, { date, slot: '19:00', guests: 6 })).table?.table_id).toBe(5007);

    const diners = await Promise.all(Array.from({ length: 10 }, () => diner(server)));
    // 18:30, 19:00 and 19:30 bookings of 90 minutes all overlap one another.
    const slots = ['18:30', '19:00', '19:30'];
    const results = await Promise.allSettled(
      diners.map((d, i) => book(d.client, { date, slot: slots[i % slots.length]!, guests: 6 })),
    );
    const booked = results.filter((r) => r.status === 'fulfilled');
    const refused = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => r.reason as ApiError);
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(9);
    expect(refused.every((error) => error.code === MESSAGE.bookingUnavailable)).toBe(true);

    const rows = await db()
      .select()
      .from(reservations)
      .where(and(eq(reservations.date, date), inArray(reservations.tableId, SIX_SEATERS)));
    expect(rows.map((row) => row.tableId).sort()).toEqual(SIX_SEATERS);
  });

  it.runIf(engine === 'postgres')(
    'control: the same check-then-insert without the booking lock -> one table booked several times',
    async () => {
      // Five transactions read the holds, wait until all have read, then write: what concurrent
      // requests do when nothing serializes them. This is the race the lock closes.
      const date = '2026-12-11';
      const from = instantOf(date, '19:00', 'Asia/Kuala_Lumpur')!;
      const to = new Date(from.getTime() + 90 * 60_000);
      const { userId } = await diner(server);
      const racers = 5;
      let arrived = 0;
      let release!: () => void;
      const allRead = new Promise<void>((resolve) => (release = resolve));
      const taken = await Promise.all(
        Array.from({ length: racers }, () =>
          db().transaction(async (tx) => {
            const table = await takeTable(
              tx,
              { restaurantId: KOPITIAM },
              { from, to, guests: 6, smoking: false },
              server.clock.now(),
            );
            if (++arrived === racers) release();
            await allRead;
            if (!table) return null;
            await tx.insert(reservations).values({
              restaurantId: KOPITIAM,
              userId,
              date,
              slot: '19:00',
              startsAt: from,
              endsAt: to,
              guests: 6,
              tableId: table.id,
              contactName: 'Race',
              email: 'race@example.com',
              contactNumber: '+60123456789',
              state: 'confirmation_pending',
              currency: 'MYR',
            });
            return table.id;
          }),
        ),
      );
      const tables = taken.filter((id): id is number => id !== null);
      expect(tables).toHaveLength(racers);
      expect(new Set(tables).size).toBe(1);
      await db().delete(reservations).where(eq(reservations.date, date));
    },
  );
});
