/**
 * The kiosk's IndexedDB (through `idb`): the outbox of orders taken (kept until the server has them)
 * and a cache of the settings and menus, so the kiosk starts and takes orders with no network.
 */
import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { OutboxEntry } from './outbox';

interface KioskSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { byTakenAt: number } };
  cache: { key: string; value: { name: string; value: unknown; savedAt: number } };
}

export type KioskDatabase = IDBPDatabase<KioskSchema>;

const NAME = 'santap-kiosk';
let opened: Promise<KioskDatabase> | undefined;

/** The database, opened (and created) once per page. */
export function kioskDb(): Promise<KioskDatabase> {
  opened ??= openDB<KioskSchema>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'key' }).createIndex('byTakenAt', 'takenAt');
      db.createObjectStore('cache', { keyPath: 'name' });
    },
  });
  return opened;
}

/** Tests: forget the open connection (after replacing `indexedDB` with a fresh fake). */
export function closeKioskDb() {
  void opened?.then((db) => db.close());
  opened = undefined;
}

export async function readCache<T>(name: string): Promise<T | undefined> {
  const row = await (await kioskDb()).get('cache', name);
  return row?.value as T | undefined;
}

export async function writeCache(name: string, value: unknown): Promise<void> {
  await (await kioskDb()).put('cache', { name, value, savedAt: Date.now() });
}
