/**
 * The table probe (docs/tabs.md, Joining): from one address and with no QR in hand, walking a static
 * restaurant's sequential table ids got a ticket for every table, a pay-later order at one, and the
 * other diners' unpaid dishes and amounts at that table. Replayed here over HTTP:
 * - `tableLinks: 'token'`: every numeric id answers 404 'Invalid QR code.' (known table or not), no
 *   ticket; the tables' tokens (what new stickers carry) still pass, dynamic QRs signed over them too;
 * - `token_or_id` (the default, so stickers printed before tokens keep working): the tickets are still
 *   issued, but the probe's own order lists only itself and pays only itself: another diner's order is
 *   reached only on one tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { InvalidQr } from '@santap/api-client';
import { cart, orders, payments, restaurants as restaurantsApi } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { diningTables, restaurants } from '../db/schema';
import { DEMO, demoQrSecret } from '../seed/ids';
import { dynamicQrText } from '../services/flows/tables/scan';
import { readTableTicket } from '../services/flows/tables/tickets';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { addPlainItem } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { refusal } from '../../test/refusal';

const { first: FIRST, last: LAST } = DEMO.tables.kopitiamAli;
const KOPITIAM_TABLES = Array.from({ length: LAST - FIRST + 1 }, (_, i) => FIRST + i);

describe.each(ENGINES)('the table probe on %s', (engine) => {
  let server: TestServer;
  const db = () => server.db.database.db;
  const tokens = new Map<number, string>();
  const setTableLinks = (restaurantId: number, value: 'token' | 'token_or_id' | null) =>
    db()
      .update(restaurants)
      .set({
        settings:
          value === null
            ? sql`${restaurants.settings} - 'tableLinks'`
            : sql`${restaurants.settings} || ${JSON.stringify({ tableLinks: value })}::jsonb`,
      })
      .where(eq(restaurants.id, restaurantId));
  const check = (client: Client, restaurantId: number, tableId: number | string, query = {}) =>
    client.call(restaurantsApi.restaurantTable, { params: { restaurantId, tableId }, query });

  /** A dine-in pay-later order at kopitiam-ali `tableId`, after the table check of `scanned`. */
  async function payLaterAt(client: Client, tableId: number, scanned: number | string, quantity = 1) {
    await addPlainItem(client, 'kopitiam-ali', 'kopitiam-ali', quantity);
    await check(client, DEMO.kopitiamAli, scanned);
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId } },
    });
    return client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } });
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const row of await db()
      .select({ id: diningTables.id, token: diningTables.token })
      .from(diningTables)) {
      tokens.set(row.id, row.token);
    }
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it("tableLinks 'token': from one browser, every numeric id of the 12 tables (and ids of no table here) -> 404 Invalid QR code., no ticket", async () => {
    await setTableLinks(DEMO.kopitiamAli, 'token');
    try {
      const probe = server.client();
      for (const tableId of [...KOPITIAM_TABLES, LAST + 1, DEMO.tables.warungSari.first, 999_999]) {
        const refused = await refusal(check(probe, DEMO.kopitiamAli, tableId));
        expect(refused, String(tableId)).toBeInstanceOf(InvalidQr);
        expect(refused.statusCode).toBe(404);
        expect(refused.message).toBe('Invalid QR code.');
      }
      expect(probe.tableTicket()).toBeUndefined();
      // So no dine-in order at any of them.
      await addPlainItem(probe, 'kopitiam-ali');
      const refused = await refusal(
        probe.call(cart.cartDetails, {
          body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: FIRST + 2 } },
        }),
      );
      expect(refused.code).toBe(MESSAGE.scanTableQr);
    } finally {
      await setTableLinks(DEMO.kopitiamAli, null);
    }
  });

  it("tableLinks 'token': each table's token -> that table (the numeric id back), a ticket flagged k", async () => {
    await setTableLinks(DEMO.kopitiamAli, 'token');
    try {
      for (const tableId of KOPITIAM_TABLES) {
        const diner = server.client();
        const table = await check(diner, DEMO.kopitiamAli, tokens.get(tableId)!);
        expect(table.table_id).toBe(tableId);
        expect(readTableTicket(server.app.santap, diner.tableTicket())).toEqual({
          restaurantId: DEMO.kopitiamAli,
          tableId,
          dynamic: false,
          token: true,
        });
      }
      // Another restaurant's token is not a table here.
      const refused = await refusal(
        check(server.client(), DEMO.kopitiamAli, tokens.get(DEMO.tables.menuBesar.first)!),
      );
      expect(refused).toBeInstanceOf(InvalidQr);
    } finally {
      await setTableLinks(DEMO.kopitiamAli, null);
    }
  });

  it("token_or_id (the default): the probe's tickets are issued, but its pay-later order at T3 lists and pays only itself", async () => {
    // Two diners who did scan T3's sticker, each with an order still owing.
    const diner = server.client();
    const friend = server.client();
    const theirs = await payLaterAt(diner, FIRST + 2, tokens.get(FIRST + 2)!, 2);
    const friends = await payLaterAt(friend, FIRST + 2, tokens.get(FIRST + 2)!);

    const probe = server.client();
    for (const tableId of KOPITIAM_TABLES) {
      const table = await check(probe, DEMO.kopitiamAli, tableId);
      expect(table.table_id).toBe(tableId);
      expect(readTableTicket(server.app.santap, probe.tableTicket())).toMatchObject({
        tableId,
        token: false,
      });
    }
    const mine = await payLaterAt(probe, FIRST + 2, FIRST + 2);

    const listed = await probe.call(orders.tableOrders, { query: { order_id: mine.order_id } });
    expect(listed.orders.map((o) => [o.order_id, o.own])).toEqual([[mine.order_id, true]]);
    expect(listed.orders.flatMap((o) => o.items).map((item) => item.quantity)).toEqual([1]);
    // Nor may it pay theirs (the amounts it would learn), nor read through their order.
    for (const other of [theirs, friends]) {
      const refused = await refusal(
        probe.call(payments.paymentInitiate, {
          body: {
            order_id: mine.order_id,
            order_ids: [mine.order_id, other.order_id],
            method: 'Wallet',
            channel: 'grab_pay_app',
          },
        }),
      );
      expect(refused.code).toBe(MESSAGE.tableOrdersInvalid);
      expect(
        (await refusal(probe.call(orders.tableOrders, { query: { order_id: other.order_id } }))).statusCode,
      ).toBe(404);
    }
    // The two diners who scanned are not on one tab either (a static scan joins no one): each sees itself.
    const theirList = await diner.call(orders.tableOrders, { query: { order_id: theirs.order_id } });
    expect(theirList.orders.map((o) => o.order_id)).toEqual([theirs.order_id]);
  });

  describe('dynamic QRs (warung-sari: dynamic only)', () => {
    const signed = (tableId: string, secret = demoQrSecret(DEMO.warungSari)) => {
      const url = new URL(
        dynamicQrText(
          'http://localhost:3000',
          secret,
          { kind: 'table', restaurantId: String(DEMO.warungSari), tableId },
          Math.floor(server.clock.now().getTime() / 1000) + 600,
        ),
      );
      return { v: url.searchParams.get('v')!, sig: url.searchParams.get('sig')! };
    };
    const table = DEMO.tables.warungSari.first;

    it('signed over the token -> verifies (d and k on the ticket); signed over the id -> verifies as before', async () => {
      const byToken = server.client();
      const token = tokens.get(table)!;
      expect((await check(byToken, DEMO.warungSari, token, signed(token))).table_id).toBe(table);
      expect(readTableTicket(server.app.santap, byToken.tableTicket())).toMatchObject({
        dynamic: true,
        token: true,
      });
      const byId = server.client();
      expect((await check(byId, DEMO.warungSari, table, signed(String(table)))).table_id).toBe(table);
      expect(readTableTicket(server.app.santap, byId.tableTicket())).toMatchObject({
        dynamic: true,
        token: false,
      });
    });

    it("a token's signature with the id in its place, the id's with the token, or a wrong key -> Invalid QR code.", async () => {
      const token = tokens.get(table)!;
      for (const [tableId, query] of [
        [table, signed(token)],
        [token, signed(String(table))],
        [token, signed(token, 'not-the-key')],
      ] as const) {
        const diner = server.client();
        const refused = await refusal(check(diner, DEMO.warungSari, tableId, query));
        expect(refused).toBeInstanceOf(InvalidQr);
        expect(diner.tableTicket()).toBeUndefined();
      }
    });

    it("tableLinks 'token': a validly signed QR of the numeric id -> 404; of the token -> the table", async () => {
      await setTableLinks(DEMO.warungSari, 'token');
      try {
        const refused = await refusal(check(server.client(), DEMO.warungSari, table, signed(String(table))));
        expect(refused).toBeInstanceOf(InvalidQr);
        const token = tokens.get(table)!;
        expect((await check(server.client(), DEMO.warungSari, token, signed(token))).table_id).toBe(table);
      } finally {
        await setTableLinks(DEMO.warungSari, null);
      }
    });
  });

  it('a bad tableLinks value -> counted as token (numeric ids refused)', async () => {
    await db()
      .update(restaurants)
      .set({ settings: sql`${restaurants.settings} || '{"tableLinks":"tokens"}'::jsonb` })
      .where(eq(restaurants.id, DEMO.menuBesar));
    try {
      const first = DEMO.tables.menuBesar.first;
      expect(await refusal(check(server.client(), DEMO.menuBesar, first))).toBeInstanceOf(InvalidQr);
      expect((await check(server.client(), DEMO.menuBesar, tokens.get(first)!)).table_id).toBe(first);
    } finally {
      await setTableLinks(DEMO.menuBesar, null);
    }
  });

  it('the legacy sticker link with a token -> the menu with that token, whose table check passes; a malformed tableId -> 400', async () => {
    const token = tokens.get(FIRST + 2)!;
    const redirect = await server.app.inject({
      method: 'GET',
      url: `/set_restaurant_qr.php?restaurant_id=${DEMO.kopitiamAli}&tid=${token}`,
    });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/r/kopitiam-ali/1?source=qr&tableId=${token}&tableNo=${token}`);
    const to = new URL(redirect.headers.location as string, server.baseUrl);
    expect((await check(server.client(), DEMO.kopitiamAli, to.searchParams.get('tableId')!)).table_no).toBe(
      'T3',
    );
    for (const bad of [token.toUpperCase(), token.slice(1), 'T3']) {
      const response = await fetch(`${server.baseUrl}/api/restaurant/new/${DEMO.kopitiamAli}/tables/${bad}`);
      expect(response.status, bad).toBe(400);
    }
  });
});
