/**
 * The API instances of a chaos run as processes of their own (instance.ts): started on a free
 * loopback port with their log in the run's folder, SIGKILLed, and an exit nobody asked for recorded
 * as a crash.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { LOG_DIR, log } from './harness';

/** The loopback port an instance starts on (`@santap/api/testing`). */
export { freePort } from '@santap/api/testing';

const here = dirname(fileURLToPath(import.meta.url));

export interface Instance {
  name: string;
  port: number;
  delivery: 'duplicate' | 'outOfOrder';
  child: ChildProcess | undefined;
  kills: number;
  /** Exits nobody asked for (a crash): each is a failure of the run. */
  crashes: string[];
  killing: boolean;
}

export async function startInstance(instance: Instance, env: Record<string, string>): Promise<void> {
  const child = fork(join(here, 'instance.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, CHAOS_PORT: String(instance.port), CHAOS_DELIVERY: instance.delivery },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const logFile = createWriteStream(join(LOG_DIR, `${instance.name}.log`), { flags: 'a' });
  child.stdout?.pipe(logFile);
  child.stderr?.pipe(logFile);
  instance.child = child;
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    if (errors.length > 20_000) errors = errors.slice(-10_000);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${instance.name} did not start:\n${errors}`)), 180_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
      child.once('exit', (code, signal) => {
        if (instance.killing) return;
        const crash = `${instance.name} exited by itself (${code ?? signal}): ${errors.slice(-1500)}`;
        instance.crashes.push(crash);
        log(crash);
      });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${instance.name} exited (${code ?? signal}) while starting:\n${errors}`));
    });
  });
}

export async function killInstance(instance: Instance): Promise<void> {
  const child = instance.child;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  instance.killing = true;
  child.kill('SIGKILL');
  await exited;
  instance.killing = false;
  instance.kills++;
}
