import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { startI18n } from '../../../app/i18n';
import { AppProviders } from '../../../app/providers';
import { setStaffToken } from '../../../lib/session';
import { KITCHEN_ME, ok, refused, stubServer } from '../../../lib/testing';
import { testJob, testPrinter } from '../../../lib/printing/test-printers';
import type { StaffPrinter } from '../../../lib/printing/types';

const MANAGER_ME = {
  ...KITCHEN_ME,
  staff: { ...KITCHEN_ME.staff, staff_id: 1, role: 'manager', username: 'kopitiam-ali-manager' },
};

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  window.history.replaceState(null, '', '/printers');
  setStaffToken('tok-manager');
});
afterEach(() => {
  setStaffToken(null);
});

const row = (name: string) => screen.findByRole('listitem', { name });

/** The manager's server: `printers` as stored, create / update / delete acting on them. */
function server(printers: StaffPrinter[], jobs = [testJob(1)]) {
  let nextId = 10;
  return stubServer({
    'GET /api/staff/me': () => ok(MANAGER_ME),
    'GET /api/staff/printers': () => ok({ printers }),
    'GET /api/staff/print-jobs': () => ok({ jobs }),
    'POST /api/staff/printers': (_request, body) => {
      const made = testPrinter(nextId++, {
        ...(body as Partial<StaffPrinter>),
        username: 'kopitiam-ali-p10',
        poll_url: 'https://santap.test/api/printers/cloudprnt',
        state: 'offline',
        last_seen_epoch: null,
      });
      printers.push(made);
      return ok({ printer: made, password: 'pw-shown-once-1' });
    },
    'POST /api/staff/printers/1': (_request, body) => {
      const patch = body as Partial<StaffPrinter> & { rotate_password?: boolean };
      const index = printers.findIndex((printer) => printer.printer_id === 1);
      const { rotate_password: rotate, ...settings } = patch;
      printers[index] = { ...printers[index]!, ...settings };
      return ok({ printer: printers[index], password: rotate ? 'pw-rotated-2' : null });
    },
    'DELETE /api/staff/printers/2': () => {
      printers.splice(
        printers.findIndex((printer) => printer.printer_id === 2),
        1,
      );
      return ok({ deleted: true });
    },
    'POST /api/staff/orders/4/reprint': () =>
      ok({ jobs: [testJob(20, { reprint: true, status: 'queued' })] }),
  });
}

describe('printers page', () => {
  it('a manager sees each printer with its state, since when, last heard, queue and failed counts; the nav links it', async () => {
    server([
      testPrinter(1, { name: 'Kitchen', station: 'Kitchen', queued_jobs: 2 }),
      testPrinter(2, {
        name: 'Bar',
        station: 'Bar',
        state: 'offline',
        offline_since_epoch: 1_800_000_000,
        failed_jobs: 3,
        printer_only: true,
      }),
      testPrinter(3, { name: 'Pass', state: 'paper_out', state_since_epoch: 1_800_000_600 }),
    ]);
    render(<AppProviders i18n={i18n} />);
    expect(await screen.findByRole('heading', { name: 'Printers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Printers' })).toBeTruthy();
    const kitchen = await row('Kitchen');
    expect(within(kitchen).getByRole('status').textContent).toBe('Online');
    expect(within(kitchen).getByText('Station: Kitchen')).toBeTruthy();
    expect(within(kitchen).getByText('Waiting: 2')).toBeTruthy();
    expect(within(kitchen).getByText('Last in touch at 04:00 PM')).toBeTruthy();
    const bar = await row('Bar');
    expect(within(bar).getByRole('status').textContent).toBe('Offline since 04:00 PM');
    expect(within(bar).getByText('Failed: 3')).toBeTruthy();
    expect(within(bar).getByText('Paper only')).toBeTruthy();
    expect(within(await row('Pass')).getByRole('status').textContent).toBe('Out of paper since 04:10 PM');
    expect(within(await row('Pass')).getByText('Station: All dishes')).toBeTruthy();
  });

  it('add a cloud printer -> its server URL, user name and password shown once with copy buttons and the Star set-up steps', async () => {
    const printers: StaffPrinter[] = [];
    const calls = server(printers).calls;
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a printer' }));
    const form = await screen.findByRole('dialog', { name: 'New printer' });
    // Nothing typed: refused before sending.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(form).getByLabelText('Name'), '  Kitchen printer ');
    await user.selectOptions(within(form).getByLabelText('Station'), 'Kitchen');
    await user.click(within(form).getByLabelText('58 mm (32 characters a line)'));
    await user.click(within(form).getByLabelText('Receipts'));
    await user.click(within(form).getByLabelText('Cancellations and declined items'));
    await user.selectOptions(within(form).getByLabelText('Copies'), '2');
    await user.click(within(form).getByLabelText(/This station works from paper only/));
    // ESC/POS or StarPRNT is a tablet printer's choice only.
    expect(within(form).queryByText('Printer commands')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const secret = await screen.findByRole('alertdialog', { name: 'Write this down now' });
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/staff/printers')?.body).toEqual(
      {
        name: 'Kitchen printer',
        station: 'Kitchen',
        connection: 'cloudprnt',
        command_set: 'esc-pos',
        paper_width: 58,
        language: 'en',
        prints: ['order_new', 'order_added', 'receipt'],
        copies: 2,
        printer_only: true,
      },
    );
    expect(within(secret).getByText('https://santap.test/api/printers/cloudprnt')).toBeTruthy();
    expect(within(secret).getByText('kopitiam-ali-p10')).toBeTruthy();
    expect(within(secret).getByText('pw-shown-once-1')).toBeTruthy();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void copied.push(text) },
      configurable: true,
    });
    await user.click(within(secret).getByRole('button', { name: 'Copy Password' }));
    expect(copied).toEqual(['pw-shown-once-1']);
    expect(await screen.findByText('Copied')).toBeTruthy();
    const star = within(secret)
      .getByText('Star CloudPRNT (for example mC-Print3, TSP143IV)')
      .closest('details');
    expect(star?.open).toBe(true);
    expect(within(secret).getByText(/Under CloudPRNT, turn it on, paste the server URL/)).toBeTruthy();
    expect(within(secret).getByText(/Under Server Direct Print/)).toBeTruthy();
    await user.click(within(secret).getByRole('button', { name: "I've written it down" }));
    expect(screen.queryByText('pw-shown-once-1')).toBeNull();
    expect(await row('Kitchen printer')).toBeTruthy();
  });

  it('a tablet printer offers ESC/POS or StarPRNT; edit keeps the connection; the server refusing -> its words in the form', async () => {
    const printers = [
      testPrinter(1, {
        name: 'Kitchen',
        connection: 'tablet_usb',
        command_set: 'esc-pos',
        poll_url: null,
        username: null,
      }),
    ];
    const stub = server(printers);
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    const kitchen = await row('Kitchen');
    // A tablet printer has no credential to rotate.
    expect(within(kitchen).queryByRole('button', { name: 'New password' })).toBeNull();
    await user.click(within(kitchen).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Kitchen' });
    expect((within(form).getByLabelText('Connection') as HTMLSelectElement).disabled).toBe(true);
    await user.click(within(form).getByLabelText('StarPRNT (Star printers)'));
    await user.selectOptions(within(form).getByLabelText('Docket language'), 'my');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await expect.poll(() => printers[0]!.command_set).toBe('star-prnt');
    expect(printers[0]!.language).toBe('my');
    const update = stub.calls.find((call) => call.path === '/api/staff/printers/1');
    expect(update?.body).not.toHaveProperty('connection');

    stubServer({
      'GET /api/staff/me': () => ok(MANAGER_ME),
      'GET /api/staff/printers': () => ok({ printers }),
      'GET /api/staff/print-jobs': () => ok({ jobs: [] }),
      'POST /api/staff/printers/1': () => refused(400, 'Name is too long', 'validation.invalid'),
    });
    await user.click(within(await row('Kitchen')).getByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Edit Kitchen' });
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(again).findByText('Name is too long')).toBeTruthy();
  });

  it('new password -> confirmed first, then shown once; delete -> confirmed, gone from the list', async () => {
    const printers = [testPrinter(1, { name: 'Kitchen' }), testPrinter(2, { name: 'Bar' })];
    const stub = server(printers);
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    await user.click(within(await row('Kitchen')).getByRole('button', { name: 'New password' }));
    const ask = await screen.findByRole('alertdialog', { name: 'A new password for Kitchen?' });
    await user.click(within(ask).getByRole('button', { name: 'New password' }));
    const secret = await screen.findByRole('alertdialog', { name: 'Write this down now' });
    expect(within(secret).getByText('pw-rotated-2')).toBeTruthy();
    expect(stub.calls.find((call) => call.path === '/api/staff/printers/1')?.body).toEqual({
      rotate_password: true,
    });
    await user.click(within(secret).getByRole('button', { name: "I've written it down" }));

    await user.click(within(await row('Bar')).getByRole('button', { name: 'Delete' }));
    const sure = await screen.findByRole('alertdialog', { name: 'Delete Bar?' });
    expect(within(sure).getByText(/kept as failed/)).toBeTruthy();
    await user.click(within(sure).getByRole('button', { name: 'Cancel' }));
    expect(stub.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(await row('Bar')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Bar?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await expect.poll(() => screen.queryByRole('listitem', { name: 'Bar' })).toBeNull();
    expect(stub.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/staff/printers/2',
    ]);
  });

  it('jobs: failed ones first under their heading with why; Reprint sends the docket to that printer again', async () => {
    const stub = server(
      [testPrinter(1, { name: 'Kitchen' })],
      [
        testJob(3, { heading: 'T5', order_id: 5 }),
        testJob(2, {
          heading: 'T4',
          order_id: 4,
          status: 'failed',
          printer_id: null,
          printer_name: 'Old printer',
          failure: 'The printer was deleted',
          printed_epoch: null,
        }),
        testJob(1, { heading: 'Shift', kind: 'shift_report', order_id: null }),
      ],
    );
    render(<AppProviders i18n={i18n} />);
    const failed = await screen.findByRole('region', { name: 'Failed: reprint or check the printer' });
    const t4 = within(failed).getByRole('listitem', { name: 'T4: New orders on Old printer' });
    expect(within(t4).getByText('The printer was deleted')).toBeTruthy();
    expect(within(failed).queryByRole('listitem', { name: /T5/ })).toBeNull();
    const jobs = screen.getByRole('region', { name: 'Recent print jobs' });
    const names = within(jobs)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual([
      'T4: New orders on Old printer',
      'T5: New orders on Printer 1',
      'Shift: Shift report on Printer 1',
    ]);
    // A shift report is no order's: nothing to reprint from here.
    expect(
      within(within(jobs).getByRole('listitem', { name: /^Shift/ })).queryByRole('button', {
        name: 'Reprint',
      }),
    ).toBeNull();
    const user = userEvent.setup();
    await user.click(within(t4).getByRole('button', { name: 'Reprint' }));
    expect(await screen.findByText('Sent to the printer again')).toBeTruthy();
    // The printer was deleted: every printer of that kind prints it.
    expect(stub.calls.find((call) => call.path === '/api/staff/orders/4/reprint')?.body).toEqual({
      kind: 'order_new',
    });
  });

  it('a kitchen account -> refused, and no Printers link', async () => {
    stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/printers': () => ok({ printers: [] }),
      'GET /api/staff/print-jobs': () => ok({ jobs: [] }),
    });
    setStaffToken('tok-kitchen');
    render(<AppProviders i18n={i18n} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Printers' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a printer' })).toBeNull();
  });
});
