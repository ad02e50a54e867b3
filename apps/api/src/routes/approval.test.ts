/**
 * A manager's approval of a sensitive staff action (apps/api docs/audit.md, "Manager approval"), on
 * both engines: a manager sets a PIN with their password; a server's cancel of a paid order needs a
 * manager's PIN and a reason (403 without, nothing changed), a wrong PIN is 422 with the tries left,
 * 5 wrong ones lock that manager's PIN for 15 minutes (429, the right PIN too), counted exactly under
 * a burst; the right PIN moves the order and the audit record names the approver and the reason; a
 * manager's own cancel or refund needs only a reason; another restaurant's manager never approves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { cart, orders, payments, staff, tabs } from '@santap/contract';
import { ORDER_STATUS } from '@santap/domain';
import { auditRecords, orders as ordersTable, rateLimits, staffPins } from '../db/schema';
import { DEMO, DEMO_STAFF_PASSWORD } from '../seed/ids';
import { ENGINES, RELAXED_LIMITS, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { addPlainItem, scanTable } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { refusal } from '../../test/refusal';

const PIN = '482913';
const MANAGER = 'kopitiam-ali-manager';

describe.each(ENGINES)('manager approval on %s', (engine) => {
  let server: TestServer;
  let manager: Client;
  let kitchen: Client;
  let waiter: Client;
  let otherManager: Client;
  let table = 5001;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: {
        limits: { ...RELAXED_LIMITS, approvalPinFailuresPerManager: { max: 5, windowSeconds: 900 } },
      },
    });
    manager = await login(MANAGER);
    kitchen = await login('kopitiam-ali-kitchen');
    otherManager = await login('warung-sari-manager');
    await manager.call(staff.staffCreateAccount, {
      body: { username: 'approval-server', password: 'server-pass-1', role: 'server' },
    });
    waiter = await login('approval-server', 'server-pass-1');
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.db.database.db;

  async function login(username: string, password = DEMO_STAFF_PASSWORD) {
    const session = await server.client().call(staff.staffLogin, { body: { username, password } });
    return server.client({ authToken: session.token });
  }

  /** A dine-in order of a new diner at kopitiam-ali, paid in cash at the counter when `paid`. */
  async function order(paid: boolean) {
    const diner = server.client();
    const tableId = table++;
    await addPlainItem(diner, 'kopitiam-ali');
    await scanTable(diner, DEMO.kopitiamAli, tableId);
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId } },
    });
    const placed = await diner.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
    });
    if (paid) {
      await manager.call(payments.directPayment, { body: { order_id: placed.order_id, method: 'Cash' } });
    }
    return placed.order_id;
  }

  const statusOf = async (orderId: number) =>
    (await db().select().from(ordersTable).where(eq(ordersTable.id, orderId)))[0]!.status;
  const recordsOf = (orderId: number, action: string) =>
    db()
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.subjectId, String(orderId)), eq(auditRecords.action, action)))
      .orderBy(asc(auditRecords.id));
  const cancel = (
    client: Client,
    orderId: number,
    approval?: { manager?: string; pin?: string; reason: string },
  ) =>
    client.call(staff.staffOrderStatus, {
      params: { orderId },
      body: { status: ORDER_STATUS.CANCELLED, ...(approval ? { approval } : {}) },
    });
  /** Lets the PIN limit's window of every manager run out. */
  const nextWindow = () => server.clock.advance(16 * 60);

  it('a manager sets a PIN with the current password (hash only); a wrong password, a kitchen account or a bad PIN is refused', async () => {
    expect(
      (
        await refusal(
          kitchen.call(staff.staffSetPin, { body: { current_password: DEMO_STAFF_PASSWORD, pin: PIN } }),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await refusal(manager.call(staff.staffSetPin, { body: { current_password: 'wrong-pass', pin: PIN } })))
        .statusCode,
    ).toBe(403);
    for (const pin of ['123', '1234567', '12a4']) {
      expect(
        (
          await refusal(
            manager.call(staff.staffSetPin, { body: { current_password: DEMO_STAFF_PASSWORD, pin } }),
          )
        ).statusCode,
      ).toBe(400);
    }
    expect(await db().select().from(staffPins)).toEqual([]);
    expect(
      await manager.call(staff.staffSetPin, { body: { current_password: DEMO_STAFF_PASSWORD, pin: PIN } }),
    ).toEqual({ pin_set: true });
    await otherManager.call(staff.staffSetPin, { body: { current_password: DEMO_STAFF_PASSWORD, pin: PIN } });
    const rows = await db().select().from(staffPins);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.pinHash).toMatch(/^scrypt\$/);
      expect(row.pinHash).not.toContain(PIN);
    }
    expect(rows[0]!.pinHash).not.toBe(rows[1]!.pinHash);
  });

  it("a server's cancel of a paid order without an approval -> 403 approval.error.needed, nothing changed", async () => {
    const orderId = await order(true);
    const refused = await refusal(cancel(waiter, orderId));
    expect([refused.statusCode, refused.code]).toEqual([403, 'approval.error.needed']);
    expect((refused as { details?: unknown }).details).toEqual({ approval: 'manager_pin' });
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.WAITING_CONFIRMATION);
    expect(await recordsOf(orderId, 'order.cancel')).toEqual([]);
    // An unpaid order's cancel stays the manager's alone (not an approval question).
    const unpaid = await order(false);
    expect((await refusal(cancel(waiter, unpaid))).code).toBe('errors.forbidden');
  });

  it('wrong PINs -> 422 with the tries left; the 6th try is locked (429) even with the right PIN; after the window the right PIN cancels, the record names the approver and reason', async () => {
    nextWindow();
    const orderId = await order(true);
    const left: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const wrong = await refusal(
        cancel(waiter, orderId, { manager: MANAGER, pin: '000000', reason: 'Diner left' }),
      );
      expect([wrong.statusCode, wrong.code]).toEqual([422, 'approval.error.pinWrong']);
      left.push((wrong as { details?: { tries_left?: number } }).details?.tries_left);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const locked = await refusal(
      cancel(waiter, orderId, { manager: MANAGER, pin: PIN, reason: 'Diner left' }),
    );
    expect([locked.statusCode, locked.code]).toEqual([429, 'approval.error.pinLocked']);
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.WAITING_CONFIRMATION);
    expect(await recordsOf(orderId, 'order.cancel')).toEqual([]);

    nextWindow();
    const done = await cancel(waiter, orderId, { manager: MANAGER, pin: PIN, reason: '  Diner left  ' });
    expect(done.status).toBe(ORDER_STATUS.CANCELLED);
    const [record, ...more] = await recordsOf(orderId, 'order.cancel');
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      actorUsername: 'approval-server',
      actorRole: 'server',
      reason: 'Diner left',
      after: { status: ORDER_STATUS.CANCELLED, approved_by: MANAGER },
    });
  });

  it("another restaurant's manager and PIN never approve; a missing PIN asks for one", async () => {
    nextWindow();
    const orderId = await order(true);
    const other = await refusal(
      cancel(waiter, orderId, { manager: 'warung-sari-manager', pin: PIN, reason: 'Diner left' }),
    );
    expect([other.statusCode, other.code]).toEqual([422, 'approval.error.pinWrong']);
    const noPin = await refusal(cancel(waiter, orderId, { manager: MANAGER, reason: 'Diner left' }));
    expect([noPin.statusCode, noPin.code]).toEqual([403, 'approval.error.needed']);
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.WAITING_CONFIRMATION);
  });

  it("a manager's own cancel of a paid order -> 400 without a reason, done with one (approved_by themselves)", async () => {
    const orderId = await order(true);
    const refused = await refusal(cancel(manager, orderId));
    expect([refused.statusCode, refused.code]).toEqual([400, 'approval.error.reasonNeeded']);
    expect((refused as { details?: unknown }).details).toEqual({ approval: 'reason' });
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.WAITING_CONFIRMATION);
    await cancel(manager, orderId, { reason: 'Double order' });
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.CANCELLED);
    expect((await recordsOf(orderId, 'order.cancel'))[0]).toMatchObject({
      reason: 'Double order',
      after: { status: ORDER_STATUS.CANCELLED, approved_by: MANAGER },
    });
  });

  it("a manager's refund -> 400 without a reason, done with one; a server's needs the PIN", async () => {
    nextWindow();
    const orderId = await order(true);
    for (const to of [
      ORDER_STATUS.CONFIRMED,
      ORDER_STATUS.PREPARING,
      ORDER_STATUS.READY,
      ORDER_STATUS.SERVED_OR_PICKED,
      ORDER_STATUS.COMPLETED,
    ]) {
      await manager.call(staff.staffOrderStatus, { params: { orderId }, body: { status: to } });
    }
    const refund = (client: Client, body: Record<string, unknown>) =>
      client.call(staff.staffRefundOrder, { params: { orderId }, body: body as { reason: string } });
    expect((await refusal(refund(manager, { amount: 100 }))).statusCode).toBe(400);
    expect((await refusal(refund(manager, { amount: 100, reason: '   ' }))).statusCode).toBe(400);
    expect((await refusal(refund(waiter, { amount: 100, reason: 'Cold' }))).code).toBe(
      'approval.error.needed',
    );
    expect(await recordsOf(orderId, 'order.refund')).toEqual([]);
    await refund(manager, { amount: 100, reason: 'Cold teh tarik' });
    await refund(waiter, {
      amount: 50,
      reason: 'Missing sugar',
      approval: { manager: MANAGER, pin: PIN, reason: 'Missing sugar' },
    });
    const records = await recordsOf(orderId, 'order.refund');
    expect(
      records.map((r) => [r.actorUsername, r.reason, (r.after as { approved_by?: string }).approved_by]),
    ).toEqual([
      [MANAGER, 'Cold teh tarik', MANAGER],
      ['approval-server', 'Missing sugar', MANAGER],
    ]);
  });

  it("a server's forced close of a tab with money owing -> 403 without the PIN, closed with it; the record names the approver", async () => {
    nextWindow();
    const diner = server.client();
    const tableId = table++;
    await addPlainItem(diner, 'kopitiam-ali');
    await scanTable(diner, DEMO.kopitiamAli, tableId);
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId } },
    });
    const placed = await diner.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
    });
    const { tab } = await diner.call(tabs.tabOfOrder, { query: { order_id: placed.order_id } });
    const close = (body: Record<string, unknown>) =>
      waiter.call(tabs.staffTabClose, { params: { tabId: tab!.tab_id }, body: body as { force: boolean } });
    const refused = await refusal(close({ force: true }));
    expect([refused.statusCode, refused.code]).toEqual([403, 'approval.error.needed']);
    const wrong = await refusal(
      close({ force: true, approval: { manager: MANAGER, pin: '999999', reason: 'Walked out' } }),
    );
    expect([wrong.statusCode, wrong.code]).toEqual([422, 'approval.error.pinWrong']);
    const closed = await close({
      force: true,
      approval: { manager: MANAGER, pin: PIN, reason: 'Walked out' },
    });
    expect(closed.tab.status).toBe('closed');
    const [record] = await db()
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.subjectType, 'tab'), eq(auditRecords.subjectId, String(tab!.tab_id))));
    expect(record).toMatchObject({
      action: 'tab.close_forced',
      actorUsername: 'approval-server',
      reason: 'Walked out',
      after: { status: 'closed', approved_by: MANAGER },
    });
  });

  it('a burst of 8 wrong PINs at once -> exactly 5 judged wrong and 3 locked; the count is 8', async () => {
    nextWindow();
    const orderId = await order(true);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        refusal(cancel(waiter, orderId, { manager: MANAGER, pin: '111111', reason: 'Burst' })),
      ),
    );
    const codes = replies.map((r) => r.code).sort();
    expect(codes.filter((c) => c === 'approval.error.pinWrong')).toHaveLength(5);
    expect(codes.filter((c) => c === 'approval.error.pinLocked')).toHaveLength(3);
    const [row] = await db()
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${`approvalPinFailuresPerManager:${DEMO.kopitiamAli}:${MANAGER}`}`);
    expect(row?.count).toBeGreaterThanOrEqual(5);
    const locked = await refusal(cancel(waiter, orderId, { manager: MANAGER, pin: PIN, reason: 'Burst' }));
    expect(locked.code).toBe('approval.error.pinLocked');
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.WAITING_CONFIRMATION);
  });
});
