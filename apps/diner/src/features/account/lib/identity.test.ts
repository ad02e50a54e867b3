import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderPopupBlocked, authorizeUrl, completeProviderLogin, providerToken } from './identity';

const env = vi.hoisted(() => ({
  env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY', VITE_GOOGLE_CLIENT_ID: '', VITE_FACEBOOK_APP_ID: '' },
}));
vi.mock('../../../config/env', () => env);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  env.env.VITE_GOOGLE_CLIENT_ID = '';
  env.env.VITE_FACEBOOK_APP_ID = '';
  window.location.hash = '';
});

describe('authorizeUrl', () => {
  it('google -> OpenID Connect id_token with our state, nonce and redirect', () => {
    const url = new URL(
      authorizeUrl('google', 'client-1', 'https://santap.my/user', { state: 'google.abc', nonce: 'n-1' }),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'client-1',
      redirect_uri: 'https://santap.my/user',
      response_type: 'id_token',
      scope: 'openid email',
      state: 'google.abc',
      nonce: 'n-1',
    });
  });

  it('google without a nonce -> throws (the server would refuse the token)', () => {
    expect(() =>
      authorizeUrl('google', 'client-1', 'https://santap.my/user', { state: 'google.abc' }),
    ).toThrow();
  });

  it('facebook -> an access token dialog, no nonce', () => {
    const url = new URL(authorizeUrl('facebook', 'app-9', 'https://santap.id/user', { state: 'facebook.x' }));
    expect(url.hostname).toBe('www.facebook.com');
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.has('nonce')).toBe(false);
  });
});

describe('providerToken', () => {
  it('no client id in development -> a token of the API fake adapter, no nonce', async () => {
    const login = await providerToken('google');
    expect(login).toEqual({ token: expect.stringMatching(/^fake-google-dev[0-9a-f]{12}$/) });
  });

  /** Starts a Google login with the popup stubbed; the URL it opened, and the answer to post back. */
  function googleLogin() {
    const open = vi.fn((_url: string) => ({ closed: false }));
    vi.stubGlobal('open', open);
    const pending = providerToken('google');
    const opened = new URL(open.mock.calls[0]![0]);
    const answer = (token: string) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'santap:provider-login', state: opened.searchParams.get('state'), token },
        }),
      );
    return { pending, opened, answer };
  }

  it('client id set -> popup to Google; the answer posted back with our state -> the token and the nonce of that popup URL', async () => {
    env.env.VITE_GOOGLE_CLIENT_ID = 'client-1';
    const { pending, opened, answer } = googleLogin();
    const state = opened.searchParams.get('state')!;
    expect(state).toMatch(/^google\./);
    const nonce = opened.searchParams.get('nonce')!;
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    // Another origin, or a wrong state, is ignored.
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://evil.example',
        data: { type: 'santap:provider-login', state, token: 'stolen' },
      }),
    );
    answer('id-token-1');
    await expect(pending).resolves.toEqual({ token: 'id-token-1', nonce });
  });

  it('each Google login attempt has its own nonce', async () => {
    env.env.VITE_GOOGLE_CLIENT_ID = 'client-1';
    const first = googleLogin();
    first.answer('id-token-1');
    const second = googleLogin();
    second.answer('id-token-2');
    const [one, two] = await Promise.all([first.pending, second.pending]);
    expect(one.nonce).toBe(first.opened.searchParams.get('nonce'));
    expect(two.nonce).toBe(second.opened.searchParams.get('nonce'));
    expect(one.nonce).not.toBe(two.nonce);
  });

  it('Facebook login -> the token alone (its tokens carry no nonce)', async () => {
    env.env.VITE_FACEBOOK_APP_ID = 'app-9';
    const open = vi.fn((_url: string) => ({ closed: false }));
    vi.stubGlobal('open', open);
    const pending = providerToken('facebook');
    const opened = new URL(open.mock.calls[0]![0]);
    expect(opened.searchParams.has('nonce')).toBe(false);
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: 'santap:provider-login', state: opened.searchParams.get('state'), token: 'EAAG-1' },
      }),
    );
    await expect(pending).resolves.toEqual({ token: 'EAAG-1' });
  });

  it('popup blocked -> ProviderPopupBlocked', async () => {
    env.env.VITE_GOOGLE_CLIENT_ID = 'client-1';
    vi.stubGlobal('open', () => null);
    await expect(providerToken('google')).rejects.toBeInstanceOf(ProviderPopupBlocked);
  });
});

describe('completeProviderLogin', () => {
  it('popup back with #id_token&state -> posts both to the opener and closes', () => {
    const postMessage = vi.fn();
    vi.spyOn(window, 'opener', 'get').mockReturnValue({ postMessage } as unknown as Window);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    window.location.hash = '#id_token=tok&state=google.abc';
    expect(completeProviderLogin()).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'santap:provider-login', state: 'google.abc', token: 'tok' },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
  });

  it('an ordinary visit to /user (no opener) -> nothing happens', () => {
    window.location.hash = '#addresses';
    expect(completeProviderLogin()).toBe(false);
  });
});
