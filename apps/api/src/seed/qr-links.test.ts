import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants as restaurantsApi } from '@santap/contract';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { eq } from 'drizzle-orm';
import { diningTables } from '../db/schema';
import { DEMO } from './ids';
import { DEMO_RESTAURANTS, DEMO_TABLES } from './places';
import { demoQrLinks } from './qr-links';

describe.each(ENGINES)('the demo QRs pnpm start prints, on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const links = () => demoQrLinks(server.app.santap, server.baseUrl, server.clock.now());
  const tokenOf = async (tableId: number) =>
    (
      await server.db.database.db
        .select({ token: diningTables.token })
        .from(diningTables)
        .where(eq(diningTables.id, tableId))
    )[0]!.token;

  it('every demo restaurant (not the food-court outlets) -> one link; the food court -> one', async () => {
    const restaurants = DEMO_RESTAURANTS.filter((r) => r.type === 'restaurant').map((r) => r.id);
    expect(restaurants).toEqual([1001, 1002, 1003, 1004]);
    const all = await links();
    expect(all.flatMap((link) => (link.restaurantId ? [link.restaurantId] : []))).toEqual(restaurants);
    expect(all.filter((link) => link.mall === DEMO.mall.slug)).toHaveLength(1);
  });

  it("each restaurant's link -> its own menu (no /qrError): table QRs with the table's token, takeaway as /3/ta", async () => {
    const opened: Record<number, string | null> = {};
    for (const link of await links()) {
      if (!link.restaurantId) continue;
      const url = new URL(link.url);
      const response = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      opened[link.restaurantId] = response.headers.get('location');
    }
    const t3 = await tokenOf(5003);
    const t5301 = await tokenOf(5301);
    expect(t3).toMatch(/^[0-9a-f]{32}$/);
    expect(opened[1001]).toBe(`/r/kopitiam-ali/1?source=qr&tableId=${t3}&tableNo=${t3}`);
    expect(opened[1002]).toMatch(/^\/r\/warung-sari\//);
    expect(opened[1003]).toBe('/r/coto-makassar/3/ta');
    expect(opened[1004]).toBe(`/r/menu-besar/1?source=qr&tableId=${t5301}&tableNo=${t5301}`);
  });

  it("the food court's link names its first table by token, never by id", async () => {
    const link = (await links()).find((l) => l.mall)!;
    const tid = new URL(link.url).searchParams.get('tid');
    expect(tid).toBe(await tokenOf(DEMO.tables.mall.first));
    expect(DEMO_TABLES.find((table) => table.id === DEMO.tables.mall.first)?.mallId).toBe(DEMO.mall.id);
  });

  it("warung-sari's dynamic link signs the token: its table check passes with the numeric id back", async () => {
    const link = new URL((await links()).find((l) => l.restaurantId === DEMO.warungSari)!.url);
    expect(link.searchParams.get('tid')).toBe(await tokenOf(DEMO.tables.warungSari.first));
    const table = await server.client().call(restaurantsApi.restaurantTable, {
      params: { restaurantId: DEMO.warungSari, tableId: link.searchParams.get('tid')! },
      query: { v: link.searchParams.get('v')!, sig: link.searchParams.get('sig')! },
    });
    expect(table.table_id).toBe(DEMO.tables.warungSari.first);
  });
});
