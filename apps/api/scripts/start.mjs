/**
 * The production entrypoint: what the image runs (root Dockerfile, ENTRYPOINT) and what
 * tooling/deploy's entrypoint test starts, the same way. It runs the built server (`dist/main.js`) in
 * this process, so the server's own checks (`src/config.ts`: secrets, keys, the demo features on a
 * public host) decide what production needs. This script adds only what an image knows: no demo or
 * test mode, a supported Node, a built server; it says a refusal on one line and exits 1, never
 * leaving a half-started instance. A SIGTERM or SIGINT that arrives before the server has its own
 * handlers (main.ts: graceful shutdown) stops it at once: a process that is PID 1 in a container
 * would otherwise ignore it while migrations run.
 */
import { existsSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

function stop(reason) {
  process.stderr.write(`santap: not started: ${reason}\n`);
  process.exit(1);
}

/** One line for a refusal: each variable the env schema refused, or the error's own words. */
function describe(error) {
  if (Array.isArray(error?.issues)) {
    return error.issues
      .map((issue) => `${(issue.path ?? []).join('.') || 'environment'}: ${issue.message}`)
      .join('; ');
  }
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map((each) => each?.message ?? String(each)).join('; ');
  }
  return error instanceof Error && error.message ? error.message : String(error);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  stop(`Node ${process.versions.node}; Santap needs Node 20.19 or later`);
}

const mode = process.env.SANTAP_MODE?.trim();
const nodeEnv = process.env.NODE_ENV?.trim();
if (process.argv.includes('--demo') || (mode && mode !== 'production')) {
  stop(
    `SANTAP_MODE=${mode || 'demo'}: the demo runs on one developer machine, on loopback (pnpm start); ` +
      'this entrypoint starts the production server',
  );
}
if (nodeEnv && nodeEnv !== 'production') {
  stop(
    `NODE_ENV=${nodeEnv}: this entrypoint starts the production server; leave NODE_ENV unset or production`,
  );
}

const server = new URL('../dist/main.js', import.meta.url);
if (!existsSync(server)) stop(`no built server at ${fileURLToPath(server)} (pnpm build makes it)`);

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    // Once main.ts has registered its own handler, it shuts down gracefully.
    if (process.listenerCount(signal) > 1) return;
    process.stderr.write(`santap: ${signal} before the server was up: stopped\n`);
    process.exit(signal === 'SIGTERM' ? 143 : 130);
  });
}

try {
  await import(server.href);
} catch (error) {
  stop(describe(error));
}
