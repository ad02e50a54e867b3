/**
 * The staff calls of printing (apps/api docs/printing.md, "Who may do what"): adding, changing and
 * deleting printers (the manager only), reading them and their jobs (every role), reprints (manager,
 * kitchen, server), another restaurant's printer (404), and the tablet path: a USB printer on a staff
 * tablet takes its jobs from the same queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staff } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import { restaurants } from '../db/schema';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { placeDineInOrder } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { refusal } from '../../test/refusal';
import {
  accountWithRole,
  addPrinter,
  escPosText,
  jobsOf,
  kitchenPrinter,
  staffClient,
} from '../../test/printing-kit';
import { FAILURE, RESEND_AFTER_SECONDS } from '../services/products/printing/queue';

describe.each(ENGINES)('printer staff calls on %s', (engine) => {
  let server: TestServer;
  let manager: Client;
  let kitchen: Client;
  let waiter: Client;
  let business: Client;
  let elsewhere: Client;

  beforeAll(async () => {
    server = await startTestServer(engine);
    manager = await staffClient(server, 'kopitiam-ali-manager');
    kitchen = await staffClient(server, 'kopitiam-ali-kitchen');
    waiter = await accountWithRole(server, manager, 'server');
    business = await accountWithRole(server, manager, 'business');
    elsewhere = await staffClient(server, 'warung-sari-manager');
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a manager adds a cloud printer -> its poll URL, user name and a password shown once; a tablet printer -> none', async () => {
    const star = await addPrinter(server, manager, kitchenPrinter('cloudprnt'));
    expect(star.printer).toMatchObject({
      connection: 'cloudprnt',
      command_set: 'star-prnt',
      state: 'offline',
      poll_url: 'http://localhost:3000/api/printers/cloudprnt',
      username: expect.stringMatching(/^p1001-[a-z0-9]{8}$/),
      queued_jobs: 0,
      failed_jobs: 0,
    });
    expect(star.password).toMatch(/^[A-Za-z0-9]{24}$/);
    const listed = await manager.call(staff.staffPrinters, {});
    expect(JSON.stringify(listed)).not.toContain(star.password!);
    const epson = await addPrinter(server, manager, kitchenPrinter('epson_sdp'));
    expect(epson.printer.poll_url).toBe('http://localhost:3000/api/printers/epson');
    const usb = await addPrinter(server, manager, kitchenPrinter('tablet_usb', { command_set: 'star-prnt' }));
    expect(usb).toMatchObject({
      password: null,
      printer: { poll_url: null, username: null, command_set: 'star-prnt' },
    });
  });

  it('kitchen, server and business roles -> 403 to add, change or delete; every role reads printers and jobs', async () => {
    const { id } = await addPrinter(server, manager, kitchenPrinter('tablet_usb', { name: 'Roles' }));
    for (const member of [kitchen, waiter, business]) {
      expect(
        await refusal(member.call(staff.staffCreatePrinter, { body: kitchenPrinter('cloudprnt') })),
      ).toMatchObject({ statusCode: 403, code: MESSAGE.forbidden });
      expect(
        await refusal(
          member.call(staff.staffUpdatePrinter, { params: { printerId: id }, body: { name: 'x' } }),
        ),
      ).toMatchObject({ statusCode: 403 });
      expect(
        await refusal(member.call(staff.staffDeletePrinter, { params: { printerId: id } })),
      ).toMatchObject({
        statusCode: 403,
      });
      const { printers } = await member.call(staff.staffPrinters, {});
      expect(printers.map((printer) => printer.printer_id)).toContain(id);
      await member.call(staff.staffPrintJobs, { query: {} });
    }
  });

  it("another restaurant's printer -> 404 everywhere; its list never shows ours", async () => {
    const { id } = await addPrinter(server, manager, kitchenPrinter('tablet_usb', { name: 'Ours' }));
    const { order_id: orderId } = await placeDineInOrder(server.client());
    const calls = [
      () =>
        elsewhere.call(staff.staffUpdatePrinter, { params: { printerId: id }, body: { name: 'mine now' } }),
      () =>
        elsewhere.call(staff.staffUpdatePrinter, {
          params: { printerId: id },
          body: { rotate_password: true },
        }),
      () => elsewhere.call(staff.staffDeletePrinter, { params: { printerId: id } }),
      () =>
        elsewhere.call(staff.staffTabletNextJob, { params: { printerId: id }, body: { state: 'online' } }),
      () =>
        elsewhere.call(staff.staffTabletJobDone, {
          params: { printerId: id, jobId: 1 },
          body: { result: 'printed' },
        }),
      () => elsewhere.call(staff.staffReprint, { params: { orderId }, body: {} }),
      () => manager.call(staff.staffReprint, { params: { orderId }, body: { printer_id: 999_999 } }),
    ];
    for (const call of calls)
      expect(await refusal(call())).toMatchObject({ statusCode: 404, code: MESSAGE.notFound });
    const theirs = await elsewhere.call(staff.staffPrinters, {});
    expect(theirs.printers.map((printer) => printer.printer_id)).not.toContain(id);
    expect((await elsewhere.call(staff.staffPrintJobs, { query: { order_id: orderId } })).jobs).toEqual([]);
    expect(
      (await manager.call(staff.staffPrinters, {})).printers.find((p) => p.printer_id === id)?.name,
    ).toBe('Ours');
  });

  it('a station that is not one of the kitchen stations -> 400; one that is -> only its dishes print there', async () => {
    expect(
      await refusal(
        manager.call(staff.staffCreatePrinter, { body: kitchenPrinter('tablet_usb', { station: 'Bar' }) }),
      ),
    ).toMatchObject({ statusCode: 400, code: MESSAGE.invalidInput });
    const db = server.db.database.db;
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, 1001));
    const { order_id: probe } = await placeDineInOrder(server.client());
    const listed = await manager.call(staff.staffOrders, { query: { order_id: probe } });
    const category = listed.orders[0]!.kitchen.lines[0]!.category_id!;
    await db
      .update(restaurants)
      .set({
        settings: {
          ...(row!.settings as Record<string, unknown>),
          kitchen: {
            stations: [
              { name: 'Bar', categoryIds: [category + 1_000_000] },
              { name: 'Wok', categoryIds: [category] },
            ],
          },
        },
      })
      .where(eq(restaurants.id, 1001));
    const bar = await addPrinter(
      server,
      manager,
      kitchenPrinter('tablet_usb', { name: 'Bar', station: 'Bar' }),
    );
    const wok = await addPrinter(
      server,
      manager,
      kitchenPrinter('tablet_usb', { name: 'Wok', station: 'Wok' }),
    );
    const { order_id: orderId } = await placeDineInOrder(server.client());
    const wokJob = await kitchen.call(staff.staffTabletNextJob, {
      params: { printerId: wok.id },
      body: { state: 'online' },
    });
    expect(wokJob.job).not.toBeNull();
    const barJob = await kitchen.call(staff.staffTabletNextJob, {
      params: { printerId: bar.id },
      body: { state: 'online' },
    });
    expect(barJob.job).toBeNull();
    expect(await jobsOf(server, bar.id, orderId)).toEqual([]);
    await db.update(restaurants).set({ settings: row!.settings }).where(eq(restaurants.id, 1001));
  });

  it('the tablet path: poll -> the docket in ESC/POS; unconfirmed -> the same job after 30 s; printed -> done; again -> unchanged', async () => {
    const usb = await addPrinter(
      server,
      manager,
      kitchenPrinter('tablet_usb', { name: 'Tablet', copies: 2 }),
    );
    const { order_id: orderId } = await placeDineInOrder(server.client());
    const poll = (member: Client, state: 'online' | 'paper_out' = 'online') =>
      member.call(staff.staffTabletNextJob, { params: { printerId: usb.id }, body: { state } });
    expect((await poll(kitchen, 'paper_out')).job).toBeNull();
    const listed = await manager.call(staff.staffPrinters, {});
    expect(listed.printers.find((p) => p.printer_id === usb.id)?.state).toBe('paper_out');
    const { job } = await poll(kitchen);
    expect(job).toMatchObject({ kind: 'order_new', command_set: 'esc-pos' });
    const text = escPosText(new Uint8Array(Buffer.from(job!.data_base64, 'base64')));
    expect(text).toContain('Table 3');
    expect((await poll(waiter)).job).toBeNull();
    server.clock.advance(RESEND_AFTER_SECONDS + 1);
    expect((await poll(waiter)).job?.job_id).toBe(job!.job_id);
    expect(await refusal(poll(business))).toMatchObject({ statusCode: 403 });
    const done = { params: { printerId: usb.id, jobId: job!.job_id }, body: { result: 'printed' as const } };
    expect(await kitchen.call(staff.staffTabletJobDone, done)).toEqual({
      job_id: job!.job_id,
      status: 'printed',
    });
    expect(await kitchen.call(staff.staffTabletJobDone, { ...done, body: { result: 'failed' } })).toEqual({
      job_id: job!.job_id,
      status: 'printed',
    });
    expect((await jobsOf(server, usb.id, orderId)).map((row) => [row.status, row.attempts])).toEqual([
      ['printed', 2],
    ]);
  });

  it("a job the tablet reports failed -> listed as failed with why, in the caller's language; a reprint -> printed again, marked", async () => {
    const usb = await addPrinter(server, manager, kitchenPrinter('tablet_usb', { name: 'Flaky' }));
    const { order_id: orderId } = await placeDineInOrder(server.client());
    const { job } = await waiter.call(staff.staffTabletNextJob, {
      params: { printerId: usb.id },
      body: { state: 'online' },
    });
    await waiter.call(staff.staffTabletJobDone, {
      params: { printerId: usb.id, jobId: job!.job_id },
      body: { result: 'failed' },
    });
    const failed = await manager.call(staff.staffPrintJobs, {
      query: { order_id: orderId, status: 'failed' },
    });
    expect(failed.jobs).toEqual([
      expect.objectContaining({
        job_id: job!.job_id,
        failure: createTranslator('en')(FAILURE.reportedFailed),
      }),
    ]);
    const malay = await staffClient(server, 'kopitiam-ali-manager', 'my');
    const inMalay = await malay.call(staff.staffPrintJobs, {
      query: { order_id: orderId, status: 'failed' },
    });
    expect(inMalay.jobs[0]?.failure).toBe(createTranslator('my')(FAILURE.reportedFailed));
    expect(await refusal(business.call(staff.staffReprint, { params: { orderId }, body: {} }))).toMatchObject(
      {
        statusCode: 403,
      },
    );
    const reprint = await waiter.call(staff.staffReprint, {
      params: { orderId },
      body: { printer_id: usb.id },
    });
    expect(reprint.jobs).toEqual([
      expect.objectContaining({ printer_id: usb.id, reprint: true, status: 'queued' }),
    ]);
    const again = await waiter.call(staff.staffTabletNextJob, {
      params: { printerId: usb.id },
      body: { state: 'online' },
    });
    expect(again.job?.job_id).toBe(reprint.jobs[0]!.job_id);
    const printers = await manager.call(staff.staffPrinters, {});
    expect(printers.printers.find((p) => p.printer_id === usb.id)).toMatchObject({
      failed_jobs: 1,
      queued_jobs: 1,
    });
  });

  it('every failure reason has words in en, id and my', () => {
    for (const lang of ['en', 'id', 'my'] as const) {
      const t = createTranslator(lang);
      for (const key of Object.values(FAILURE)) expect(t(key), `${lang} ${key}`).not.toBe(key);
    }
  });
});
