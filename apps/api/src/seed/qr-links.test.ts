import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
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

  const links = () => demoQrLinks(server.baseUrl, server.clock.now());

  it('every demo restaurant (not the food-court outlets) -> one link; the food court -> one', () => {
    const restaurants = DEMO_RESTAURANTS.filter((r) => r.type === 'restaurant').map((r) => r.id);
    expect(restaurants).toEqual([1001, 1002, 1003, 1004]);
    expect(links().flatMap((link) => (link.restaurantId ? [link.restaurantId] : []))).toEqual(restaurants);
    expect(links().filter((link) => link.mall === DEMO.mall.slug)).toHaveLength(1);
  });

  it("each restaurant's link -> its own menu (no /qrError): table QRs with the table, takeaway as /3/ta", async () => {
    const opened: Record<number, string | null> = {};
    for (const link of links()) {
      if (!link.restaurantId) continue;
      const url = new URL(link.url);
      const response = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      opened[link.restaurantId] = response.headers.get('location');
    }
    expect(opened[1001]).toBe('/r/kopitiam-ali/1?source=qr&tableId=5003&tableNo=5003');
    expect(opened[1002]).toMatch(/^\/r\/warung-sari\//);
    expect(opened[1003]).toBe('/r/coto-makassar/3/ta');
    expect(opened[1004]).toBe('/r/menu-besar/1?source=qr&tableId=5301&tableNo=5301');
  });

  it("the food court's link names one of its tables", () => {
    const link = links().find((l) => l.mall)!;
    const tid = Number(new URL(link.url).searchParams.get('tid'));
    expect(DEMO_TABLES.find((table) => table.id === tid)?.mallId).toBe(DEMO.mall.id);
  });
});
