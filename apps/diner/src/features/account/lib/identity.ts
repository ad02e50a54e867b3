/**
 * Linking a Facebook or Google account (spec §3 profile, §6): the browser gets a token from the
 * provider's own login and the server verifies it through its adapter (`auth.linkAccount`), never
 * trusting it as sent. The provider's login runs in a popup (OAuth 2.0 implicit flow: Google's
 * OpenID Connect `id_token`, Facebook's `access_token`) that comes back to `/user` with the answer in
 * the URL fragment; that page hands it to this window and closes. No provider script is loaded.
 */
import { env } from '../../../config/env';

export type IdentityProvider = 'facebook' | 'google';

/** The diner closed the provider's popup, or the provider refused. */
export class ProviderLoginCancelled extends Error {}
/** The browser blocked the popup. */
export class ProviderPopupBlocked extends Error {}

const MESSAGE_TYPE = 'santap:provider-login';
const STATE_KEY = 'santap.providerLoginState';

const clientIdOf = (provider: IdentityProvider) =>
  provider === 'google' ? env.VITE_GOOGLE_CLIENT_ID : env.VITE_FACEBOOK_APP_ID;

/**
 * Whether this build can link `provider`: with its OAuth client id configured, or in development,
 * where the API's fake adapter accepts `fake-<provider>-<subject>` tokens.
 */
export function canLink(provider: IdentityProvider): boolean {
  return Boolean(clientIdOf(provider)) || import.meta.env.DEV;
}

function randomText(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What one login attempt puts in the authorize URL: `nonce` only for Google (OpenID Connect). */
export interface LoginAttempt {
  state: string;
  nonce?: string;
}

/** What the provider's login gave, for `auth.linkAccount`'s body. */
export interface ProviderLogin {
  token: string;
  /** Google: the nonce of this attempt's authorize URL, which the server matches with the token's. */
  nonce?: string;
}

/** The provider's authorisation URL for the popup. */
export function authorizeUrl(
  provider: IdentityProvider,
  clientId: string,
  redirectUri: string,
  { state, nonce }: LoginAttempt,
) {
  if (provider === 'google') {
    // Google refuses an implicit-flow id_token request without a nonce, and so does our server.
    if (!nonce) throw new Error('a Google login needs a nonce');
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'id_token',
      scope: 'openid email',
      state,
      nonce,
      prompt: 'select_account',
    });
    return `https://accounts.google.com/o/oauth2/v2/auth?${query.toString()}`;
  }
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'token',
    scope: 'email',
    state,
  });
  return `https://www.facebook.com/v25.0/dialog/oauth?${query.toString()}`;
}

/**
 * A token of `provider` for the diner, from the provider's login in a popup, with (Google) the nonce
 * of that attempt, kept in this closure only: a new attempt has a new one. In development without a
 * client id: a token of the API's fake adapter (which needs no nonce).
 */
export function providerToken(provider: IdentityProvider): Promise<ProviderLogin> {
  const clientId = clientIdOf(provider);
  if (!clientId) return Promise.resolve({ token: `fake-${provider}-dev${randomText().slice(0, 12)}` });
  const state = `${provider}.${randomText()}`;
  const nonce = provider === 'google' ? randomText() : undefined;
  sessionStorage.setItem(STATE_KEY, state);
  const redirectUri = new URL('/user', window.location.origin).href;
  const popup = window.open(
    authorizeUrl(provider, clientId, redirectUri, { state, nonce }),
    'santap-provider-login',
    'width=480,height=640',
  );
  if (!popup) return Promise.reject(new ProviderPopupBlocked());
  return new Promise((resolve, reject) => {
    const finish = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(closedCheck);
      sessionStorage.removeItem(STATE_KEY);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; state?: string; token?: string } | null;
      if (event.origin !== window.location.origin || data?.type !== MESSAGE_TYPE || data.state !== state)
        return;
      finish();
      if (data.token) resolve(nonce ? { token: data.token, nonce } : { token: data.token });
      else reject(new ProviderLoginCancelled());
    };
    // A popup closed without an answer is a cancelled login.
    const closedCheck = setInterval(() => {
      if (popup.closed) {
        finish();
        reject(new ProviderLoginCancelled());
      }
    }, 500);
    window.addEventListener('message', onMessage);
  });
}

/**
 * In the popup, back on `/user` from the provider: hands the token (or the refusal) to the window
 * that opened it, with the state it sent, and closes. Returns whether this page was such an answer.
 */
export function completeProviderLogin(): boolean {
  const opener = window.opener as Window | null;
  const answer = new URLSearchParams(window.location.hash.slice(1));
  const state = answer.get('state');
  if (!opener || !state || !/^(google|facebook)\./.test(state)) return false;
  const token = answer.get('id_token') ?? answer.get('access_token');
  opener.postMessage({ type: MESSAGE_TYPE, state, token }, window.location.origin);
  window.close();
  return true;
}
