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
  window.location.hash = '';
});

describe('authorizeUrl', () => {
  it('google -> OpenID Connect id_token with our state and redirect', () => {
    const url = new URL(authorizeUrl('google', 'client-1', 'https://santap.my/user', 'google.abc'));
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'client-1',
      redirect_uri: 'https://santap.my/user',
      response_type: 'id_token',
      scope: 'openid email',
      state: 'google.abc',
    });
    expect(url.searchParams.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('facebook -> an access token dialog', () => {
    const url = new URL(authorizeUrl('facebook', 'app-9', 'https://santap.id/user', 'facebook.x'));
    expect(url.hostname).toBe('www.facebook.com');
    expect(url.searchParams.get('response_type')).toBe('token');
  });
});

describe('providerToken', () => {
  it('no client id in development -> a token of the API fake adapter', async () => {
    expect(await providerToken('google')).toMatch(/^fake-google-dev[0-9a-f]{12}$/);
  });

  it('client id set -> popup to Google; the answer posted back with our state -> the token', async () => {
    env.env.VITE_GOOGLE_CLIENT_ID = 'client-1';
    const popup = { closed: false };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    const pending = providerToken('google');
    const opened = new URL(String((open.mock.calls[0] as unknown[])[0]));
    const state = opened.searchParams.get('state')!;
    expect(state).toMatch(/^google\./);
    // Another origin, or a wrong state, is ignored.
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://evil.example',
        data: { type: 'santap:provider-login', state, token: 'stolen' },
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: 'santap:provider-login', state, token: 'id-token-1' },
      }),
    );
    await expect(pending).resolves.toBe('id-token-1');
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
