import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import type { User } from '@santap/api-client';
import { storeAuth, storedAuth } from '../../../lib/session';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { OTP_STATUS_POLL_MS } from '../hooks/use-otp-delivery';
import { Component as Login } from './login';

// env.ts parses with zod, which apps/diner does not list yet; the tests need only these values.
vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const user = (overrides: Partial<User> = {}): User => ({
  user_id: 42,
  status: 'ACTIVE',
  phone: '+60123456789',
  name: 'Aisyah',
  email: null,
  date_of_birth: '1990-04-02',
  gender: null,
  is_corporate: false,
  linked: { facebook: false, google: false },
  ...overrides,
});

const sent = { phone: '+60123456789', resend_after_seconds: 30, expires_in_seconds: 600 };
const cartPath = '/cart/kopitiam-ali/1';
const routes = [
  { path: '/login', Component: Login },
  { path: '/cart/:name/:ot?', element: <p>cart page</p> },
];
const loginUrl = `/login?otpless=0&path=${encodeURIComponent(cartPath)}&menu_path=%2Fr%2Fkopitiam-ali`;

async function sendCodeAndEnter(view: ReturnType<typeof renderRoute>, code: string) {
  await view.user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '012-345 6789');
  await view.user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByText('We sent a 6-digit code by SMS to +60123456789');
  await view.user.click(screen.getByRole('textbox', { name: /Digit 1/ }));
  await view.user.paste(code);
}

describe('/login', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('wrong OTP -> shows the server message and stores no session', async () => {
    const call = stubApi({
      'auth.sendOtp': () => sent,
      'auth.verifyOtp': () => {
        throw new ServerMessage('You have entered an incorrect OTP!', 'errors.incorrectOtp', 401);
      },
    });
    const view = renderRoute(routes, loginUrl);
    await sendCodeAndEnter(view, '111111');

    expect(await screen.findByText('You have entered an incorrect OTP!')).toBeTruthy();
    expect(storedAuth()).toBeUndefined();
    expect(view.router.state.location.pathname).toBe('/login');
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'auth.sendOtp' }), {
      body: { phone: '+60123456789', channel: 'sms', country: 'MY' },
    });
  });

  it('right OTP for a guest -> the guest goes as its session cookie, the page keeps no token, returns to `path`', async () => {
    storeAuth({ status: 'GUEST' });
    const call = stubApi({
      'auth.sendOtp': () => sent,
      'auth.verifyOtp': () => ({
        token: 'user-token',
        expires_epoch: 2_000_000_000,
        user: user(),
        is_new_user: false,
      }),
    });
    const view = renderRoute(routes, loginUrl);
    await sendCodeAndEnter(view, '123456');

    expect(await screen.findByText('cart page')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe(cartPath);
    // The session is the server's HttpOnly cookie: nothing of it in the page's storage or cookies.
    expect(localStorage.length).toBe(0);
    expect(document.cookie).not.toContain('user-token');
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'auth.verifyOtp' }), {
      body: { phone: '+60123456789', country: 'MY', otp: '123456' },
    });
  });

  it('new user -> date of birth confirmed in a popup, registered, then back to `path` with the schedule', async () => {
    const call = stubApi({
      'auth.sendOtp': () => sent,
      'auth.verifyOtp': () => ({
        token: 'new-token',
        expires_epoch: 2_000_000_000,
        user: user({ name: null, date_of_birth: null }),
        is_new_user: true,
      }),
      'auth.register': (input) => ({ user: user({ name: String(input.body?.name) }) }),
    });
    const view = renderRoute(routes, `${loginUrl}&orderTime=SCHEDULED&date=2026-05-01&epoch=1777600800`);
    await sendCodeAndEnter(view, '123456');

    await view.user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Budi Santoso');
    // The signup states who may use the platform (spec §1), before anything is saved.
    const form = screen.getByRole('heading', { level: 2 }).closest('form')!;
    expect(within(form).getByText('Platform users must be 18 or older, or a corporate entity')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));

    // The date of birth popup of @santap/ui: enter, then confirm (it is saved once).
    const popup = await screen.findByRole('dialog', { name: 'Your date of birth' });
    await view.user.type(within(popup).getByLabelText('Date of birth'), '1990-04-02');
    await view.user.click(within(popup).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Is this correct?' });
    expect(confirm.textContent).toContain('Date of birth can only be saved once and cannot be changed');
    expect(call).not.toHaveBeenCalledWith(
      expect.objectContaining({ id: 'auth.register' }),
      expect.anything(),
    );
    await view.user.click(within(confirm).getByRole('button', { name: 'Confirm and save' }));

    await screen.findByText('cart page');
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'auth.register' }), {
      body: { name: 'Budi Santoso', is_corporate: false, date_of_birth: '1990-04-02' },
    });
    const query = Object.fromEntries(new URLSearchParams(view.router.state.location.search));
    expect(query).toEqual({ orderTime: 'SCHEDULED', date: '2026-05-01', epoch: '1777600800' });
  });

  it('new user ordering for a company -> registered as a corporate entity, no date of birth asked', async () => {
    const call = stubApi({
      'auth.sendOtp': () => sent,
      'auth.verifyOtp': () => ({
        token: 'new-token',
        expires_epoch: 2_000_000_000,
        user: user({ name: null, date_of_birth: null }),
        is_new_user: true,
      }),
      'auth.register': () => ({ user: user({ is_corporate: true, date_of_birth: null }) }),
    });
    const view = renderRoute(routes, loginUrl);
    await sendCodeAndEnter(view, '123456');
    await view.user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'PT Sari Rasa');
    expect(screen.getByText('Platform users must be 18 or older, or a corporate entity')).toBeTruthy();
    await view.user.click(
      screen.getByRole('radio', { name: 'A corporate entity (company or organisation)' }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByText('cart page');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'auth.register' }), {
      body: { name: 'PT Sari Rasa', is_corporate: true },
    });
  });

  it('invalid number -> the phone message, no code sent', async () => {
    const call = stubApi({});
    const view = renderRoute(routes, loginUrl);
    await view.user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '12');
    await view.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    // Only the channels were asked for (the page's first call).
    expect(call.mock.calls.map(([endpoint]) => endpoint.id)).toEqual(['auth.otpChannels']);
  });
});

describe('/login resend countdown', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('resend_after_seconds 2 -> countdown, then a resend button that calls resend_otp', async () => {
    const call = stubApi({
      'auth.sendOtp': () => ({ ...sent, resend_after_seconds: 2 }),
      'auth.resendOtp': () => ({ ...sent, resend_after_seconds: 30 }),
    });
    const view = renderRoute(routes, loginUrl);
    await view.user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0123456789');
    await view.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('You can resend the code in 2 s')).toBeTruthy();
    const resend = await screen.findByRole('button', { name: 'Resend code' }, { timeout: 4000 });
    await view.user.click(resend);
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'auth.resendOtp' }), expect.anything()),
    );
    expect(await screen.findByText('You can resend the code in 30 s')).toBeTruthy();
  });

  it('started from the food court (path /fc/mall-demo/cart) -> the browser loads that page of the food-court app', async () => {
    stubApi({
      'auth.sendOtp': () => sent,
      'auth.verifyOtp': () => ({
        token: 'user-token',
        expires_epoch: 2_000_000_000,
        user: user(),
        is_new_user: false,
      }),
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const view = renderRoute(routes, `/login?path=${encodeURIComponent('/fc/mall-demo/cart')}`);
    await sendCodeAndEnter(view, '123456');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/fc/mall-demo/cart'));
    expect(view.router.state.location.pathname).toBe('/login');
  });

  it('otpless=1 and WhatsApp cannot take the code -> its words and "Send it by SMS", which sends by SMS at once', async () => {
    const call = stubApi({
      'auth.sendOtp': (input) => {
        if ((input as { body: { channel: string } }).body.channel === 'whatsapp')
          throw new ServerMessage(
            "We couldn't send the code by WhatsApp. Send it by SMS?",
            'errors.otpWhatsappFailed',
            422,
          );
        return sent;
      },
    });
    const view = renderRoute(routes, `/login?otpless=1&path=${encodeURIComponent(cartPath)}`);
    await view.user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0123456789');
    await view.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText("We couldn't send the code by WhatsApp. Send it by SMS?")).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Send it by SMS' }));
    expect(await screen.findByText('We sent a 6-digit code by SMS to +60123456789')).toBeTruthy();
    expect(callsTo(call, 'auth.sendOtp').map(([input]) => input.body)).toEqual([
      { phone: '+60123456789', channel: 'whatsapp', country: 'MY' },
      { phone: '+60123456789', channel: 'sms', country: 'MY' },
    ]);
  });

  it('a code sent on WhatsApp, countdown over -> "Send the code by SMS instead" resends by SMS and says so', async () => {
    const call = stubApi({
      'auth.sendOtp': () => ({ ...sent, resend_after_seconds: 1 }),
      'auth.resendOtp': () => sent,
    });
    const view = renderRoute(routes, `/login?otpless=1&path=${encodeURIComponent(cartPath)}`);
    await view.user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0123456789');
    await view.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code on WhatsApp to +60123456789')).toBeTruthy();
    const switchToSms = await screen.findByRole(
      'button',
      { name: 'Send the code by SMS instead' },
      { timeout: 4000 },
    );
    await view.user.click(switchToSms);
    expect(await screen.findByText('We sent a 6-digit code by SMS to +60123456789')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'auth.resendOtp' }), {
      body: { phone: '+60123456789', channel: 'sms', country: 'MY' },
    });
  });

  it('a server that sends by WhatsApp only -> no SMS choice, "Your code will come on WhatsApp", and the code goes by WhatsApp even where the page would start on SMS', async () => {
    const call = stubApi({
      'auth.otpChannels': () => ({ channels: ['whatsapp'] }),
      'auth.sendOtp': () => sent,
    });
    const view = renderRoute(routes, loginUrl);
    expect(await screen.findByText('Your code will come on WhatsApp')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'SMS text message' })).toBeNull();
    await view.user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '012-345 6789');
    await view.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code on WhatsApp to +60123456789')).toBeTruthy();
    expect(callsTo(call, 'auth.sendOtp').map(([input]) => input.body)).toEqual([
      { phone: '+60123456789', channel: 'whatsapp', country: 'MY' },
    ]);
    // Countdown over: no "Send the code by SMS instead" where the server sends no SMS.
    expect(screen.queryByRole('button', { name: 'Send the code by SMS instead' })).toBeNull();
  });

  it("login by mobile number off on this server (no channel) -> says so in the diner's language, no form to send a code", async () => {
    const call = stubApi({ 'auth.otpChannels': () => ({ channels: [] }) });
    renderRoute(routes, loginUrl, 'id');
    expect(
      await screen.findByText(
        'Masuk dengan nomor HP sedang tidak tersedia di sini. Anda tetap bisa memesan sebagai tamu',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Kirim kode' })).toBeNull();
    expect(callsTo(call, 'auth.sendOtp')).toEqual([]);
  });

  describe('what became of the code (auth.otpStatus)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const whatsappUrl = `/login?otpless=1&path=${encodeURIComponent(cartPath)}`;
    async function sendByWhatsapp(view: ReturnType<typeof renderRoute>) {
      await view.user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0123456789');
      await view.user.click(screen.getByRole('button', { name: 'Send code' }));
      await screen.findByText('We sent a 6-digit code on WhatsApp to +60123456789');
    }

    it('WhatsApp could not deliver it and the server sent it by SMS -> "we sent it by SMS", the step now says SMS, a resend goes by SMS', async () => {
      const statuses = [
        { channel: 'whatsapp', status: 'sent', switched_to_sms: false },
        { channel: 'sms', status: 'sent', switched_to_sms: true },
      ];
      const call = stubApi({
        'auth.otpChannels': () => ({ channels: ['whatsapp', 'sms'] }),
        'auth.sendOtp': () => ({
          ...sent,
          resend_after_seconds: 1,
          status_token: '41.token-of-the-first-code',
        }),
        'auth.otpStatus': () =>
          statuses.shift() ?? { channel: 'sms', status: 'delivered', switched_to_sms: true },
        'auth.resendOtp': () => ({ ...sent, status_token: '42.token-of-the-second-code' }),
      });
      const view = renderRoute(routes, whatsappUrl);
      await sendByWhatsapp(view);
      await act(() => vi.advanceTimersByTimeAsync(OTP_STATUS_POLL_MS));
      expect(screen.queryByText(/we sent it by SMS/)).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(OTP_STATUS_POLL_MS));
      expect(
        await screen.findByText("WhatsApp couldn't deliver the code; we sent it by SMS to +60123456789"),
      ).toBeTruthy();
      expect(screen.getByText('We sent a 6-digit code by SMS to +60123456789')).toBeTruthy();
      expect(callsTo(call, 'auth.otpStatus').map(([input]) => input.query)).toEqual([
        { token: '41.token-of-the-first-code' },
        { token: '41.token-of-the-first-code' },
      ]);
      await view.user.click(await screen.findByRole('button', { name: 'Resend code' }));
      expect(callsTo(call, 'auth.resendOtp').map(([input]) => input.body)).toEqual([
        { phone: '+60123456789', channel: 'sms', country: 'MY' },
      ]);
    });

    it('WhatsApp could not deliver it and there is no SMS here -> says so at once, and a new code may be asked without waiting out the countdown', async () => {
      stubApi({
        'auth.otpChannels': () => ({ channels: ['whatsapp'] }),
        'auth.sendOtp': () => ({ ...sent, status_token: '43.token' }),
        'auth.otpStatus': () => ({ channel: 'whatsapp', status: 'failed', switched_to_sms: false }),
      });
      const view = renderRoute(routes, whatsappUrl);
      await sendByWhatsapp(view);
      expect(screen.getByText('You can resend the code in 30 s')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(OTP_STATUS_POLL_MS));
      expect(
        await screen.findByText(
          "WhatsApp couldn't deliver the code to +60123456789. Check the number, or try again later",
        ),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
      expect(screen.queryByText(/You can resend the code in/)).toBeNull();
    });
  });
});
