/**
 * Facebook and Google account linking (spec §3 profile, §6): the provider token the browser got from
 * the provider's own login is verified on the server through an adapter, never trusted as sent.
 */

export const IDENTITY_PROVIDERS = ['facebook', 'google'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDERS)[number];

/** Who a provider token belongs to, or null when the provider refuses it. */
export interface ProviderIdentity {
  subject: string;
  email?: string;
}

/**
 * One provider's token check. A production adapter calls the provider (Google: verify the ID token's
 * signature against Google's JWKS with `aud` = our client id; Facebook: `GET /debug_token` with the
 * app token) and returns the stable subject id; nothing in this repository calls out today.
 */
export interface IdentityProvider {
  verify(token: string): Promise<ProviderIdentity | null>;
}

export type IdentityProviders = Readonly<Record<IdentityProviderName, IdentityProvider>>;

const SUBJECT = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The local fake of dev and tests: accepts `fake-<provider>-<subject>` (a Google token for Google
 * only) and refuses everything else, so tests can link, collide and fail without a network.
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

/** Refuses every token: the production default until a real adapter is configured. */
const unconfigured: IdentityProvider = { verify: async () => null };

/**
 * The providers for a server: the fakes outside production; in production only adapters passed in
 * (none exist yet), so a fake token can never link an account on a live server.
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
