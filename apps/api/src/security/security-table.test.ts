/**
 * Security replays (README: Dine-in table tickets): a guest who never scanned a table cannot set it
 * on a cart, move an order there or place a dine-in order there; the QR plan holds on every entry,
 * the legacy `set_restaurant_qr.php` redirect included. Each test replays the attack over HTTP and
 * fails if it comes back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart, orders, restaurants as restaurantsApi } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { restaurants } from '../db/schema';
import { demoQrSecret } from '../seed/ids';
import { TABLE_TICKET_SECONDS } from '../services/flows/tables/tickets';
import { dynamicQrText } from '../services/flows/tables/scan';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { addPlainItem, placeDineInOrder, scanTable } from '../../test/journeys';
import { refusal } from '../../test/refusal';

const dineInAt = (tableId: number, scope = 'kopitiam-ali') => ({
  body: { scope, context: { orderType: 1 as const, tableId } },
});

describe.each(ENGINES)('finding 4: a diner bound to the table they scanned (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });

  afterAll(async () => {
    await server.close();
  });

  it('a guest who never scanned sets table T4 on the cart -> scanTableQr in their language, nothing set', async () => {
    for (const [language, words] of [
      ['en', 'To order at a table, please scan the QR code on that table'],
      ['my', 'Untuk memesan di meja, sila imbas kod QR pada meja itu'],
    ] as const) {
      const prankster = server.client({ language });
      await addPlainItem(prankster, 'kopitiam-ali');
      const refused = await refusal(prankster.call(cart.cartDetails, dineInAt(5004)));
      expect(refused).toMatchObject({ code: MESSAGE.scanTableQr, message: words });
      const kept = await prankster.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
      expect(kept.context).not.toMatchObject({ tableId: 5004 });
    }
  });

  it('scanned T3, sets T4 (sequential ids) -> refused; T3 -> set', async () => {
    const diner = server.client();
    await addPlainItem(diner, 'kopitiam-ali');
    await scanTable(diner, 1001, 5003);
    expect(await refusal(diner.call(cart.cartDetails, dineInAt(5004)))).toMatchObject({
      code: MESSAGE.scanTableQr,
    });
    await diner.call(cart.cartDetails, dineInAt(5003));
  });

  it("another browser's ticket, a forged or tampered ticket, or a food court's ticket at a restaurant -> refused", async () => {
    const diner = server.client();
    await addPlainItem(diner, 'kopitiam-ali');
    await scanTable(diner, 'mall-demo', 6001);
    const mallTicket = diner.tableTicket()!;
    await scanTable(diner, 1001, 5003);
    const ticket = diner.tableTicket()!;
    const [body, signature] = ticket.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, number>;
    const retargeted = Buffer.from(JSON.stringify({ ...claims, t: 5004 })).toString('base64url');
    for (const forged of [
      `${retargeted}.${signature}`,
      `${body}.${signature.slice(0, -2)}xx`,
      'x.y',
      mallTicket,
    ]) {
      diner.setTableTicket(forged);
      expect(await refusal(diner.call(cart.cartDetails, dineInAt(5004)))).toMatchObject({
        code: MESSAGE.scanTableQr,
      });
    }
  });

  it('a cart with a table but no ticket any more (the prank replayed from another browser) -> the order is refused', async () => {
    const diner = server.client();
    await addPlainItem(diner, 'kopitiam-ali');
    await scanTable(diner, 1001, 5003);
    await diner.call(cart.cartDetails, dineInAt(5003));
    diner.setTableTicket(undefined);
    expect(
      await refusal(
        diner.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } }),
      ),
    ).toMatchObject({ code: MESSAGE.scanTableQr });
  });

  it('a ticket past its lifetime -> refused; a new scan -> the order is placed', async () => {
    const diner = server.client();
    await addPlainItem(diner, 'kopitiam-ali');
    await scanTable(diner, 1001, 5003);
    await diner.call(cart.cartDetails, dineInAt(5003));
    server.clock.advance(TABLE_TICKET_SECONDS + 1);
    try {
      expect(
        await refusal(
          diner.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } }),
        ),
      ).toMatchObject({ code: MESSAGE.scanTableQr });
      await scanTable(diner, 1001, 5003);
      const placed = await diner.call(orders.orderCreate, {
        body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
      });
      expect(placed.order_id).toBeGreaterThan(0);
    } finally {
      server.clock.advance(-(TABLE_TICKET_SECONDS + 1));
    }
  });

  it('a running order moved to a table not scanned (user-table-update) -> refused, the order stays', async () => {
    const diner = server.client();
    const placed = await placeDineInOrder(diner);
    expect(
      await refusal(
        diner.call(orders.userTableUpdate, { body: { order_id: placed.order_id, table_id: 5006 } }),
      ),
    ).toMatchObject({ code: MESSAGE.scanTableQr });
    const detail = await diner.call(orders.orderDetails, { query: { order_id: placed.order_id } });
    expect(detail.table_no).toBe('T3');
  });

  it('a food-court guest who never scanned sets table F2 -> refused; the food-court tid scan -> set', async () => {
    const diner = server.client();
    await addPlainItem(diner, 'mall-demo', 1011);
    expect(await refusal(diner.call(cart.cartDetails, dineInAt(6002, 'mall-demo')))).toMatchObject({
      code: MESSAGE.scanTableQr,
    });
    await scanTable(diner, 'mall-demo', 6002);
    await diner.call(cart.cartDetails, dineInAt(6002, 'mall-demo'));
  });
});

describe.each(ENGINES)('finding 4: the QR plan on every entry (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });

  afterAll(async () => {
    await server.close();
  });

  it('a dynamic QR at a static-only restaurant through set_restaurant_qr.php -> v and sig kept, the table check refuses, no ticket', async () => {
    // kopitiam-ali's plan is static only (qrPlan 0); a validly signed dynamic QR of its table T3.
    const link = dynamicQrText(
      'http://localhost:3000',
      demoQrSecret(1001),
      { kind: 'table', restaurantId: '1001', tableId: '5003' },
      Math.floor(server.clock.now().getTime() / 1000) + 3600,
    );
    const { pathname, search } = new URL(link);
    const redirect = await server.app.inject({ method: 'GET', url: pathname + search });
    expect(redirect.statusCode).toBe(302);
    const to = new URL(redirect.headers.location as string, 'http://localhost');
    expect(to.searchParams.get('v')).not.toBeNull();
    expect(to.searchParams.get('sig')).not.toBeNull();
    const diner = server.client();
    const refused = await refusal(
      diner.call(restaurantsApi.restaurantTable, {
        params: { restaurantId: 1001, tableId: 5003 },
        query: { v: to.searchParams.get('v')!, sig: to.searchParams.get('sig')! },
      }),
    );
    expect(refused.code).toBe(MESSAGE.qrNotAllowedByPlan);
    expect(diner.tableTicket()).toBeUndefined();
    await addPlainItem(diner, 'kopitiam-ali');
    expect(await refusal(diner.call(cart.cartDetails, dineInAt(5003)))).toMatchObject({
      code: MESSAGE.scanTableQr,
    });
  });

  it('a static table link at a dynamic-only restaurant -> the table check refuses, no ticket', async () => {
    await server.db.database.db.update(restaurants).set({ qrPlan: 1 }).where(eq(restaurants.id, 1004));
    const diner = server.client();
    const refused = await refusal(
      diner.call(restaurantsApi.restaurantTable, {
        params: { restaurantId: 1004, tableId: 5301 },
        query: {},
      }),
    );
    expect(refused.code).toBe(MESSAGE.qrNotAllowedByPlan);
    expect(diner.tableTicket()).toBeUndefined();
  });
});
