/**
 * The public catalogue read from a replica, carts and orders from the primary (db/read-routing.ts).
 * The "replica" is a second copy of the seeded database that never replays anything: whatever the
 * primary changes after the start is missing there, so each read shows which server answered it. The
 * replica's probe is driven by hand (positions and a clock), as a real one reports them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, restaurants, staff } from '@santap/contract';
import { ENGINES, openTestDatabase, startTestServer } from '../../test/harness';
import type { TestDatabase, TestServer } from '../../test/harness';
import { menuOf, placeDineInOrder } from '../../test/journeys';
import { withReadReplica } from '../db/client';
import { ReadRouting } from '../db/read-routing';
import type { ReplicaProbe } from '../db/read-routing';

describe.each(ENGINES)('catalogue reads with a read replica on %s', (engine) => {
  let primary: TestDatabase;
  let replica: TestDatabase;
  let server: TestServer;
  let routing: ReadRouting;
  const cluster = { now: 0, primary: 1n, replayed: 1n };
  const probe: ReplicaProbe = {
    primaryPosition: async () => cluster.primary,
    replica: async () => ({ replayed: cluster.replayed, inRecovery: true, replayAgeMs: 0 }),
  };
  /** The replica replays everything the primary has: proven fresh as of now. */
  const caughtUp = async () => {
    cluster.now += 100;
    cluster.replayed = cluster.primary;
    await routing.probe(probe);
  };
  /** The primary commits something (its position moves on). */
  const primaryWrote = () => {
    cluster.primary += 1n;
  };

  beforeAll(async () => {
    [primary, replica] = await Promise.all([openTestDatabase(engine), openTestDatabase(engine)]);
    routing = new ReadRouting({ maxLagMs: 2_000, now: () => cluster.now });
    const database = withReadReplica(primary.database, replica.database.db, routing);
    server = await startTestServer(engine, {
      database: { engine, database, close: async () => undefined },
    });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([primary?.close(), replica?.close()]);
  });

  const renameRestaurant = async (id: number, name: string) => {
    await primary.database.db.execute(
      sql`update restaurants set name = jsonb_set(name, '{en}', to_jsonb(${name}::text)) where id = ${id}`,
    );
    primaryWrote();
  };

  it('replica fresh -> the catalogue from the replica (a change it has not replayed is not shown, within the bound); replica past the bound -> the primary', async () => {
    await caughtUp();
    await renameRestaurant(1002, 'Warung Baru');
    const diner = server.client();
    const details = () => diner.call(restaurants.restaurantDetailsGet, { query: { restaurant_id: 1002 } });
    expect((await details()).name).not.toBe('Warung Baru');
    const before = routing.status().reads;

    // Two and a half seconds with the replica replaying nothing: past the 2 s bound.
    for (const step of [1_000, 1_000, 500]) {
      cluster.now += step;
      primaryWrote();
      await routing.probe(probe);
    }
    expect((await details()).name).toBe('Warung Baru');
    expect(routing.status()).toMatchObject({ serving: false, lagMs: 2_500 });
    expect(routing.status().reads.primary).toBeGreaterThan(before.primary);

    // Replayed again: back on the replica (which, standing in for one, still lacks the rename).
    await caughtUp();
    expect((await details()).name).not.toBe('Warung Baru');
  });

  it("kitchen marks a dish sold out -> this instance's menu of that restaurant comes from the primary at once; other restaurants' from the replica; replayed past it -> the replica again", async () => {
    await caughtUp();
    const session = await server
      .client()
      .call(staff.staffLogin, { body: { username: 'kopitiam-ali-kitchen', password: 'santap-demo' } });
    const kitchen = server.client({ authToken: session.token });
    const diner = server.client();
    const dish = (await menuOf(diner, 'kopitiam-ali')).items.find((item) => item.in_stock)!;

    await kitchen.call(staff.staffItemStock, { params: { itemId: dish.id }, body: { in_stock: false } });
    primaryWrote();
    const reads = routing.status().reads;
    const menu = await menuOf(diner, 'kopitiam-ali');
    expect(menu.items.find((item) => item.id === dish.id)?.in_stock).toBe(false);
    expect(routing.status().reads.primary).toBeGreaterThan(reads.primary);

    const replicaReads = routing.status().reads.replica;
    await menuOf(diner, 'warung-sari');
    expect(routing.status().reads.replica).toBeGreaterThan(replicaReads);

    // A probe whose sample was taken after the change, replayed: the pin is gone. The menu in
    // another language (not cached yet) is read from the replica, which stands for one that never
    // replays: it still says in stock, showing which server answered.
    await caughtUp();
    const fromReplica = await menuOf(server.client({ language: 'id' }), 'kopitiam-ali');
    expect(fromReplica.items.find((item) => item.id === dish.id)?.in_stock).toBe(true);
    await kitchen.call(staff.staffItemStock, { params: { itemId: dish.id }, body: { in_stock: true } });
  });

  it('an order just created -> its diner reads it at once while the replica is fresh: orders never come from the replica', async () => {
    await caughtUp();
    const diner = server.client();
    const created = await placeDineInOrder(diner);
    expect(routing.status().serving).toBe(true);
    const order = await diner.call(orders.orderDetails, { query: { order_id: created.order_id } });
    expect(order.order_id).toBe(created.order_id);
  });
});
