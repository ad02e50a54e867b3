import { defineConfig, mergeConfig } from 'vitest/config';
import { server } from '@santap/vitest-config';

/**
 * The server preset (Node, one file at a time: each file owns a server and a browser; the files share
 * one worker's modules, so the API is imported once, not once per file: each half of the suite
 * 403-427 s -> 315-331 s side by side) with long time-outs: real Chromium shares 2 cores with the rest
 * of `pnpm test`.
 */
export default mergeConfig(
  server,
  defineConfig({
    test: {
      testTimeout: 90_000,
      hookTimeout: 120_000,
      globalSetup: ['src/global-setup.ts'],
    },
  }),
);
