/**
 * The chaos run's settings (environment, see README.md), its seeded randomness and its log.
 *
 * Environment: CHAOS_SECONDS (90) of load, CHAOS_DINERS (6) running at once, CHAOS_SEED (random),
 * CHAOS_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), CHAOS_POOLER_URL (unset: none; a
 * PgBouncer in transaction mode the instances' pools go through, LISTEN still straight to PostgreSQL).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';

export const SECONDS = Number(process.env.CHAOS_SECONDS ?? 90);
export const CONCURRENT = Number(process.env.CHAOS_DINERS ?? 6);
/** The harness's own connections, which its faults leave alone. */
export const HARNESS = 'santap-chaos-harness';
export const ADMIN_URL = process.env.CHAOS_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** PgBouncer in front of the instances' pools (its path is replaced by the run's database), or none. */
export const POOLER_URL = process.env.CHAOS_POOLER_URL?.trim() || undefined;
let seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
export const SEED = seed;
/** A small seeded generator (mulberry32), so a run can be repeated with CHAOS_SEED. */
export function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
/** Each instance's output (its error log: failed requests while its connections were cut). */
export const LOG_DIR = mkdtempSync(join(tmpdir(), 'santap-chaos-'));
export const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
const started = Date.now();
