import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { startI18n } from '../../../app/i18n';
import { AppProviders } from '../../../app/providers';
import { setStaffToken } from '../../../lib/session';
import { KITCHEN_ME, ok, refused, stubServer } from '../../../lib/testing';

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
afterEach(() => {
  setStaffToken(null);
});

const MANAGER_ME = {
  ...KITCHEN_ME,
  staff: { staff_id: 1, restaurant_id: 1001, role: 'manager', username: 'kopitiam-ali-manager' },
};

describe("'Set my PIN' on the accounts page", () => {
  it('a wrong password -> the server\'s words; digits only, masked; the right one -> "Your PIN is set." and the call', async () => {
    setStaffToken('tok-manager');
    window.history.replaceState(null, '', '/accounts');
    const server = stubServer({
      'GET /api/staff/me': () => ok(MANAGER_ME),
      'GET /api/staff/accounts': () => ok({ accounts: [] }),
      'POST /api/staff/me/pin': (_request, body) =>
        (body as { current_password: string }).current_password === 'santap-demo'
          ? ok({ pin_set: true })
          : refused(403, "You don't have access to this", 'errors.forbidden'),
    });
    render(<AppProviders i18n={i18n} />);
    const form = await screen.findByRole('form', { name: 'My approval PIN' });
    const user = userEvent.setup();
    const pin = within(form).getByLabelText('New PIN (4 to 6 digits)') as HTMLInputElement;
    expect(pin.type).toBe('password');
    expect(pin.inputMode).toBe('numeric');
    const submit = within(form).getByRole('button', { name: 'Set my PIN' }) as HTMLButtonElement;

    await user.type(within(form).getByLabelText('Current password'), 'wrong-pass');
    await user.type(pin, '48x29');
    expect(pin.value).toBe('4829');
    await user.click(submit);
    expect((await within(form).findByRole('alert')).textContent).toBe("You don't have access to this");

    await user.type(within(form).getByLabelText('Current password'), 'santap-demo');
    await user.type(pin, '123');
    expect(submit.disabled).toBe(true);
    await user.type(pin, '456');
    await user.click(submit);
    expect((await within(form).findByRole('status')).textContent).toBe('Your PIN is set.');
    expect(server.calls.filter((call) => call.path === '/api/staff/me/pin').map((call) => call.body)).toEqual(
      [
        { current_password: 'wrong-pass', pin: '4829' },
        { current_password: 'santap-demo', pin: '123456' },
      ],
    );
  });
});
