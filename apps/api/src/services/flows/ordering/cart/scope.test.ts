import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../../../../db/schema';
import { ENGINES, openTestDatabase } from '../../../../../test/harness';
import type { TestDatabase } from '../../../../../test/harness';
import { SCOPE_CACHE_MS, cachedScope } from './scope';

describe.each(ENGINES)('cachedScope on %s', (engine) => {
  let db: TestDatabase;
  let other: TestDatabase;
  beforeAll(async () => {
    [db, other] = await Promise.all([openTestDatabase(engine), openTestDatabase(engine)]);
  });
  afterAll(() => Promise.all([db.close(), other.close()]));

  const setAccepting = (target: TestDatabase, accepting: boolean) =>
    target.database.db
      .update(restaurants)
      .set({ acceptingOrders: accepting })
      .where(eq(restaurants.nameid, 'kopitiam-ali'));

  it('a restaurant changed in the database -> the cached rows until the window ends, then the new ones', async () => {
    const ctx = { database: db.database };
    const first = await cachedScope(ctx, db.database.db, 'kopitiam-ali', 1_000);
    expect(first.kind === 'restaurant' && first.restaurant.acceptingOrders).toBe(true);
    await setAccepting(db, false);
    const within = await cachedScope(ctx, db.database.db, 'kopitiam-ali', 1_000 + SCOPE_CACHE_MS - 1);
    expect(within).toBe(first);
    const after = await cachedScope(ctx, db.database.db, 'kopitiam-ali', 1_000 + SCOPE_CACHE_MS);
    expect(after.kind === 'restaurant' && after.restaurant.acceptingOrders).toBe(false);
    await setAccepting(db, true);
  });

  it('cached rows are frozen: a request cannot change what the next one reads', async () => {
    const target = await cachedScope({ database: db.database }, db.database.db, 'mall-demo', 50_000);
    expect(target.kind).toBe('mall');
    expect(Object.isFrozen(target.outlets)).toBe(true);
    expect(() => {
      (target.outlets[0] as { acceptingOrders: boolean }).acceptingOrders = false;
    }).toThrow(TypeError);
  });

  it('another database -> its own rows; an unknown scope -> not found every time', async () => {
    await setAccepting(other, false);
    const mine = await cachedScope({ database: db.database }, db.database.db, 'kopitiam-ali', 90_000);
    const theirs = await cachedScope({ database: other.database }, other.database.db, 'kopitiam-ali', 90_000);
    expect(mine.kind === 'restaurant' && mine.restaurant.acceptingOrders).toBe(true);
    expect(theirs.kind === 'restaurant' && theirs.restaurant.acceptingOrders).toBe(false);
    for (let i = 0; i < 2; i++) {
      await expect(
        cachedScope({ database: db.database }, db.database.db, 'tidak-ada', 90_000),
      ).rejects.toThrow();
    }
  });
});
