import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { storeAuth } from '../../../lib/session';

/** Route tests of the account pages: each test starts with a logged-in diner (user 42) and ends clean. */
export function asLoggedInDiner() {
  beforeEach(() => {
    localStorage.clear();
    storeAuth({ status: 'ACTIVE' });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}
