import { defineConfig } from 'vitest/config';

/** The built Storybook's smoke check (`pnpm test:storybook`, after `storybook build`), in Node. */
export default defineConfig({
  test: {
    include: ['storybook-smoke/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
