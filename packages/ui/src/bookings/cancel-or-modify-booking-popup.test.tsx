import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { CancelOrModifyBookingPopup } from './cancel-or-modify-booking-popup';
import type { CancelOrModifyBookingPopupProps } from './cancel-or-modify-booking-popup';

afterEach(cleanup);

const noop = () => undefined;

function popup(overrides: Partial<CancelOrModifyBookingPopupProps> = {}) {
  const props: CancelOrModifyBookingPopupProps = {
    open: true,
    onClose: noop,
    booking: { date: '2026-06-13', slot: '19:30', guests: 4, smoking: false },
    timeZone: 'Asia/Kuala_Lumpur',
    cutOff: new Date('2026-06-13T10:30:00Z'),
    canModify: true,
    canCancel: true,
    minDate: '2026-06-12',
    maxGuests: 10,
    slots: [
      { slot: '19:30', available: true },
      { slot: '20:00', available: true },
      { slot: '20:30', available: false },
    ],
    onQueryChange: noop,
    onModify: noop,
    onCancel: noop,
    ...overrides,
  };
  return <CancelOrModifyBookingPopup {...props} />;
}

describe('CancelOrModifyBookingPopup', () => {
  it('cut-off 10:30Z in Kuala Lumpur -> "…until Sat, Jun 13, 18:30." in the description', () => {
    renderIn(popup());
    expect(screen.getByRole('dialog', { name: 'Change or cancel booking' }).textContent).toContain(
      'Changes and cancellations are possible until Sat, Jun 13, 18:30.',
    );
  });

  it('canModify false -> only "Cancel booking"; both false -> says nothing can be done', () => {
    const { rerender } = renderIn(popup({ canModify: false }));
    expect(screen.queryByRole('button', { name: 'Change booking' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    rerender(popup({ canModify: false, canCancel: false }));
    expect(screen.getByText('This booking can no longer be changed or cancelled.')).toBeTruthy();
  });

  it('modify opened -> asks for the slots of the booking; same everything -> "Choose a different…", no request', async () => {
    const onQueryChange = vi.fn();
    const onModify = vi.fn();
    const user = userEvent.setup();
    renderIn(popup({ onQueryChange, onModify }));
    await user.click(screen.getByRole('button', { name: 'Change booking' }));
    expect(onQueryChange).toHaveBeenCalledWith({ date: '2026-06-13', guests: 4, smoking: false });
    expect((screen.getByRole('radio', { name: '19:30' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: '20:30 (full)' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Request change' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Choose a different date, time, number of guests or seating',
    );
    expect(onModify).not.toHaveBeenCalled();
  });

  it('one more guest -> slots asked again and the slot cleared; no slot -> "Please select a time slot"; 20:00 -> onModify', async () => {
    const onQueryChange = vi.fn();
    const onModify = vi.fn();
    const user = userEvent.setup();
    renderIn(popup({ initialStep: 'modify', onQueryChange, onModify }));
    await user.click(screen.getByRole('button', { name: 'One more: Guests' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ date: '2026-06-13', guests: 5, smoking: false });
    await user.click(screen.getByRole('button', { name: 'Request change' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a time slot');
    await user.click(screen.getByRole('radio', { name: '20:00' }));
    await user.click(screen.getByRole('button', { name: 'Request change' }));
    expect(onModify).toHaveBeenCalledWith({ date: '2026-06-13', guests: 5, smoking: false, slot: '20:00' });
  });

  it('another date typed -> slots asked for that date', async () => {
    const onQueryChange = vi.fn();
    renderIn(popup({ initialStep: 'modify', onQueryChange }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-06-20' } });
    expect(onQueryChange).toHaveBeenLastCalledWith({ date: '2026-06-20', guests: 4, smoking: false });
  });

  it('cancel with a paid RM 20.00 deposit -> refund note; reason typed -> onCancel with the trimmed reason', async () => {
    const onCancel = vi.fn();
    const user = userEvent.setup();
    renderIn(popup({ onCancel, refund: { amount: 2000, currency: 'MYR' } }));
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toContain(
      'Your deposit of RM 20.00 will be refunded to the way you paid. It takes 3-5 days to reach you.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), '  plans changed ');
    await user.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    expect(onCancel).toHaveBeenCalledWith('plans changed');
  });

  it('refusal from the server -> shown as an alert with its words, in Malay chrome', () => {
    renderIn(popup({ initialStep: 'cancel', refusal: 'Terlalu lewat untuk membatalkan' }), 'my');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Restoran tidak dapat menerima permintaan ini');
    expect(alert.textContent).toContain('Terlalu lewat untuk membatalkan');
  });
});
