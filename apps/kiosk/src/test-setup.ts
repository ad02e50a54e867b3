import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { closeKioskDb } from './lib/kiosk-db';
import { outbox } from './lib/outbox';

// `pnpm test` runs every package at once on 2 cores: async queries wait for a slow render, not 1 s.
configure({ asyncUtilTimeout: 10_000 });

// Each test starts with an empty IndexedDB (a new fake factory) and an empty outbox snapshot.
beforeEach(() => {
  closeKioskDb();
  outbox.reset();
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
});
