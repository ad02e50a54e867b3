/**
 * Facebook and Google account linking (spec §3 profile, §6): the provider token the browser got from
 * the provider's own login is verified on the server through an adapter, never trusted as sent.
 */
import type { IdentityConfig } from '../../../config';
import { facebookIdentityProvider } from './facebook/facebook';
import { googleIdentityProvider } from './google/google';
import type { IdentityLog } from './log';

export const IDENTITY_PROVIDERS = ['facebook', 'google'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDERS)[number];

/** Who a provider token belongs to, or null when the provider refuses it. */
export interface ProviderIdentity {
  subject: string;
  email?: string;
}

/** What the browser sent beside the token, for the adapter to bind the token to this attempt. */
export interface VerifyOptions {
  /**
   * The nonce the diner put in the provider's authorize URL for this login. Google: the ID token's
   * `nonce` claim must equal it (a token without one, or sent without one, is refused). Facebook
   * tokens carry none, so it is ignored there.
   */
  nonce?: string;
}

/**
 * One provider's token check: the stable subject id of the token's owner, or null when the token is
 * refused or the provider cannot be reached (never a throw). The real adapters are in `identity/`
 * (Google: the ID token's signature against Google's JWKS, `aud` = our client id, `nonce` = the one
 * sent; Facebook: `GET /debug_token` with the app token); they call out only when their keys are
 * configured.
 */
export interface IdentityProvider {
  verify(token: string, options?: VerifyOptions): Promise<ProviderIdentity | null>;
}

export type IdentityProviders = Readonly<Record<IdentityProviderName, IdentityProvider>>;

const SUBJECT = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The local fake of dev and tests: accepts `fake-<provider>-<subject>` (a Google token for Google
 * only) and refuses everything else, so tests can link, collide and fail without a network. Any
 * nonce, or none, is accepted: a fake token has no claims to bind it to.
 */
export function fakeIdentityProvider(provider: IdentityProviderName): IdentityProvider {
  const prefix = `fake-${provider}-`;
  return {
    async verify(token) {
      if (!token.startsWith(prefix)) return null;
      const subject = token.slice(prefix.length);
      return SUBJECT.test(subject) ? { subject, email: `${subject}@${provider}.example` } : null;
    },
  };
}

/** Refuses every token: production's provider without keys. */
const unconfigured: IdentityProvider = { verify: async () => null };

export interface IdentityAdapterDeps {
  /** The network; the platform fetch when omitted. Tests serve a JWKS or replay recorded replies. */
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  log?: IdentityLog;
}

/** The real adapters whose keys the config holds (`GOOGLE_CLIENT_ID`, `FACEBOOK_APP_ID` + `_SECRET`). */
export function identityAdaptersFor(
  config: IdentityConfig | undefined,
  deps: IdentityAdapterDeps = {},
): Partial<Record<IdentityProviderName, IdentityProvider>> {
  const adapters: Partial<Record<IdentityProviderName, IdentityProvider>> = {};
  if (config?.google) adapters.google = googleIdentityProvider({ ...config.google, ...deps });
  if (config?.facebook) adapters.facebook = facebookIdentityProvider({ ...config.facebook, ...deps });
  return adapters;
}

/**
 * The providers for a server: each configured adapter in every environment; for a provider without
 * one, the fake outside production and refuse-all in production, so a fake token can never link an
 * account on a live server.
 */
export function identityProvidersFor(
  env: 'development' | 'production' | 'test',
  adapters: Partial<Record<IdentityProviderName, IdentityProvider>> = {},
): IdentityProviders {
  const fallback = (name: IdentityProviderName) =>
    env === 'production' ? unconfigured : fakeIdentityProvider(name);
  return {
    facebook: adapters.facebook ?? fallback('facebook'),
    google: adapters.google ?? fallback('google'),
  };
}
