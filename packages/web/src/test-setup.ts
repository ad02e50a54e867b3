import { configure } from '@testing-library/react';

// `pnpm test` runs every package at once on 2 cores: async queries wait for a slow render, not 1 s.
configure({ asyncUtilTimeout: 10_000 });
