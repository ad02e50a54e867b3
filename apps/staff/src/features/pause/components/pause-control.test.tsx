import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { startI18n, switchLanguage } from '../../../app/i18n';
import { AppProviders } from '../../../app/providers';
import { setStaffToken } from '../../../lib/session';
import { FakeSocket, KITCHEN_ME, ok, refused, stubServer } from '../../../lib/testing';
import { setBoardSocketFactory } from '../../../lib/board-socket';

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
afterEach(async () => {
  cleanup();
  setStaffToken(null);
  await switchLanguage(i18n, 'en');
});

/** 14:30 in Kuala Lumpur (UTC+8) on some day. */
const AT_1430_KL = Math.floor(Date.UTC(2030, 0, 10, 6, 30) / 1000);

describe('pause new orders (top bar)', () => {
  it('kitchen pauses for 30 minutes -> "paused until"; takes orders again with 0', async () => {
    const server = stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/orders': () => ok({ orders: [] }),
      'POST /api/staff/restaurant/pause': (_request, body) =>
        ok({ paused_until_epoch: (body as { minutes: number }).minutes === 0 ? null : AT_1430_KL }),
    });
    const realNow = Date.now;
    Date.now = () => (AT_1430_KL - 30 * 60) * 1000;
    try {
      render(<AppProviders i18n={i18n} />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Pause orders' }));
      expect(screen.getByRole('button', { name: 'Pause new orders for 15 minutes' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Pause new orders for 60 minutes' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Pause new orders for 30 minutes' }));
      expect(await screen.findByText('New orders paused until 02:30 PM')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Take orders again' }));
      expect(await screen.findByRole('button', { name: 'Pause orders' })).toBeTruthy();
      expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { minutes: 30 },
        { minutes: 0 },
      ]);
    } finally {
      Date.now = realNow;
    }
  });

  it('already paused at login shows until when (in Malay); a refusal is shown; a server has no control', async () => {
    await switchLanguage(i18n, 'my');
    const realNow = Date.now;
    Date.now = () => (AT_1430_KL - 60) * 1000;
    try {
      stubServer({
        'GET /api/staff/me': () =>
          ok({ ...KITCHEN_ME, restaurant: { ...KITCHEN_ME.restaurant, paused_until_epoch: AT_1430_KL } }),
        'GET /api/staff/orders': () => ok({ orders: [] }),
        'POST /api/staff/restaurant/pause': () =>
          refused(403, 'Anda tidak mempunyai akses', 'errors.forbidden'),
      });
      render(<AppProviders i18n={i18n} />);
      expect(await screen.findByText(/^Pesanan baharu dijeda hingga 0?2:30/)).toBeTruthy();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Terima pesanan semula' }));
      expect(await screen.findByText(/Anda tidak mempunyai akses/)).toBeTruthy();
      cleanup();

      stubServer({
        'GET /api/staff/me': () =>
          ok({
            ...KITCHEN_ME,
            staff: { ...KITCHEN_ME.staff, role: 'server', username: 'kopitiam-ali-server' },
          }),
        'GET /api/staff/orders': () => ok({ orders: [] }),
      });
      render(<AppProviders i18n={i18n} />);
      expect(await screen.findByRole('link', { name: 'Kaunter' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Jeda pesanan' })).toBeNull();
    } finally {
      Date.now = realNow;
    }
  });
});
