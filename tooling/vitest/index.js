// Shared vitest presets. A package's vitest.config.ts is:
//   import { unit } from '@santap/vitest-config'; export default unit;
import { defineConfig } from 'vitest/config';

/** Pure packages: fast unit and property tests in Node. */
export const unit = defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Property tests share 2 cores with the rest of `pnpm test` (and a loaded CI machine can be
    // several times slower): time-outs guard hangs, not speed.
    testTimeout: 120_000,
  },
});

/**
 * Server tests: real database, real HTTP in-process; one file at a time on 2-core machines. The files
 * share one worker's modules (`isolate: false`): each file builds its own server and database, so
 * what a file could leak is module state, and importing the server (Fastify, Drizzle, PGlite,
 * Playwright) once instead of once per file saves most of the suite's import time. A test that
 * changes global state (fake timers, stubbed globals) restores it before it ends.
 */
export const server = defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    isolate: false,
  },
});

/**
 * React packages and apps: components in happy-dom (Testing Library), stories rendered as tests. The
 * files share one worker's modules and DOM (`isolate: false`): a fresh DOM and module graph per file
 * was most of the suites' time (the food court's 13 files: 175 s -> 17 s on a loaded 2-core machine).
 * So a test file cleans up what it changes (Testing Library unmounts after each test; fake timers,
 * stubbed globals and spies are restored). A package whose tests replace modules with `vi.mock` sets
 * `isolate: true` in its own config: a module an earlier file loaded keeps the dependencies it was
 * loaded with, so the mock would not reach it.
 */
export const dom = defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    testTimeout: 30_000,
    isolate: false,
  },
});

export default unit;
