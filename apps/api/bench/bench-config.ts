/**
 * The server config every bench starts the API with: production mode on loopback, silent logs, no web
 * apps, and production's abuse limits with room for the load (one loopback address stands for every
 * diner of the load).
 */
import type { ServerConfig } from '../src/config';
import { PRODUCTION_LIMITS } from '../src/lib/limits';
import type { LimitsConfig } from '../src/lib/limits';

/** Monday 2026-11-23 12:00 in Kuala Lumpur: every demo restaurant is open. */
export const LUNCHTIME = Date.parse('2026-11-23T04:00:00Z');

export function benchConfig(
  options: Pick<ServerConfig, 'database' | 'now' | 'seedDemo'> & {
    port?: number;
    tableTicketSecret?: string;
  },
): ServerConfig {
  const port = options.port ?? 0;
  return {
    env: 'production',
    port,
    host: '127.0.0.1',
    database: options.database,
    publicUrl: port ? `http://127.0.0.1:${port}` : 'http://127.0.0.1',
    logLevel: 'silent',
    devInbox: false,
    seedDemo: options.seedDemo,
    web: { serve: false },
    defaultCountry: 'MY',
    trustProxy: false,
    ...(options.tableTicketSecret ? { tableTicketSecret: options.tableTicketSecret } : {}),
    limits: Object.fromEntries(
      Object.entries(PRODUCTION_LIMITS).map(([name, rule]) => [name, { ...rule, max: rule.max * 1_000_000 }]),
    ) as LimitsConfig,
    now: options.now,
  };
}
