/**
 * A table ticket says how the scan proved the table (docs/tabs.md, Joining): `d` a dynamic QR's
 * signature verified, `k` the table's token was scanned. Read here from the tickets the table check
 * really sets, on both engines.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { InvalidQr } from '@santap/api-client';
import { restaurants as restaurantsApi } from '@santap/contract';
import { diningTables, malls } from '../../../db/schema';
import { DEMO, demoQrSecret } from '../../../seed/ids';
import { ENGINES, LUNCHTIME, startTestServer } from '../../../../test/harness';
import type { TestServer } from '../../../../test/harness';
import { refusal } from '../../../../test/refusal';
import { dynamicQrText } from './scan';
import {
  TABLE_TICKET_SECONDS,
  issueTableTicket,
  readTableTicket,
  requireTableTicket,
  tableTicketIsDynamic,
} from './tickets';

describe.each(ENGINES)('table ticket flags on %s', (engine) => {
  let server: TestServer;
  const ctx = () => server.app.santap;
  const tokenOf = async (tableId: number) =>
    (
      await server.db.database.db
        .select({ token: diningTables.token })
        .from(diningTables)
        .where(eq(diningTables.id, tableId))
    )[0]!.token;
  const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);
  /** The v and sig of warung-sari's dynamic QR of table `tableId` (a token or an id), valid an hour. */
  const dynamicQuery = (tableId: string) => {
    const url = new URL(
      dynamicQrText(
        'http://localhost:3000',
        demoQrSecret(DEMO.warungSari),
        { kind: 'table', restaurantId: String(DEMO.warungSari), tableId },
        nowSeconds() + 3600,
      ),
    );
    return { v: url.searchParams.get('v')!, sig: url.searchParams.get('sig')! };
  };
  /** The ticket a fresh browser holds after the table check of `tableId` with `query`. */
  const ticketAfter = async (restaurantId: number, tableId: number | string, query = {}) => {
    const diner = server.client();
    await diner.call(restaurantsApi.restaurantTable, { params: { restaurantId, tableId }, query });
    return diner.tableTicket();
  };

  beforeAll(async () => {
    // warung-sari's plan allows dynamic QRs only; kopitiam-ali's static only.
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    server.clock.set(LUNCHTIME);
  });

  it('static scan by id -> d false, k false', async () => {
    const ticket = await ticketAfter(DEMO.kopitiamAli, 5003);
    expect(readTableTicket(ctx(), ticket)).toEqual({
      restaurantId: DEMO.kopitiamAli,
      tableId: 5003,
      dynamic: false,
      token: false,
    });
  });

  it('static scan by token -> d false, k true; the ticket names the numeric table', async () => {
    const ticket = await ticketAfter(DEMO.kopitiamAli, await tokenOf(5003));
    expect(readTableTicket(ctx(), ticket)).toEqual({
      restaurantId: DEMO.kopitiamAli,
      tableId: 5003,
      dynamic: false,
      token: true,
    });
  });

  it('dynamic QR signed over the token -> d true, k true; signed over the id -> d true, k false', async () => {
    const token = await tokenOf(5101);
    expect(readTableTicket(ctx(), await ticketAfter(DEMO.warungSari, token, dynamicQuery(token)))).toEqual({
      restaurantId: DEMO.warungSari,
      tableId: 5101,
      dynamic: true,
      token: true,
    });
    expect(readTableTicket(ctx(), await ticketAfter(DEMO.warungSari, 5101, dynamicQuery('5101')))).toEqual({
      restaurantId: DEMO.warungSari,
      tableId: 5101,
      dynamic: true,
      token: false,
    });
  });

  it('food-court table by token -> k true, d false', async () => {
    const diner = server.client();
    await diner.call(restaurantsApi.foodCourtTable, {
      params: { mall: DEMO.mall.slug, tableId: await tokenOf(DEMO.tables.mall.first) },
      query: {},
    });
    expect(readTableTicket(ctx(), diner.tableTicket())).toEqual({
      mallId: DEMO.mall.id,
      tableId: DEMO.tables.mall.first,
      dynamic: false,
      token: true,
    });
  });

  it('a ticket written before the flags (no d, no k) -> read as neither dynamic nor token', () => {
    const ticket = issueTableTicket(ctx(), { restaurantId: DEMO.kopitiamAli, tableId: 5003 });
    const body = JSON.parse(Buffer.from(ticket.split('.')[0]!, 'base64url').toString('utf8')) as object;
    expect(Object.keys(body).sort()).toEqual(['e', 'm', 'r', 't']);
    expect(readTableTicket(ctx(), ticket)).toMatchObject({ dynamic: false, token: false });
  });

  it('a static ticket with d=1 written in by hand -> no ticket (the signature covers the flags)', () => {
    const ticket = issueTableTicket(ctx(), { restaurantId: DEMO.kopitiamAli, tableId: 5003 });
    const [encoded, signature] = ticket.split('.');
    const body = JSON.parse(Buffer.from(encoded!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...body, d: 1 })).toString('base64url')}.${signature}`;
    expect(readTableTicket(ctx(), forged)).toBeNull();
    expect(tableTicketIsDynamic(ctx(), forged, { restaurantId: DEMO.kopitiamAli, tableId: 5003 })).toBe(
      false,
    );
  });

  it('tableTicketIsDynamic -> true only for a dynamic scan of that very table, until the ticket ends', async () => {
    const token = await tokenOf(5101);
    const dynamic = await ticketAfter(DEMO.warungSari, token, dynamicQuery(token));
    const here = { restaurantId: DEMO.warungSari, tableId: 5101 };
    expect(tableTicketIsDynamic(ctx(), dynamic, here)).toBe(true);
    expect(tableTicketIsDynamic(ctx(), dynamic, { restaurantId: DEMO.warungSari, tableId: 5102 })).toBe(
      false,
    );
    expect(tableTicketIsDynamic(ctx(), dynamic, { mallId: DEMO.mall.id, tableId: 5101 })).toBe(false);
    expect(tableTicketIsDynamic(ctx(), undefined, here)).toBe(false);
    const staticTicket = await ticketAfter(DEMO.kopitiamAli, await tokenOf(5003));
    expect(tableTicketIsDynamic(ctx(), staticTicket, { restaurantId: DEMO.kopitiamAli, tableId: 5003 })).toBe(
      false,
    );
    expect(requireTableTicket(ctx(), dynamic, here)).toMatchObject({ dynamic: true, token: true });
    server.clock.set(new Date(server.clock.now().getTime() + TABLE_TICKET_SECONDS * 1000));
    expect(tableTicketIsDynamic(ctx(), dynamic, here)).toBe(false);
  });

  it("a mall's tableLinks 'token' -> its numeric ids are refused, its tokens still pass", async () => {
    const set = (value: string | null) =>
      server.db.database.db
        .update(malls)
        .set({
          settings:
            value === null
              ? sql`${malls.settings} - 'tableLinks'`
              : sql`${malls.settings} || ${JSON.stringify({ tableLinks: value })}::jsonb`,
        })
        .where(eq(malls.id, DEMO.mall.id));
    await set('token');
    try {
      const diner = server.client();
      const refused = await refusal(
        diner.call(restaurantsApi.foodCourtTable, {
          params: { mall: DEMO.mall.slug, tableId: DEMO.tables.mall.first },
          query: {},
        }),
      );
      expect(refused).toBeInstanceOf(InvalidQr);
      expect(refused.statusCode).toBe(404);
      expect(diner.tableTicket()).toBeUndefined();
      const table = await diner.call(restaurantsApi.foodCourtTable, {
        params: { mall: DEMO.mall.slug, tableId: await tokenOf(DEMO.tables.mall.first) },
        query: {},
      });
      expect(table.table_id).toBe(DEMO.tables.mall.first);
    } finally {
      await set(null);
    }
  });
});
