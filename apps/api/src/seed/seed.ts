/**
 * The demo data (README: Demo data): the `mall-demo` food court, restaurants 1001–1004 and outlets
 * 1011–1014 with menus, tables, discounts and staff, under fixed ids (see `ids.ts`).
 */
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import { SCRYPT_PARAMS, hashPassword, scryptParams } from '../services/flows/accounts/passwords';
import { DEMO_STAFF_PASSWORD } from './ids';
import { DEMO_KIOSKS } from './kiosks';
import type { DemoKiosk } from './kiosks';
import { buildMenu } from './menu-kit';
import type { MenuCategoryRow, MenuItemRow } from './menu-kit';
import { DEMO_DISCOUNTS, DEMO_MALL, DEMO_RESTAURANTS, DEMO_TABLES, restaurantRow } from './places';

/** Any Drizzle PostgreSQL database on this schema: PGlite, node-postgres, or a transaction. */
export type SeedDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A demo staff account before its password is hashed. */
export type DemoStaff = {
  restaurantId: number;
  username: string;
  role: 'manager' | 'kitchen';
  password: string;
};

/** Every row of the demo data, in insertion order, with staff passwords still in clear. */
export type DemoData = {
  malls: (typeof schema.malls.$inferInsert)[];
  restaurants: (typeof schema.restaurants.$inferInsert)[];
  tables: (typeof schema.diningTables.$inferInsert)[];
  categories: MenuCategoryRow[];
  items: MenuItemRow[];
  discounts: (typeof schema.discounts.$inferInsert)[];
  staff: DemoStaff[];
  kiosks: DemoKiosk[];
};

/** Builds the demo rows in memory; no database, no I/O, the same result on every call. */
export function buildDemoData(): DemoData {
  const menus = DEMO_RESTAURANTS.map((spec) => buildMenu(spec.id, spec.halal ?? false, spec.menu));
  return {
    malls: [DEMO_MALL],
    restaurants: DEMO_RESTAURANTS.map(restaurantRow),
    tables: DEMO_TABLES,
    categories: menus.flatMap((menu) => menu.categories),
    items: menus.flatMap((menu) => menu.items),
    discounts: DEMO_DISCOUNTS,
    staff: DEMO_RESTAURANTS.flatMap((spec) =>
      (['manager', 'kitchen'] as const).map((role) => ({
        restaurantId: spec.id,
        username: `${spec.nameid}-${role}`,
        role,
        password: DEMO_STAFF_PASSWORD,
      })),
    ),
    kiosks: DEMO_KIOSKS,
  };
}

/** Key of the advisory lock that keeps two API instances starting together from seeding twice. */
const SEED_LOCK_KEY = 7_240_301;

async function hasRestaurants(db: SeedDatabase): Promise<boolean> {
  const rows = await db.select({ id: schema.restaurants.id }).from(schema.restaurants).limit(1);
  return rows.length > 0;
}

/**
 * The demo's secrets are public (README), so their scrypt hashes are made once and kept here: every
 * test database and every first start seeds without three 128 MiB hashes. Any other secret is hashed.
 */
const DEMO_HASHES: Readonly<Record<string, string>> = {
  'santap-demo':
    'scrypt$N=131072,r=8,p=1$jsHrllGBkutZmUj9QAXQmQ==$Z/RUx5CQBB32nKzgVguXpcOXzYuaDDRrP6bCH/2xs+M=',
  'demo-kiosk-secret-kopitiam-ali-k1':
    'scrypt$N=131072,r=8,p=1$DRHLWL5Qy+/ULcUbRcTDgw==$cu5MAt7+euh1YXXQOmpwvSo9uIhHsnjrzByBovkjUs0=',
  'demo-kiosk-secret-mall-demo-k1':
    'scrypt$N=131072,r=8,p=1$x3RAiD0KpVNcuzD0gsFwtQ==$wEFks7ATKZwTlpR3vUwTOx7FreXn6pfxMGP7DFY2jnc=',
};

const demoHash = async (secret: string) =>
  Object.hasOwn(DEMO_HASHES, secret) && scryptParams() === SCRYPT_PARAMS
    ? DEMO_HASHES[secret]!
    : hashPassword(secret);

/**
 * Inserts the demo data in one transaction when the `restaurants` table is empty, and returns
 * true; returns false and changes nothing when there is any restaurant already, so calling it on
 * every start is safe. Each distinct staff password is hashed once (scrypt is slow), before the
 * transaction opens; a transaction-scoped advisory lock serialises concurrent seeders.
 *
 * @example
 * ```ts
 * await migrate(db, { migrationsFolder });
 * if (await seedDemoData(db)) log.info('demo data seeded');
 * ```
 */
export async function seedDemoData(db: SeedDatabase): Promise<boolean> {
  if (await hasRestaurants(db)) return false;
  const data = buildDemoData();
  const hashes = new Map<string, string>();
  for (const password of new Set(data.staff.map((member) => member.password))) {
    hashes.set(password, await demoHash(password));
  }
  const staffRows = data.staff.map(({ password, ...member }) => ({
    ...member,
    passwordHash: hashes.get(password) ?? '',
  }));

  const kioskRows: (typeof schema.kioskDevices.$inferInsert)[] = [];
  for (const { secret, ...kiosk } of data.kiosks) {
    kioskRows.push({ ...kiosk, secretHash: await demoHash(secret) });
  }

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasRestaurants(tx)) return false;
    // One multi-row insert per table: ~400 menu items × 19 columns stays far below the
    // 65,535 bind-parameter limit of the PostgreSQL protocol.
    await tx.insert(schema.malls).values(data.malls);
    await tx.insert(schema.restaurants).values(data.restaurants);
    await tx.insert(schema.diningTables).values(data.tables);
    await tx.insert(schema.menuCategories).values(data.categories);
    await tx.insert(schema.menuItems).values(data.items);
    await tx.insert(schema.discounts).values(data.discounts);
    await tx.insert(schema.staff).values(staffRows);
    if (kioskRows.length) await tx.insert(schema.kioskDevices).values(kioskRows);
    return true;
  });
}
