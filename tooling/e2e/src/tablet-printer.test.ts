/**
 * Printing from the kitchen tablet (apps/staff README 'Printing', apps/api docs/printing.md) in
 * Chromium: a fake WebUSB printer is put into the page before any script runs (an init script standing
 * in for `navigator.usb`, shaped as the WebUSB spec's USBDevice and as the @point-of-sale driver opens
 * it: an Epson vendor id, configuration 1, interface 0 with a bulk OUT endpoint), recording every
 * `transferOut`. The manager adds a USB printer; the kitchen tablet connects it on the board; a diner's
 * new order reaches the device as one ESC/POS docket whose text holds the dish, and the job is
 * confirmed printed on the server. The manager's printers page shows it online with
 * its job printed. Screenshots of both go to $SCREENSHOT_DIR.
 */
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_STAFF_PASSWORD,
  apiCall,
  expectVisible,
  launchBrowser,
  scanTableTicket,
  startE2eServer,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import type { Page } from 'playwright-core';

let server: E2eServer;
let browser: E2eBrowser;
/** Where the screenshots go (outside the repository): $SCREENSHOT_DIR, else the system's temp dir. */
const SHOTS = process.env.SCREENSHOT_DIR ?? resolve(tmpdir(), 'santap-screenshots');

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * `navigator.usb` with one Epson receipt printer plugged in. Runs in the page: every `transferOut`
 * is kept in `window.__usbOut` as a plain array of bytes (the test reads it back).
 */
function installFakeUsb() {
  const sent: number[][] = [];
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  let granted = false;
  const device = {
    vendorId: 0x04b8,
    productId: 0x0e28,
    serialNumber: 'E2E-TM-M30',
    manufacturerName: 'EPSON',
    productName: 'TM-m30III',
    opened: false,
    configuration: {
      configurationValue: 1,
      interfaces: [
        {
          interfaceNumber: 0,
          claimed: false,
          alternate: {
            alternateSetting: 0,
            interfaceClass: 7,
            endpoints: [
              { endpointNumber: 1, direction: 'out', type: 'bulk', packetSize: 64 },
              { endpointNumber: 2, direction: 'in', type: 'bulk', packetSize: 64 },
            ],
          },
        },
      ],
    },
    async open() {
      this.opened = true;
    },
    async close() {
      this.opened = false;
    },
    async selectConfiguration() {},
    async claimInterface() {
      this.configuration.interfaces[0]!.claimed = true;
    },
    async reset() {},
    async transferOut(endpoint: number, data: BufferSource) {
      if (!this.opened || endpoint !== 1) throw new DOMException('not open', 'InvalidStateError');
      const bytes =
        data instanceof ArrayBuffer
          ? new Uint8Array(data)
          : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      sent.push(Array.from(bytes));
      return { status: 'ok', bytesWritten: bytes.byteLength };
    },
    transferIn() {
      return new Promise(() => undefined);
    },
  };
  const usb = {
    async requestDevice(options: { filters: { vendorId?: number }[] }) {
      if (!options.filters.some((filter) => filter.vendorId === device.vendorId))
        throw new DOMException('No device selected.', 'NotFoundError');
      granted = true;
      return device;
    },
    async getDevices() {
      return granted ? [device] : [];
    },
    addEventListener(type: string, listener: (event: unknown) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    removeEventListener() {},
  };
  Object.defineProperty(navigator, 'usb', { value: usb, configurable: true });
  Object.defineProperty(window, '__usbOut', { value: sent });
}

/** A pay-later dine-in order of one dish at kopitiam-ali T3 through the real API. */
async function orderDish(name: string) {
  const as = {
    cartToken: `user${randomBytes(9).toString('base64url').slice(0, 11)}`,
    tableTicket: await scanTableTicket(server, 1001, 5003),
  };
  const menu = await apiCall<{
    items: {
      id: number;
      name: string;
      option_groups: { id: string; required: boolean; options: { id: string }[] }[];
    }[];
  }>(server, 'GET', '/api/menu?restaurant_id=kopitiam-ali', as);
  const dish = menu.items.find((item) => item.name === name);
  if (!dish) throw new Error(`no ${name} on the demo menu`);
  await apiCall(server, 'POST', '/api/orders/cart/update.php', {
    ...as,
    payload: {
      scope: 'kopitiam-ali',
      item_id: dish.id,
      quantity: 1,
      selections: Object.fromEntries(
        dish.option_groups.filter((g) => g.required).map((g) => [g.id, [g.options[0]!.id]]),
      ),
    },
  });
  await apiCall(server, 'POST', '/api/orders/cart/update_cart_details.php', {
    ...as,
    payload: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
  });
  return apiCall<{ order_id: number }>(server, 'POST', '/api/orders/create.php', {
    ...as,
    payload: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
  });
}

/** Logs `page` in to the staff console as `username` (the demo password). */
async function staffLogin(page: Page, username: string) {
  await page.goto(`${server.baseUrl}/staff/login`);
  await page.locator('input[autocomplete="username"], input[name="username"]').first().fill(username);
  await page.locator('input[type="password"]').fill(DEMO_STAFF_PASSWORD);
  await page.locator('button[type="submit"]').click();
}

async function staffToken(username: string) {
  const login = await apiCall<{ token: string }>(server, 'POST', '/api/staff/login', {
    payload: { username, password: DEMO_STAFF_PASSWORD },
  });
  return login.token;
}

describe('printing from the kitchen tablet (fake WebUSB printer) in Chromium', () => {
  it("the board's USB printer prints a new order's docket with the dish on it, confirmed printed", async () => {
    const manager = await staffToken('kopitiam-ali-manager');
    const made = await apiCall<{ printer: { printer_id: number }; password: string | null }>(
      server,
      'POST',
      '/api/staff/printers',
      {
        token: manager,
        payload: {
          name: 'Wok USB',
          station: null,
          connection: 'tablet_usb',
          command_set: 'esc-pos',
          paper_width: 80,
          language: 'en',
          prints: ['order_new', 'order_added'],
          copies: 1,
          printer_only: false,
        },
      },
    );
    const printerId = made.printer.printer_id;
    expect(made.password).toBeNull(); // a tablet printer has no credential of its own

    const { context, page } = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await context.addInitScript(installFakeUsb);
    await staffLogin(page, 'kopitiam-ali-kitchen');
    await page.getByRole('button', { name: 'Print from this tablet' }).click();
    const row = page.getByRole('listitem', { name: 'Wok USB' });
    await row.getByRole('button', { name: 'Connect: Wok USB' }).click();
    await expectVisible(row.getByRole('status').getByText('Connected'));
    await expectVisible(row.getByText('Device: EPSON TM-m30III'));

    const order = await orderDish('Nasi Goreng Kampung');
    await expectVisible(page.locator(`[data-order-id="${order.order_id}"]`));
    const printed = async () =>
      Buffer.from(
        (await page.evaluate(() => (window as unknown as { __usbOut: number[][] }).__usbOut)).flat(),
      ).toString('latin1');
    await expect.poll(printed, { timeout: 20_000, interval: 250 }).toContain('Nasi Goreng Kampung');
    const docket = await printed();
    // ESC/POS: it starts by initialising the printer (ESC @) and ends the docket with a cut (GS V).
    expect(docket.startsWith('\x1b@')).toBe(true);
    expect(docket).toContain('\x1dV');
    expect(docket.split('Nasi Goreng Kampung')).toHaveLength(2); // one docket, the dish once

    const jobs = await apiCall<{ jobs: { printer_id: number; order_id: number; status: string }[] }>(
      server,
      'GET',
      `/api/staff/print-jobs?order_id=${order.order_id}`,
      { token: manager },
    );
    await expect
      .poll(async () => {
        const { jobs: now } = await apiCall<{ jobs: { printer_id: number; status: string }[] }>(
          server,
          'GET',
          `/api/staff/print-jobs?order_id=${order.order_id}`,
          { token: manager },
        );
        return now.filter((job) => job.printer_id === printerId).map((job) => job.status);
      })
      .toEqual(['printed']);
    expect(jobs.jobs.filter((job) => job.printer_id === printerId)).toHaveLength(1);
    await expectVisible(row.getByText('Printed here since connecting: 1'));
    await page.screenshot({ path: resolve(SHOTS, 'tablet-printer-board-en-1280.png') });

    // The manager's printers page on the real server: the printer online, its job printed.
    const desk = await browser.newPage();
    await desk.page.setViewportSize({ width: 1280, height: 800 });
    await staffLogin(desk.page, 'kopitiam-ali-manager');
    await desk.page.getByRole('link', { name: 'Printers' }).click();
    await expectVisible(
      desk.page.getByRole('listitem', { name: 'Wok USB' }).getByRole('status').getByText('Online'),
    );
    await expectVisible(
      desk.page
        .getByRole('listitem', { name: /: New orders on Wok USB$/ })
        .getByText('Printed', { exact: true }),
    );
    await desk.page.screenshot({ path: resolve(SHOTS, 'printers-page-en-1280.png'), fullPage: true });
    await desk.context.close();
    await context.close();
  });
});
