/**
 * The read replica, for real (part of `pnpm test:deploy`; apps/api/docs/performance-and-scaling.md,
 * Read replica): a primary made with initdb on a free loopback port, a streaming replica of it made
 * with `pg_basebackup -R` on another, and the API (`@santap/api/testing`) started with DATABASE_URL
 * and DATABASE_READ_URL. Then lag is injected on the replica and the harness checks:
 *
 * - the start-up refusals: a read URL reaching the primary, a primary URL reaching the replica;
 * - replica fresh: catalogue reads go to it;
 * - lag under the bound (`recovery_min_apply_delay`): a change shows on the replica path, within the
 *   bound; an order just created is read back at once although the replica does not have it yet; a
 *   kitchen's sold-out flip shows in that instance's menu at once (read from the primary);
 * - lag over the bound (`pg_wal_replay_pause()`): reads fall back to the primary once the bound has
 *   passed, not before; orders still read back at once;
 * - replay resumed: back on the replica; the replica stopped: the primary at once.
 *
 * Needs PostgreSQL's server binaries (initdb, pg_ctl, pg_basebackup); installs nothing.
 * `REPLICA_BOUND_MS` (default 2000) is the bound the API is started with.
 */
import { join } from 'node:path';
import process from 'node:process';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { LUNCHTIME, TestClock, createServer, freePort, openDatabase, testConfig } from '@santap/api/testing';
import { restaurants, staff } from '@santap/contract';
import { Checks } from './checks';
import { KOPITIAM, KOPITIAM_NAMEID, WARUNG, browser, kitchenOf, orderOf, placeOrder } from './diner';
import {
  LocalCluster,
  MissingBinaries,
  ownedFolder,
  postgresBinaries,
  postgresUrl,
  query,
  serverFolder,
} from './local-postgres';

const BOUND_MS = Number(process.env.REPLICA_BOUND_MS ?? 2_000);
/** The API's probe interval for that bound (db/read-routing.ts: a quarter, 50 ms to 1 s). */
const PROBE_MS = Math.min(1_000, Math.max(50, Math.floor(BOUND_MS / 4)));
/** The menu reply cache of each instance (lib/menu-cache.ts, MENU_CACHE_MS). */
const MENU_CACHE_MS = 5_000;
const APPLY_DELAY_MS = Math.round(BOUND_MS / 2);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs: number,
) {
  const start = performance.now();
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && ok(value)) return { value, ms: Math.round(performance.now() - start) };
    if (performance.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(25);
  }
}

async function main(): Promise<number> {
  const checks = new Checks();
  let bin;
  try {
    bin = postgresBinaries();
  } catch (error) {
    if (error instanceof MissingBinaries) {
      console.error(`replica harness: ${error.message}`);
      return 1;
    }
    throw error;
  }
  console.log(`replica harness: bound ${BOUND_MS} ms, probe every ${PROBE_MS} ms, ${bin.initdb}`);
  const folder = await serverFolder('santap-replica-');
  const primaryPort = await freePort();
  let replicaPort = await freePort();
  while (replicaPort === primaryPort) replicaPort = await freePort();
  const primary = await LocalCluster.init(bin, await ownedFolder(join(folder.dir, 'primary')), primaryPort);
  let replica: LocalCluster | undefined;
  let app: Awaited<ReturnType<typeof createServer>> | undefined;
  const admin = new pg.Client({ connectionString: postgresUrl(primaryPort, 'santap') });
  admin.on('error', () => undefined);
  try {
    await primary.start();
    await query(primary.url, 'create database santap');
    replica = await LocalCluster.replicaOf(primary, join(folder.dir, 'replica'), replicaPort);
    await replica.start();
    const primaryUrl = postgresUrl(primaryPort, 'santap');
    const replicaUrl = postgresUrl(replicaPort, 'santap');
    const onReplica = (text: string, values: unknown[] = []) => query(replicaUrl, text, values);
    await waitFor(
      'the replica in recovery',
      () => onReplica('select pg_is_in_recovery() as r'),
      (rows) => rows[0]?.r === true,
      30_000,
    );
    console.log(
      `primary 127.0.0.1:${primaryPort}, streaming replica 127.0.0.1:${replicaPort} (${folder.dir})\n`,
    );

    console.log('start-up refusals');
    await checks.refused(
      'DATABASE_READ_URL naming the primary -> refused (pg_is_in_recovery() false there)',
      async () =>
        (
          await openDatabase({
            engine: 'postgres',
            url: primaryUrl,
            readUrl: `${primaryUrl}?application_name=read`,
            poolSize: 2,
          })
        ).close(),
      /DATABASE_READ_URL .* reaches a primary/,
    );
    await checks.refused(
      'DATABASE_URL naming the replica -> refused (a server in recovery)',
      async () => (await openDatabase({ engine: 'postgres', url: replicaUrl, poolSize: 2 })).close(),
      /reaches a server in recovery/,
    );

    const clock = new TestClock(new Date(LUNCHTIME));
    app = await createServer(
      testConfig(clock, {
        database: {
          engine: 'postgres',
          url: primaryUrl,
          readUrl: replicaUrl,
          readMaxLagMs: BOUND_MS,
          poolSize: 5,
        },
        seedDemo: true,
        logLevel: 'error',
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const database = app.santap.database;
    const status = () => database.replicaStatus!();
    await admin.connect();
    const diner = browser(baseUrl);
    const details = (restaurant: number = KOPITIAM) =>
      diner.call(restaurants.restaurantDetailsGet, { query: { restaurant_id: restaurant } });
    /** Another instance's change (no pin on this one): straight on the primary. */
    const rename = async (name: string, restaurant: number = KOPITIAM) => {
      await admin.query(
        `update restaurants set name = jsonb_set(name, '{en}', to_jsonb($1::text)) where id = $2`,
        [name, restaurant],
      );
      return performance.now();
    };
    const renameDish = async (itemId: number, name: string) => {
      await admin.query(
        `update menu_items set name = jsonb_set(name, '{en}', to_jsonb($1::text)) where id = $2`,
        [name, itemId],
      );
      return performance.now();
    };

    console.log('\nreplica fresh');
    await waitFor(
      'the replica serving',
      async () => status(),
      (s) => s.serving,
      10_000,
    );
    {
      const before = status().reads;
      for (let i = 0; i < 10; i++) await details();
      const after = status().reads;
      checks.check(
        'catalogue reads go to the replica',
        after.replica - before.replica >= 10 && after.primary === before.primary,
        `replica +${after.replica - before.replica}, primary +${after.primary - before.primary}; ` +
          `lag ${status().lagMs} ms, pg_last_xact_replay_timestamp() age ${status().replayAgeMs} ms`,
      );
    }

    console.log(`\nlag under the bound: recovery_min_apply_delay = ${APPLY_DELAY_MS} ms`);
    await onReplica(`alter system set recovery_min_apply_delay = '${APPLY_DELAY_MS}ms'`);
    await onReplica('select pg_reload_conf()');
    await sleep(200);
    {
      const before = status().reads;
      const servingAll: boolean[] = [];
      const t0 = await rename('Kopitiam Ali (1)');
      const shown = await waitFor(
        'the rename on the replica path',
        async () => {
          servingAll.push(status().serving);
          return details();
        },
        (reply) => reply.name === 'Kopitiam Ali (1)',
        BOUND_MS + 5_000,
      );
      const ms = Math.round(performance.now() - t0);
      const after = status().reads;
      checks.check(
        'a change shows on the replica path within the bound',
        ms <= BOUND_MS && servingAll.every(Boolean) && after.primary === before.primary,
        `shown after ${ms} ms (apply delay ${APPLY_DELAY_MS}, bound ${BOUND_MS}); replica serving ` +
          `throughout: ${servingAll.every(Boolean)}; primary reads +${after.primary - before.primary}`,
      );
      void shown;
    }
    {
      const menu = await diner.call(restaurants.menu, { query: { restaurant_id: KOPITIAM_NAMEID } });
      const dish = menu.items[0]!;
      const t0 = await renameDish(dish.id, `${dish.name} (1)`);
      await waitFor(
        'the dish rename in the menu',
        () => diner.call(restaurants.menu, { query: { restaurant_id: KOPITIAM_NAMEID } }),
        (reply) => reply.items.some((item) => item.id === dish.id && item.name === `${dish.name} (1)`),
        BOUND_MS + MENU_CACHE_MS + 5_000,
      );
      const ms = Math.round(performance.now() - t0);
      checks.check(
        `the menu shows a change within the stated staleness (bound + ${MENU_CACHE_MS} ms cache)`,
        ms <= BOUND_MS + MENU_CACHE_MS + PROBE_MS,
        `${ms} ms`,
      );
    }
    {
      const results: string[] = [];
      let allSeen = true;
      let replicaLacked = 0;
      for (let i = 0; i < 3; i++) {
        const orderDiner = browser(baseUrl);
        const id = await placeOrder(orderDiner);
        const missing = (await onReplica('select 1 from orders where id = $1', [id])).length === 0;
        if (missing) replicaLacked += 1;
        const order = await orderOf(orderDiner, id).catch(() => undefined);
        if (order?.order_id !== id) allSeen = false;
        results.push(`#${id}`);
      }
      checks.check(
        'an order just created is read back by its diner at once (orders never read the replica)',
        allSeen && status().serving,
        `${results.join(', ')} read back; the replica lacked ${replicaLacked} of 3 at that moment; replica serving`,
      );
    }
    {
      const kitchen = await kitchenOf(baseUrl);
      const menu = await diner.call(restaurants.menu, { query: { restaurant_id: KOPITIAM_NAMEID } });
      const dish = menu.items.find((item) => item.in_stock)!;
      await kitchen.call(staff.staffItemStock, { params: { itemId: dish.id }, body: { in_stock: false } });
      const after = await diner.call(restaurants.menu, { query: { restaurant_id: KOPITIAM_NAMEID } });
      const onReplicaNow = await onReplica('select in_stock from menu_items where id = $1', [dish.id]);
      checks.check(
        "a kitchen's sold-out flip shows in its instance's menu at once (read from the primary)",
        after.items.find((item) => item.id === dish.id)?.in_stock === false,
        `menu says sold out; the replica said in_stock = ${String(onReplicaNow[0]?.in_stock)} at that moment`,
      );
      await kitchen.call(staff.staffItemStock, { params: { itemId: dish.id }, body: { in_stock: true } });
    }

    console.log('\nlag over the bound: pg_wal_replay_pause()');
    await onReplica(`alter system set recovery_min_apply_delay = 0`);
    await onReplica('select pg_reload_conf()');
    await waitFor(
      'the replica caught up',
      async () => status(),
      (s) => s.serving && (s.lagMs ?? 1e9) < PROBE_MS * 2,
      10_000,
    );
    await onReplica('select pg_wal_replay_pause()');
    {
      // Warung Sari: kopitiam-ali may still be pinned to the primary by the kitchen's flip above.
      const t0 = await rename('Warung Sari (2)', WARUNG);
      const shown = await waitFor(
        'the rename from the primary',
        () => details(WARUNG),
        (reply) => reply.name === 'Warung Sari (2)',
        BOUND_MS + 5_000,
      );
      const ms = Math.round(performance.now() - t0);
      const now = status();
      void shown;
      checks.check(
        'reads fall back to the primary once the bound has passed',
        // Not much before the bound (the last proof is a probe or two old when the change lands), and
        // not later than the bound and two probes.
        ms >= BOUND_MS - 3 * PROBE_MS && ms <= BOUND_MS + 2 * PROBE_MS + 500 && !now.serving,
        `the change shown after ${ms} ms (bound ${BOUND_MS}, probe ${PROBE_MS}); lag ${now.lagMs} ms, ` +
          `serving ${now.serving}, pg_last_xact_replay_timestamp() age ${now.replayAgeMs} ms`,
      );
      const replicaName = await onReplica(`select name->>'en' as name from restaurants where id = $1`, [
        WARUNG,
      ]);
      checks.check(
        'the replica itself is still behind (replay paused)',
        replicaName[0]?.name !== 'Warung Sari (2)',
        `replica says ${String(replicaName[0]?.name)}`,
      );
    }
    {
      const orderDiner = browser(baseUrl);
      const id = await placeOrder(orderDiner);
      const order = await orderOf(orderDiner, id).catch(() => undefined);
      checks.check(
        'an order placed while the replica is paused is read back at once',
        order?.order_id === id,
        `#${id}`,
      );
    }

    console.log('\nreplay resumed');
    await onReplica('select pg_wal_replay_resume()');
    {
      const back = await waitFor(
        'the replica serving again',
        async () => status(),
        (s) => s.serving,
        BOUND_MS + 5_000,
      );
      const before = status().reads;
      await details();
      checks.check(
        'the replica serves again once it has caught up',
        status().reads.replica > before.replica,
        `after ${back.ms} ms`,
      );
    }

    console.log('\nreplica stopped');
    await replica.stop();
    {
      const gone = await waitFor(
        'the replica dropped',
        async () => status(),
        (s) => !s.serving,
        2 * PROBE_MS + 5_000,
      );
      const reply = await details(WARUNG).catch((error: Error) => error);
      checks.check(
        'an unreachable replica -> the primary serves the catalogue at the next probe',
        !(reply instanceof Error) && reply.name === 'Warung Sari (2)',
        `dropped after ${gone.ms} ms (${gone.value.error ?? ''})`,
      );
    }
  } catch (error) {
    checks.fail(
      'the harness ran to the end',
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
    if (replica) console.log(`replica log:\n${await replica.logTail()}`);
    console.log(`primary log:\n${await primary.logTail()}`);
  } finally {
    await admin.end().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await replica?.stop();
    await primary.stop();
    await folder.remove();
  }
  return checks.summary('replica harness');
}

process.exitCode = await main();
