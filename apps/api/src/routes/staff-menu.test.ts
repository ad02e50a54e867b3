import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart, orders, staff } from '@santap/contract';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { menuOf, scanTable } from '../../test/journeys';

describe.each(ENGINES)('staff stock on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function login(username: string, password = 'santap-demo') {
    const session = await server.client().call(staff.staffLogin, { body: { username, password } });
    return server.client({ authToken: session.token });
  }

  it('kitchen marks Roti Canai sold out and "Extra spicy" unavailable -> the diner menu shows both; a cart with it cannot be ordered; back in stock -> orderable', async () => {
    const kitchen = await login('kopitiam-ali-kitchen');
    const diner = server.client();
    // The staff read ids from the menu as the server has it (this instance's cache is empty for 1001 in 'en').
    const before = await menuOf(server.client({ language: 'id' }), 'kopitiam-ali');
    const roti = before.items.find((item) => item.name === 'Roti Canai')!;
    const spicy = before.items.find((item) => item.option_groups.some((group) => group.id === 'spice'))!;

    await diner.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: roti.id, quantity: 1 } });
    await expect(
      kitchen.call(staff.staffItemStock, { params: { itemId: roti.id }, body: { in_stock: false } }),
    ).resolves.toMatchObject({ item_id: roti.id, in_stock: false });
    const reply = await kitchen.call(staff.staffItemStock, {
      params: { itemId: spicy.id },
      body: { options: [{ group_id: 'spice', option_id: 'hot', available: false }] },
    });
    expect(reply.options).toContainEqual({ group_id: 'spice', option_id: 'hot', available: false });

    const menu = await menuOf(diner, 'kopitiam-ali');
    expect(menu.items.find((item) => item.id === roti.id)?.in_stock).toBe(false);
    const hot = menu.items
      .find((item) => item.id === spicy.id)
      ?.option_groups.find((group) => group.id === 'spice')
      ?.options.find((option) => option.id === 'hot');
    expect(hot?.available).toBe(false);

    await scanTable(diner, 1001, 5003);
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    expect(
      await refusal(
        diner.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } }),
      ),
    ).toMatchObject({ statusCode: 422 });

    await kitchen.call(staff.staffItemStock, { params: { itemId: roti.id }, body: { in_stock: true } });
    await expect(
      diner.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } }),
    ).resolves.toHaveProperty('order_id');
  });

  it("another restaurant's dish -> 404; server role -> 403; an unknown option -> 400", async () => {
    const kitchen = await login('kopitiam-ali-kitchen');
    const { items } = await menuOf(server.client(), 'warung-sari');
    expect(
      await refusal(
        kitchen.call(staff.staffItemStock, { params: { itemId: items[0]!.id }, body: { in_stock: false } }),
      ),
    ).toMatchObject({ statusCode: 404 });
    const own = (await menuOf(server.client(), 'kopitiam-ali')).items[0]!;
    expect(
      await refusal(
        kitchen.call(staff.staffItemStock, {
          params: { itemId: own.id },
          body: { options: [{ group_id: 'nope', option_id: 'nope', available: false }] },
        }),
      ),
    ).toMatchObject({ statusCode: 400 });
    const manager = await login('kopitiam-ali-manager');
    const created = await manager.call(staff.staffCreateAccount, {
      body: { username: 'ali-floor-1', password: 'floor-pass-1', role: 'server' },
    });
    expect(created.role).toBe('server');
    const floor = await login('ali-floor-1', 'floor-pass-1');
    expect(
      await refusal(
        floor.call(staff.staffItemStock, { params: { itemId: own.id }, body: { in_stock: false } }),
      ),
    ).toMatchObject({ statusCode: 403 });
  });
});
