/**
 * The audit trail (apps/api docs/audit.md), on both engines: each staff money or order action and each
 * change to the menu, settings, staff accounts and printers writes exactly one record with its actor,
 * changed fields and reason; a refused action writes none; the table refuses UPDATE, DELETE and
 * TRUNCATE; the manager's list filters and pages; another restaurant sees nothing; kitchen and server 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { audit, cart, orders, payments, staff, tabs } from '@santap/contract';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import { auditRecords } from '../db/schema';
import { DEMO, DEMO_STAFF_PASSWORD } from '../seed/ids';
import { recordAudit, shortUserAgent } from '../services/model/audit';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { addPlainItem, scanTable } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { refusal } from '../../test/refusal';

const words = (key: string, values?: Record<string, string | number>) =>
  createTranslator('en')(key as TranslationKey, values);

/** The business day of the harness's LUNCHTIME in Kuala Lumpur. */
const TODAY = '2026-11-23';

describe.each(ENGINES)('audit trail on %s', (engine) => {
  let server: TestServer;
  let manager: Client;
  let managerId: number;
  let kitchen: Client;
  let kitchenId: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: manager, id: managerId } = await login('kopitiam-ali-manager'));
    ({ client: kitchen, id: kitchenId } = await login('kopitiam-ali-kitchen'));
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.db.database.db;

  async function login(username: string, password = DEMO_STAFF_PASSWORD) {
    const session = await server.client().call(staff.staffLogin, { body: { username, password } });
    return {
      client: server.client({ authToken: session.token }),
      id: session.staff.staff_id,
      token: session.token,
    };
  }

  /** The records of one subject, oldest first. */
  const recordsOf = (type: string, id: number | string) =>
    db()
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.subjectType, type), eq(auditRecords.subjectId, String(id))))
      .orderBy(asc(auditRecords.id));
  const countAll = async () =>
    Number(
      (
        await db()
          .select({ n: sql<number>`count(*)` })
          .from(auditRecords)
      )[0]!.n,
    );

  /** A dine-in pay-later order of a new diner at kopitiam-ali's table `tableId`. */
  async function dineIn(tableId: number) {
    const diner = server.client();
    await addPlainItem(diner, 'kopitiam-ali');
    await scanTable(diner, DEMO.kopitiamAli, tableId);
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId } },
    });
    const placed = await diner.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
    });
    return { diner, placed };
  }

  const move = (client: Client, orderId: number, status: number) =>
    client.call(staff.staffOrderStatus, { params: { orderId }, body: { status } });

  it('a kitchen decline and a manager cancel -> one record each: actor, role, session, status before and after', async () => {
    const declined = (await dineIn(5001)).placed;
    await move(kitchen, declined.order_id, ORDER_STATUS.DECLINED);
    const [record, ...more] = await recordsOf('order', declined.order_id);
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      restaurantId: DEMO.kopitiamAli,
      actor: `staff:${kitchenId}`,
      actorUsername: 'kopitiam-ali-kitchen',
      actorRole: 'kitchen',
      action: 'order.decline',
      before: { status: ORDER_STATUS.WAITING_CONFIRMATION },
      after: { status: ORDER_STATUS.DECLINED },
      reason: null,
      ip: '127.0.0.1',
    });
    expect(record!.device).toMatch(/^session:[0-9a-f]{12}$/);
    expect(record!.at.toISOString()).toBe(server.clock.now().toISOString());

    const cancelled = (await dineIn(5002)).placed;
    await move(manager, cancelled.order_id, ORDER_STATUS.CONFIRMED);
    await move(manager, cancelled.order_id, ORDER_STATUS.CANCELLED);
    const moves = await recordsOf('order', cancelled.order_id);
    expect(moves.map((row) => [row.action, row.actor, row.before, row.after])).toEqual([
      [
        'order.status',
        `staff:${managerId}`,
        { status: ORDER_STATUS.WAITING_CONFIRMATION },
        { status: ORDER_STATUS.CONFIRMED },
      ],
      [
        'order.cancel',
        `staff:${managerId}`,
        { status: ORDER_STATUS.CONFIRMED },
        { status: ORDER_STATUS.CANCELLED },
      ],
    ]);
  });

  it('refused moves (wrong role, move not in the table, another restaurant) -> no record', async () => {
    const { placed } = await dineIn(5003);
    const before = await countAll();
    const server_ = await refusal(move(kitchen, placed.order_id, ORDER_STATUS.COMPLETED));
    expect(server_.statusCode).toBe(403);
    expect((await refusal(move(manager, placed.order_id, ORDER_STATUS.COMPLETED))).statusCode).toBe(422);
    const elsewhere = (await login('warung-sari-manager')).client;
    expect((await refusal(move(elsewhere, placed.order_id, ORDER_STATUS.CANCELLED))).statusCode).toBe(404);
    expect(await countAll()).toBe(before);
  });

  it('item declined, counter payment, refund with its reason -> one record each; a refused refund writes none', async () => {
    const { placed } = await dineIn(5004);
    const [line] = (await manager.call(staff.staffOrders, { query: { order_id: placed.order_id } }))
      .orders[0]!.items;
    await manager.call(staff.staffDeclineItem, {
      params: { orderId: placed.order_id, orderItemId: line!.order_item_id },
    });
    const paid = await manager.call(payments.directPayment, {
      body: { order_id: placed.order_id, method: 'Cash' },
    });
    for (const to of [
      ORDER_STATUS.CONFIRMED,
      ORDER_STATUS.PREPARING,
      ORDER_STATUS.READY,
      ORDER_STATUS.SERVED_OR_PICKED,
      ORDER_STATUS.COMPLETED,
    ])
      await move(manager, placed.order_id, to);
    const before = await countAll();
    const tooMuch = await refusal(
      manager.call(staff.staffRefundOrder, {
        params: { orderId: placed.order_id },
        body: { amount: paid.amount + 1, reason: 'Too much' },
      }),
    );
    expect(tooMuch.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMuch.statusCode).toBeLessThan(500);
    expect(
      (
        await refusal(
          kitchen.call(staff.staffRefundOrder, {
            params: { orderId: placed.order_id },
            body: { reason: 'x' },
          }),
        )
      ).statusCode,
    ).toBe(403);
    expect(await countAll()).toBe(before);
    await manager.call(staff.staffRefundOrder, {
      params: { orderId: placed.order_id },
      body: { amount: 100, reason: 'Cold teh tarik' },
    });

    const rows = await recordsOf('order', placed.order_id);
    const of = (action: string) => rows.filter((row) => row.action === action);
    expect(of('order.item_decline')).toEqual([
      expect.objectContaining({
        before: { order_item_id: line!.order_item_id, status: 'active' },
        after: { order_item_id: line!.order_item_id, status: 'declined' },
      }),
    ]);
    expect(of('payment.counter')).toEqual([
      expect.objectContaining({
        actor: `staff:${managerId}`,
        before: { payment_status: 'unpaid', paid_amount: 0 },
        after: {
          payment_status: 'paid',
          paid_amount: paid.amount,
          payment_id: paid.payment_id,
          method: 'Cash',
          amount: paid.amount,
        },
      }),
    ]);
    expect(of('order.status')).toHaveLength(5);
    expect(of('order.refund')).toEqual([
      expect.objectContaining({
        reason: 'Cold teh tarik',
        before: { refundable: paid.amount },
        after: expect.objectContaining({ refunded: 100, refundable: paid.amount - 100 }),
      }),
    ]);
  });

  it("a tab taken in cash and closed, another force-closed with money owing -> tab.cash, tab.close, tab.close_forced; a server can't force", async () => {
    const first = await dineIn(5008);
    const { tab } = await first.diner.call(tabs.tabOfOrder, { query: { order_id: first.placed.order_id } });
    const cash = await manager.call(tabs.staffTabCash, {
      params: { tabId: tab!.tab_id },
      body: { method: 'Cash' },
    });
    await manager.call(tabs.staffTabClose, { params: { tabId: tab!.tab_id }, body: {} });
    expect((await recordsOf('tab', tab!.tab_id)).map((row) => [row.action, row.before, row.after])).toEqual([
      [
        'tab.cash',
        { left: cash.share.settles },
        {
          left: 0,
          share_id: cash.share.share_id,
          payment_id: expect.any(Number),
          method: 'Cash',
          amount: cash.share.amount,
        },
      ],
      ['tab.close', { status: 'open', owing: 0 }, { status: 'closed' }],
    ]);

    const second = await dineIn(5009);
    const open = (await second.diner.call(tabs.tabOfOrder, { query: { order_id: second.placed.order_id } }))
      .tab!;
    await manager.call(staff.staffCreateAccount, {
      body: { username: 'audit-server', password: 'server-pass-1', role: 'server' },
    });
    const server_ = (await login('audit-server', 'server-pass-1')).client;
    const before = await countAll();
    expect(
      (await refusal(manager.call(tabs.staffTabClose, { params: { tabId: open.tab_id }, body: {} }))).code,
    ).toBe('tab.error.notSettled');
    expect(
      (
        await refusal(
          server_.call(tabs.staffTabClose, { params: { tabId: open.tab_id }, body: { force: true } }),
        )
      ).statusCode,
    ).toBe(403);
    expect(await countAll()).toBe(before);
    // A forced close takes the manager's reason (docs/audit.md, "Manager approval").
    await manager.call(tabs.staffTabClose, {
      params: { tabId: open.tab_id },
      body: { force: true, approval: { reason: 'Walked out' } },
    });
    expect(await recordsOf('tab', open.tab_id)).toEqual([
      expect.objectContaining({
        action: 'tab.close_forced',
        actor: `staff:${managerId}`,
        reason: 'Walked out',
        before: { status: 'open', owing: open.left },
        after: { status: 'closed', approved_by: 'kopitiam-ali-manager' },
      }),
    ]);
  });

  it('menu: a price change, a rename, stock, an import -> menu.price, menu.item, menu.stock, menu.import with only the changed fields', async () => {
    const dish = DEMO.items.kopitiamAli.rotiCanai;
    const [row] = await recordsOf('menu_item', dish);
    expect(row).toBeUndefined();
    const current = (await manager.call(staff.staffMenu, {})).items.find((item) => item.id === dish)!;
    await manager.call(staff.staffUpdateItem, {
      params: { itemId: dish },
      body: { price: current.price + 20 },
    });
    await manager.call(staff.staffUpdateItem, {
      params: { itemId: dish },
      body: { names: { ...current.names, en: 'Roti canai (2 pcs)' } },
    });
    await kitchen.call(staff.staffItemStock, { params: { itemId: dish }, body: { in_stock: false } });
    // A refused edit (another restaurant's category): no record.
    await refusal(
      manager.call(staff.staffUpdateItem, { params: { itemId: dish }, body: { category_id: 1002001 } }),
    );
    expect((await recordsOf('menu_item', dish)).map((r) => [r.action, r.actor, r.before, r.after])).toEqual([
      ['menu.price', `staff:${managerId}`, { price: current.price }, { price: current.price + 20 }],
      [
        'menu.item',
        `staff:${managerId}`,
        { names: current.names },
        { names: { ...current.names, en: 'Roti canai (2 pcs)' } },
      ],
      ['menu.stock', `staff:${kitchenId}`, { in_stock: true }, { in_stock: false }],
    ]);

    const csv = [
      'category,name_en,name_id,name_my,price,order_types',
      'Snacks,Kuih Audit,Kuih Audit,Kuih Audit,3.50,',
    ];
    await manager.call(staff.staffMenuImport, { body: { format: 'csv', content: csv.join('\n') } });
    expect(await recordsOf('menu', DEMO.kopitiamAli)).toEqual([
      expect.objectContaining({
        action: 'menu.import',
        before: { prices: {} },
        after: { prices: {}, created: 1, updated: 0, categories_created: 1 },
      }),
    ]);
  });

  it('staff accounts and printers -> staff.account and printer.change, never a password or its hash', async () => {
    const created = await manager.call(staff.staffCreateAccount, {
      body: { username: 'audit-business', password: 'business-pass-1', role: 'business' },
    });
    await manager.call(staff.staffUpdateAccount, {
      params: { staffId: created.staff_id },
      body: { disabled: true, password: 'another-pass-2' },
    });
    const accounts = await recordsOf('staff', created.staff_id);
    expect(accounts.map((r) => [r.action, r.before, r.after])).toEqual([
      ['staff.account', null, { username: 'audit-business', role: 'business', disabled: false }],
      ['staff.account', { disabled: false }, { disabled: true, password: 'reset' }],
    ]);
    const { printer } = await manager.call(staff.staffCreatePrinter, {
      body: {
        name: 'Pass',
        station: null,
        connection: 'cloudprnt',
        paper_width: 80,
        language: 'en',
        prints: ['order_new'],
        copies: 1,
        printer_only: false,
      },
    });
    const rotated = await manager.call(staff.staffUpdatePrinter, {
      params: { printerId: printer.printer_id },
      body: { copies: 2, rotate_password: true },
    });
    await manager.call(staff.staffDeletePrinter, { params: { printerId: printer.printer_id } });
    const changes = await recordsOf('printer', printer.printer_id);
    expect(changes.map((r) => r.action)).toEqual(['printer.change', 'printer.change', 'printer.change']);
    expect(changes[0]!.before).toBeNull();
    expect(changes[0]!.after).toMatchObject({ name: 'Pass', connection: 'cloudprnt', copies: 1 });
    expect(changes[1]).toMatchObject({ before: { copies: 1 }, after: { copies: 2, password: 'rotated' } });
    expect(changes[2]).toMatchObject({ before: { name: 'Pass' }, after: { deleted: true } });
    const text = JSON.stringify([...accounts, ...changes]);
    for (const secret of ['business-pass-1', 'another-pass-2', rotated.password!, 'scrypt', 'Hash'])
      expect(text).not.toContain(secret);
  });

  it('pausing orders -> orders.pause with the pause before and after', async () => {
    await kitchen.call(staff.staffPauseOrders, { body: { minutes: 15 } });
    await kitchen.call(staff.staffPauseOrders, { body: { minutes: 0 } });
    const until = new Date(server.clock.now().getTime() + 15 * 60_000).toISOString();
    expect(
      (await recordsOf('restaurant', DEMO.kopitiamAli)).map((r) => [r.action, r.before, r.after]),
    ).toEqual([
      ['orders.pause', { paused_until: null }, { paused_until: until }],
      ['orders.pause', { paused_until: until }, { paused_until: null }],
    ]);
  });

  it("photos: a dish's -> menu.item, the restaurant's -> settings.change, the photo's hash before and after; a refused upload writes none", async () => {
    const token = (await login('kopitiam-ali-manager')).token;
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    const upload = (path: string, body: Buffer) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
        body,
      });
    const dish = DEMO.items.kopitiamAli.tehTarik;
    const before = await countAll();
    expect((await upload(`/api/staff/menu/items/${dish}/photo`, Buffer.from('not a jpeg'))).status).toBe(415);
    expect(
      (await upload(`/api/staff/menu/items/${DEMO.items.warungSari.nasiGoreng}/photo`, image)).status,
    ).toBe(404);
    expect(await countAll()).toBe(before);
    expect((await upload(`/api/staff/menu/items/${dish}/photo`, image)).status).toBe(200);
    expect((await upload('/api/staff/restaurant/photo', image)).status).toBe(200);
    const [dishRecord, ...moreDish] = await recordsOf('menu_item', dish);
    expect(moreDish).toEqual([]);
    expect(dishRecord).toMatchObject({ action: 'menu.item', before: { photo: null } });
    expect(dishRecord!.after).toEqual({ photo: expect.stringMatching(/^[0-9a-f]{8,}$/) });
    const place = (await recordsOf('restaurant', DEMO.kopitiamAli)).filter(
      (r) => r.action === 'settings.change',
    );
    expect(place).toEqual([
      expect.objectContaining({ before: { photo: null }, after: { photo: dishRecord!.after!.photo } }),
    ]);
  });

  it('recordAudit in a transaction that fails -> nothing kept (the record commits with the action or not at all)', async () => {
    const before = await countAll();
    await expect(
      db().transaction(async (tx) => {
        await recordAudit(tx, {
          by: 'system',
          at: server.clock.now(),
          action: 'settings.change',
          subject: ['restaurant', DEMO.kopitiamAli],
          restaurantId: DEMO.kopitiamAli,
          after: { x: 1 },
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await countAll()).toBe(before);
  });

  it('UPDATE, DELETE and TRUNCATE of audit_records -> refused by the database, the records as they were', async () => {
    const before = await db().select().from(auditRecords).orderBy(asc(auditRecords.id));
    expect(before.length).toBeGreaterThan(0);
    const first = before[0]!.id;
    for (const statement of [
      sql`update audit_records set reason = 'edited' where id = ${first}`,
      sql`update audit_records set restaurant_id = restaurant_id`,
      sql`delete from audit_records where id = ${first}`,
      sql`delete from audit_records`,
      sql`truncate audit_records`,
    ]) {
      const error: unknown = await db()
        .execute(statement)
        .then(
          () => null,
          (thrown: unknown) => thrown,
        );
      // Drizzle wraps the driver's error: the database's own words are its cause.
      const cause = (error as { cause?: { message?: string } } | null)?.cause;
      expect(cause?.message ?? String(error)).toMatch(
        /audit_records is append-only: (UPDATE|DELETE|TRUNCATE) refused/,
      );
    }
    expect(await db().select().from(auditRecords).orderBy(asc(auditRecords.id))).toEqual(before);
  });

  it('the list: newest first, filtered by action area, actor and subject, paged by cursor', async () => {
    const all = await manager.call(audit.staffAudit, { query: { limit: 200 } });
    const ids = all.records.map((r) => r.record_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.records.length).toBeGreaterThan(10);
    expect(all.records.every((r) => r.at_epoch > 0 && r.subject.id !== '')).toBe(true);

    const orderArea = await manager.call(audit.staffAudit, { query: { action: 'order', limit: 200 } });
    expect(orderArea.records.length).toBeGreaterThan(0);
    expect(orderArea.records.every((r) => r.action.startsWith('order.'))).toBe(true);
    const refunds = await manager.call(audit.staffAudit, { query: { action: 'order.refund' } });
    expect(refunds.records.map((r) => [r.action, r.reason])).toEqual([['order.refund', 'Cold teh tarik']]);

    const byKitchen = await manager.call(audit.staffAudit, {
      query: { actor: `staff:${kitchenId}`, limit: 200 },
    });
    expect(byKitchen.records.length).toBeGreaterThan(0);
    expect(byKitchen.records.every((r) => r.actor_username === 'kopitiam-ali-kitchen')).toBe(true);

    const dish = DEMO.items.kopitiamAli.rotiCanai;
    const ofDish = await manager.call(audit.staffAudit, {
      query: { subject_type: 'menu_item', subject_id: String(dish) },
    });
    expect(ofDish.records.map((r) => r.action)).toEqual(['menu.stock', 'menu.item', 'menu.price']);

    const page1 = await manager.call(audit.staffAudit, { query: { limit: 3 } });
    expect(page1.records.map((r) => r.record_id)).toEqual(ids.slice(0, 3));
    const page2 = await manager.call(audit.staffAudit, { query: { limit: 3, cursor: page1.next_cursor! } });
    expect(page2.records.map((r) => r.record_id)).toEqual(ids.slice(3, 6));
    const last = await manager.call(audit.staffAudit, { query: { limit: 200, cursor: ids.at(-1)! } });
    expect(last).toEqual({ records: [], next_cursor: null });

    // A day with nothing, inside the range rules.
    expect(
      (await manager.call(audit.staffAudit, { query: { from: '2026-10-01', to: '2026-10-31' } })).records,
    ).toEqual([]);
  });

  it("another restaurant's manager sees none of these; kitchen and server are 403; a business account reads", async () => {
    const elsewhere = (await login('warung-sari-manager')).client;
    const theirs = await elsewhere.call(audit.staffAudit, { query: { limit: 200 } });
    expect(theirs.records.filter((r) => r.actor === `staff:${managerId}`)).toEqual([]);
    expect(theirs.records.every((r) => r.actor_username?.startsWith('warung-sari'))).toBe(true);
    expect((await elsewhere.call(audit.staffAuditExceptions, { query: { date: TODAY } })).exceptions).toEqual(
      [],
    );
    for (const client of [kitchen, (await login('audit-server', 'server-pass-1')).client]) {
      expect((await refusal(client.call(audit.staffAudit, { query: {} }))).statusCode).toBe(403);
      expect(
        (await refusal(client.call(audit.staffAuditExceptions, { query: { date: TODAY } }))).statusCode,
      ).toBe(403);
    }
    await manager.call(staff.staffCreateAccount, {
      body: { username: 'audit-owner', password: 'owner-pass-12', role: 'business' },
    });
    const business = (await login('audit-owner', 'owner-pass-12')).client;
    expect(
      (await business.call(audit.staffAudit, { query: { action: 'order.refund' } })).records,
    ).toHaveLength(1);
    expect((await refusal(server.client().call(audit.staffAudit, { query: {} }))).statusCode).toBe(401);
  });

  it('bad input: a range backwards or past 92 days, an unknown action, subject_id alone -> 400 in words', async () => {
    const range = await refusal(
      manager.call(audit.staffAudit, { query: { from: '2026-11-20', to: '2026-11-10' } }),
    );
    expect(range).toMatchObject({ statusCode: 400, code: MESSAGE.dateRangeInvalid });
    expect(range.message).toBe(words(MESSAGE.dateRangeInvalid, { days: audit.AUDIT_MAX_DAYS }));
    const long = await refusal(
      manager.call(audit.staffAudit, { query: { from: '2026-01-01', to: '2026-11-23' } }),
    );
    expect(long).toMatchObject({ statusCode: 400, code: MESSAGE.dateRangeInvalid });
    // 92 days exactly is allowed.
    await manager.call(audit.staffAudit, { query: { from: '2026-08-24', to: '2026-11-23' } });
    expect(
      await refusal(manager.call(audit.staffAudit, { query: { from: '2026-02-30', to: '2026-03-01' } })),
    ).toMatchObject({ statusCode: 400, code: MESSAGE.dateRangeInvalid });
    for (const query of [
      { action: 'order.nope' },
      { action: 'ord' },
      { actor: 'root' },
      { from: '23-11-2026' },
    ]) {
      const bad = await refusal(manager.call(audit.staffAudit, { query }));
      expect(bad).toMatchObject({ statusCode: 400, code: MESSAGE.invalidInput });
      expect(bad.message).toBe(words(MESSAGE.invalidInput));
    }
    expect(await refusal(manager.call(audit.staffAudit, { query: { subject_id: '5' } }))).toMatchObject({
      statusCode: 400,
      code: MESSAGE.invalidInput,
    });
    expect(
      await refusal(manager.call(audit.staffAuditExceptions, { query: { date: '2026-13-01' } })),
    ).toMatchObject({ statusCode: 400, code: MESSAGE.dateRangeInvalid });
  });

  it("the day's exceptions: voids, cancellations, refunds, forced closes, price changes while open (not one made while closed)", async () => {
    // 04:00 in Kuala Lumpur on the same day: kopitiam-ali is closed (07:00-01:00). A price change then is no exception.
    const dish = DEMO.items.kopitiamAli.nasiLemak;
    const price = (await manager.call(staff.staffMenu, {})).items.find((item) => item.id === dish)!.price;
    const lunch = server.clock.now();
    server.clock.set('2026-11-22T20:00:00Z');
    try {
      await manager.call(staff.staffUpdateItem, { params: { itemId: dish }, body: { price: price + 10 } });
    } finally {
      server.clock.set(lunch);
    }
    const closedChange = (await recordsOf('menu_item', dish))[0]!;
    expect(closedChange.action).toBe('menu.price');

    const { date, exceptions } = await manager.call(audit.staffAuditExceptions, { query: { date: TODAY } });
    expect(date).toBe(TODAY);
    const kinds = exceptions.map((e) => [e.kind, e.action]);
    expect(kinds).toEqual([
      ['void', 'order.decline'],
      ['cancel', 'order.cancel'],
      ['void', 'order.item_decline'],
      ['refund', 'order.refund'],
      ['forced_close', 'tab.close_forced'],
      ['price_change', 'menu.price'],
    ]);
    expect(exceptions.map((e) => e.record_id)).not.toContain(closedChange.id);
    expect(exceptions.find((e) => e.kind === 'refund')).toMatchObject({
      reason: 'Cold teh tarik',
      actor_username: 'kopitiam-ali-manager',
      actor_role: 'manager',
    });
    // The day before and after hold none of them.
    for (const other of ['2026-11-22', '2026-11-24'])
      expect((await manager.call(audit.staffAuditExceptions, { query: { date: other } })).exceptions).toEqual(
        [],
      );
  });
});

describe('shortUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome / Android',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari / iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36 Edg/131.0',
      'Edge / Windows',
    ],
    ['node', 'node'],
    [undefined, null],
  ])('%s -> %s', (agent, short) => {
    expect(shortUserAgent(agent)).toBe(short);
  });
});
