/**
 * Cloud printers in Chromium (apps/api docs/printing.md, apps/staff README 'Printing'): the manager
 * adds a Star CloudPRNT kitchen printer and an Epson Server Direct Print printer at the pass on the
 * printers page, and each loopback printer (`@santap/api/testing`, built from its maker's manuals)
 * polls the real server over HTTP with the URL, user name and password the page showed once. A diner
 * orders on the real pages -> exactly one docket on each printer; the diner adds items -> a docket of
 * only them; the kitchen printer is switched off for a minute of the server's clock -> the kitchen's
 * board shows it offline in its alarm, an order placed meanwhile prints at the pass only -> the
 * printer comes back, prints what it missed once, the alarm clears. The loopbacks poll every second
 * (a real printer: every 5 s), and counts are checked after further polls: nothing twice.
 * Screenshots (the board with the alarm, the printers page) go to $SCREENSHOT_DIR.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIntlLocale } from '@santap/i18n';
import {
  OFFLINE_AFTER_SECONDS,
  decodeEposXml,
  decodeStarPrnt,
  decodedText,
  loopbackCloudPrntPrinter,
  loopbackEpsonPrinter,
  printJobs,
  sweepOfflinePrinters,
} from '@santap/api/testing';
import type { LoopbackCloudPrntPrinter, LoopbackEpsonPrinter } from '@santap/api/testing';
import { DEMO_STAFF_PASSWORD, apiCall, expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { addCloudPrinter, optionName, pollLoop, words } from './printer-kit';
import type { PollLoop } from './printer-kit';

let server: E2eServer;
let browser: E2eBrowser;
/** Where the screenshots go (outside the repository): $SCREENSHOT_DIR, else the system's temp dir. */
const SHOTS = process.env.SCREENSHOT_DIR ?? resolve(tmpdir(), 'santap-screenshots');

/** The shared journey: what each step leaves for the next. */
const journey: {
  manager?: StaffPage;
  kitchen?: StaffPage;
  star?: { printer: LoopbackCloudPrntPrinter; loop: PollLoop; id: number };
  epson?: { printer: LoopbackEpsonPrinter; loop: PollLoop; id: number };
  firstOrder?: number;
} = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await journey.star?.loop.stop();
  await journey.epson?.loop.stop();
  await browser?.close();
  await server?.close();
});

/** Each docket a printer printed, as text (one line per paper line). */
const starDockets = () => journey.star!.printer.printed.map((job) => decodedText(decodeStarPrnt(job.bytes)));
const epsonDockets = () =>
  journey.epson!.printer.printed.map((job) => decodedText(decodeEposXml(job.eposPrint)));

/** Waits until both printers have printed `star` and `epson` dockets, then for two more polls of each. */
async function expectPrintedCounts(star: number, epson: number) {
  await expect
    .poll(() => [journey.star!.printer.printed.length, journey.epson!.printer.printed.length], {
      timeout: 20_000,
      interval: 200,
    })
    .toEqual([star, epson]);
  // Polled again (and again): nothing more, nothing twice.
  for (let i = 0; i < 2; i++) {
    await Promise.all([journey.star!.loop.pollAfterNow(), journey.epson!.loop.pollAfterNow()]);
  }
  expect([journey.star!.printer.printed.length, journey.epson!.printer.printed.length]).toEqual([
    star,
    epson,
  ]);
  expect(new Set(journey.star!.printer.printed.map((job) => job.token)).size).toBe(star);
  expect(new Set(journey.epson!.printer.printed.map((job) => job.printJobId)).size).toBe(epson);
}

interface StaffPage {
  page: Page;
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Logs a new 1280×800 page in to the staff console as `username`; its clock is the server's (the
 * board's age clocks count from the server's times), moved with it.
 */
async function staffPage(username: string): Promise<StaffPage> {
  const { context, page } = await browser.newPage();
  await context.clock.install({ time: server.clock.now() });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.baseUrl}/staff/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectVisible(page.getByRole('region', { name: 'Waiting' }));
  return { page, context, close: () => context.close() };
}

/** A printer as the staff API shows it to the manager. */
async function printerView(name: string) {
  const token = (
    await apiCall<{ token: string }>(server, 'POST', '/api/staff/login', {
      payload: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    })
  ).token;
  const { printers } = await apiCall<{
    printers: {
      printer_id: number;
      name: string;
      state: string;
      offline_since_epoch: number | null;
      last_seen_epoch: number | null;
    }[];
  }>(server, 'GET', '/api/staff/printers', { token });
  const printer = printers.find((each) => each.name === name);
  if (!printer) throw new Error(`no printer ${name}`);
  return printer;
}

/** On the diner's open menu: a dish into the cart through its popup, choosing in it first. */
async function addDish(page: Page, name: string, choose: (popup: Locator) => Promise<void>) {
  await page
    .getByRole('button', { name: `Add ${name}`, exact: true })
    .first()
    .click();
  const popup = page.getByRole('dialog', { name });
  await popup.waitFor({ state: 'visible' });
  await choose(popup);
  await popup.getByRole('button', { name: /^Add to cart/ }).click();
  await popup.waitFor({ state: 'hidden' });
}

/** From the menu: the cart, pay later, 'Place order' -> the order's page; resolves with its id. */
async function placePayLater(page: Page) {
  await page.getByRole('button', { name: /View cart/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/cart/kopitiam-ali'));
  const payLater = page.getByRole('radio', { name: /^Pay later/ });
  if (await payLater.isVisible()) await payLater.check();
  await page.getByRole('button', { name: /^Place order/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/orderstatus/order_id/'), { timeout: 45_000 });
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** A diner's phone at kopitiam-ali: the table's QR link -> the menu at that table. */
async function dinerAtTable(tableId: number) {
  const { context, page } = await browser.newPage();
  await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=${tableId}`);
  await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
  return { page, close: () => context.close() };
}

/** The print jobs on the server of one printer, oldest first: order, kind, status and hand-outs. */
async function jobsOf(printerIdToRead: number) {
  const rows = await server.db.database.db.select().from(printJobs);
  return rows
    .filter((row) => row.printerId === printerIdToRead)
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ order: row.orderId, kind: row.kind, status: row.status, attempts: row.attempts }));
}

/** A docket's large heading line (the table or queue number), as the decoder prints it ('|  Table 3  | 2x bold'). */
function headingOf(docket: string | undefined): string | undefined {
  const line = docket
    ?.split('\n')
    .find((text) => text.endsWith('| 2x bold') && !/^\|\s*[A-Z ]+\s*\|/.test(text));
  return line?.split('|')[1]?.trim();
}

describe('cloud printers (Star CloudPRNT, Epson Server Direct Print) polling the real server', () => {
  it('the manager adds both on the printers page; each polls with the credential shown once -> Online', async () => {
    const manager = await staffPage('kopitiam-ali-manager');
    journey.manager = manager;
    const { page } = manager;
    await page.getByRole('link', { name: 'Printers' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Printers', level: 1 }));

    const star = await addCloudPrinter(page, {
      name: 'Kitchen Star',
      connection: 'Star CloudPRNT (over the internet)',
      paper: '80 mm (48 characters a line)',
      language: 'English',
    });
    const epson = await addCloudPrinter(page, {
      name: 'Pass Epson',
      connection: 'Epson Server Direct Print (over the internet)',
      paper: '58 mm (32 characters a line)',
      language: 'Malay',
    });
    // The URLs a printer is set up with: this server's, one per protocol.
    expect(star.url).toBe(`${server.baseUrl}/api/printers/cloudprnt`);
    expect(epson.url).toBe(`${server.baseUrl}/api/printers/epson`);
    expect(star.password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(epson.password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(star.username).not.toBe(epson.username);
    // Not heard from yet: offline since it was added.
    await expectVisible(
      page
        .getByRole('listitem', { name: 'Kitchen Star' })
        .getByRole('status')
        .getByText(/^Offline/),
    );

    const starPrinter = loopbackCloudPrntPrinter(star);
    const epsonPrinter = loopbackEpsonPrinter(epson);
    journey.star = {
      printer: starPrinter,
      loop: pollLoop('Kitchen Star', () => starPrinter.poll()),
      id: (await printerView('Kitchen Star')).printer_id,
    };
    journey.epson = {
      printer: epsonPrinter,
      loop: pollLoop('Pass Epson', () => epsonPrinter.poll()),
      id: (await printerView('Pass Epson')).printer_id,
    };
    journey.star.loop.start();
    journey.epson.loop.start();
    await Promise.all([journey.star.loop.pollAfterNow(), journey.epson.loop.pollAfterNow()]);

    // A printer's own credential opens only its own protocol's door.
    const crossed = loopbackCloudPrntPrinter({ ...epson, url: star.url });
    expect((await crossed.poll()).status).toBe(401);

    await page.reload();
    for (const name of ['Kitchen Star', 'Pass Epson']) {
      const row = page.getByRole('listitem', { name });
      await expectVisible(row.getByRole('status').getByText('Online', { exact: true }));
      await expectVisible(row.getByText(/^Last in touch at \d\d:\d\d/));
    }
    expect(journey.star.loop.failures).toEqual([]);
    expect(journey.epson.loop.failures).toEqual([]);
  });

  it('a diner orders at T3 -> one docket on each printer; the kitchen confirms, the diner adds items -> a docket of only them', async () => {
    const kitchen = await staffPage('kopitiam-ali-kitchen');
    journey.kitchen = kitchen;
    const diner = await dinerAtTable(5003);
    await addDish(diner.page, 'Nasi Goreng Kampung', async (popup) => {
      await popup.getByRole('radio', { name: 'Medium' }).check();
      await popup.getByRole('checkbox', { name: /^Fried egg/ }).check();
    });
    const orderId = await placePayLater(diner.page);
    journey.firstOrder = orderId;

    // Pay later: work for the kitchen at once, so its docket prints at once, once on each printer.
    await expectPrintedCounts(1, 1);
    const [kitchenDocket] = starDockets();
    expect(kitchenDocket).toContain(words('en', 'docket.kind.new'));
    expect(headingOf(kitchenDocket)).toBe('Table 3');
    expect(kitchenDocket).toContain(`#${orderId}`);
    expect(kitchenDocket).toContain('1 x Nasi Goreng Kampung');
    expect(kitchenDocket).toContain(optionName('spice', 'medium', 'en'));
    expect(kitchenDocket).toContain(optionName('wokExtras', 'egg', 'en'));
    // The pass prints in its own language (Malay), whatever the diner's.
    const [passDocket] = epsonDockets();
    expect(passDocket).toContain(words('my', 'docket.kind.new'));
    expect(headingOf(passDocket)).toBe('Table 3');
    expect(passDocket).toContain('1 x Nasi Goreng Kampung');
    expect(passDocket).toContain(optionName('spice', 'medium', 'my'));
    expect(passDocket).toContain(optionName('wokExtras', 'egg', 'my'));

    // On the board: the ticket with its reprint (the board has read its printers), and no alarm.
    const card = kitchen.page.locator(`[data-order-id="${orderId}"]`);
    await expectVisible(card.getByRole('button', { name: `Reprint the docket of order #${orderId}` }));
    expect(await kitchen.page.getByRole('alert', { name: 'Printer problem' }).count()).toBe(0);
    // The kitchen confirms on its board, as staff do; the diner's page follows.
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expectVisible(diner.page.getByRole('status').getByText('Confirmed', { exact: true }));

    await diner.page.getByRole('link', { name: 'Add more items' }).click();
    await diner.page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    await addDish(diner.page, 'Roti Tisu', async () => undefined);
    await diner.page.getByRole('button', { name: /View cart/ }).click();
    await expectVisible(diner.page.getByText(`These items join your running order #${orderId}`));
    await diner.page.getByRole('button', { name: /^Place order/ }).click();
    await diner.page.waitForURL((url) => url.pathname === `/orderstatus/order_id/${orderId}`, {
      timeout: 45_000,
    });

    await expectPrintedCounts(2, 2);
    // The kitchen confirms the added round too: only new work waits on the board.
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expectVisible(
      kitchen.page
        .getByRole('region', { name: 'Confirmed / preparing' })
        .locator(`[data-order-id="${orderId}"]`),
    );
    const added = starDockets()[1]!;
    expect(added).toContain(words('en', 'docket.kind.added'));
    expect(headingOf(added)).toBe('Table 3');
    expect(added).toContain('1 x Roti Tisu');
    expect(added).not.toContain('Nasi Goreng Kampung');
    expect(added).not.toContain(words('en', 'docket.kind.new'));
    const passAdded = epsonDockets()[1]!;
    expect(passAdded).toContain(words('my', 'docket.kind.added'));
    expect(passAdded).toContain('1 x Roti Tisu');
    expect(passAdded).not.toContain('Nasi Goreng Kampung');
    await diner.close();
  });

  it("the kitchen printer off for a minute -> offline in the board's alarm; an order meanwhile prints at the pass; back -> prints it once, the alarm clears", async () => {
    const { star, epson, kitchen, manager } = journey;
    if (!star || !epson || !kitchen || !manager) throw new Error('the journey did not set up its printers');
    const board = kitchen.page;
    const alarm = board.getByRole('alert', { name: 'Printer problem' });

    // Switched off: it stops polling. A minute passes on the server's clock; the pass printer goes on
    // polling through it (a poll every 10 s of that minute), so only the kitchen printer is late.
    await star.loop.stop();
    const lastSeen = (await printerView('Kitchen Star')).last_seen_epoch!;
    // The staff pages' clocks first (their timers run: the board reads its printers, all still well).
    for (const staff of [kitchen, manager]) await staff.context.clock.fastForward(60_000);
    for (let second = 0; second < 60; second += 10) {
      server.clock.advance(10);
      await epson.loop.pollAfterNow();
    }
    // The offline sweep a production server runs every 5 s (tests' servers do not) tells the boards.
    await sweepOfflinePrinters(server.app.santap);
    const offline = await printerView('Kitchen Star');
    expect(offline.state).toBe('offline');
    expect(offline.offline_since_epoch).toBe(lastSeen + OFFLINE_AFTER_SECONDS);
    expect((await printerView('Pass Epson')).state).toBe('online');
    const since = new Intl.DateTimeFormat(toIntlLocale('en'), {
      timeZone: 'Asia/Kuala_Lumpur',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(offline.offline_since_epoch! * 1000));
    await expectVisible(alarm);
    await expectVisible(alarm.getByRole('listitem').filter({ hasText: 'Kitchen Star' }));
    expect(await alarm.getByRole('listitem').allTextContents()).toEqual([
      `Kitchen Star Offline since ${since}`,
    ]);

    // Meanwhile a diner at T5 orders: on the board at once, printed at the pass, waiting for the kitchen.
    const diner = await dinerAtTable(5005);
    await addDish(diner.page, 'Teh Tarik', async (popup) => {
      await popup.getByRole('radio', { name: /^Iced/ }).check();
      await popup.getByRole('radio', { name: /^Less sweet/ }).check();
      await popup.getByRole('radio', { name: /^Regular/ }).check();
    });
    const orderId = await placePayLater(diner.page);
    await expectVisible(board.locator(`[data-order-id="${orderId}"]`));
    await expect
      .poll(() => journey.epson!.printer.printed.length, { timeout: 20_000, interval: 200 })
      .toBe(3);
    expect(epsonDockets()[2]).toContain('1 x Teh Tarik');
    expect(headingOf(epsonDockets()[2])).toBe('Table 5');
    expect(star.printer.printed).toHaveLength(2);
    await expect
      .poll(async () => (await jobsOf(star.id)).filter((job) => job.status === 'queued').length)
      .toBe(1);
    await expectVisible(alarm.getByText(`Kitchen Star Offline since ${since}`));
    await board.screenshot({ path: resolve(SHOTS, 'cloud-printers-board-alarm-en-1280.png') });

    // Back on: it prints what it missed, once; the alarm clears by itself (the printer's live state).
    star.loop.start();
    await expectPrintedCounts(3, 3);
    const missed = starDockets()[2]!;
    expect(missed).toContain(words('en', 'docket.kind.new'));
    expect(headingOf(missed)).toBe('Table 5');
    expect(missed).toContain(`#${orderId}`);
    expect(missed).toContain('1 x Teh Tarik');
    expect(missed).toContain(optionName('temperature', 'iced', 'en'));
    await alarm.waitFor({ state: 'hidden' });
    expect(await alarm.count()).toBe(0);

    // On the server: each printer has exactly its three jobs, every one printed, each handed out once.
    const first = journey.firstOrder!;
    const expected = [
      { order: first, kind: 'order_new', status: 'printed', attempts: 1 },
      { order: first, kind: 'order_added', status: 'printed', attempts: 1 },
      { order: orderId, kind: 'order_new', status: 'printed', attempts: 1 },
    ];
    expect(await jobsOf(star.id)).toEqual(expected);
    expect(await jobsOf(epson.id)).toEqual(expected);
    expect(star.loop.failures).toEqual([]);
    expect(epson.loop.failures).toEqual([]);

    // The manager's printers page: both online, the jobs printed.
    await manager.page.reload();
    for (const name of ['Kitchen Star', 'Pass Epson']) {
      const row = manager.page.getByRole('listitem', { name });
      await expectVisible(row.getByRole('status').getByText('Online', { exact: true }));
      await expectVisible(row.getByText('Waiting: 0'));
    }
    await expectVisible(
      manager.page
        .getByRole('listitem', { name: /: New orders on Kitchen Star$/ })
        .first()
        .getByText('Printed', { exact: true }),
    );
    await manager.page.screenshot({
      path: resolve(SHOTS, 'cloud-printers-page-en-1280.png'),
      fullPage: true,
    });
    // What came out of each printer, as text, for review beside the screenshots.
    writeFileSync(
      resolve(SHOTS, 'cloud-printers-dockets.txt'),
      [
        ...starDockets().map((text, i) => `=== Kitchen Star (StarPRNT, en, 80 mm) docket ${i + 1}\n${text}`),
        ...epsonDockets().map(
          (text, i) => `=== Pass Epson (ePOS-Print XML, my, 58 mm) docket ${i + 1}\n${text}`,
        ),
      ].join('\n'),
    );
    await diner.close();
    await kitchen.close();
    await manager.close();
  });
});
