import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import type { Reservation } from '@santap/api-client';
import { startI18n, switchLanguage } from '../../../app/i18n';
import { AppProviders } from '../../../app/providers';
import { setStaffToken } from '../../../lib/session';
import { FakeSocket, KITCHEN_ME, ok, refused, stubServer } from '../../../lib/testing';
import { setBoardSocketFactory } from '../../../lib/board-socket';

const MANAGER_ME = {
  ...KITCHEN_ME,
  staff: { staff_id: 1, restaurant_id: 1001, role: 'manager', username: 'kopitiam-ali-manager' },
};

function booking(id: number, patch: Partial<Reservation> = {}): Reservation {
  return {
    reservation_id: id,
    restaurant_id: 1001,
    nameid: 'kopitiam-ali',
    restaurant_name: 'Kopitiam Ali',
    time_zone: 'Asia/Kuala_Lumpur',
    date: '2027-01-15',
    slot: '19:00',
    starts_epoch: 1_800_000_000,
    ends_epoch: 1_800_005_400,
    guests: 4,
    smoking: false,
    table: { table_id: 5003, table_no: 'T3', display_table: 'Table 3', seats: 4, smoking: false },
    contact_name: 'Aisyah',
    email: 'aisyah@example.com',
    contact_number: '+60123456789',
    special_request: 'window seat',
    occasion: 'Birthday',
    state: 'confirmation_pending',
    token_amount: 2000,
    currency: 'MYR',
    payment_status: 'paid',
    payment: null,
    requested_change: null,
    reason: null,
    cut_off_epoch: 1_799_996_400,
    can_modify: true,
    can_cancel: true,
    can_pay: false,
    order_id: null,
    created_epoch: 1_799_900_000,
    ...patch,
  };
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  FakeSocket.last = undefined;
  setBoardSocketFactory((url) => new FakeSocket(url));
  window.history.replaceState(null, '', '/bookings');
  setStaffToken('tok-manager');
});
afterEach(async () => {
  cleanup();
  setStaffToken(null);
  await switchLanguage(i18n, 'en');
});

describe('bookings screen', () => {
  it("lists the day's bookings with deposit and its outcome; the manager confirms, declines with a reason, answers a change", async () => {
    const list = [
      booking(1),
      booking(2, {
        state: 'modification_requested',
        token_amount: 0,
        payment_status: 'unpaid',
        requested_change: {
          date: '2027-01-16',
          slot: '20:00',
          guests: 6,
          smoking: false,
          starts_epoch: 1_800_090_000,
          table_id: 5004,
        },
      }),
      booking(3, { state: 'refund_processed', payment_status: 'refunded', slot: '12:00' }),
      booking(4, { state: 'confirmed', order_id: 77, starts_epoch: 1_700_000_000 }),
      booking(5, { state: 'confirmed', slot: '09:00', starts_epoch: 1_700_000_000 }),
      booking(6, { state: 'confirmed', slot: '21:00' }),
    ];
    const server = stubServer({
      'GET /api/staff/me': () => ok(MANAGER_ME),
      'GET /api/staff/reservations': () => ok({ reservations: list }),
      'POST /api/staff/reservations/1/confirm': () => ok(booking(1, { state: 'confirmed' })),
      'POST /api/staff/reservations/5/no-show': () => ok(booking(5, { state: 'no_show', slot: '09:00' })),
      'POST /api/staff/reservations/2/modification/decline': () =>
        ok(booking(2, { state: 'confirmed', token_amount: 0, payment_status: 'unpaid' })),
    });
    render(<AppProviders i18n={i18n} />);
    const first = await screen.findByRole('article', { name: 'Booking #1' });
    expect(within(first).getByText('Aisyah')).toBeTruthy();
    expect(within(first).getByText('Guests: 4')).toBeTruthy();
    expect(within(first).getByText('Table 3')).toBeTruthy();
    expect(within(first).getByText('Waiting for confirmation')).toBeTruthy();
    expect(within(first).getByText(/Deposit RM 20.00: paid/)).toBeTruthy();
    expect(within(first).getByText('Request: window seat')).toBeTruthy();
    const refundedOne = screen.getByRole('article', { name: 'Booking #3' });
    expect(within(refundedOne).getByText(/Deposit RM 20.00: refunded/)).toBeTruthy();
    expect(within(refundedOne).queryByRole('button')).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Booking #4' })).getByText(
        /taken off the bill of order #77/,
      ),
    ).toBeTruthy();
    const changed = screen.getByRole('article', { name: 'Booking #2' });
    expect(within(changed).getByText(/No deposit/)).toBeTruthy();
    expect(within(changed).getByText('Asks to change to 2027-01-16 20:00, guests: 6')).toBeTruthy();
    expect(server.calls.find((call) => call.path === '/api/staff/reservations')?.search).toMatch(
      /^\?date=\d{4}-\d{2}-\d{2}$/,
    );

    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: 'Confirm' }));
    expect(await within(first).findByText('Confirmed')).toBeTruthy();
    expect(await screen.findByText('Booking #1 updated')).toBeTruthy();

    await user.click(within(changed).getByRole('button', { name: 'Decline change' }));
    await user.type(
      within(changed).getByLabelText('Reason for the diner (optional)'),
      'Fully booked at 20:00',
    );
    await user.click(within(changed).getByRole('button', { name: 'Decline change' }));
    expect(await within(changed).findByText('Confirmed')).toBeTruthy();
    expect(server.calls.find((call) => call.path.endsWith('/2/modification/decline'))?.body).toEqual({
      reason: 'Fully booked at 20:00',
    });

    // No-show: only a confirmed booking whose time has come and where the diner did not order.
    expect(within(screen.getByRole('article', { name: 'Booking #6' })).queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Booking #4' })).queryByRole('button')).toBeNull();
    const missed = screen.getByRole('article', { name: 'Booking #5' });
    await user.click(within(missed).getByRole('button', { name: 'No-show' }));
    expect(await within(missed).findByText('Missed')).toBeTruthy();
    expect(within(missed).getByText(/Deposit RM 20.00: kept \(no-show\)/)).toBeTruthy();
    expect(within(missed).queryByRole('button')).toBeNull();
  });

  it('a refusal in the console language; another day asks the server for that date', async () => {
    await switchLanguage(i18n, 'id');
    const server = stubServer({
      'GET /api/staff/me': () => ok(MANAGER_ME),
      'GET /api/staff/reservations': (request) =>
        ok({
          reservations: new URL(request.url).searchParams.get('date') === '2027-02-01' ? [] : [booking(1)],
        }),
      'POST /api/staff/reservations/1/confirm': () =>
        refused(422, 'Reservasi ini tidak dapat diubah sekarang', 'errors.bookingNotPending'),
    });
    render(<AppProviders i18n={i18n} />);
    const first = await screen.findByRole('article', { name: 'Reservasi #1' });
    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: 'Konfirmasi' }));
    expect(await screen.findByText(/Reservasi ini tidak dapat diubah sekarang/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Tanggal'), { target: { value: '2027-02-01' } });
    expect(await screen.findByText('Tidak ada reservasi pada hari ini')).toBeTruthy();
    expect(server.calls.at(-1)?.search).toBe('?date=2027-02-01');
  });
});
