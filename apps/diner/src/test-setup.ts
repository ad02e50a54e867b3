import { afterEach, beforeEach } from 'vitest';
import { rememberCartHandover, storeAuth } from '@santap/web';
import { configure } from '@testing-library/react';

// `pnpm test` runs every package at once on 2 cores: async queries wait for a slow render, not 1 s.
configure({ asyncUtilTimeout: 10_000 });

// The page learns its cart's handover from the server's cart replies (the token is an HttpOnly
// cookie); route tests stub the server, so the page starts as if one had brought it. The `signed_in`
// marker is a cookie, which no `localStorage.clear()` removes: each test starts logged out.
beforeEach(() => rememberCartHandover('testCartHandover-0123456789abcdefghijklmnopqrstuv'));
afterEach(() => storeAuth(undefined));
