/**
 * Cloud printing end to end (apps/api docs/printing.md): a loopback Star CloudPRNT printer and a
 * loopback Epson Server Direct Print printer, each built from its maker's documentation, poll the
 * real server over HTTP while diners order and staff work the board: one docket per order, a docket
 * of only the items added later, CANCELLED dockets, an order paid first, a printer that was off
 * catching up once, a paper error, the offline rule and the live events. The queue's guarantees and
 * refusals: printer-queue.test.ts; restart and rate limits: printer-restart.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart, orders, payments as paymentsApi, staff } from '@santap/contract';
import { ORDER_STATUS } from '@santap/domain';
import type { LiveEvent } from '../lib/live-events';
import { ENGINES } from '../../test/harness';
import { scanTable } from '../../test/journeys';
import { eventually } from '../../test/eventually';
import { eposText, jobsOf, startPrintingBench, starText } from '../../test/printing-kit';
import type { PrintingBench } from '../../test/printing-kit';
import { OFFLINE_AFTER_SECONDS, sweepOfflinePrinters } from '../services/products/printing/states';

describe.each(ENGINES)('cloud printers polling on %s', (engine) => {
  let bench: PrintingBench;

  beforeAll(async () => {
    bench = await startPrintingBench(engine);
  }, 180_000);
  afterAll(async () => {
    await bench?.server.close();
  });

  it('a diner orders -> each printer prints exactly one docket; items added later -> a docket of only them', async () => {
    const [first, second] = bench.dishes;
    const { client, orderId } = await bench.order(first!);
    expect(await bench.star.drain()).toHaveLength(1);
    expect(await bench.epson.drain()).toHaveLength(1);
    const starDocket = starText(bench.star.printed.at(-1)!.bytes);
    expect(starDocket).toContain(first!.name);
    expect(starDocket).toContain('Table 3');
    expect(eposText(bench.epson.printed.at(-1)!.eposPrint)).toContain(first!.name);
    // Polled again: nothing more.
    expect(await bench.star.drain()).toEqual([]);
    expect(await bench.epson.drain()).toEqual([]);

    await bench.order(second!, 2, { client, addTo: orderId });
    expect(await bench.star.drain()).toHaveLength(1);
    expect(await bench.epson.drain()).toHaveLength(1);
    const added = starText(bench.star.printed.at(-1)!.bytes);
    expect(added).toContain(second!.name);
    expect(added).not.toContain(first!.name);
    expect(eposText(bench.epson.printed.at(-1)!.eposPrint)).not.toContain(first!.name);
    const jobs = await jobsOf(bench.server, bench.starId, orderId);
    expect(jobs.map((job) => [job.kind, job.status])).toEqual([
      ['order_new', 'printed'],
      ['order_added', 'printed'],
    ]);
  });

  it('a declined item and a cancelled order -> CANCELLED dockets where the printer prints them', async () => {
    const [first, second] = bench.dishes;
    const { client, orderId } = await bench.order(first!);
    await bench.order(second!, 1, { client, addTo: orderId });
    await bench.star.drain();
    await bench.epson.drain();
    const listed = await bench.manager.call(staff.staffOrders, { query: { order_id: orderId } });
    const line = listed.orders[0]!.items.find((item) => item.item_id === second!.id)!;
    await bench.manager.call(staff.staffDeclineItem, {
      params: { orderId, orderItemId: line.order_item_id },
    });
    expect(await bench.star.drain()).toHaveLength(1);
    const declined = starText(bench.star.printed.at(-1)!.bytes);
    expect(declined).toContain(second!.name);
    expect(declined).not.toContain(first!.name);

    await bench.manager.call(staff.staffOrderStatus, {
      params: { orderId },
      body: { status: ORDER_STATUS.CANCELLED },
    });
    expect(await bench.star.drain()).toHaveLength(1);
    const cancelled = starText(bench.star.printed.at(-1)!.bytes);
    // The lines the kitchen still had: not the one declined before.
    expect(cancelled).toContain(first!.name);
    expect(cancelled).not.toContain(second!.name);
    expect((await jobsOf(bench.server, bench.starId, orderId)).map((job) => job.kind)).toEqual([
      'order_new',
      'order_added',
      'order_cancelled',
      'order_cancelled',
    ]);
    expect(await bench.epson.drain()).toHaveLength(2);

    // A printer that does not print cancellations gets none.
    await bench.manager.call(staff.staffUpdatePrinter, {
      params: { printerId: bench.epsonId },
      body: { prints: ['order_new', 'order_added'] },
    });
    const other = await bench.order(first!);
    await bench.manager.call(staff.staffOrderStatus, {
      params: { orderId: other.orderId },
      body: { status: ORDER_STATUS.CANCELLED },
    });
    expect(await bench.epson.drain()).toHaveLength(1);
    expect((await jobsOf(bench.server, bench.epsonId, other.orderId)).map((job) => job.kind)).toEqual([
      'order_new',
    ]);
    await bench.manager.call(staff.staffUpdatePrinter, {
      params: { printerId: bench.epsonId },
      body: { prints: ['order_new', 'order_added', 'order_cancelled'] },
    });
    await bench.star.drain();
  });

  it('an order paid online first -> no docket while it waits for its payment; paid -> its docket', async () => {
    const simulator = bench.server.app.santap.payments.simulator;
    simulator.configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
    const client = bench.server.client();
    await client.call(cart.cartUpdate, {
      body: { scope: 'kopitiam-ali', item_id: bench.dishes[0]!.id, quantity: 1 },
    });
    await scanTable(client, 1001, 5003);
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const placed = await client.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'online' },
    });
    expect(await bench.star.drain()).toEqual([]);
    const started = await client.call(paymentsApi.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    const page = new URL(started.redirect_url!);
    await fetch(`${bench.server.baseUrl}${page.pathname}${page.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'grab_pay_app', outcome: 'success' }).toString(),
      redirect: 'manual',
    });
    await eventually(async () => expect(await bench.star.drain()).toHaveLength(1));
    expect((await jobsOf(bench.server, bench.starId, placed.order_id)).map((job) => job.kind)).toEqual([
      'order_new',
    ]);
    await bench.epson.drain();
  });

  it('a printer off for a minute -> offline since its last poll + 15 s; back -> prints what it missed, once', async () => {
    const events: LiveEvent[] = [];
    const unsubscribe = bench.server.app.santap.events.subscribe('restaurant:1001', (event) =>
      events.push(event),
    );
    try {
      const lastPoll = Math.floor(bench.server.clock.now().getTime() / 1000);
      await bench.star.poll();
      bench.server.clock.advance(60);
      const { orderId } = await bench.order(bench.dishes[0]!);
      const listed = await bench.manager.call(staff.staffPrinters, {});
      const offline = listed.printers.find((printer) => printer.printer_id === bench.starId)!;
      expect(offline).toMatchObject({
        state: 'offline',
        offline_since_epoch: lastPoll + OFFLINE_AFTER_SECONDS,
      });
      // The docket waits for it in the queue (made by the spooler's fast path, on the order's live event).
      await eventually(async () => {
        const { printers } = await bench.manager.call(staff.staffPrinters, {});
        expect(printers.find((printer) => printer.printer_id === bench.starId)?.queued_jobs).toBe(1);
      });
      // The sweep tells every board, once (a printer a spooler holds is marked by the next sweep).
      const offlineEvent = {
        topics: ['restaurant:1001'],
        type: 'printer.state',
        data: { printer_id: bench.starId, state: 'offline', since_epoch: lastPoll + OFFLINE_AFTER_SECONDS },
      };
      await eventually(async () => {
        await sweepOfflinePrinters(bench.server.app.santap);
        expect(events).toContainEqual(offlineEvent);
      });
      await sweepOfflinePrinters(bench.server.app.santap);
      await eventually(() =>
        expect(
          events.filter(
            (event) =>
              event.type === 'printer.state' &&
              event.data.state === 'offline' &&
              event.data.printer_id === bench.starId,
          ),
        ).toEqual([offlineEvent]),
      );

      // Back: the missed docket prints once, and the printer is online again.
      expect(await bench.star.drain()).toHaveLength(1);
      expect(await bench.star.drain()).toEqual([]);
      expect(starText(bench.star.printed.at(-1)!.bytes)).toContain(bench.dishes[0]!.name);
      const back = (await bench.manager.call(staff.staffPrinters, {})).printers.find(
        (p) => p.printer_id === bench.starId,
      )!;
      expect(back).toMatchObject({ state: 'online', offline_since_epoch: null, queued_jobs: 0 });
      await eventually(() => {
        expect(events.filter((event) => event.type === 'printer.state').at(-1)?.data).toMatchObject({
          printer_id: bench.starId,
          state: 'online',
        });
        const jobEvents = events.filter(
          (event) => event.type === 'print.job' && event.data.order_id === orderId,
        );
        expect(jobEvents.filter((e) => e.data.printer_id === bench.starId).map((e) => e.data.status)).toEqual(
          ['queued', 'sent', 'printed'],
        );
      });
      await bench.epson.drain();
    } finally {
      unsubscribe();
    }
  });

  it('a paper error reported -> the board says paper out; the job waits and prints once paper is back', async () => {
    bench.star.statusCode = '410 Out of paper';
    const { orderId } = await bench.order(bench.dishes[0]!);
    expect(await bench.star.drain()).toEqual([]);
    const out = (await bench.manager.call(staff.staffPrinters, {})).printers.find(
      (p) => p.printer_id === bench.starId,
    )!;
    expect(out.state).toBe('paper_out');
    expect(out.state_since_epoch).toBe(Math.floor(bench.server.clock.now().getTime() / 1000));
    bench.star.statusCode = '200 OK';
    expect(await bench.star.drain()).toHaveLength(1);
    expect((await jobsOf(bench.server, bench.starId, orderId)).map((job) => job.status)).toEqual(['printed']);

    bench.epson.result = { success: false, code: 'EPTR_REC_EMPTY', status: 0x00080000 | 0x00000008 };
    expect(await bench.epson.drain()).toEqual([]);
    const epsonOut = (await bench.manager.call(staff.staffPrinters, {})).printers.find(
      (p) => p.printer_id === bench.epsonId,
    )!;
    expect(epsonOut.state).toBe('paper_out');
    expect((await jobsOf(bench.server, bench.epsonId, orderId)).map((job) => job.status)).toEqual(['queued']);
    bench.epson.result = { success: true };
    expect(await bench.epson.drain()).toHaveLength(1);
    // The hand-out answered 'no paper' does not count as an attempt (the job waits for the roll).
    expect(
      (await jobsOf(bench.server, bench.epsonId, orderId)).map((job) => [job.status, job.attempts]),
    ).toEqual([['printed', 1]]);
  });
});
