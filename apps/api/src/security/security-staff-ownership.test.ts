/**
 * Staff ownership sweep (OWASP API1 for the restaurant side), on both engines: kopitiam-ali (1001) has
 * an order (with a marker in its special request, a line, a dish). Every staff call of the OpenAPI
 * document (the walker of the other sweeps, so a new staff call is swept without editing this file)
 * that takes an order, order line, dish, printer, print job or tab id in its path is made with 1001's ids by another
 * restaurant's manager (warung-sari, 1002), with a body that passes validation where the schema allows.
 * None may succeed or answer 1001's data, and afterwards 1001's order is as it was. The audit trail
 * (which takes no id: the caller's restaurant) read by 1002's manager holds none of 1001's records.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '@santap/contract';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { placeDineInOrder } from '../../test/journeys';
import { menuItems, orderItems, orders, printJobs, printers, tabMembers, tableTabs } from '../db/schema';
import { openApiOperations } from './openapi-operations';
import type { JsonSchema, SweptOperation } from './openapi-operations';

const MARK = 'OwnedByKopitiamAli-k3d5';

describe.each(ENGINES)('staff ownership sweep on %s', (engine) => {
  let server: TestServer;
  let owned: Record<string, number>;
  let operations: SweptOperation[];
  let elsewhere: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const db = server.app.santap.db;
    const { order_id: orderId } = await placeDineInOrder(server.client());
    await db.update(orders).set({ specialNote: MARK }).where(eq(orders.id, orderId));
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    owned = {
      orderId,
      order_id: orderId,
      orderItemId: line!.id,
      order_item_id: line!.id,
      itemId: line!.itemId,
    };
    elsewhere = (
      await server
        .client()
        .call(staff.staffLogin, { body: { username: 'warung-sari-manager', password: 'santap-demo' } })
    ).token;
    // 1001's printer and a job of it (a reprint of its order), for the printer calls.
    const manager = server.client({
      authToken: (
        await server
          .client()
          .call(staff.staffLogin, { body: { username: 'kopitiam-ali-manager', password: 'santap-demo' } })
      ).token,
    });
    const { printer } = await manager.call(staff.staffCreatePrinter, {
      body: {
        name: MARK,
        station: null,
        connection: 'tablet_usb',
        paper_width: 80,
        language: 'en',
        prints: ['order_new'],
        copies: 1,
        printer_only: false,
      },
    });
    const { jobs } = await manager.call(staff.staffReprint, { params: { orderId }, body: {} });
    owned.printerId = printer.printer_id;
    owned.printer_id = printer.printer_id;
    owned.jobId = jobs[0]!.job_id;
    // The table's tab the order opened (apps/api docs/tabs.md), and its first member.
    const [placed] = await db.select().from(orders).where(eq(orders.id, orderId));
    owned.tabId = placed!.tabId!;
    owned.memberId = placed!.tabMemberId!;
    operations = (await openApiOperations(server.baseUrl)).filter(
      (op) => op.access === 'staff' && /\{(orderId|orderItemId|itemId|printerId|jobId|tabId)\}/.test(op.path),
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** A value for a body schema that validates where it can: 1001's ids by name, else a plain value. */
  function sample(name: string, schema: JsonSchema | undefined): unknown {
    if (name in owned) return owned[name];
    if (!schema) return undefined;
    if (schema.enum?.length) return schema.enum[0];
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (schema.anyOf?.length)
      return sample(
        name,
        schema.anyOf.find((s) => s.type !== 'null'),
      );
    switch (type) {
      case 'boolean':
        return true;
      case 'integer':
      case 'number':
        return 1;
      case 'string':
        // A manager approval's PIN is digits (contract staff/approval.ts), so the body still validates.
        return name === 'pin' ? '1234' : 'kitchen sweep';
      case 'array':
        return [sample(name, schema.items)];
      case 'object':
        return Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, sample(key, inner)]),
        );
      default:
        return undefined;
    }
  }

  it("every staff call on an order, line, dish, printer or print job of 1001, as 1002's manager -> refused, never 1001's data, nothing changed", async () => {
    const swept = operations.map((op) => op.operation.operationId);
    for (const id of [
      'staff.orderStatus',
      'staff.declineItem',
      'staff.orderKitchen',
      'staff.refundOrder',
      'staff.dishPhoto',
      'staff.updatePrinter',
      'staff.deletePrinter',
      'staff.reprint',
      'staff.tabletNextJob',
      'staff.tabletJobDone',
      'staff.tabAdmit',
      'staff.tabClose',
    ])
      expect(swept).toContain(id);

    const db = server.app.santap.db;
    const before = {
      order: await db.select().from(orders).where(eq(orders.id, owned.orderId!)),
      lines: await db.select().from(orderItems).where(eq(orderItems.orderId, owned.orderId!)),
      dish: await db.select().from(menuItems).where(eq(menuItems.id, owned.itemId!)),
      printer: await db.select().from(printers).where(eq(printers.id, owned.printerId!)),
      jobs: await db.select().from(printJobs).where(eq(printJobs.printerId, owned.printerId!)),
      tab: await db.select().from(tableTabs).where(eq(tableTabs.id, owned.tabId!)),
      members: await db.select().from(tabMembers).where(eq(tabMembers.tabId, owned.tabId!)),
    };
    const answers: string[] = [];
    for (const op of operations) {
      const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => String(owned[name] ?? 1));
      const schema = op.operation.requestBody?.content['application/json'].schema;
      const body = schema ? sample('body', schema) : undefined;
      const response = await fetch(`${server.baseUrl}${url}`, {
        method: op.method,
        headers: {
          authorization: `Bearer ${elsewhere}`,
          'idempotency-key': `sweep-${op.operation.operationId}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      answers.push(`${op.operation.operationId} ${response.status}`);
      expect(response.status, `${op.method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(text).not.toContain(MARK);
    }
    // The kitchen call's body validates, so it reached the ownership check: 404.
    expect(answers).toContain('staff.orderKitchen 404');
    expect(answers).toContain('staff.orderStatus 404');
    expect(answers).toContain('staff.dishPhoto 404');
    for (const id of [
      'staff.updatePrinter',
      'staff.deletePrinter',
      'staff.reprint',
      'staff.tabletNextJob',
      'staff.tabAdmit',
      'staff.tabClose',
    ])
      expect(answers).toContain(`${id} 404`);
    expect(await db.select().from(orders).where(eq(orders.id, owned.orderId!))).toEqual(before.order);
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, owned.orderId!))).toEqual(
      before.lines,
    );
    expect(await db.select().from(menuItems).where(eq(menuItems.id, owned.itemId!))).toEqual(before.dish);
    expect(await db.select().from(printers).where(eq(printers.id, owned.printerId!))).toEqual(before.printer);
    expect(await db.select().from(printJobs).where(eq(printJobs.printerId, owned.printerId!))).toEqual(
      before.jobs,
    );
    expect(await db.select().from(tableTabs).where(eq(tableTabs.id, owned.tabId!))).toEqual(before.tab);
    expect(await db.select().from(tabMembers).where(eq(tabMembers.tabId, owned.tabId!))).toEqual(
      before.members,
    );
    console.log(`staff ownership sweep (${engine}): ${answers.join(', ')}`);
  });

  it("the audit trail (staff.audit, staff.auditExceptions) as 1002's manager -> 1002's records only, never 1001's (its printer's name)", async () => {
    const read = async (token: string) =>
      Promise.all(
        ['/api/staff/audit?limit=200', '/api/staff/audit/exceptions?date=2026-11-23'].map(async (path) => {
          const response = await fetch(`${server.baseUrl}${path}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return { status: response.status, text: await response.text() };
        }),
      );
    for (const answer of await read(elsewhere)) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(MARK);
    }
    // The same read by 1001's manager does show it: the check above can fail.
    const own = (
      await server
        .client()
        .call(staff.staffLogin, { body: { username: 'kopitiam-ali-manager', password: 'santap-demo' } })
    ).token;
    expect((await read(own))[0]!.text).toContain(MARK);
  });
});
