/**
 * Printing in API tests (apps/api docs/printing.md): staff sessions, printers added through the staff
 * calls, the loopback CloudPRNT and Server Direct Print printers polling the test server, and what a
 * printed job reads as text.
 */
import { and, eq } from 'drizzle-orm';
import { cart, orders, staff } from '@santap/contract';
import type { MenuItem, StaffPrinter } from '@santap/contract';
import { printJobs } from '../src/db/schema';
import { DEMO_STAFF_PASSWORD } from '../src/seed/ids';
import { loopbackCloudPrntPrinter } from '../src/services/adapters/printers/cloudprnt/loopback';
import { loopbackEpsonPrinter } from '../src/services/adapters/printers/epson-sdp/loopback';
import {
  decodeEposXml,
  decodeEscPos,
  decodeStarPrnt,
  decodedText,
} from '../src/services/adapters/printers/commands/decode';
import { startTestServer } from './harness';
import type { Engine, TestServer } from './harness';
import { menuOf, scanTable } from './journeys';
import type { Client } from './journeys';

/** A logged-in staff client of a demo account (password `santap-demo`). */
export async function staffClient(server: TestServer, username: string, language = 'en'): Promise<Client> {
  const session = await server
    .client()
    .call(staff.staffLogin, { body: { username, password: DEMO_STAFF_PASSWORD } });
  return server.client({ authToken: session.token, language });
}

/** A new account of `role` at the manager's restaurant, logged in. */
export async function accountWithRole(
  server: TestServer,
  manager: Client,
  role: 'kitchen' | 'server' | 'business',
) {
  const username = `print-${role}-${Math.random().toString(36).slice(2, 8)}`;
  await manager.call(staff.staffCreateAccount, { body: { username, password: 'print-pass-1', role } });
  const session = await server
    .client()
    .call(staff.staffLogin, { body: { username, password: 'print-pass-1' } });
  return server.client({ authToken: session.token });
}

/** What the staff call that adds a printer takes. */
export interface PrinterSettings {
  name: string;
  station: string | null;
  connection: StaffPrinter['connection'];
  command_set?: StaffPrinter['command_set'];
  paper_width: 58 | 80;
  language: 'en' | 'id' | 'my';
  prints: StaffPrinter['prints'];
  copies: number;
  printer_only: boolean;
}

/** The settings of a kitchen printer that prints new orders, added items and cancellations. */
export function kitchenPrinter(
  connection: StaffPrinter['connection'],
  overrides: Partial<PrinterSettings> = {},
): PrinterSettings {
  return {
    name: `Kitchen ${connection}`,
    station: null,
    connection,
    paper_width: 80,
    language: 'en',
    prints: ['order_new', 'order_added', 'order_cancelled'],
    copies: 1,
    printer_only: false,
    ...overrides,
  };
}

/** Adds a printer through the staff call; a cloud printer comes with its loopback printer. */
export async function addPrinter(server: TestServer, manager: Client, body: PrinterSettings) {
  const created = await manager.call(staff.staffCreatePrinter, { body });
  return { ...created, id: created.printer.printer_id };
}

/** The loopback printer of a cloud printer, polling this server with the given credential. */
export function loopbackFor(server: TestServer, printer: StaffPrinter, password: string) {
  const url = `${server.baseUrl}${new URL(printer.poll_url!).pathname}`;
  const credential = { url, username: printer.username!, password };
  return printer.connection === 'cloudprnt'
    ? loopbackCloudPrntPrinter(credential)
    : loopbackEpsonPrinter(credential);
}

/** A Star loopback printer (typed), for tests that set its status codes. */
export function starPrinter(server: TestServer, printer: StaffPrinter, password: string) {
  return loopbackCloudPrntPrinter({
    url: `${server.baseUrl}${new URL(printer.poll_url!).pathname}`,
    username: printer.username!,
    password,
  });
}

/** An Epson loopback printer (typed). */
export function epsonPrinter(server: TestServer, printer: StaffPrinter, password: string) {
  return loopbackEpsonPrinter({
    url: `${server.baseUrl}${new URL(printer.poll_url!).pathname}`,
    username: printer.username!,
    password,
  });
}

/** What StarPRNT bytes, ESC/POS bytes or ePOS-Print XML print, as text (one line per line). */
export const starText = (bytes: Uint8Array) => decodedText(decodeStarPrnt(bytes));
export const escPosText = (bytes: Uint8Array) => decodedText(decodeEscPos(bytes));
export const eposText = (xml: string) => decodedText(decodeEposXml(xml));

/** The print jobs of one printer (and one order), oldest first. */
export function jobsOf(server: TestServer, printerId: number, orderId?: number) {
  return server.db.database.db
    .select()
    .from(printJobs)
    .where(
      and(
        eq(printJobs.printerId, printerId),
        orderId === undefined ? undefined : eq(printJobs.orderId, orderId),
      ),
    )
    .orderBy(printJobs.id);
}

/**
 * A test server with two cloud printers of kopitiam-ali (1001) and their loopbacks, both polled once
 * (online): a Star CloudPRNT kitchen printer (80 mm) and an Epson Server Direct Print one at the pass
 * (58 mm), each printing new orders, added items and cancellations. `order` places a dish for a new
 * diner at table T3 (pay later), or adds it to a running order.
 */
export async function startPrintingBench(engine: Engine) {
  const server = await startTestServer(engine);
  const manager = await staffClient(server, 'kopitiam-ali-manager');
  const plain = (await menuOf(server.client(), 'kopitiam-ali')).items.filter(
    (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
  );
  // Two dishes neither of whose names is in the other's ('Nasi Lemak' is in 'Nasi Lemak Ayam Goreng').
  const [one] = plain;
  const other = plain.find((item) => !item.name.includes(one!.name) && !one!.name.includes(item.name));
  const a = await addPrinter(server, manager, kitchenPrinter('cloudprnt', { name: 'Kitchen Star' }));
  const b = await addPrinter(
    server,
    manager,
    kitchenPrinter('epson_sdp', { name: 'Pass Epson', paper_width: 58 }),
  );
  const bench = {
    server,
    manager,
    dishes: [one!, other!] as [MenuItem, MenuItem],
    star: starPrinter(server, a.printer, a.password!),
    starId: a.id,
    starPassword: a.password!,
    epson: epsonPrinter(server, b.printer, b.password!),
    epsonId: b.id,
    async order(dish: MenuItem, quantity = 1, options: { client?: Client; addTo?: number } = {}) {
      const client = options.client ?? server.client();
      await client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: dish.id, quantity } });
      await scanTable(client, 1001, 5003);
      await client.call(cart.cartDetails, {
        body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
      });
      const placed = await client.call(orders.orderCreate, {
        body: {
          scope: 'kopitiam-ali',
          payment_mode: 'pay_later',
          ...(options.addTo ? { add_to_order_id: options.addTo } : {}),
        },
      });
      return { client, orderId: placed.order_id };
    },
  };
  // Both come online with a first poll (nothing to print yet).
  for (const status of [(await bench.star.poll()).status, (await bench.epson.poll()).status])
    if (status !== 200) throw new Error(`a loopback printer's first poll answered ${status}`);
  return bench;
}

export type PrintingBench = Awaited<ReturnType<typeof startPrintingBench>>;
