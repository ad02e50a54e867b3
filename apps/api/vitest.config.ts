import { defineConfig, mergeConfig } from 'vitest/config';
import { server } from '@santap/vitest-config';

/** The server preset; each file's database is a copy of one seeded per run (test/global-setup.ts). */
export default mergeConfig(server, defineConfig({ test: { globalSetup: ['test/global-setup.ts'] } }));
