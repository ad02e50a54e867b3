import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '@santap/contract';
import { InvalidQr, NoInternet, RequestTimeout, ServerMessage, createApiClient } from '@santap/api-client';
import { ENGINES, startTestServer, testConfig } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { createServer } from '../server';
import { dynamicQrText } from '../services/flows/tables/scan';

describe.each(ENGINES)('restaurants and tables on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('details by id -> nameid, qr plan, timings, order types of its country', async () => {
    const details = await server
      .client()
      .call(restaurants.restaurantDetails, { body: { restaurant_id: 1001 } });
    expect(details.nameid).toBe('kopitiam-ali');
    expect(details.settings.global.qr_ordering_plan).toBe(0);
    expect(details.ot).toEqual([1, 2, 3]);
    expect(details.rest_timings.DINING).toHaveLength(7);
    expect(details.time_zone).toBe('Asia/Kuala_Lumpur');
  });

  it("details -> map_tiles: the server's tile source for the address map, null when none is configured", async () => {
    const details = await server
      .client()
      .call(restaurants.restaurantDetails, { body: { restaurant_id: 1001 } });
    expect(details.map_tiles).toBeNull();
    const tiles = {
      url: 'https://tiles.example.com/{z}/{x}/{y}.png?key=k3y',
      attribution: '© Example © OpenStreetMap contributors',
      attributionUrl: null,
      maxZoom: 20,
    };
    const withTiles = await createServer(testConfig(server.clock, { mapTiles: tiles }), {
      database: server.db.database,
    });
    try {
      const reply = await withTiles.inject({
        method: 'GET',
        url: '/api/restaurant/details/get.php?restaurant_id=kopitiam-ali',
      });
      expect(reply.statusCode).toBe(200);
      expect((reply.json() as { data: { map_tiles: unknown } }).data.map_tiles).toEqual(tiles);
    } finally {
      await withTiles.close();
    }
  });

  it('details of an Indonesian restaurant -> no dine-in, dynamic plan', async () => {
    const details = await server
      .client({ country: 'ID' })
      .call(restaurants.restaurantDetailsGet, { query: { restaurant_id: 'warung-sari' } });
    expect(details.ot).not.toContain(1);
    expect(details.settings.global.qr_ordering_plan).toBe(1);
    expect(details.currency).toBe('IDR');
  });

  it('coto-makassar at 15:00 local -> closed now, next open 17:00 Makassar', async () => {
    server.clock.set('2026-11-23T07:00:00Z'); // 15:00 in Asia/Makassar (UTC+8)
    try {
      const details = await server
        .client()
        .call(restaurants.restaurantDetailsGet, { query: { restaurant_id: 1003 } });
      expect(details.is_open.pickup).toBe(false);
      expect(details.next_open_epoch).toBe(Date.parse('2026-11-23T09:00:00Z') / 1000);
    } finally {
      server.clock.set('2026-11-23T04:00:00Z');
    }
  });

  it('unknown restaurant -> 404 with a message in the caller language', async () => {
    const error = await refusal(
      server
        .client({ language: 'id' })
        .call(restaurants.restaurantDetailsGet, { query: { restaurant_id: 'tidak-ada' } }),
    );
    expect(error).toBeInstanceOf(ServerMessage);
    expect(error.statusCode).toBe(404);
    expect(error.message).not.toMatch(/not found/i);
  });

  it('nearby from central KL -> kopitiam-ali first, outlets excluded, Jakarta out of radius', async () => {
    const reply = await server
      .client()
      .call(restaurants.nearbyRestaurants, { body: { location: [101.6869, 3.139] } });
    expect(reply.nearby_restaurants[0]?.nameid).toBe('kopitiam-ali');
    expect(reply.nearby_restaurants.map((r) => r.nameid)).not.toContain('warung-sari');
    expect(reply.nearby_restaurants.every((r) => !r.nameid.startsWith('mall-demo-'))).toBe(true);
    expect(reply.nearby_restaurants.every((r) => r.distance <= 50_000)).toBe(true);
    expect(reply.page_no).toBe(1);
  });

  it('nearby with page size 1 -> total pages counts every match; name filter narrows', async () => {
    const paged = await server
      .client()
      .call(restaurants.nearbyRestaurants, { body: { location: [101.6869, 3.139], limit: 1 } });
    expect(paged.nearby_restaurants).toHaveLength(1);
    expect(paged.total_pages).toBeGreaterThanOrEqual(2);
    const filtered = await server
      .client()
      .call(restaurants.nearbyRestaurants, { body: { location: [101.6869, 3.139], name_filter: 'besar' } });
    expect(filtered.nearby_restaurants.map((r) => r.nameid)).toEqual(['menu-besar']);
  });

  it('nearby with page_no past the last page -> no entries, total_pages still counts every match', async () => {
    const body = { location: [101.6869, 3.139] as [number, number], limit: 1 };
    const first = await server.client().call(restaurants.nearbyRestaurants, { body });
    expect(first.total_pages).toBeGreaterThanOrEqual(2);
    const past = await server
      .client()
      .call(restaurants.nearbyRestaurants, { body: { ...body, page_no: first.total_pages + 5 } });
    expect(past.nearby_restaurants).toEqual([]);
    expect(past.page_no).toBe(first.total_pages + 5);
    expect(past.total_pages).toBe(first.total_pages);
  });

  it('nearby with a latitude of 200 -> 400, never a 500', async () => {
    const response = await fetch(`${server.baseUrl}/api/restaurant/nearby-restaurants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ location: [101, 200] }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { status: number }).status).toBe(0);
  });

  it('malformed JSON -> 400 envelope', async () => {
    const response = await fetch(`${server.baseUrl}/api/restaurant/nearby-restaurants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"location": [',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 0, statusCode: 400 });
  });

  it('menu in Malay -> Malay names; menu-besar -> 200 items', async () => {
    const en = await server.client().call(restaurants.menu, { query: { restaurant_id: 1001 } });
    const my = await server
      .client({ language: 'my' })
      .call(restaurants.menu, { query: { restaurant_id: 1001 } });
    expect(en.items.length).toBeGreaterThanOrEqual(25);
    expect(my.items.map((i) => i.name)).not.toEqual(en.items.map((i) => i.name));
    const big = await server.client().call(restaurants.menu, { query: { restaurant_id: 'menu-besar' } });
    expect(big.items).toHaveLength(200);
    expect(en.items.filter((i) => !i.in_stock)).toHaveLength(1);
  });

  it('menu -> ETag then 304 on revalidation; gzip when asked; images at their own cacheable URL', async () => {
    const first = await fetch(`${server.baseUrl}/api/menu?restaurant_id=1001`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const body = (await first.json()) as { data: { items: { image: string | null }[] } };
    const again = await fetch(`${server.baseUrl}/api/menu?restaurant_id=1001`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    const zipped = await fetch(`${server.baseUrl}/api/menu?restaurant_id=1001`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const image = body.data.items.find((item) => item.image)?.image;
    expect(image).toMatch(/^\/api\/menu\/image\/\d+\.svg\?v=/);
    const svg = await fetch(`${server.baseUrl}${image}`);
    expect(svg.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(svg.headers.get('cache-control')).toMatch(/immutable/);
    expect(await svg.text()).toMatch(/<svg/);
    expect((await fetch(`${server.baseUrl}/api/menu/image/99999999.svg`)).status).toBe(404);
  });

  it('mall restaurants -> 4 outlets, one without delivery', async () => {
    const mall = await server.client().call(restaurants.mallRestaurants, { query: { mall: 'mall-demo' } });
    expect(mall.restaurants).toHaveLength(4);
    expect(mall.restaurants.filter((r) => !r.ot.includes(2))).toHaveLength(1);
  });

  it('schedule slots for coto-makassar pickup -> only inside 10-14 and 17-21 local', async () => {
    const slots = await server
      .client()
      .call(restaurants.scheduleSlots, { query: { restaurant_id: 1003, ot: 3 } });
    const times = slots.days.flatMap((day) => day.slots.map((slot) => slot.time));
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) {
      const [h] = time.split(':').map(Number);
      expect((h! >= 10 && h! < 14) || (h! >= 17 && h! < 21)).toBe(true);
    }
  });

  it('table check 1001/5003 -> T3', async () => {
    const table = await server
      .client()
      .call(restaurants.restaurantTable, { params: { restaurantId: 1001, tableId: 5003 }, query: {} });
    expect(table).toMatchObject({ table_id: 5003, table_no: 'T3' });
  });

  it('table of another restaurant -> InvalidQr (404 Invalid QR code.)', async () => {
    const error = await refusal(
      server
        .client()
        .call(restaurants.restaurantTable, { params: { restaurantId: 1001, tableId: 5101 }, query: {} }),
    );
    expect(error).toBeInstanceOf(InvalidQr);
    expect(error.message).toBe('Invalid QR code.');
  });

  it('static QR at a dynamic-plan restaurant -> rejected by plan', async () => {
    const error = await refusal(
      server
        .client()
        .call(restaurants.restaurantTable, { params: { restaurantId: 1002, tableId: 5101 }, query: {} }),
    );
    expect(error).toBeInstanceOf(ServerMessage);
    expect(error.code).toBe('errors.qrNotAllowedByPlan');
  });

  const dynamicQuery = (validUntil: number, secret = 'demo-qr-secret-1002') => {
    const text = dynamicQrText(
      'http://localhost:3000',
      secret,
      { kind: 'table', restaurantId: '1002', tableId: '5101' },
      validUntil,
    );
    const url = new URL(text);
    return { v: url.searchParams.get('v')!, sig: url.searchParams.get('sig')! };
  };

  it('signed dynamic QR valid for an hour -> table', async () => {
    const now = server.clock.now().getTime() / 1000;
    const table = await server.client().call(restaurants.restaurantTable, {
      params: { restaurantId: 1002, tableId: 5101 },
      query: dynamicQuery(now + 3600),
    });
    expect(table.table_id).toBe(5101);
  });

  it('expired dynamic QR -> QR Code Expired!', async () => {
    const now = server.clock.now().getTime() / 1000;
    const error = await refusal(
      server.client().call(restaurants.restaurantTable, {
        params: { restaurantId: 1002, tableId: 5101 },
        query: dynamicQuery(now - 60),
      }),
    );
    expect(error.message).toBe('QR Code Expired!');
  });

  it('forged signature or stretched validity -> Invalid QR code. (404), also once its validity has passed', async () => {
    const now = server.clock.now().getTime() / 1000;
    const forged = dynamicQuery(now + 3600, 'not-the-key');
    const stretched = { ...dynamicQuery(now + 3600), v: String(Math.floor(now + 86_400 * 30)) };
    const forgedExpired = dynamicQuery(now - 60, 'not-the-key');
    for (const query of [forged, stretched, forgedExpired]) {
      const error = await refusal(
        server
          .client()
          .call(restaurants.restaurantTable, { params: { restaurantId: 1002, tableId: 5101 }, query }),
      );
      expect(error.message).toBe('Invalid QR code.');
      expect(error).toBeInstanceOf(InvalidQr);
    }
  });

  it('food-court table 6001 -> F1 of mall-demo; unknown table -> InvalidQr', async () => {
    const table = await server
      .client()
      .call(restaurants.foodCourtTable, { params: { mall: 'mall-demo', tableId: 6001 }, query: {} });
    expect(table).toMatchObject({ table_id: 6001, mall: 'mall-demo' });
    const error = await refusal(
      server
        .client()
        .call(restaurants.foodCourtTable, { params: { mall: 'mall-demo', tableId: 9999 }, query: {} }),
    );
    expect(error).toBeInstanceOf(InvalidQr);
  });

  it('OpenAPI document lists the spec paths', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/docs`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/restaurant/nearby-restaurants',
        '/api/orders/create.php',
        '/api/restaurant/new/{restaurantId}/tables/{tableId}',
      ]),
    );
  });

  it('discounts of kopitiam-ali -> WELCOME10 and the delivery-only ALI5 with their terms; in Malay -> Malay titles', async () => {
    const reply = await server.client().call(restaurants.discountsGet, { query: { restaurant_id: 1001 } });
    expect(reply.discounts).toEqual([
      {
        code: 'WELCOME10',
        title: '10% off orders from RM 20, up to RM 10',
        kind: 'percent',
        value: 1000,
        max_discount: 1000,
        min_order: 2000,
        order_types: [1, 2, 3],
      },
      {
        code: 'ALI5',
        title: 'RM 5 off orders from RM 30 (delivery)',
        kind: 'fixed',
        value: 500,
        max_discount: null,
        min_order: 3000,
        order_types: [2],
      },
    ]);
    const malay = await server
      .client({ language: 'my' })
      .call(restaurants.discountsGet, { query: { restaurant_id: 'kopitiam-ali' } });
    expect(malay.discounts.map((d) => d.code)).toEqual(['WELCOME10', 'ALI5']);
    expect(malay.discounts[1]?.title).toMatch(/penghantaran/);
    const unknown = await refusal(
      server.client().call(restaurants.discountsGet, { query: { restaurant_id: 'tidak-ada' } }),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('services of kopitiam-ali at lunch -> all three types open, pay later for dine-in only; warung-sari -> no dine-in, no pay later', async () => {
    const kopitiam = await server
      .client()
      .call(restaurants.restaurantServices, { query: { restaurant_id: 1001 } });
    expect(kopitiam).toEqual({
      ot: [1, 2, 3],
      is_open: { dineIn: true, delivery: true, pickup: true },
      payment_methods: ['Card', 'Wallet', 'Net Banking', 'pay later', 'Cash'],
      pay_later_order_types: [1],
    });
    const warung = await server
      .client({ country: 'ID' })
      .call(restaurants.restaurantServices, { query: { restaurant_id: 'warung-sari' } });
    expect(warung).toEqual({
      ot: [2, 3],
      is_open: { dineIn: false, delivery: true, pickup: true },
      payment_methods: ['Wallet', 'Card', 'Net Banking'],
      pay_later_order_types: [],
    });
  });

  it('services of coto-makassar at 15:00 local -> nothing open now', async () => {
    server.clock.set('2026-11-23T07:00:00Z');
    try {
      const services = await server
        .client()
        .call(restaurants.restaurantServices, { query: { restaurant_id: 1003 } });
      expect(services.ot).toEqual([2, 3]);
      expect(services.is_open).toEqual({ dineIn: false, delivery: false, pickup: false });
    } finally {
      server.clock.set('2026-11-23T04:00:00Z');
    }
  });

  it('schedule slots for dine-in at warung-sari (Indonesia) -> order type not enabled', async () => {
    const error = await refusal(
      server.client().call(restaurants.scheduleSlots, { query: { restaurant_id: 1002, ot: 1 } }),
    );
    expect(error).toBeInstanceOf(ServerMessage);
    expect(error.code).toBe('errors.orderTypeNotEnabled');
    expect(error.message).toBe('This order type is not available at this restaurant');
  });

  it('details as a form field restaurant_id (x-www-form-urlencoded) -> nameid and qr plan, by id or nameid', async () => {
    const post = (form: string) =>
      fetch(`${server.baseUrl}/api/restaurant/details`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    const byId = await post('restaurant_id=1001');
    expect(byId.status).toBe(200);
    expect(await byId.json()).toMatchObject({
      status: 1,
      statusCode: 200,
      data: { restaurant_id: 1001, nameid: 'kopitiam-ali', settings: { global: { qr_ordering_plan: 0 } } },
    });
    const byNameid = (await (await post('restaurant_id=warung-sari')).json()) as {
      data: { nameid: string; settings: { global: { qr_ordering_plan: number } } };
    };
    expect(byNameid.data.nameid).toBe('warung-sari');
    expect(byNameid.data.settings.global.qr_ordering_plan).toBe(1);
    const unknown = await post('restaurant_id=tidak-ada');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 0, statusCode: 404 });
    const missing = await post('other=1');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ status: 0, statusCode: 400 });
  });

  it('/health -> 200 up, and nothing more (security-disclosure.test.ts)', async () => {
    const response = await fetch(`${server.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'up' });
  });

  it('api-client with its base URL on a closed loopback port -> NoInternet (No Internet Connection)', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createNetServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      country: () => 'MY',
      language: () => 'en',
    });
    const error = await refusal(
      client.call(restaurants.restaurantDetailsGet, { query: { restaurant_id: 1001 } }),
    );
    expect(error).toBeInstanceOf(NoInternet);
    expect(error.message).toBe('No Internet Connection');
  });

  it("api-client, the real server's reply held back 800 ms, main time-out 50 ms -> RequestTimeout; 25 s -> the reply", async () => {
    const slowFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      await new Promise((resolve) => setTimeout(resolve, 800));
      return response;
    };
    const options = {
      baseUrl: server.baseUrl,
      country: () => 'MY' as const,
      language: () => 'en',
      fetch: slowFetch,
    };
    const hurried = createApiClient({ ...options, timeouts: { main: 50 } });
    const started = Date.now();
    const error = await refusal(
      hurried.call(restaurants.restaurantDetailsGet, { query: { restaurant_id: 1001 } }),
    );
    expect(error).toBeInstanceOf(RequestTimeout);
    expect((error as RequestTimeout).timeoutMs).toBe(50);
    expect(Date.now() - started).toBeLessThan(700); // it did not wait for the held-back reply
    const patient = createApiClient(options);
    const details = await patient.call(restaurants.restaurantDetailsGet, { query: { restaurant_id: 1001 } });
    expect(details.nameid).toBe('kopitiam-ali');
  });
});
