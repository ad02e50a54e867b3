/**
 * `pnpm test:chaos`: two API instances on one fresh PostgreSQL database behind a loopback round-robin
 * proxy, simulated diners running whole journeys through the proxy while the harness hurts the system
 * (SIGKILL of an instance and its restart, `pg_terminate_backend` of pooled connections, of the LISTEN
 * connections: monkey.ts), then an audit of the invariants (src/invariants.ts). See README.md.
 *
 * Environment: CHAOS_SECONDS (90) of load, CHAOS_DINERS (6) running at once, CHAOS_SEED (random),
 * CHAOS_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), CHAOS_KEEP_DB=1 keeps the database.
 */
import { randomBytes } from 'node:crypto';
import process from 'node:process';
import pg from 'pg';
import { tabs } from '@santap/contract';
import { openDatabase, seedDemoData } from '@santap/api/testing';
import { ADMIN_URL, CONCURRENT, HARNESS, LOG_DIR, POOLER_URL, SECONDS, SEED, log, random } from './harness';
import { audit, tally } from './invariants';
import type { Verdict } from './invariants';
import { foodCourtJourney, KIOSK, kioskJourney, tableJourney } from './journeys';
import { tabJourney } from './tab-journey';
import { chaosMonkey } from './monkey';
import { freePort, killInstance, startInstance } from './processes';
import type { Instance } from './processes';
import { startProxy } from './proxy';
import { readRecords } from './records';
import { sleep } from './run';
import type { Run } from './run';
import { runningOrders, staffWork } from './staff';

/** The next weekday 12:00 in Kuala Lumpur, unless the demo restaurants are open now (11:00–20:00 KL). */
function clockOffsetMs(): number {
  const now = new Date();
  const klHour = (now.getUTCHours() + 8) % 24;
  if (klHour >= 11 && klHour < 19) return 0;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 4));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.getTime() - now.getTime();
}

async function main() {
  const databaseName = `santap_chaos_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  // Through PgBouncer when asked: the instances' pools only (LISTEN and migrations stay direct).
  const pooled = POOLER_URL ? new URL(POOLER_URL) : undefined;
  if (pooled) pooled.pathname = `/${databaseName}`;
  console.log(
    `chaos: seed ${SEED}, ${SECONDS} s, ${CONCURRENT} diners at once, database ${databaseName} (loopback only)${pooled ? `, pools through ${pooled.host}` : ''}; instance logs in ${LOG_DIR}`,
  );
  const setup = await openDatabase({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
  await seedDemoData(setup.db);
  await setup.close();

  const instances: Instance[] = [
    {
      name: 'api-a',
      port: await freePort(),
      delivery: 'duplicate',
      child: undefined,
      kills: 0,
      crashes: [],
      killing: false,
    },
    {
      name: 'api-b',
      port: await freePort(),
      delivery: 'outOfOrder',
      child: undefined,
      kills: 0,
      crashes: [],
      killing: false,
    },
  ];
  const proxy = await startProxy(() => instances.map((instance) => instance.port));
  const baseUrl = `http://127.0.0.1:${proxy.port}`;
  const wsUrl = `ws://127.0.0.1:${proxy.port}/ws`;
  const env = {
    CHAOS_DATABASE_URL: pooled?.toString() ?? databaseUrl,
    CHAOS_DATABASE_LISTEN_URL: databaseUrl,
    CHAOS_PUBLIC_URL: baseUrl,
    CHAOS_CLOCK_OFFSET_MS: String(clockOffsetMs()),
    CHAOS_TABLE_TICKET_SECRET: randomBytes(24).toString('hex'),
  };
  let exitCode: number;
  try {
    await Promise.all(instances.map((instance) => startInstance(instance, env)));
    log(`instances on ${instances.map((i) => i.port).join(', ')}; proxy on ${proxy.port}`);

    const loadEnds = Date.now() + SECONDS * 1000;
    const loadOver = () => Date.now() > loadEnds;
    let staffDone = false;
    const offset = Number(env.CHAOS_CLOCK_OFFSET_MS);
    const lookups = new pg.Pool({ connectionString: databaseUrl, max: 3, application_name: HARNESS });
    lookups.on('error', () => undefined);
    const run: Run = {
      baseUrl,
      wsUrl,
      instancePorts: () => instances.map((instance) => instance.port),
      random,
      now: () => new Date(Date.now() + offset),
      lookups,
      diners: [],
      addMores: [],
      kioskRecords: [],
      tabGroups: [],
      lastShareRefusals: {},
      addMoreRefusals: {},
      placed: [],
      captures: [],
      unansweredPayments: [],
      failures: [],
      notifications: [],
      counters: {
        journeys: 0,
        gaveUp: 0,
        paidOnline: 0,
        twoTabs: 0,
        paidTwice: 0,
        payLater: 0,
        paymentLost: 0,
        addMore: 0,
        addMoreRefused: 0,
        cancelledByDiner: 0,
        foodCourt: 0,
        kioskOrders: 0,
        kioskReplays: 0,
        staffRefunds: 0,
        tabGroups: 0,
        tabShares: 0,
        tabSharesRefused: 0,
        tabSharesLost: 0,
        sharesLetGo: 0,
        lateCaptures: 0,
        lastShareRaces: 0,
        lastShareRefused: 0,
        counterTakes: 0,
        tabsClosed: 0,
      },
      gateway: { sent: 0, retried: 0, undelivered: 0 },
    };
    const monkey = chaosMonkey(instances, env, databaseName, proxy, loadOver);
    const staffLoop = staffWork(run, () => staffDone);
    // Of the journeys: half at a table, one in five a group of four at a tab, one in seven at the
    // food court, the rest the kiosk.
    const runners = Array.from({ length: CONCURRENT }, async () => {
      while (!loadOver()) {
        const roll = random();
        if (roll < 0.5) await tableJourney(run);
        else if (roll < 0.7) await tabJourney(run);
        else if (roll < 0.85) await foodCourtJourney(run);
        else await kioskJourney(run);
      }
    });
    await Promise.all(runners);
    const faults = await monkey;
    log('load over; every instance up, the staff finish their orders');
    for (const instance of instances) {
      if (!instance.child || instance.child.exitCode !== null) await startInstance(instance, env);
    }
    // Let the gateways' late notifications land and the staff finish every running order (up to 90 s),
    // then the refund worker and the pages settle.
    await Promise.all(run.notifications);
    const staffDeadline = Date.now() + 90_000;
    await sleep(5_000);
    while (Date.now() < staffDeadline && (await runningOrders(run).catch(() => 1)) > 0) await sleep(1000);
    staffDone = true;
    await staffLoop;
    await sleep(5_000);
    await lookups.end();
    // Each tab as a member reads it now: the server's total, paid and left, checked against the rows.
    for (const { record, reader } of run.tabGroups) {
      if (record.tabId === undefined) continue;
      const tab = await reader
        .call(tabs.tabGet, { params: { tabId: record.tabId } })
        .then((reply) => reply.tab)
        .catch(() => undefined);
      if (tab) {
        const { total, paid, pending, left, status } = tab;
        record.final = { total, paid, pending, left, status };
      }
    }
    for (const entry of run.placed) entry.diner.pageStatus[entry.orderId] = entry.page.status;
    for (const entry of run.placed) entry.page.close();

    const records = await readRecords(databaseUrl);

    const { counters } = run;
    console.log(
      `\nload: ${counters.journeys} journeys (${counters.foodCourt} food court), ${run.placed.length} orders acknowledged, ${counters.paidOnline} paid online (${counters.twoTabs} in two tabs, ${counters.paidTwice} of them captured twice), ${counters.payLater} pay later, ${counters.addMore} batches added (${counters.addMoreRefused} refused${Object.entries(
        run.addMoreRefusals,
      )
        .map(([words, count]) => `: '${words}' ${count}`)
        .join(
          ',',
        )}), ${counters.cancelledByDiner} cancelled by the diner, ${counters.kioskOrders} kiosk orders (${counters.kioskReplays} sent again), ${counters.staffRefunds} staff refunds, ${counters.gaveUp} gave up, ${counters.paymentLost} payments whose gateway record died with its instance`,
    );
    console.log(
      `tabs: ${counters.tabGroups} groups of four, ${counters.tabShares} shares paid online (${counters.tabSharesRefused} refused, ${counters.tabSharesLost} lost with their instance and let go), ${counters.sharesLetGo} let go by their payer with the gateway's page open (${counters.lateCaptures} of them captured after others paid those dishes), ${counters.lastShareRaces} last shares asked by two phones at once (${counters.lastShareRefused} with one refused: ${
        Object.entries(run.lastShareRefusals)
          .map(([words, count]) => `'${words}' ${count}`)
          .join(', ') || 'none'
      }), ${counters.counterTakes} rests taken at the counter, ${counters.tabsClosed} tables cleared`,
    );
    console.log(
      `faults: ${faults.kills} SIGKILLs (${instances.map((i) => `${i.name} ${i.kills}`).join(', ')}; aimed: ${Object.entries(
        faults.timed,
      )
        .map(
          ([kind, { hit, missed }]) => `${kind} ${hit}${missed ? ` (${missed} found none in flight)` : ''}`,
        )
        .join(
          ', ',
        )}), ${faults.terminated} pooled connections and ${faults.listenRestarts} LISTEN connections terminated; proxy ${proxy.stats.forwarded} forwarded, ${proxy.stats.failed} answered 502`,
    );
    console.log(
      `gateway: ${run.gateway.sent} notifications sent (${run.gateway.retried} retried, ${run.gateway.undelivered} undelivered)`,
    );
    console.log(
      `pages: ${run.placed.reduce((sum, entry) => sum + entry.page.reconnects, 0)} websocket reconnects`,
    );
    for (const failure of run.failures.slice(0, 5)) console.log(`  gave up: ${failure}`);
    const verdicts: Verdict[] = [
      {
        name: 'no instance died by itself',
        passed: instances.every((instance) => instance.crashes.length === 0),
        detail: instances.flatMap((instance) => instance.crashes).join('; ') || 'none',
      },
      {
        name: 'diners got their orders in (load really ran)',
        // A journey may give up after a minute of retries on a starved machine; more than a few is a run
        // that did not really load the system.
        passed: run.placed.length > 0 && counters.gaveUp <= Math.max(2, counters.journeys * 0.05),
        detail: `${run.placed.length} orders, ${counters.gaveUp} of ${counters.journeys} journeys gave up`,
      },
    ];
    verdicts.push(
      ...audit({
        diners: run.diners,
        captures: run.captures,
        unansweredPayments: run.unansweredPayments,
        orders: records.orders,
        payments: records.payments,
        refunds: records.refunds,
        orderItems: records.orderItems,
        addMores: run.addMores,
        kiosk: { deviceId: KIOSK.id, records: run.kioskRecords },
        tabs: { groups: run.tabGroups.map((group) => group.record), shares: records.tabShares },
      }),
    );
    console.log('');
    for (const verdict of verdicts) {
      console.log(`${verdict.passed ? 'PASS' : 'FAIL'} ${verdict.name}: ${verdict.detail}`);
    }
    console.log(tally(verdicts));
    exitCode = verdicts.every((verdict) => verdict.passed) ? 0 : 1;
  } finally {
    for (const instance of instances) await killInstance(instance);
    await proxy.close();
    if (process.env.CHAOS_KEEP_DB !== '1') {
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await cleanup.end();
    } else console.log(`database kept: ${databaseUrl}`);
  }
  process.exit(exitCode);
}

await main();
