import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '@santap/contract';
import { ENGINES, RELAXED_LIMITS, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { menuOf } from '../../test/journeys';
import { menuItems, restaurants } from '../db/schema';

describe.each(ENGINES)('staff menu import on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: { limits: { ...RELAXED_LIMITS, menuImportPerRestaurant: { max: 3, windowSeconds: 3600 } } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function login(username: string, password = 'santap-demo') {
    const session = await server.client().call(staff.staffLogin, { body: { username, password } });
    return server.client({ authToken: session.token });
  }

  const countItems = async (restaurantId: number) =>
    (await server.app.santap.db.select().from(menuItems).where(eq(menuItems.restaurantId, restaurantId)))
      .length;

  it('a CSV with wrong lines: 400 with each line and what is wrong, nothing saved', async () => {
    const manager = await login('warung-sari-manager');
    const before = await countItems(1002);
    const csv = [
      'category,name_en,name_id,name_my,price,order_types',
      'Snacks,Pisang Goreng,Pisang Goreng,Pisang Goreng,12000,',
      'Snacks,Tahu Isi,Tahu Isi,,9000,',
      'Snacks,Bakwan,Bakwan,Bakwan,9000.50,',
    ].join('\n');
    const refused = await refusal(
      manager.call(staff.staffMenuImport, { body: { format: 'csv', content: csv } }),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      details: {
        rows: [
          { line: 3, error: 'nameMy' },
          { line: 4, error: 'price' },
        ],
      },
    });
    expect(await countItems(1002)).toBe(before);
  });

  it('a good CSV: new category and dishes added, a dish already on the menu updated; the diner menu shows them at once', async () => {
    const manager = await login('warung-sari-manager');
    const diner = server.client();
    const before = await menuOf(diner, 'warung-sari');
    const existing = before.items[0]!;
    const [row] = await server.app.santap.db.select().from(menuItems).where(eq(menuItems.id, existing.id));
    const csv = [
      'category,name_en,name_id,name_my,price,order_types',
      'Snacks,Pisang Goreng,Pisang Goreng,Pisang Goreng,12000,dine-in|pickup',
      '"Snacks","Tahu Isi, Pedas","Tahu Isi Pedas","Tahu Isi Pedas",9000,',
      `Snacks,${row!.name.en},${row!.name.id},${row!.name.my},${existing.price + 1000},`,
    ].join('\n');
    const reply = await manager.call(staff.staffMenuImport, { body: { format: 'csv', content: csv } });
    expect(reply).toEqual({ created: 2, updated: 1, categories_created: 1 });

    const after = await menuOf(diner, 'warung-sari');
    const snacks = after.categories.find((category) => category.name === 'Snacks')!;
    expect(snacks.item_ids).toHaveLength(3);
    expect(after.items.find((item) => item.name === 'Pisang Goreng')).toMatchObject({
      price: 12000,
      order_types: [1, 3],
      in_stock: true,
    });
    expect(after.items.find((item) => item.id === existing.id)).toMatchObject({
      price: existing.price + 1000,
      category_id: snacks.id,
    });
    const [place] = await server.app.santap.db.select().from(restaurants).where(eq(restaurants.id, 1002));
    expect(place?.menuPublishingUntil).toBeNull();
  });

  it('JSON works too; kitchen is 403; a header that names no columns is line 1', async () => {
    const manager = await login('kopitiam-ali-manager');
    const reply = await manager.call(staff.staffMenuImport, {
      body: {
        format: 'json',
        content: JSON.stringify([
          {
            category: 'Specials',
            name_en: 'Nasi Kerabu',
            name_id: 'Nasi Kerabu',
            name_my: 'Nasi Kerabu',
            price: '13.90',
          },
        ]),
      },
    });
    expect(reply).toEqual({ created: 1, updated: 0, categories_created: 1 });
    expect(
      (await menuOf(server.client(), 'kopitiam-ali')).items.find((i) => i.name === 'Nasi Kerabu')?.price,
    ).toBe(1390);
    const kitchen = await login('kopitiam-ali-kitchen');
    expect(
      await refusal(kitchen.call(staff.staffMenuImport, { body: { format: 'json', content: '[]' } })),
    ).toMatchObject({ statusCode: 403 });
    expect(
      await refusal(
        manager.call(staff.staffMenuImport, { body: { format: 'csv', content: 'a;b;c\n1;2;3' } }),
      ),
    ).toMatchObject({ statusCode: 400, details: { rows: [{ line: 1, error: 'header' }] } });
  });
  it('a restaurant imports at most the limit an hour (refused ones count): then 429', async () => {
    const manager = await login('coto-makassar-manager');
    const bad = { format: 'json' as const, content: 'not json' };
    for (let i = 0; i < 3; i++) {
      expect(await refusal(manager.call(staff.staffMenuImport, { body: bad }))).toMatchObject({
        statusCode: 400,
      });
    }
    expect(await refusal(manager.call(staff.staffMenuImport, { body: bad }))).toMatchObject({
      statusCode: 429,
    });
  });
});
