import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { startI18n } from '../app/i18n';
import { AppProviders } from '../app/providers';
import { setBoardSocketFactory } from '../lib/board-socket';
import { setStaffToken } from '../lib/session';
import { FakeSocket, KITCHEN_ME, ok, openBoardSocket, stubServer, testOrder } from '../lib/testing';

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  FakeSocket.last = undefined;
  setBoardSocketFactory((url) => new FakeSocket(url));
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  setStaffToken(null);
});

/** A refusal with machine-readable details, as the API sends an approval's. */
const refusedWith = (statusCode: number, message: string, code: string, details: unknown) =>
  new Response(JSON.stringify({ status: 0, statusCode, message, code, details }), {
    status: statusCode,
    headers: { 'content-type': 'application/json' },
  });

const MANAGER_ME = {
  ...KITCHEN_ME,
  staff: { staff_id: 1, restaurant_id: 1001, role: 'manager', username: 'kopitiam-ali-manager' },
  moves: [1, 5, 6, 13, 8, 2, 9, 3, 10, 11, 12, 4],
};

describe('manager approval on the board', () => {
  it("the kitchen declines a paid order -> the server asks for a manager's PIN; a wrong one is shown, the right one retries with the approval", async () => {
    setStaffToken('tok-kitchen');
    let tries = 0;
    const server = stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/orders': () => ok({ orders: [testOrder(1, { payment_status: 'paid' })] }),
      'POST /api/staff/orders/1/status': (_request, body) => {
        const approval = (body as { approval?: { pin?: string } }).approval;
        tries++;
        if (!approval)
          return refusedWith(403, 'A manager needs to approve this.', 'approval.error.needed', {
            approval: 'manager_pin',
          });
        if (approval.pin !== '482913')
          return refusedWith(
            422,
            'That manager name or PIN is not right. 4 tries left.',
            'approval.error.pinWrong',
            {
              tries_left: 4,
            },
          );
        return ok(testOrder(1, { status: 5, payment_status: 'paid' }));
      },
    });
    render(<AppProviders i18n={i18n} />);
    const card = await screen.findByRole('article', { name: 'Order #1' });
    await openBoardSocket('restaurant:1001');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Decline order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manager approval' });
    const pin = within(dialog).getByLabelText('Manager PIN') as HTMLInputElement;
    expect(pin.type).toBe('password');
    expect(pin.inputMode).toBe('numeric');
    const approve = within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);

    await user.type(within(dialog).getByLabelText('Manager username'), 'kopitiam-ali-manager');
    await user.type(pin, '12ab99');
    expect(pin.value).toBe('1299');
    await user.clear(pin);
    await user.type(pin, '111111');
    // No reason yet: the approval cannot be sent.
    expect(approve.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Reason'), 'Diner left');
    await user.click(approve);
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'That manager name or PIN is not right. 4 tries left.',
    );
    expect(pin.value).toBe('');

    await user.type(pin, '482913');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Manager approval' })).toBeNull();
    expect(tries).toBe(3);
    expect(
      server.calls.filter((call) => call.path === '/api/staff/orders/1/status').map((c) => c.body),
    ).toEqual([
      { status: 5 },
      {
        status: 5,
        approval: { manager: 'kopitiam-ali-manager', pin: '111111', reason: 'Diner left' },
      },
      {
        status: 5,
        approval: { manager: 'kopitiam-ali-manager', pin: '482913', reason: 'Diner left' },
      },
    ]);
  });

  it("a manager's own decline of a paid order -> only a reason is asked, then sent; Cancel drops the move without a failure", async () => {
    setStaffToken('tok-manager');
    const server = stubServer({
      'GET /api/staff/me': () => ok(MANAGER_ME),
      'GET /api/staff/orders': () => ok({ orders: [testOrder(1, { payment_status: 'paid' })] }),
      'POST /api/staff/orders/1/status': (_request, body) =>
        (body as { approval?: unknown }).approval
          ? ok(testOrder(1, { status: 5, payment_status: 'paid' }))
          : refusedWith(400, 'Give a reason for this.', 'approval.error.reasonNeeded', {
              approval: 'reason',
            }),
    });
    render(<AppProviders i18n={i18n} />);
    const card = await screen.findByRole('article', { name: 'Order #1' });
    await openBoardSocket('restaurant:1001');
    const user = userEvent.setup();

    await user.click(within(card).getByRole('button', { name: 'Decline order' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reason needed' });
    expect(within(dialog).queryByLabelText('Manager PIN')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Reason needed' })).toBeNull();
    expect(screen.queryByText(/That did not work/)).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Decline order' }));
    dialog = await screen.findByRole('dialog', { name: 'Reason needed' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Out of noodles');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Reason needed' })).toBeNull();
    expect(server.calls.filter((call) => call.path === '/api/staff/orders/1/status').at(-1)?.body).toEqual({
      status: 5,
      approval: { reason: 'Out of noodles' },
    });
  });
});
