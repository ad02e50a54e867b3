/**
 * The print queue's guarantees and refusals, with the loopback Star CloudPRNT and Epson Server Direct
 * Print printers polling the real server (apps/api docs/printing.md): a job handed out and never
 * confirmed is handed out again, the same job; wrong and revoked credentials get 401 and nothing; a
 * malformed post is a 400 that touches nothing; a deleted printer's jobs are kept as failed and
 * listed; reprints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staff } from '@santap/contract';
import { printJobs, printers } from '../db/schema';
import { ENGINES } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { eventually } from '../../test/eventually';
import {
  addPrinter,
  jobsOf,
  kitchenPrinter,
  staffClient,
  startPrintingBench,
  starPrinter,
} from '../../test/printing-kit';
import type { PrintingBench } from '../../test/printing-kit';
import { loopbackEpsonPrinter } from '../services/adapters/printers/epson-sdp/loopback';
import { RESEND_AFTER_SECONDS } from '../services/products/printing/queue';

describe.each(ENGINES)('the print queue on %s', (engine) => {
  let bench: PrintingBench;
  const db = () => bench.server.db.database.db;

  beforeAll(async () => {
    bench = await startPrintingBench(engine);
  }, 180_000);
  afterAll(async () => {
    await bench?.server.close();
  });

  it('a job handed out and never confirmed -> handed out again after 30 s with the same id, never a second job', async () => {
    bench.star.confirm = false;
    bench.epson.confirm = false;
    const { orderId } = await bench.order(bench.dishes[1]!);
    const [token] = await bench.star.drain(1);
    const [printJobId] = await bench.epson.drain(1);
    // Within the resend time: not again.
    expect(await bench.star.drain()).toEqual([]);
    expect(await bench.epson.drain()).toEqual([]);
    bench.server.clock.advance(RESEND_AFTER_SECONDS + 1);
    bench.star.confirm = true;
    bench.epson.confirm = true;
    expect(await bench.star.drain()).toEqual([token]);
    expect(await bench.epson.drain()).toEqual([printJobId]);
    const starJobs = await jobsOf(bench.server, bench.starId, orderId);
    expect(starJobs.map((job) => [String(job.id), job.status, job.attempts])).toEqual([
      [token, 'printed', 2],
    ]);
    const epsonJobs = await jobsOf(bench.server, bench.epsonId, orderId);
    expect(epsonJobs.map((job) => [`santap-${job.id}`, job.status])).toEqual([[printJobId, 'printed']]);
  });

  it('a wrong or revoked credential -> 401 with a challenge, and nothing: no state, no job handed out', async () => {
    const { orderId } = await bench.order(bench.dishes[0]!);
    // Its docket is in the queue (the spooler's fast path), waiting for a poll.
    await eventually(async () => expect(await jobsOf(bench.server, bench.starId, orderId)).toHaveLength(1));
    const [before] = await db().select().from(printers).where(eq(printers.id, bench.starId));
    const url = `${bench.server.baseUrl}/api/printers/cloudprnt`;
    const poll = (authorization?: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ statusCode: '200%20OK', printerMAC: 'x' }),
      });
    const basic = (user: string, password: string) =>
      `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const wrong = await poll(basic(before!.username!, 'not-the-password'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(await wrong.text()).not.toContain('job');
    expect((await poll()).status).toBe(401);
    // An Epson printer's credential is not a CloudPRNT one (and the other way round).
    const [epsonRow] = await db().select().from(printers).where(eq(printers.id, bench.epsonId));
    expect((await poll(basic(epsonRow!.username!, 'x'))).status).toBe(401);
    const [after] = await db().select().from(printers).where(eq(printers.id, bench.starId));
    expect(after!.lastSeenAt).toEqual(before!.lastSeenAt);
    expect((await jobsOf(bench.server, bench.starId, orderId)).map((job) => job.status)).toEqual(['queued']);

    // Rotated: the old password stops at once, the new one works.
    const rotated = await bench.manager.call(staff.staffUpdatePrinter, {
      params: { printerId: bench.starId },
      body: { rotate_password: true },
    });
    expect(rotated.password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect((await bench.star.poll()).status).toBe(401);
    const renewed = starPrinter(bench.server, rotated.printer, rotated.password!);
    expect(await renewed.drain()).toHaveLength(1);
    bench.star = renewed;
    bench.starPassword = rotated.password!;
    // Epson: a wrong password is refused after the Digest exchange.
    const wrongEpson = loopbackEpsonPrinter({
      url: `${bench.server.baseUrl}/api/printers/epson`,
      username: epsonRow!.username!,
      password: 'wrong',
    });
    expect((await wrongEpson.poll()).status).toBe(401);
    expect(await bench.epson.drain()).toHaveLength(1);
  });

  it('a malformed status post -> 400 and the queue untouched', async () => {
    const { orderId } = await bench.order(bench.dishes[0]!);
    // Its docket is in the queue (the spooler's fast path), waiting for a poll.
    await eventually(async () => expect(await jobsOf(bench.server, bench.starId, orderId)).toHaveLength(1));
    const [row] = await db().select().from(printers).where(eq(printers.id, bench.starId));
    const authorization = `Basic ${Buffer.from(`${row!.username}:${bench.starPassword}`).toString('base64')}`;
    const url = `${bench.server.baseUrl}/api/printers/cloudprnt`;
    const send = (init: RequestInit, query = '') =>
      fetch(`${url}${query}`, { ...init, headers: { authorization, ...init.headers } });
    const [seen] = await db().select().from(printers).where(eq(printers.id, bench.starId));
    for (const body of [
      '{not json',
      JSON.stringify({ printerMAC: 'x' }),
      JSON.stringify({ statusCode: 'OK' }),
      JSON.stringify([1]),
    ]) {
      const response = await send({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status, body).toBe(400);
    }
    expect((await send({ method: 'GET' }, '?token=1')).status).toBe(400);
    expect((await send({ method: 'GET' }, '?type=application/vnd.star.starprnt&token=abc')).status).toBe(400);
    expect((await send({ method: 'DELETE' }, '?token=1')).status).toBe(400);
    expect((await send({ method: 'DELETE' }, '?code=printed')).status).toBe(400);
    const [unchanged] = await db().select().from(printers).where(eq(printers.id, bench.starId));
    expect(unchanged!.lastSeenAt).toEqual(seen!.lastSeenAt);
    expect(
      (await jobsOf(bench.server, bench.starId, orderId)).map((job) => [job.status, job.attempts]),
    ).toEqual([['queued', 0]]);
    // The media type it cannot serve: 415, still nothing handed out.
    expect((await send({ method: 'GET' }, '?type=image/png')).status).toBe(415);
    expect((await jobsOf(bench.server, bench.starId, orderId)).map((job) => job.status)).toEqual(['queued']);
    expect(await bench.star.drain()).toHaveLength(1);
    expect(await bench.epson.drain()).toHaveLength(1);
  });

  it("a deleted printer's waiting jobs -> kept as failed and listed; its credential -> 401", async () => {
    const extra = await addPrinter(
      bench.server,
      bench.manager,
      kitchenPrinter('cloudprnt', { name: 'Bar Star' }),
    );
    const bar = starPrinter(bench.server, extra.printer, extra.password!);
    expect((await bar.poll()).status).toBe(200);
    const { orderId } = await bench.order(bench.dishes[0]!);
    await eventually(async () => expect(await jobsOf(bench.server, extra.id, orderId)).toHaveLength(1));
    expect(await bench.manager.call(staff.staffDeletePrinter, { params: { printerId: extra.id } })).toEqual({
      deleted: true,
    });
    expect((await bar.poll()).status).toBe(401);
    const listed = await bench.manager.call(staff.staffPrintJobs, {
      query: { order_id: orderId, status: 'failed' },
    });
    expect(listed.jobs).toEqual([
      expect.objectContaining({
        printer_id: null,
        printer_name: 'Bar Star',
        kind: 'order_new',
        status: 'failed',
        failure: expect.stringMatching(/deleted/i),
      }),
    ]);
    expect(
      (await bench.manager.call(staff.staffPrinters, {})).printers.map((p) => p.printer_id),
    ).not.toContain(extra.id);
    expect(
      await refusal(bench.manager.call(staff.staffDeletePrinter, { params: { printerId: extra.id } })),
    ).toMatchObject({
      statusCode: 404,
    });
    await bench.star.drain();
    await bench.epson.drain();
  });

  it('a reprint -> one job per printer marked as a reprint, printed once; the same Idempotency-Key -> the same jobs', async () => {
    const { orderId } = await bench.order(bench.dishes[0]!);
    await bench.star.drain();
    await bench.epson.drain();
    const kitchen = await staffClient(bench.server, 'kopitiam-ali-kitchen');
    const first = await kitchen.call(
      staff.staffReprint,
      { params: { orderId }, body: {} },
      { idempotencyKey: 'reprint-1' },
    );
    const again = await kitchen.call(
      staff.staffReprint,
      { params: { orderId }, body: {} },
      { idempotencyKey: 'reprint-1' },
    );
    expect(again.jobs.map((job) => job.job_id)).toEqual(first.jobs.map((job) => job.job_id));
    expect(first.jobs.map((job) => [job.printer_id, job.reprint, job.kind])).toEqual([
      [bench.starId, true, 'order_new'],
      [bench.epsonId, true, 'order_new'],
    ]);
    expect(await bench.star.drain()).toHaveLength(1);
    expect(await bench.epson.drain()).toHaveLength(1);
    const one = await kitchen.call(staff.staffReprint, {
      params: { orderId },
      body: { printer_id: bench.starId },
    });
    expect(one.jobs.map((job) => job.printer_id)).toEqual([bench.starId]);
    expect(await bench.star.drain()).toHaveLength(1);
    expect(await db().select().from(printJobs).where(eq(printJobs.orderId, orderId))).toHaveLength(5);
  });
});
