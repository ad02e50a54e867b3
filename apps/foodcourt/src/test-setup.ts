import { afterEach } from 'vitest';
import { storeAuth } from '@santap/web';
import { configure } from '@testing-library/react';

// `pnpm test` runs every package at once on 2 cores: async queries wait for a slow render, not 1 s.
configure({ asyncUtilTimeout: 10_000 });

// The `signed_in` marker is a cookie, which no `localStorage.clear()` removes: each test starts logged out.
afterEach(() => storeAuth(undefined));
