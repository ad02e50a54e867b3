/**
 * Facebook and Google account linking (spec §3 profile, §6): the provider token the browser got from
 * the provider's own login is verified on the server through an adapter, never trusted as sent.
 */
import { facebookIdentityProvider } from './facebook/facebook';
import { googleIdentityProvider } from './google/google';
import type { IdentityLog } from './log';
import type { IdentityProviderName, IdentityProvider, IdentityProviders, IdentityConfig } from './provider';

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
