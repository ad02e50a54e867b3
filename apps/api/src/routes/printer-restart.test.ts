/**
 * Printing across a restart and under abuse (apps/api docs/printing.md): a new server on the same
 * database loses no docket and prints none twice; the printer-facing routes are rate limited per
 * printer, and wrong credentials per address (429 with Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINES,
  RELAXED_LIMITS,
  TestClock,
  LUNCHTIME,
  openTestDatabase,
  startTestServer,
} from '../../test/harness';
import type { TestDatabase, TestServer } from '../../test/harness';
import { placeDineInOrder } from '../../test/journeys';
import {
  addPrinter,
  epsonPrinter,
  jobsOf,
  kitchenPrinter,
  staffClient,
  starPrinter,
} from '../../test/printing-kit';

describe.each(ENGINES)('printing across a restart on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  it('a new server on the same database -> the docket ordered before the restart prints once, nothing twice', async () => {
    const clock = new TestClock(new Date(LUNCHTIME));
    const first = await startTestServer(engine, { database, clock });
    const manager = await staffClient(first, 'kopitiam-ali-manager');
    const star = await addPrinter(first, manager, kitchenPrinter('cloudprnt'));
    const epson = await addPrinter(first, manager, kitchenPrinter('epson_sdp'));
    const printed = await placeDineInOrder(first.client());
    expect(await starPrinter(first, star.printer, star.password!).drain()).toHaveLength(1);
    expect(await epsonPrinter(first, epson.printer, epson.password!).drain()).toHaveLength(1);
    // Ordered, then the server goes down before either printer polls.
    const waiting = await placeDineInOrder(first.client());
    await first.close();

    const second = await startTestServer(engine, { database, clock });
    try {
      const starAgain = starPrinter(second, star.printer, star.password!);
      const epsonAgain = epsonPrinter(second, epson.printer, epson.password!);
      expect(await starAgain.drain()).toHaveLength(1);
      expect(await epsonAgain.drain()).toHaveLength(1);
      expect(await starAgain.drain()).toEqual([]);
      for (const printerId of [star.id, epson.id]) {
        expect((await jobsOf(second, printerId, printed.order_id)).map((job) => job.status)).toEqual([
          'printed',
        ]);
        expect((await jobsOf(second, printerId, waiting.order_id)).map((job) => job.status)).toEqual([
          'printed',
        ]);
      }
    } finally {
      await second.close();
    }
  });
});

describe.each(ENGINES)('printer-facing rate limits on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: {
        limits: {
          ...RELAXED_LIMITS,
          printerRequestsPerPrinter: { max: 3, windowSeconds: 60 },
          printerAuthFailuresPerIp: { max: 2, windowSeconds: 900, backoff: true },
        },
      },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a printer polling too often -> 429 with Retry-After, and again after the window', async () => {
    const manager = await staffClient(server, 'kopitiam-ali-manager');
    const { printer, password } = await addPrinter(server, manager, kitchenPrinter('cloudprnt'));
    const star = starPrinter(server, printer, password!);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await star.poll()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await fetch(printer.poll_url!.replace('http://localhost:3000', server.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${printer.username}:${password}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ statusCode: '200 OK' }),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    server.clock.advance(61);
    expect((await star.poll()).status).toBe(200);
  });

  it('wrong credentials from one address -> 429 after the limit, even with the right one; no credential is no guess', async () => {
    const manager = await staffClient(server, 'kopitiam-ali-manager');
    const { printer, password } = await addPrinter(server, manager, kitchenPrinter('epson_sdp'));
    const wrong = epsonPrinter(server, printer, 'not-it');
    expect((await wrong.poll()).status).toBe(401);
    expect((await wrong.poll()).status).toBe(401);
    expect((await wrong.poll()).status).toBe(429);
    expect((await epsonPrinter(server, printer, password!).poll()).status).toBe(429);
    server.clock.advance(3600);
    // The Digest client's first request (no credential) draws a challenge and counts as nothing.
    const right = epsonPrinter(server, printer, password!);
    for (let i = 0; i < 3; i++) expect((await right.poll()).status).toBe(200);
  });
});
