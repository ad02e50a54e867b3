/**
 * A busy night at the printers (apps/api docs/printing.md, "The queue"), with the loopback printers
 * polling the real server: paper that runs out and takes a few minutes to change, and a backlog of
 * long dockets (an order with Chinese notes, several copies) waiting for an Epson printer, which
 * refuses a print request over 2 MB whole. Neither may lose a docket. And a docket done with is not
 * kept: what it said (allergies, notes) stays in the order, not in a copy per printer for ever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '@santap/contract';
import { printJobs } from '../db/schema';
import { ENGINES } from '../../test/harness';
import { eventually } from '../../test/eventually';
import { jobsOf, startPrintingBench, starText } from '../../test/printing-kit';
import type { PrintingBench } from '../../test/printing-kit';
import { eposPrintXml } from '../services/adapters/printers/commands';
import { ASB } from '../services/adapters/printers/epson-sdp/protocol';
import { MAX_ATTEMPTS } from '../services/products/printing/queue';
import { POLL_INTERVAL_SECONDS } from '../services/products/printing/states';

/** An Epson printer's result when its roll ran out (ePOS-Print: the code and the status bits). */
const PAPER_OUT = {
  success: false as const,
  code: 'EPTR_REC_EMPTY',
  status: ASB.RECEIPT_END | ASB.OFF_LINE,
};

describe.each(ENGINES)('a busy night at the printers on %s', (engine) => {
  let bench: PrintingBench;

  beforeAll(async () => {
    bench = await startPrintingBench(engine);
  }, 180_000);
  afterAll(async () => {
    await bench?.server.close();
  });

  it('an Epson printer out of paper for over a minute -> its docket waits (never failed) and prints once paper is in', async () => {
    bench.epson.result = PAPER_OUT;
    const { orderId } = await bench.order(bench.dishes[0]!);
    await bench.star.drain();
    // The printer keeps polling every 5 s while staff look for a roll: each time it is handed the
    // docket and answers that it has no paper.
    const polls = MAX_ATTEMPTS + 5;
    for (let poll = 0; poll < polls; poll++) {
      expect((await bench.epson.poll()).printed).toEqual([]);
      bench.server.clock.advance(POLL_INTERVAL_SECONDS);
    }
    expect((await jobsOf(bench.server, bench.epsonId, orderId)).map((job) => job.status)).toEqual(['queued']);
    bench.epson.result = { success: true };
    expect(await bench.epson.drain()).toHaveLength(1);
    expect(await bench.epson.drain()).toEqual([]);
    expect((await jobsOf(bench.server, bench.epsonId, orderId)).map((job) => job.status)).toEqual([
      'printed',
    ]);
    await bench.star.drain();
  });

  it("a job printed or failed -> its rendered docket is not kept (the diner's allergies and notes in it; a reprint renders anew)", async () => {
    const { orderId } = await bench.order(bench.dishes[1]!);
    await eventually(async () => expect(await jobsOf(bench.server, bench.starId, orderId)).toHaveLength(1));
    const [waiting] = await jobsOf(bench.server, bench.starId, orderId);
    expect(waiting!.payload.length).toBeGreaterThan(0);
    expect(await bench.star.drain()).toHaveLength(1);
    bench.epson.result = { success: false, code: 'SchemaError', status: ASB.PRINT_SUCCESS };
    expect(await bench.epson.drain()).toEqual([]);
    bench.epson.result = { success: true };
    const finished = [
      ...(await jobsOf(bench.server, bench.starId, orderId)),
      ...(await jobsOf(bench.server, bench.epsonId, orderId)),
    ];
    expect(finished.map((job) => [job.status, job.payload])).toEqual([
      ['printed', ''],
      ['failed', ''],
    ]);
    // A reprint renders the docket again from the order.
    await bench.manager.call(staff.staffReprint, {
      params: { orderId },
      body: { printer_id: bench.starId },
    });
    expect(await bench.star.drain()).toHaveLength(1);
    expect(starText(bench.star.printed.at(-1)!.bytes)).toContain(bench.dishes[1]!.name);
  });

  it('five long dockets waiting for an Epson printer -> handed out in print requests it takes, every one printed', async () => {
    // A docket of 20 lines with 300-character Chinese notes on 58 mm paper: about 700 kB of
    // ePOS-Print XML (each note line is an image); five of them in one request are far over 2 MB.
    const note = '不要辣椒多加葱花少油少盐'.repeat(25).slice(0, 300);
    const payload = eposPrintXml(
      {
        blocks: Array.from({ length: 20 }, (_, index) => [
          { kind: 'text' as const, text: `1 x Nasi lemak ${index + 1}`, bold: true },
          { kind: 'text' as const, text: `   Note: ${note}` },
        ]).flat(),
      },
      { width: 58, copies: 1 },
    );
    expect(payload.length).toBeGreaterThan(600_000);
    const ids = await bench.server.db.database.db
      .insert(printJobs)
      .values(
        Array.from({ length: 5 }, (_, index) => ({
          printerId: bench.epsonId,
          restaurantId: 1001,
          orderId: null,
          kind: 'order_new',
          heading: `T${index + 1}`,
          status: 'queued',
          payload,
          commandSet: 'epos-xml',
          sourceKey: `test:long-docket:${index}`,
          createdAt: bench.server.clock.now(),
        })),
      )
      .returning({ id: printJobs.id });
    const printed = await bench.epson.drain();
    expect(printed.sort()).toEqual(ids.map(({ id }) => `santap-${id}`).sort());
    const jobs = await jobsOf(bench.server, bench.epsonId);
    expect(
      jobs.filter((job) => job.sourceKey.startsWith('test:long-docket:')).map((job) => job.status),
    ).toEqual(['printed', 'printed', 'printed', 'printed', 'printed']);
  });
});
