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

/** React packages and apps: components in happy-dom (Testing Library), stories rendered as tests. */
export const dom = defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    testTimeout: 30_000,
  },
});

export default unit;
