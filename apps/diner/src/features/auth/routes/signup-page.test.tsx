import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import type { User } from '@santap/api-client';
import { storedAuth } from '../../../lib/session';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { Component as Signup } from './signup';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

/** /signup without a friend's code (the referral link has its own tests in signup.test.tsx). */
const user = (overrides: Partial<User> = {}): User => ({
  user_id: 88,
  status: 'ACTIVE',
  phone: '+60123456789',
  name: null,
  email: null,
  date_of_birth: null,
  gender: null,
  is_corporate: false,
  linked: { facebook: false, google: false },
  ...overrides,
});

const sent = { phone: '+60123456789', resend_after_seconds: 30, expires_in_seconds: 600 };
const routes = [
  { path: '/signup', Component: Signup },
  { path: '/r/:name', element: <p>menu page</p> },
  { path: '/home', element: <p>home page</p> },
];
const signupUrl = `/signup?path=${encodeURIComponent('/r/kopitiam-ali')}`;

function stub(isNewUser: boolean) {
  return stubApi({
    'auth.sendOtp': () => sent,
    'auth.verifyOtp': (input) => {
      if (input.body?.otp !== '123456') {
        throw new ServerMessage('You have entered an incorrect OTP!', 'errors.incorrectOtp', 401);
      }
      return {
        token: 'new-token',
        expires_epoch: 2_000_000_000,
        user: isNewUser ? user() : user({ name: 'Aisyah', date_of_birth: '1990-04-02' }),
        is_new_user: isNewUser,
      };
    },
    'auth.register': (input) => ({
      user: user({ name: String(input.body?.name), date_of_birth: '1995-06-30' }),
    }),
  });
}

async function sendCodeAndEnter(view: ReturnType<typeof renderRoute>, code: string) {
  await view.user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '012-345 6789');
  await view.user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByText('We sent a 6-digit code by SMS to +60123456789');
  await view.user.click(screen.getByRole('textbox', { name: /Digit 1/ }));
  await view.user.paste(code);
}

describe('/signup', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("titled 'Sign up'; a new number -> name and date of birth confirmed -> registered, session stored, back to `path`", async () => {
    const call = stub(true);
    const view = renderRoute(routes, signupUrl);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign up' })).toBeTruthy();
    await sendCodeAndEnter(view, '123456');

    await view.user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Nur Aina');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    const popup = await screen.findByRole('dialog', { name: 'Your date of birth' });
    await view.user.type(within(popup).getByLabelText('Date of birth'), '1995-06-30');
    await view.user.click(within(popup).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Is this correct?' });
    // Nothing is saved before the diner confirms.
    expect(callsTo(call, 'auth.register')).toHaveLength(0);
    await view.user.click(within(confirm).getByRole('button', { name: 'Confirm and save' }));

    expect(await screen.findByText('menu page')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/r/kopitiam-ali');
    expect(callsTo(call, 'auth.register').map(([input]) => input.body)).toEqual([
      { name: 'Nur Aina', is_corporate: false, date_of_birth: '1995-06-30' },
    ]);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).not.toContain('new-token');
  });

  it('a number that already has an account -> logged in, nothing to register, back to `path`', async () => {
    const call = stub(false);
    const view = renderRoute(routes, signupUrl);
    await sendCodeAndEnter(view, '123456');
    expect(await screen.findByText('menu page')).toBeTruthy();
    expect(callsTo(call, 'auth.register')).toHaveLength(0);
    expect(screen.queryByRole('textbox', { name: 'Full name' })).toBeNull();
    expect(document.cookie).not.toContain('new-token');
  });

  it('a wrong code -> the server message, still on /signup, no session', async () => {
    stub(true);
    const view = renderRoute(routes, signupUrl);
    await sendCodeAndEnter(view, '000000');
    expect(await screen.findByText('You have entered an incorrect OTP!')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/signup');
    expect(storedAuth()).toBeUndefined();
  });

  it('a number too short -> the phone message, no code sent', async () => {
    const call = stubApi({});
    const view = renderRoute(routes, signupUrl);
    await view.user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '12');
    await view.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    // Only the channels were asked for (the page's first call).
    expect(call.mock.calls.map(([endpoint]) => endpoint.id)).toEqual(['auth.otpChannels']);
  });

  it("Indonesian -> 'Daftar' and the phone hint in Indonesian", () => {
    renderRoute(routes, signupUrl, 'id');
    expect(screen.getByRole('heading', { level: 1, name: 'Daftar' })).toBeTruthy();
    expect(screen.getByText('Kami akan mengirim kode 6 digit ke nomor ini')).toBeTruthy();
  });
});
