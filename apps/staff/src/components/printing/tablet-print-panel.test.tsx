import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { startI18n } from '../../app/i18n';
import { AppProviders } from '../../app/providers';
import { setStaffToken } from '../../lib/session';
import { setBoardSocketFactory } from '../../lib/board-socket';
import { FakeSocket, KITCHEN_ME, ok, stubServer, testOrder } from '../../lib/testing';
import { testPrinter } from '../../lib/printing/test-printers';
import { rememberDevice, rememberedDevice } from '../../lib/printing/remembered-devices';
import type { RememberedDevice } from '../../lib/printing/remembered-devices';
import { setTabletDeviceFactory, stopTabletPrinters } from '../../lib/printing/tablet/tablet-sessions';
import type { TabletDevice } from '../../lib/printing/tablet/tablet-device';

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});

const EPSON: RememberedDevice = {
  connection: 'tablet_usb',
  type: 'usb',
  vendorId: 0x04b8,
  productId: 0x0202,
  serialNumber: 'X1',
  id: null,
  label: 'EPSON TM-m30',
};

/** A USB printer as the tablet sees it: what it printed, and how it was opened. */
const fake = { printed: [] as string[], opened: [] as string[] };
const fakeDevice = (): TabletDevice => ({
  connect: async () => {
    fake.opened.push('tap');
    return EPSON;
  },
  reconnect: async (device) => {
    fake.opened.push(`again:${device.serialNumber}`);
    return EPSON;
  },
  print: async (bytes) => {
    fake.printed.push(new TextDecoder().decode(bytes));
  },
  disconnect: async () => undefined,
  onDisconnected: () => undefined,
});

beforeEach(() => {
  FakeSocket.last = undefined;
  setBoardSocketFactory((url) => new FakeSocket(url));
  window.history.replaceState(null, '', '/');
  setStaffToken('tok-kitchen');
  fake.printed = [];
  fake.opened = [];
  setTabletDeviceFactory(async () => fakeDevice());
  // This browser has WebUSB (Chrome); the driver itself is the fake above.
  Object.defineProperty(navigator, 'usb', { value: {}, configurable: true });
});
afterEach(() => {
  stopTabletPrinters();
  setStaffToken(null);
  Reflect.deleteProperty(navigator, 'usb');
});

/** A board whose restaurant has a USB printer (id 5) with one docket waiting until confirmed. */
function board() {
  let waiting = true;
  const server = stubServer({
    'GET /api/staff/me': () => ok(KITCHEN_ME),
    'GET /api/staff/orders': () => ok({ orders: [testOrder(1)] }),
    'GET /api/staff/printers': () =>
      ok({
        printers: [
          testPrinter(5, {
            name: 'Kitchen USB',
            connection: 'tablet_usb',
            command_set: 'esc-pos',
            poll_url: null,
            username: null,
          }),
        ],
      }),
    'POST /api/staff/printers/5/poll': () =>
      ok({
        job: waiting
          ? {
              job_id: 77,
              kind: 'order_new',
              command_set: 'esc-pos',
              data_base64: btoa('T3 Nasi Goreng Kampung'),
            }
          : null,
      }),
    'POST /api/staff/printers/5/jobs/77': () => {
      waiting = false;
      return ok({ job_id: 77, status: 'printed' });
    },
  });
  return server;
}

describe('print from this tablet', () => {
  it('Connect (a tap) -> the waiting docket goes to the device and is confirmed printed; the device is remembered', async () => {
    const server = board();
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Print from this tablet' }));
    const panel = await screen.findByRole('region', { name: 'Print from this tablet' });
    const row = within(panel).getByRole('listitem', { name: 'Kitchen USB' });
    expect(within(row).getByRole('status').textContent).toBe('Not connected');
    await user.click(within(row).getByRole('button', { name: 'Connect: Kitchen USB' }));
    await expect.poll(() => fake.printed).toEqual(['T3 Nasi Goreng Kampung']);
    expect(await within(row).findByText('Printed here since connecting: 1')).toBeTruthy();
    expect(within(row).getByText('Device: EPSON TM-m30')).toBeTruthy();
    expect(fake.opened).toEqual(['tap']);
    const polls = server.calls.filter((call) => call.path === '/api/staff/printers/5/poll');
    expect(polls[0]?.body).toEqual({ state: 'online' });
    expect(server.calls.find((call) => call.path === '/api/staff/printers/5/jobs/77')?.body).toEqual({
      result: 'printed',
    });
    expect(rememberedDevice(5)).toEqual(EPSON);

    // Printing goes on with the panel closed.
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Print from this tablet' })).toBeNull();
  });

  it('a device this tablet printed on before -> opened again with no tap when the board opens, and prints', async () => {
    rememberDevice(5, EPSON);
    board();
    render(<AppProviders i18n={i18n} />);
    await expect.poll(() => fake.printed).toEqual(['T3 Nasi Goreng Kampung']);
    expect(fake.opened).toEqual(['again:X1']);
  });

  it('a browser without WebUSB -> says so, and offers no Connect', async () => {
    Reflect.deleteProperty(navigator, 'usb');
    board();
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Print from this tablet' }));
    const row = await screen.findByRole('listitem', { name: 'Kitchen USB' });
    expect(within(row).getByText(/This browser cannot reach this printer/)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Connect/ })).toBeNull();
  });
});
