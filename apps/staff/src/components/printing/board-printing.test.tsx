import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { startI18n } from '../../app/i18n';
import { AppProviders } from '../../app/providers';
import { setStaffToken } from '../../lib/session';
import { setBoardSocketFactory } from '../../lib/board-socket';
import { FakeSocket, KITCHEN_ME, ok, openBoardSocket, stubServer, testOrder } from '../../lib/testing';
import { testPrinter } from '../../lib/printing/test-printers';
import type { StaffPrinter } from '../../lib/printing/types';

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  FakeSocket.last = undefined;
  setBoardSocketFactory((url) => new FakeSocket(url));
  window.history.replaceState(null, '', '/');
  setStaffToken('tok-kitchen');
});
afterEach(() => {
  setStaffToken(null);
});

const card = (id: number) => screen.findByRole('article', { name: `Order #${id}` });

/** The Idempotency-Key of each reprint call. */
let reprintKeys: (string | null)[] = [];

/** A kitchen board with order 1 and the printers `printers()` answers at each read. */
function board(printers: () => StaffPrinter[], me: unknown = KITCHEN_ME) {
  reprintKeys = [];
  return stubServer({
    'GET /api/staff/me': () => ok(me),
    'GET /api/staff/orders': () => ok({ orders: [testOrder(1)] }),
    'GET /api/staff/printers': () => ok({ printers: printers() }),
    'POST /api/staff/orders/1/reprint': (request) => {
      reprintKeys.push(request.headers.get('idempotency-key'));
      return ok({
        jobs: [
          {
            job_id: 9,
            printer_id: 1,
            printer_name: 'Kitchen printer',
            kind: 'order_new',
            order_id: 1,
            heading: 'T3',
            status: 'queued',
            reprint: true,
            failure: null,
            created_epoch: 1_800_000_000,
            printed_epoch: null,
          },
        ],
      });
    },
  });
}

describe('printing on the board', () => {
  it('a printer offline and one with its cover open -> an alarm with since when; a live printer.state event clears it', async () => {
    let printers = [
      testPrinter(1, { name: 'Kitchen printer', state: 'offline', offline_since_epoch: 1_800_000_000 }),
      testPrinter(2, { name: 'Bar printer', state: 'cover_open', state_since_epoch: 1_800_000_600 }),
      testPrinter(3, { name: 'Cashier', state: 'paper_low' }),
    ];
    board(() => printers);
    render(<AppProviders i18n={i18n} />);
    const alarm = await screen.findByRole('alert', { name: 'Printer problem' });
    const lines = within(alarm)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // Kuala Lumpur time: 1 800 000 000 is 16:00 there; the longest-standing first; paper low prints, no alarm.
    expect(lines).toEqual([
      'Kitchen printer Offline since 04:00 PM',
      'Bar printer Cover open since 04:10 PM',
    ]);
    expect(
      within(alarm).getByText('Nothing prints there until it is fixed: check the printer.'),
    ).toBeTruthy();

    const socket = await openBoardSocket('restaurant:1001');
    printers = printers.map((printer) => ({ ...printer, state: 'online', offline_since_epoch: null }));
    act(() =>
      socket.receive({
        type: 'event',
        topic: 'restaurant:1001',
        event: { type: 'printer.state', data: { printer_id: 1, state: 'online' } },
      }),
    );
    await expect.poll(() => screen.queryByRole('alert', { name: 'Printer problem' })).toBeNull();
  });

  it('a print.job event with failed dockets -> the alarm names them (the order is not read again)', async () => {
    let printers = [testPrinter(1, { name: 'Kitchen printer' })];
    const server = board(() => printers);
    render(<AppProviders i18n={i18n} />);
    await card(1);
    const socket = await openBoardSocket('restaurant:1001');
    expect(screen.queryByRole('alert', { name: 'Printer problem' })).toBeNull();
    printers = [testPrinter(1, { name: 'Kitchen printer', failed_jobs: 2 })];
    server.calls.length = 0;
    act(() =>
      socket.receive({
        type: 'event',
        topic: 'restaurant:1001',
        event: { type: 'print.job', data: { order_id: 1, job_id: 5, status: 'failed' } },
      }),
    );
    const alarm = await screen.findByRole('alert', { name: 'Printer problem' });
    expect(alarm.textContent).toContain('Kitchen printer: dockets that did not print: 2');
    expect(server.calls.filter((call) => call.path === '/api/staff/orders')).toEqual([]);
  });

  it('Reprint on a ticket -> staff.reprint of the docket with an idempotency key, and says it went', async () => {
    const server = board(() => [testPrinter(1, { name: 'Kitchen printer' })]);
    render(<AppProviders i18n={i18n} />);
    const ticket = await card(1);
    const user = userEvent.setup();
    await user.click(await within(ticket).findByRole('button', { name: 'Reprint the docket of order #1' }));
    expect(await screen.findByText('Sent to the printer again')).toBeTruthy();
    const call = server.calls.find((c) => c.path === '/api/staff/orders/1/reprint');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ kind: 'order_new' });
    // A second tap reprints again: a key of its own.
    await user.click(within(ticket).getByRole('button', { name: 'Reprint the docket of order #1' }));
    await expect.poll(() => reprintKeys.length).toBe(2);
    expect(reprintKeys[0]).toBeTruthy();
    expect(reprintKeys[1]).toBeTruthy();
    expect(reprintKeys[0]).not.toBe(reprintKeys[1]);
  });

  it('no printer prints kitchen dockets -> no Reprint on the tickets', async () => {
    const server = board(() => [testPrinter(1, { prints: ['receipt'] })]);
    render(<AppProviders i18n={i18n} />);
    const ticket = await card(1);
    await expect.poll(() => server.calls.some((call) => call.path === '/api/staff/printers')).toBe(true);
    await act(async () => {});
    expect(within(ticket).getByRole('button', { name: /^1× Nasi Goreng Kampung/ })).toBeTruthy();
    expect(within(ticket).queryByRole('button', { name: /Reprint/ })).toBeNull();
  });

  it("the Kitchen station's printer is paper-only -> its board hides striking dishes off and rush; 'All' still has them", async () => {
    board(() => [
      testPrinter(1, { name: 'Kitchen printer', station: 'Kitchen', printer_only: true }),
      testPrinter(2, { name: 'Pass', station: null, printer_only: false }),
    ]);
    localStorage.setItem('santap.staff.station', 'Kitchen');
    render(<AppProviders i18n={i18n} />);
    const ticket = await card(1);
    // Once the printers are read, the dish is plain text and the bump stays.
    await expect.poll(() => within(ticket).queryByRole('button', { name: 'Rush' })).toBeNull();
    expect(within(ticket).queryByRole('button', { name: /^1× Nasi Goreng Kampung/ })).toBeNull();
    expect(within(ticket).getByText(/Nasi Goreng Kampung/)).toBeTruthy();
    expect(within(ticket).getByRole('button', { name: 'Reprint the docket of order #1' })).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Station'), '');
    const all = await card(1);
    expect(within(all).getByRole('button', { name: 'Rush' })).toBeTruthy();
    expect(within(all).getByRole('button', { name: /^1× Nasi Goreng Kampung/, pressed: false })).toBeTruthy();
  });
});
