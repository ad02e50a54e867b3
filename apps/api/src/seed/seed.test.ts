import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { restaurantSettingsSchema } from '../db/settings';
import { verifyPassword } from '../services/flows/accounts/passwords';
import { ALLERGENS, DISH_IMAGE_PREFIX, dishImage, initialsOf } from './dish-kit';
import { DEMO, DEMO_RESTAURANT_IDS, DEMO_STAFF_PASSWORD } from './ids';
import { buildMenu, entry } from './menu-kit';
import { buildDemoData, seedDemoData } from './seed';
import { interval, week } from './timings';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

async function freshDatabase() {
  const client = new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { client, db };
}

type Db = Awaited<ReturnType<typeof freshDatabase>>['db'];
type Restaurant = typeof schema.restaurants.$inferSelect;
type Item = typeof schema.menuItems.$inferSelect;

const DELIVERY_BIT = 2;
const TIMING_KEYS = ['DINING', 'DELIVERY', 'TAKEAWAY'] as const;
const MASK_OF_TIMING = { DINING: 1, DELIVERY: 2, TAKEAWAY: 4 } as const;

function expectTranslated(text: unknown, where: string) {
  const value = text as Record<string, unknown>;
  for (const lang of ['en', 'id', 'my']) {
    expect(
      typeof value[lang] === 'string' && (value[lang] as string).trim().length > 0,
      `${where}.${lang}`,
    ).toBe(true);
  }
}

describe('seedDemoData on an empty database', () => {
  let client: PGlite;
  let db: Db;
  let concurrent: boolean[];
  let later: boolean;
  let restaurants: Restaurant[];
  let items: Item[];
  const itemsOf = (restaurantId: number) => items.filter((item) => item.restaurantId === restaurantId);

  beforeAll(async () => {
    ({ client, db } = await freshDatabase());
    // Two API instances starting together on one database, then a restart.
    concurrent = await Promise.all([seedDemoData(db), seedDemoData(db)]);
    later = await seedDemoData(db);
    restaurants = await db.select().from(schema.restaurants).orderBy(asc(schema.restaurants.id));
    items = await db.select().from(schema.menuItems).orderBy(asc(schema.menuItems.id));
  });
  afterAll(async () => {
    await client.close();
  });

  it('two calls at once -> exactly one seeds; a later call -> false and no second copy', async () => {
    expect([...concurrent].sort()).toEqual([false, true]);
    expect(later).toBe(false);
    expect(restaurants.map((r) => r.id)).toEqual([...DEMO_RESTAURANT_IDS]);
    expect(await db.$count(schema.staff)).toBe(DEMO_RESTAURANT_IDS.length * 2);
    expect(await db.$count(schema.discounts)).toBe(buildDemoData().discounts.length);
    expect(await db.$count(schema.malls)).toBe(1);
  });

  it('restaurant ids -> the demo nameids, countries, zones and currencies', () => {
    const summary = restaurants.map((r) => [r.id, r.nameid, r.country, r.timeZone, r.currency]);
    expect(summary).toEqual([
      [1001, 'kopitiam-ali', 'MY', 'Asia/Kuala_Lumpur', 'MYR'],
      [1002, 'warung-sari', 'ID', 'Asia/Jakarta', 'IDR'],
      [1003, 'coto-makassar', 'ID', 'Asia/Makassar', 'IDR'],
      [1004, 'menu-besar', 'MY', 'Asia/Kuala_Lumpur', 'MYR'],
      [1011, 'mall-demo-nasi-lemak', 'MY', 'Asia/Kuala_Lumpur', 'MYR'],
      [1012, 'mall-demo-char-kway-teow', 'MY', 'Asia/Kuala_Lumpur', 'MYR'],
      [1013, 'mall-demo-roti-canai', 'MY', 'Asia/Kuala_Lumpur', 'MYR'],
      [1014, 'mall-demo-teh-tarik-bar', 'MY', 'Asia/Kuala_Lumpur', 'MYR'],
    ]);
    for (const r of restaurants) expect(DEMO.nameids[r.id as keyof typeof DEMO.nameids]).toBe(r.nameid);
  });

  it('order-type masks and QR plans -> 7 in Malaysia, 6 in Indonesia (spec §4); warung-sari dynamic', () => {
    const byId = new Map(restaurants.map((r) => [r.id, r]));
    expect(byId.get(1001)).toMatchObject({ orderTypeMask: 7, qrPlan: 0 });
    expect(byId.get(1002)).toMatchObject({ orderTypeMask: 6, qrPlan: 1 });
    expect(byId.get(1003)).toMatchObject({ orderTypeMask: 6, qrPlan: 0 });
  });

  it('every restaurant -> at least 25 items in 4 to 6 categories', async () => {
    const categories = await db.select().from(schema.menuCategories);
    for (const r of restaurants) {
      expect(itemsOf(r.id).length, r.nameid).toBeGreaterThanOrEqual(25);
      const own = categories.filter((c) => c.restaurantId === r.id);
      expect(own.length, r.nameid).toBeGreaterThanOrEqual(4);
      expect(own.length, r.nameid).toBeLessThanOrEqual(6);
    }
  });

  it('menu-besar -> exactly 200 items', () => {
    expect(itemsOf(DEMO.menuBesar)).toHaveLength(200);
  });

  it('every restaurant -> exactly one item out of stock', () => {
    for (const r of restaurants) {
      expect(itemsOf(r.id).filter((item) => !item.inStock).length, r.nameid).toBe(1);
    }
  });

  it('every restaurant -> option groups of all three kinds', () => {
    for (const r of restaurants) {
      const kinds = new Set(itemsOf(r.id).flatMap((item) => item.optionGroups.map((group) => group.kind)));
      expect([...kinds].sort(), r.nameid).toEqual(['any', 'one', 'upTo']);
    }
  });

  it('option groups -> choose-one required, up-to max within its options, unique ids per item', () => {
    for (const item of items) {
      const groupIds = item.optionGroups.map((group) => group.id);
      expect(new Set(groupIds).size, `${item.id}`).toBe(groupIds.length);
      for (const group of item.optionGroups) {
        const optionIds = group.options.map((option) => option.id);
        expect(new Set(optionIds).size, `${item.id}/${group.id}`).toBe(optionIds.length);
        expect(group.options.every((option) => Number.isInteger(option.price) && option.price >= 0)).toBe(
          true,
        );
        if (group.kind === 'one') expect(group.required, `${item.id}/${group.id}`).toBe(true);
        if (group.kind === 'upTo') {
          expect(group.max ?? 0, `${item.id}/${group.id}`).toBeGreaterThanOrEqual(2);
          expect(group.max ?? 0, `${item.id}/${group.id}`).toBeLessThan(group.options.length);
        } else {
          expect(group.max, `${item.id}/${group.id}`).toBeUndefined();
        }
        if (group.required) expect(group.options.some((option) => option.available)).toBe(true);
      }
    }
  });

  it('kopitiam-ali nasi lemak -> its squid side is unavailable, the other sides are not', () => {
    const nasiLemak = items.find((item) => item.id === DEMO.items.kopitiamAli.nasiLemak);
    const sides = nasiLemak?.optionGroups.find((group) => group.id === 'sides');
    expect(sides?.options.filter((option) => !option.available).map((option) => option.id)).toEqual([
      'squid',
    ]);
  });

  it('every name and description -> non-empty in en, id and my', async () => {
    for (const item of items) {
      expectTranslated(item.name, `item ${item.id} name`);
      expectTranslated(item.description, `item ${item.id} description`);
      for (const group of item.optionGroups) {
        expectTranslated(group.name, `item ${item.id} group ${group.id}`);
        for (const option of group.options)
          expectTranslated(option.name, `item ${item.id} option ${option.id}`);
      }
    }
    for (const category of await db.select().from(schema.menuCategories)) {
      expectTranslated(category.name, `category ${category.id}`);
    }
    for (const r of restaurants) {
      expectTranslated(r.name, `restaurant ${r.id} name`);
      expectTranslated(r.description, `restaurant ${r.id} description`);
    }
    for (const discount of await db.select().from(schema.discounts)) {
      expectTranslated(discount.title, `discount ${discount.code}`);
    }
    const [mall] = await db.select().from(schema.malls);
    expectTranslated(mall?.name, 'mall name');
  });

  it('item names -> unique within a restaurant in every language', () => {
    for (const r of restaurants) {
      for (const lang of ['en', 'id', 'my'] as const) {
        const names = itemsOf(r.id).map((item) => item.name[lang]);
        const duplicates = names.filter((name, i) => names.indexOf(name) !== i);
        expect(duplicates, `${r.nameid} ${lang}`).toEqual([]);
      }
    }
  });

  it('ids -> item = restaurantId * 1000 + n, category = restaurantId * 100 + n, same restaurant', async () => {
    const categories = await db.select().from(schema.menuCategories);
    const categoryOwner = new Map(categories.map((c) => [c.id, c.restaurantId]));
    for (const r of restaurants) {
      expect(
        itemsOf(r.id).map((item) => item.id),
        r.nameid,
      ).toEqual(itemsOf(r.id).map((_, i) => r.id * 1000 + i + 1));
      const own = categories.filter((c) => c.restaurantId === r.id).sort((a, b) => a.id - b.id);
      expect(own.map((c) => c.id)).toEqual(own.map((_, i) => r.id * 100 + i + 1));
    }
    for (const item of items) expect(categoryOwner.get(item.categoryId)).toBe(item.restaurantId);
  });

  it('prices and packaging -> positive integers in minor units (rupiah in thousands)', () => {
    for (const item of items) {
      expect(Number.isInteger(item.price) && item.price > 0, `${item.id}`).toBe(true);
      expect(Number.isInteger(item.packagingCharge) && item.packagingCharge >= 0).toBe(true);
    }
    for (const id of [DEMO.warungSari, DEMO.cotoMakassar]) {
      for (const item of itemsOf(id)) expect(item.price % 1000, `${item.id}`).toBe(0);
    }
  });

  it('every item -> nutrition and allergens from the spec list', () => {
    for (const item of items) {
      expect(item.nutrition, `${item.id}`).toEqual({
        kcal: expect.any(Number),
        protein: expect.any(Number),
        carbs: expect.any(Number),
        fat: expect.any(Number),
      });
      for (const allergen of item.allergens) expect(ALLERGENS).toContain(allergen);
      if (item.allergens.includes('shellfish')) expect(item.allergens, `${item.id}`).toContain('seafood');
    }
    const nasiLemak = items.find((item) => item.id === DEMO.items.kopitiamAli.nasiLemak);
    expect(nasiLemak?.allergens).toEqual(['fish', 'nuts']);
  });

  it('halal restaurants -> every item halal, no pork, no alcohol', () => {
    for (const r of restaurants.filter((restaurant) => restaurant.halal)) {
      for (const item of itemsOf(r.id)) {
        expect([item.halal, item.noPork, item.containsAlcohol], `${item.id}`).toEqual([true, true, false]);
      }
    }
  });

  it('alcohol -> only a couple of drinks, only where the kitchen is not halal', () => {
    const alcoholic = items.filter((item) => item.containsAlcohol);
    expect(alcoholic.map((item) => item.id)).toEqual([
      DEMO.items.menuBesar.tigerBeer,
      DEMO.items.menuBesar.outOfStock,
    ]);
    expect(restaurants.filter((r) => !r.halal).map((r) => r.id)).toEqual([
      DEMO.menuBesar,
      DEMO.mall.charKwayTeow,
    ]);
    expect(itemsOf(DEMO.mall.charKwayTeow).some((item) => !item.noPork)).toBe(true);
    expect(items.filter((item) => item.halal && !item.noPork)).toEqual([]);
  });

  it('vouchers -> exactly one, the RM 20 gift voucher of kopitiam-ali, without packaging', () => {
    const vouchers = items.filter((item) => item.isVoucher);
    expect(vouchers.map((item) => [item.id, item.name.en, item.price, item.packagingCharge])).toEqual([
      [DEMO.items.kopitiamAli.voucher, 'RM 20 Gift Voucher', 2000, 0],
    ]);
  });

  it('every restaurant -> two or three best sellers', () => {
    for (const r of restaurants) {
      const count = itemsOf(r.id).filter((item) => item.bestSeller).length;
      expect(count, r.nameid).toBeGreaterThanOrEqual(2);
      expect(count, r.nameid).toBeLessThanOrEqual(3);
    }
  });

  it('images -> URL-encoded SVG data URIs under 600 bytes', () => {
    for (const item of items) {
      expect(item.image?.startsWith(DISH_IMAGE_PREFIX), `${item.id}`).toBe(true);
      expect(item.image?.length ?? 0, `${item.id}`).toBeLessThan(600);
      const svg = decodeURIComponent(item.image?.slice(DISH_IMAGE_PREFIX.length) ?? '');
      expect(svg).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    }
  });

  it('DEMO.items -> name the dishes they say', () => {
    const nameOf = (id: number) => items.find((item) => item.id === id)?.name.en;
    expect(nameOf(DEMO.items.kopitiamAli.nasiLemak)).toBe('Nasi Lemak');
    expect(nameOf(DEMO.items.kopitiamAli.rotiCanai)).toBe('Roti Canai');
    expect(nameOf(DEMO.items.kopitiamAli.tehTarik)).toBe('Teh Tarik');
    expect(nameOf(DEMO.items.warungSari.nasiGoreng)).toBe('Special Fried Rice');
    expect(nameOf(DEMO.items.warungSari.sotoBetawi)).toBe('Soto Betawi');
    expect(nameOf(DEMO.items.warungSari.esTehManis)).toBe('Iced Sweet Tea');
    expect(nameOf(DEMO.items.cotoMakassar.cotoMakassar)).toBe('Coto Makassar');
    expect(nameOf(DEMO.items.menuBesar.tigerBeer)).toBe('Tiger Beer (Bottle)');
    expect(nameOf(DEMO.items.mall.nasiLemak)).toBe('Nasi Lemak');
    expect(nameOf(DEMO.items.mall.charKwayTeow)).toBe('Char Kway Teow');
    expect(nameOf(DEMO.items.mall.rotiCanai)).toBe('Roti Canai');
    expect(nameOf(DEMO.items.mall.tehTarik)).toBe('Teh Tarik');
    const outOfStock: number[] = [
      DEMO.items.kopitiamAli.outOfStock,
      DEMO.items.warungSari.outOfStock,
      DEMO.items.cotoMakassar.outOfStock,
      DEMO.items.menuBesar.outOfStock,
    ];
    expect(items.filter((item) => !item.inStock && outOfStock.includes(item.id))).toHaveLength(4);
  });

  it('the mall -> mall-demo with 4 outlets of type outlet, exactly one not delivering (1012)', async () => {
    const [mall] = await db.select().from(schema.malls);
    expect(mall).toMatchObject({
      id: 1,
      slug: 'mall-demo',
      country: 'MY',
      timeZone: 'Asia/Kuala_Lumpur',
      qrPlan: 0,
    });
    const outlets = restaurants.filter((r) => r.mallId === DEMO.mall.id);
    expect(outlets.map((r) => r.id)).toEqual([...DEMO.mall.outlets]);
    expect(outlets.every((r) => r.type === 'outlet')).toBe(true);
    const notDelivering = outlets.filter((r) => (r.orderTypeMask & DELIVERY_BIT) === 0);
    expect(notDelivering.map((r) => [r.id, r.orderTypeMask])).toEqual([[DEMO.mall.nonDeliveringOutlet, 5]]);
    expect(restaurants.filter((r) => r.mallId === null).every((r) => r.type === 'restaurant')).toBe(true);
  });

  it('tables 5001–5012 -> T1–T12 of kopitiam-ali with 2–6 seats and a couple of smoking tables', async () => {
    const tables = await db
      .select()
      .from(schema.diningTables)
      .where(eq(schema.diningTables.restaurantId, DEMO.kopitiamAli))
      .orderBy(asc(schema.diningTables.id));
    expect(tables.map((table) => [table.id, table.tableNo, table.displayName])).toEqual(
      Array.from({ length: 12 }, (_, i) => [5001 + i, `T${i + 1}`, `Table ${i + 1}`]),
    );
    expect(tables.every((table) => table.seats >= 2 && table.seats <= 6)).toBe(true);
    expect(tables.filter((table) => table.smoking).length).toBe(2);
  });

  it('every table range of DEMO.tables -> rows with those ids and owners', async () => {
    const tables = await db.select().from(schema.diningTables).orderBy(asc(schema.diningTables.id));
    const owners = {
      kopitiamAli: DEMO.kopitiamAli,
      warungSari: DEMO.warungSari,
      cotoMakassar: DEMO.cotoMakassar,
      menuBesar: DEMO.menuBesar,
    } as const;
    for (const [key, restaurantId] of Object.entries(owners)) {
      const { first: from, last } = DEMO.tables[key as keyof typeof owners];
      const own = tables.filter((table) => table.restaurantId === restaurantId);
      expect(own.map((table) => table.id)).toEqual(
        Array.from({ length: last - from + 1 }, (_, i) => from + i),
      );
    }
    const foodCourt = tables.filter((table) => table.mallId === DEMO.mall.id);
    expect(foodCourt.map((table) => [table.id, table.restaurantId, table.tableNo])).toEqual(
      Array.from({ length: 20 }, (_, i) => [6001 + i, null, `F${i + 1}`]),
    );
    expect(tables).toHaveLength(12 + 6 + 4 + 10 + 20);
  });

  it('settings of every restaurant and of the mall -> pass restaurantSettingsSchema with no unknown key', async () => {
    const [mall] = await db.select().from(schema.malls);
    for (const [where, settings] of [
      ...restaurants.map((r) => [r.nameid, r.settings] as const),
      ['mall', mall?.settings ?? {}] as const,
    ]) {
      const parsed = restaurantSettingsSchema.safeParse(settings);
      expect(parsed.success, `${where}: ${parsed.error?.message}`).toBe(true);
      expect(parsed.data, where).toEqual(settings);
    }
  });

  it('kopitiam-ali settings -> 10% service, SST 6% on subtotal + service, dine-in pay later, nearest 5 sen', () => {
    const settings = restaurantSettingsSchema.parse(
      restaurants.find((r) => r.id === DEMO.kopitiamAli)?.settings,
    );
    expect(settings).toMatchObject({
      serviceChargeBps: 1000,
      taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }],
      payLaterMask: 1,
      prepayMask: 6,
      cashRounding: 'nearest5',
      deliveryRadiusM: 8000,
      deliveryFee: 500,
      loyalty: { minOrder: 2000, percentBps: 500 },
    });
  });

  it('Indonesian restaurants -> PB1 10% on subtotal + service, no service charge, all prepaid', () => {
    for (const r of restaurants.filter((restaurant) => restaurant.country === 'ID')) {
      expect(restaurantSettingsSchema.parse(r.settings), r.nameid).toMatchObject({
        serviceChargeBps: 0,
        taxes: [{ key: 'bill.pb1', rate: 1000, base: 'subtotal_service' }],
        payLaterMask: 0,
        prepayMask: 7,
      });
    }
  });

  it('food-court outlets -> SST 6%, no service charge; the non-delivering one has no delivery radius', () => {
    for (const r of restaurants.filter((restaurant) => restaurant.mallId === DEMO.mall.id)) {
      const settings = restaurantSettingsSchema.parse(r.settings);
      expect(settings.serviceChargeBps).toBe(0);
      expect(settings.taxes).toEqual([{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }]);
      expect(settings.deliveryRadiusM > 0, r.nameid).toBe((r.orderTypeMask & DELIVERY_BIT) !== 0);
    }
  });

  it('rest_timings -> 7 day entries per order type, minutes within a day, start < 1440 < 2880 >= end', () => {
    for (const r of restaurants) {
      const timings = r.restTimings as Record<
        string,
        { is_enabled: boolean; slots: { start: number; end: number }[] }[]
      >;
      expect(Object.keys(timings).sort()).toEqual([...TIMING_KEYS].sort());
      for (const key of TIMING_KEYS) {
        expect(timings[key], `${r.nameid} ${key}`).toHaveLength(7);
        for (const day of timings[key] ?? []) {
          expect(day.is_enabled || day.slots.length === 0).toBe(true);
          for (const slot of day.slots) {
            expect(Number.isInteger(slot.start) && slot.start >= 0 && slot.start < 1440).toBe(true);
            expect(Number.isInteger(slot.end) && slot.end > 0 && slot.end <= 2880).toBe(true);
          }
        }
      }
    }
  });

  it('rest_timings -> an order type missing from the mask is closed every day, an allowed one opens', () => {
    for (const r of restaurants) {
      const timings = r.restTimings as Record<string, { is_enabled: boolean }[]>;
      for (const key of TIMING_KEYS) {
        const allowed = (r.orderTypeMask & MASK_OF_TIMING[key]) !== 0;
        expect(
          timings[key]?.some((day) => day.is_enabled),
          `${r.nameid} ${key}`,
        ).toBe(allowed);
      }
    }
  });

  it('coto-makassar -> delivery and pickup 10:00–14:00 and 17:00–21:00 every day, dine-in disabled', () => {
    const timings = restaurants.find((r) => r.id === DEMO.cotoMakassar)?.restTimings;
    const twoServices = {
      is_enabled: true,
      slots: [
        { start: 600, end: 840 },
        { start: 1020, end: 1260 },
      ],
    };
    expect(timings).toEqual({
      DINING: Array.from({ length: 7 }, () => ({ is_enabled: false, slots: [] })),
      DELIVERY: Array.from({ length: 7 }, () => twoServices),
      TAKEAWAY: Array.from({ length: 7 }, () => twoServices),
    });
  });

  it('kopitiam-ali -> dine-in 07:00 to 01:00 (past midnight), takeaway until 00:30, delivery 10:00–23:00', () => {
    const timings = restaurants.find((r) => r.id === DEMO.kopitiamAli)?.restTimings as Record<
      string,
      { slots: unknown[] }[]
    >;
    expect(timings.DINING?.[0]?.slots).toEqual([{ start: 420, end: 60 }]);
    expect(timings.TAKEAWAY?.[0]?.slots).toEqual([{ start: 420, end: 30 }]);
    expect(timings.DELIVERY?.[6]?.slots).toEqual([{ start: 600, end: 1380 }]);
  });

  it('char kway teow outlet -> closed on Monday (index 1), open on Sunday (index 0)', () => {
    const timings = restaurants.find((r) => r.id === DEMO.mall.charKwayTeow)?.restTimings as Record<
      string,
      { is_enabled: boolean }[]
    >;
    expect(timings.DINING?.map((day) => day.is_enabled)).toEqual([true, false, true, true, true, true, true]);
  });

  it('qr secrets -> demo-qr-secret-<id>, one per restaurant', () => {
    expect(restaurants.map((r) => r.qrSecret)).toEqual(restaurants.map((r) => `demo-qr-secret-${r.id}`));
  });

  it('discounts -> at least two per restaurant and one for the mall, with HEMAT5K at warung-sari', async () => {
    const discounts = await db.select().from(schema.discounts);
    for (const r of restaurants) {
      expect(discounts.filter((d) => d.restaurantId === r.id).length, r.nameid).toBeGreaterThanOrEqual(2);
    }
    expect(discounts.filter((d) => d.mallId === DEMO.mall.id && d.restaurantId === null)).toHaveLength(1);
    expect(discounts.find((d) => d.restaurantId === DEMO.warungSari && d.code === 'HEMAT5K')).toMatchObject({
      kind: 'fixed',
      value: 5000,
      minOrder: 50000,
      maxDiscount: null,
      title: { en: 'Rp 5.000 off orders from Rp 50.000' },
    });
    expect(
      discounts.find((d) => d.restaurantId === DEMO.kopitiamAli && d.code === 'WELCOME10')?.title,
    ).toEqual({
      en: '10% off orders from RM 20, up to RM 10',
      id: 'Diskon 10% untuk pesanan mulai RM 20, maks. RM 10',
      my: 'Diskaun 10% untuk pesanan dari RM 20, sehingga RM 10',
    });
    for (const d of discounts) {
      expect(['percent', 'fixed']).toContain(d.kind);
      if (d.kind === 'percent') expect(d.maxDiscount, d.code).not.toBeNull();
    }
  });

  it('staff -> a manager and a kitchen account per restaurant, password santap-demo', async () => {
    const staff = await db.select().from(schema.staff).orderBy(asc(schema.staff.id));
    expect(staff.map((member) => [member.restaurantId, member.username, member.role])).toEqual(
      restaurants.flatMap((r) => [
        [r.id, `${r.nameid}-manager`, 'manager'],
        [r.id, `${r.nameid}-kitchen`, 'kitchen'],
      ]),
    );
    const [manager] = staff;
    expect(await verifyPassword(DEMO_STAFF_PASSWORD, manager?.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword('wrong-password', manager?.passwordHash ?? '')).toBe(false);
  });
});

describe('building blocks', () => {
  it("'07:00-01:00' -> start 420, end 60 (runs past midnight)", () => {
    expect(interval('07:00-01:00')).toEqual({ start: 420, end: 60 });
  });

  it("'18:00-00:00' -> end 1440 (midnight), never 0", () => {
    expect(interval('18:00-00:00')).toEqual({ start: 1080, end: 1440 });
  });

  it("'25:00-26:00' -> throws", () => {
    expect(() => interval('25:00-26:00')).toThrow();
  });

  it('week with a closed Monday -> index 1 disabled, the others open', () => {
    const days = week(['10:00-22:00'], { 1: 'closed' });
    expect(days.map((day) => day.is_enabled)).toEqual([true, false, true, true, true, true, true]);
  });

  it("'Curry Puffs (2 pcs)' -> initials 'CP'", () => {
    expect(initialsOf('Curry Puffs (2 pcs)')).toBe('CP');
  });

  it('same dish key -> same image; another key -> another colour', () => {
    expect(dishImage('Nasi Lemak', 'nasi-lemak')).toBe(dishImage('Nasi Lemak', 'nasi-lemak'));
    expect(dishImage('Nasi Lemak', 'nasi-lemak')).not.toBe(dishImage('Nasi Lemak', 'roti-canai'));
  });

  it('pork dish on a halal menu -> throws', () => {
    expect(() =>
      buildMenu(9, true, [{ name: { en: 'x', id: 'x', my: 'x' }, items: [entry('char-siu-rice', 1000)] }]),
    ).toThrow(/Halal/);
  });

  it('buildDemoData twice -> the same rows', () => {
    expect(buildDemoData()).toEqual(buildDemoData());
  });
});
