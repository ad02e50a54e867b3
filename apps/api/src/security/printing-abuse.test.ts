/**
 * The printer-facing routes against someone on the internet (apps/api docs/printing.md, "Abuse
 * limits"): an `Authorization` header that is no credential at all is a guess like a wrong password
 * (only a request with none is a Digest client's first step), someone guessing behind the
 * restaurant's own address does not stop its printers, another restaurant's printer cannot fetch or
 * settle this one's jobs by their ids, and what an authenticated printer posts cannot make the server
 * spend seconds reading it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { printers } from '../db/schema';
import { ENGINES, RELAXED_LIMITS, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { eventually } from '../../test/eventually';
import { placeDineInOrder } from '../../test/journeys';
import { addPrinter, jobsOf, kitchenPrinter, staffClient, starPrinter } from '../../test/printing-kit';

describe.each(ENGINES)('printer-facing abuse on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: {
        limits: {
          ...RELAXED_LIMITS,
          printerAuthFailuresPerIp: { max: 2, windowSeconds: 900, backoff: true },
        },
      },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, authorization: string | undefined, body: string) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(authorization ? { authorization } : {}),
      },
      body,
    });

  it('an Authorization header that is no credential -> counted as a wrong guess, 429 after the limit', async () => {
    // Unreadable as Basic or Digest (and costly to scan): not a Digest client's first step.
    const junk = `Digest ${'a-'.repeat(990)}`;
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await post('/api/printers/epson', junk, 'ConnectionType=GetRequest&ID=x')).status);
    expect(statuses).toEqual([401, 401, 429]);
    // A request with no credential at all still only draws the challenge... once the wait is over.
    server.clock.advance(3600);
    const first = await post('/api/printers/epson', undefined, 'ConnectionType=GetRequest&ID=x');
    expect(first.status).toBe(401);
    expect(first.headers.get('www-authenticate')).toMatch(/^Digest /);
    server.clock.advance(3600);
  });

  it("wrong guesses from the restaurant's own address (a diner on its Wi-Fi) -> refused, and its printers poll on", async () => {
    const manager = await staffClient(server, 'kopitiam-ali-manager');
    const { printer, password } = await addPrinter(server, manager, kitchenPrinter('cloudprnt'));
    const star = starPrinter(server, printer, password!);
    expect((await star.poll()).status).toBe(200);
    // Everyone behind the restaurant's router shares its address with the printer.
    const guess = (username: string) =>
      fetch(`${server.baseUrl}/api/printers/cloudprnt`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${username}:guess`).toString('base64')}`,
        },
        body: JSON.stringify({ statusCode: '200 OK' }),
      });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await guess('p1001-aaaaaaaa')).status);
    expect(statuses).toEqual([401, 401, 429]);
    for (let i = 0; i < 3; i++) expect((await star.poll()).status).toBe(200);
    server.clock.advance(3600);
  });

  it("another restaurant's printer naming this restaurant's job ids -> nothing: not handed out, not settled", async () => {
    const ours = await addPrinter(
      server,
      await staffClient(server, 'kopitiam-ali-manager'),
      kitchenPrinter('cloudprnt'),
    );
    const theirs = await staffClient(server, 'warung-sari-manager');
    const star = await addPrinter(server, theirs, kitchenPrinter('cloudprnt'));
    const epson = await addPrinter(server, theirs, kitchenPrinter('epson_sdp'));
    const { order_id: orderId } = await placeDineInOrder(server.client());
    const [job] = await eventually(async () => {
      const jobs = await jobsOf(server, ours.id, orderId);
      expect(jobs).toHaveLength(1);
      return jobs;
    });
    const basic = (username: string, password: string) =>
      `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    const starAuth = basic(star.printer.username!, star.password!);
    const cloudprnt = `${server.baseUrl}/api/printers/cloudprnt`;
    const fetched = await fetch(`${cloudprnt}?type=application/vnd.star.starprnt&token=${job!.id}`, {
      headers: { authorization: starAuth },
    });
    expect(fetched.status).toBe(404);
    const confirmed = await fetch(`${cloudprnt}?code=200%20OK&token=${job!.id}`, {
      method: 'DELETE',
      headers: { authorization: starAuth },
    });
    expect(confirmed.status).toBe(200);
    const result =
      `<PrintResponseInfo Version="2.00"><ePOSPrint><Parameter><printjobid>santap-${job!.id}</printjobid>` +
      `</Parameter><PrintResponse><response success="true" code="" status="2"/></PrintResponse></ePOSPrint>` +
      `</PrintResponseInfo>`;
    const settled = await post(
      '/api/printers/epson',
      basic(epson.printer.username!, epson.password!),
      new URLSearchParams({ ConnectionType: 'SetResponse', ID: 'x', ResponseFile: result }).toString(),
    );
    expect(settled.status).toBe(200);
    const [after] = await jobsOf(server, ours.id, orderId);
    expect([after!.status, after!.attempts]).toEqual(['queued', 0]);
    expect(await starPrinter(server, ours.printer, ours.password!).drain()).toHaveLength(1);
  });

  it('a printing result made to make its reader backtrack -> refused in milliseconds, nothing touched', async () => {
    const manager = await staffClient(server, 'kopitiam-ali-manager');
    const { id, printer, password } = await addPrinter(server, manager, kitchenPrinter('epson_sdp'));
    const basic = `Basic ${Buffer.from(`${printer.username}:${password}`).toString('base64')}`;
    const [before] = await server.db.database.db.select().from(printers).where(eq(printers.id, id));
    // Raw in the form (spaces as '+'): 200 kB of '<response' openings that never close.
    const file = `<PrintResponseInfo><ePOSPrint>${'<response+'.repeat(20_000)}</ePOSPrint></PrintResponseInfo>`;
    const started = performance.now();
    const response = await post(
      '/api/printers/epson',
      basic,
      `ConnectionType=SetResponse&ID=x&ResponseFile=${file}`,
    );
    const elapsed = performance.now() - started;
    expect(response.status).toBe(400);
    // Read by scanning forward once; a backtracking pattern took over 2 s of the server's thread.
    expect(elapsed).toBeLessThan(500);
    const [after] = await server.db.database.db.select().from(printers).where(eq(printers.id, id));
    expect(after!.lastSeenAt).toEqual(before!.lastSeenAt);
  });
});
