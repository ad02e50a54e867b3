import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import type { User } from '@santap/api-client';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubHandler } from '../../../lib/testing/render-route';
import { referralCodeOf } from '../components/login-flow';
import { Component as Signup } from './signup';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const user = (overrides: Partial<User> = {}): User => ({
  user_id: 77,
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

const routes = [
  { path: '/signup', Component: Signup },
  { path: '/cart/:name/:ot?', element: <p>cart page</p> },
  { path: '/home', element: <p>home page</p> },
];
const signupUrl = `/signup?ref=k7m2-qx9p&path=${encodeURIComponent('/cart/kopitiam-ali/1')}`;

function stubSignup(isNewUser: boolean, overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    'auth.sendOtp': () => ({ phone: '+60123456789', resend_after_seconds: 30, expires_in_seconds: 600 }),
    'auth.verifyOtp': () => ({
      token: 'new-token',
      expires_epoch: 2_000_000_000,
      user: isNewUser ? user() : user({ name: 'Aisyah', date_of_birth: '1990-04-02' }),
      is_new_user: isNewUser,
    }),
    'auth.register': () => ({ user: user({ name: 'PT Sari Rasa', is_corporate: true }) }),
    'promotions.referralApply': () => ({
      status: 'applied',
      offer: {
        country: 'MY',
        currency: 'MYR',
        discount_percent_bps: 1000,
        discount_up_to: 1000,
        referrer_reward: 500,
      },
    }),
    ...overrides,
  });
}

/** Phone -> OTP -> (a new account) the corporate registration, the shortest way through the signup. */
async function signUp(view: ReturnType<typeof renderRoute>, register: boolean) {
  await view.user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '012-345 6789');
  await view.user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByText('We sent a 6-digit code by SMS to +60123456789');
  // The friend's code is still there after the OTP was sent.
  expect(screen.getByText("You are signing up with your friend's referral code K7M2QX9P.")).toBeTruthy();
  expect(view.router.state.location.search).toContain('ref=k7m2-qx9p');
  await view.user.click(screen.getByRole('textbox', { name: /Digit 1/ }));
  await view.user.paste('123456');
  if (!register) return;
  await view.user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'PT Sari Rasa');
  await view.user.click(screen.getByRole('radio', { name: 'A corporate entity (company or organisation)' }));
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/signup?ref=CODE', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("new account -> registered, then the friend's code applied (normalised), then back to `path`", async () => {
    const spy = stubSignup(true);
    const view = renderRoute(routes, signupUrl);
    await signUp(view, true);
    expect(await screen.findByText('cart page')).toBeTruthy();
    expect(callsTo(spy, 'promotions.referralApply').map(([input]) => input.body)).toEqual([
      { referral_code: 'K7M2QX9P' },
    ]);
    // Applied after the account was made and registered, never before.
    const order = spy.mock.calls.map(([endpoint]) => endpoint.id);
    expect(order.indexOf('promotions.referralApply')).toBeGreaterThan(order.indexOf('auth.register'));
    expect(
      await screen.findByText(
        "Your friend's code K7M2QX9P is applied: your first order gets the referral discount.",
      ),
    ).toBeTruthy();
  });

  it("the code refused -> the server's words and what failed; Continue goes back to `path`", async () => {
    stubSignup(true, {
      'promotions.referralApply': () => {
        throw new ServerMessage('This referral code is not valid', 'errors.referralInvalid', 422);
      },
    });
    const view = renderRoute(routes, signupUrl);
    await signUp(view, true);
    expect(await screen.findByText("We could not apply your friend's code K7M2QX9P.")).toBeTruthy();
    expect(screen.getByText('This referral code is not valid')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/signup');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('cart page')).toBeTruthy();
  });

  it("an existing account -> logged in, no code applied (a friend's code is for new accounts)", async () => {
    const spy = stubSignup(false);
    const view = renderRoute(routes, signupUrl);
    await signUp(view, false);
    expect(await screen.findByText('cart page')).toBeTruthy();
    await waitFor(() => expect(callsTo(spy, 'promotions.referralApply')).toHaveLength(0));
  });
});

describe('referralCodeOf', () => {
  const of = (mode: 'login' | 'signup', query: string) => referralCodeOf(mode, new URLSearchParams(query));
  it('signup ?ref= k7m2-qx9p -> K7M2QX9P; nothing, junk or /login -> none', () => {
    expect(of('signup', 'ref=k7m2-qx9p')).toBe('K7M2QX9P');
    expect(of('signup', 'ref=%20K7M2 QX9P%20')).toBe('K7M2QX9P');
    expect(of('signup', '')).toBeUndefined();
    expect(of('signup', 'ref=<script>')).toBeUndefined();
    expect(of('signup', 'ref=AB')).toBeUndefined();
    expect(of('login', 'ref=K7M2QX9P')).toBeUndefined();
  });
});
