import { defineConfig, mergeConfig } from 'vitest/config';
import { server } from '@santap/vitest-config';

/**
 * The server preset (Node, one file at a time: each file owns a server and a browser) with long
 * time-outs: real Chromium shares 2 cores with the rest of `pnpm test`.
 */
export default mergeConfig(
  server,
  defineConfig({
    test: {
      testTimeout: 90_000,
      hookTimeout: 120_000,
      globalSetup: ['src/global-setup.ts'],
      // Each journey file in its own module graph, as before the API suite shared one (the server
      // preset's `isolate: false`): the journeys keep browser-side module state apart.
      isolate: true,
    },
  }),
);
