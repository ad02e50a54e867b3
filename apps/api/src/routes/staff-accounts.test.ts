import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cart, orders, staff } from '@santap/contract';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import { menuItems } from '../db/schema';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { menuOf, scanTable } from '../../test/journeys';

const DEMO_PASSWORD = 'santap-demo';

describe.each(ENGINES)('staff accounts and option names on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function login(username: string, password = DEMO_PASSWORD) {
    const session = await server.client().call(staff.staffLogin, { body: { username, password } });
    return { session, client: server.client({ authToken: session.token }) };
  }

  it('an order with "Extra spicy" -> staff read the option and group by name, unchanged by a later menu edit', async () => {
    const diner = server.client();
    const { items } = await menuOf(diner, 'kopitiam-ali');
    const dish = items.find((item) => item.option_groups.some((group) => group.id === 'spice'))!;
    await diner.call(cart.cartUpdate, {
      body: { scope: 'kopitiam-ali', item_id: dish.id, quantity: 1, selections: { spice: ['hot'] } },
    });
    await scanTable(diner, 1001, 5003);
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const placed = await diner.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
    });
    // The menu's option is renamed afterwards: the order keeps the name it was ordered with.
    await server.db.database.db
      .update(menuItems)
      .set({
        optionGroups: sql`replace(${menuItems.optionGroups}::text, 'Extra spicy', 'Volcano')::jsonb`,
      })
      .where(eq(menuItems.id, dish.id));

    const { client } = await login('kopitiam-ali-kitchen');
    const { orders: list } = await client.call(staff.staffOrders, { query: { running: '1' } });
    const order = list.find((o) => o.order_id === placed.order_id)!;
    expect(order.items[0]!.options).toEqual([
      expect.objectContaining({
        group_id: 'spice',
        option_id: 'hot',
        name: 'Extra spicy',
        group_name: 'Spice level',
      }),
    ]);
    const inMalay = server.client({
      language: 'my',
      authToken: (await login('kopitiam-ali-manager')).session.token,
    });
    const [mine] = (await inMalay.call(staff.staffOrders, { query: { running: '1' } })).orders.filter(
      (o) => o.order_id === placed.order_id,
    );
    expect(mine!.items[0]!.options[0]).toMatchObject({ name: 'Sangat pedas', group_name: 'Tahap kepedasan' });
    // The diner's own order reads the names too.
    const own = await diner.call(orders.orderDetails, { query: { order_id: placed.order_id } });
    expect(own.items[0]!.options[0]).toMatchObject({ name: 'Extra spicy' });
  });

  it('logout -> the same token is 401 at once', async () => {
    const { client } = await login('kopitiam-ali-kitchen');
    await expect(client.call(staff.staffMe, {})).resolves.toMatchObject({
      staff: { role: 'kitchen', restaurant_id: 1001 },
      moves: expect.arrayContaining([ORDER_STATUS.CONFIRMED, ORDER_STATUS.READY]),
    });
    await expect(client.call(staff.staffLogout, {})).resolves.toEqual({ logged_out: true });
    expect(await refusal(client.call(staff.staffOrders, { query: {} }))).toMatchObject({
      statusCode: 401,
      code: MESSAGE.invalidToken,
    });
  });

  it('a manager creates a kitchen account, disables it (its tokens die, login refused), enables and resets it', async () => {
    const { client: manager } = await login('kopitiam-ali-manager');
    const created = await manager.call(staff.staffCreateAccount, {
      body: { username: 'Ali-Wok-1 ', password: 'wok-station-1', role: 'kitchen' },
    });
    expect(created).toMatchObject({ username: 'ali-wok-1', role: 'kitchen', disabled: false });
    const { client: wok } = await login('ali-wok-1', 'wok-station-1');
    await expect(wok.call(staff.staffOrders, { query: {} })).resolves.toHaveProperty('orders');

    await manager.call(staff.staffUpdateAccount, {
      params: { staffId: created.staff_id },
      body: { disabled: true },
    });
    expect(await refusal(wok.call(staff.staffOrders, { query: {} }))).toMatchObject({ statusCode: 401 });
    expect(await refusal(login('ali-wok-1', 'wok-station-1'))).toMatchObject({
      statusCode: 403,
      code: MESSAGE.staffAccountDisabled,
    });

    await manager.call(staff.staffUpdateAccount, {
      params: { staffId: created.staff_id },
      body: { disabled: false },
    });
    const { client: again } = await login('ali-wok-1', 'wok-station-1');
    await manager.call(staff.staffUpdateAccount, {
      params: { staffId: created.staff_id },
      body: { password: 'new-wok-pass' },
    });
    expect(await refusal(again.call(staff.staffMe, {}))).toMatchObject({ statusCode: 401 });
    expect(await refusal(login('ali-wok-1', 'wok-station-1'))).toMatchObject({ statusCode: 403 });
    await expect(login('ali-wok-1', 'new-wok-pass')).resolves.toBeTruthy();

    const { accounts } = await manager.call(staff.staffAccounts, {});
    expect(accounts.map((a) => a.username)).toContain('ali-wok-1');
    expect(accounts.every((a) => a.username.startsWith('kopitiam-ali') || a.username === 'ali-wok-1')).toBe(
      true,
    );
  });

  it('a taken username -> 409 usernameTaken; a short password -> 400', async () => {
    const { client: manager } = await login('kopitiam-ali-manager');
    expect(
      await refusal(
        manager.call(staff.staffCreateAccount, {
          body: { username: 'warung-sari-kitchen', password: 'long-enough', role: 'server' },
        }),
      ),
    ).toMatchObject({ statusCode: 409, code: MESSAGE.usernameTaken });
    expect(
      await refusal(
        manager.call(staff.staffCreateAccount, {
          body: { username: 'ali-short', password: 'short', role: 'server' },
        }),
      ),
    ).toMatchObject({ statusCode: 400 });
  });

  it('kitchen -> 403 on accounts; a manager cannot touch another restaurant, another manager or a manager role', async () => {
    const { client: kitchen } = await login('kopitiam-ali-kitchen');
    expect(await refusal(kitchen.call(staff.staffAccounts, {}))).toMatchObject({ statusCode: 403 });
    expect(
      await refusal(
        kitchen.call(staff.staffCreateAccount, {
          body: { username: 'sneaky-one', password: 'long-enough', role: 'server' },
        }),
      ),
    ).toMatchObject({ statusCode: 403 });

    const { client: manager, session } = await login('kopitiam-ali-manager');
    const { session: other } = await login('warung-sari-kitchen');
    const { session: otherManager } = await login('warung-sari-manager');
    for (const staffId of [other.staff.staff_id, otherManager.staff.staff_id, session.staff.staff_id]) {
      expect(
        await refusal(
          manager.call(staff.staffUpdateAccount, { params: { staffId }, body: { disabled: true } }),
        ),
      ).toMatchObject({ statusCode: 404 });
    }
    expect(
      await refusal(
        manager.call(staff.staffCreateAccount, {
          body: { username: 'second-boss', password: 'long-enough', role: 'manager' as never },
        }),
      ),
    ).toMatchObject({ statusCode: 400 });
  });
});
