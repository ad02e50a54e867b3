/**
 * The faults of a chaos run, every 1.5–4.5 s until the load is over: SIGKILL of one instance (half
 * of them aimed at a request of one kind in flight) and its restart, `pg_terminate_backend` of about
 * half the pooled connections, or of the LISTEN connections.
 */
import pg from 'pg';
import { ADMIN_URL, HARNESS, log, random } from './harness';
import { killInstance, startInstance } from './processes';
import type { Instance } from './processes';
import type { InFlight, Proxy } from './proxy';
import { sleep } from './run';

/**
 * Kills aimed at a moment: the harness waits for a request of that kind to be in flight at the proxy
 * (passed to an instance, not yet answered), lets it run a few milliseconds into its handler, and
 * SIGKILLs the instance that holds it.
 */
const TIMED_KILLS: Record<string, (request: InFlight) => boolean> = {
  'mid-order-create': (r) =>
    r.method === 'POST' && /^\/api\/(orders\/(foodcourt\/)?create\.php|kiosk\/orders)\b/.test(r.path),
  'mid-webhook': (r) => r.method === 'POST' && r.path.startsWith('/api/payments/webhook/'),
  'mid-refund': (r) => r.method === 'POST' && /^\/api\/staff\/orders\/\d+\/refund\b/.test(r.path),
  'mid-share': (r) => r.method === 'POST' && /^\/api\/tabs\/\d+\/shares(\?|$)/.test(r.path),
};

export async function chaosMonkey(
  instances: Instance[],
  env: Record<string, string>,
  databaseName: string,
  proxy: Proxy,
  until: () => boolean,
) {
  const admin = new pg.Client({ connectionString: ADMIN_URL, application_name: HARNESS });
  await admin.connect();
  const tally = {
    kills: 0,
    terminated: 0,
    listenRestarts: 0,
    timed: Object.fromEntries(Object.keys(TIMED_KILLS).map((kind) => [kind, { hit: 0, missed: 0 }])),
  };
  let restarting: Promise<void> | undefined;
  try {
    while (!until()) {
      await sleep(1500 + random() * 3000);
      if (until()) break;
      const roll = random();
      if (roll < 0.4) {
        // One instance down at a time: the other keeps serving (restarting takes a while under load).
        if (restarting) continue;
        let victim = instances[Math.floor(random() * instances.length)]!;
        // Half the kills at a random moment, half in the middle of a request of one kind.
        if (random() < 0.5) {
          const kinds = Object.keys(TIMED_KILLS);
          const kind = kinds[Math.floor(random() * kinds.length)]!;
          const target = await proxy.nextInFlight(TIMED_KILLS[kind]!, 8000);
          const holder = target && instances.find((instance) => instance.port === target.port);
          if (!target || !holder || until()) {
            tally.timed[kind]!.missed++;
            continue;
          }
          await sleep(random() * 15);
          tally.timed[kind]!.hit++;
          victim = holder;
          log(`SIGKILL ${victim.name} ${kind} (${target.method} ${target.path})`);
        } else log(`SIGKILL ${victim.name}`);
        await killInstance(victim);
        tally.kills++;
        restarting = sleep(500 + random() * 2000)
          .then(() => startInstance(victim, env))
          .then(() => log(`${victim.name} restarted`))
          .finally(() => {
            restarting = undefined;
          });
      } else if (roll < 0.75) {
        const { rowCount } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = $1 AND application_name <> $2 AND query NOT LIKE 'LISTEN%' AND random() < 0.5`,
          [databaseName, HARNESS],
        );
        tally.terminated += rowCount ?? 0;
        log(`pg_terminate_backend: ${rowCount ?? 0} pooled connections`);
      } else {
        const { rowCount } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = $1 AND query LIKE 'LISTEN%'`,
          [databaseName],
        );
        tally.listenRestarts += rowCount ?? 0;
        log(`LISTEN connections terminated: ${rowCount ?? 0}`);
      }
    }
  } finally {
    await restarting;
    await admin.end();
  }
  return tally;
}
