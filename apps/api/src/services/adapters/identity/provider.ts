/**
 * What an identity adapter is (spec §3 profile, §6): the provider token the browser got from the
 * provider's own login is verified on the server through an adapter, never trusted as sent.
 */

/** The identity providers' keys (`GOOGLE_CLIENT_ID`, `FACEBOOK_APP_ID` / `_SECRET`), read once by config.ts. */
export interface IdentityConfig {
  google?: { clientId: string };
  facebook?: { appId: string; appSecret: string };
}

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
