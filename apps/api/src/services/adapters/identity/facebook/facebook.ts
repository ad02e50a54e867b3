/**
 * Facebook account linking: the browser's Facebook login gives a user access token; the server asks
 * Facebook's Graph API `debug_token` whether it is valid, for our app, and whose it is. Nothing calls
 * out unless `FACEBOOK_APP_ID` and `FACEBOOK_APP_SECRET` are set.
 */
import type { IdentityProvider, ProviderIdentity } from '../provider';
import type { IdentityLog } from '../log';

/** The Graph API version the adapter was written against (Facebook keeps each for two years or more). */
export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v25.0';

/** How long one `debug_token` call may take before the link is refused (the diner can try again). */
export const FACEBOOK_TIMEOUT_MS = 5_000;

export interface FacebookIdentityOptions {
  /** The app the diner app logs in with (`VITE_FACEBOOK_APP_ID`); the token's `app_id` must be it. */
  appId: string;
  /** The app secret: with the id it makes the app access token `debug_token` asks for. Never logged. */
  appSecret: string;
  /** The network; the platform fetch when omitted. Tests replay recorded replies. */
  fetch?: typeof globalThis.fetch;
  /** The clock of the `expires_at` check (the server's `ctx.now`); the system clock when omitted. */
  now?: () => Date;
  /** Where a failed call to Facebook is reported; a refused token is not worth a line. */
  log?: IdentityLog;
}

/** The `data` of a `debug_token` reply, as Facebook documents it (fields we read). */
interface DebugTokenData {
  app_id?: unknown;
  type?: unknown;
  is_valid?: unknown;
  user_id?: unknown;
  /** Seconds since the epoch; 0 for a token that does not expire. */
  expires_at?: unknown;
}

/** Facebook ids are decimal strings. */
const FACEBOOK_ID = /^\d{1,32}$/;

/** The `debug_token` request for a token, with the app access token `<app id>|<app secret>`. */
export function debugTokenUrl(token: string, appId: string, appSecret: string): string {
  const query = new URLSearchParams({ input_token: token, access_token: `${appId}|${appSecret}` });
  return `${FACEBOOK_GRAPH_URL}/debug_token?${query.toString()}`;
}

export function facebookIdentityProvider(options: FacebookIdentityOptions): IdentityProvider {
  const { appId, appSecret, now = () => new Date(), log } = options;
  const fetch = options.fetch ?? globalThis.fetch;
  // The URL carries the app secret: a report names the status or the error, never the request.
  const report = (details: Record<string, unknown>) =>
    log?.warn({ provider: 'facebook', ...details }, 'Facebook debug_token failed; the link was refused');

  return {
    async verify(token): Promise<ProviderIdentity | null> {
      if (token.length === 0 || token.length > 4096) return null;
      let status: number;
      let body: unknown;
      try {
        const response = await fetch(debugTokenUrl(token, appId, appSecret), {
          method: 'GET',
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(FACEBOOK_TIMEOUT_MS),
        });
        status = response.status;
        body = await response.json().catch(() => undefined);
      } catch (error) {
        report({ err: error instanceof Error ? error.name : 'unknown' });
        return null;
      }
      if (status !== 200) {
        // debug_token answers 200 for any token, valid or not: another status means our call failed
        // (a wrong app secret, a rate limit, an outage), which refuses every link until someone looks.
        report({ status, code: graphErrorCode(body) });
        return null;
      }
      const data = (body as { data?: DebugTokenData } | undefined)?.data;
      if (!data || data.is_valid !== true) return null;
      if (String(data.app_id) !== appId) return null;
      if (data.type !== undefined && data.type !== 'USER') return null;
      if (typeof data.user_id !== 'string' || !FACEBOOK_ID.test(data.user_id)) return null;
      const expiresAt = typeof data.expires_at === 'number' ? data.expires_at : 0;
      if (expiresAt > 0 && expiresAt * 1000 <= now().getTime()) return null;
      return { subject: data.user_id };
    },
  };
}

function graphErrorCode(body: unknown): unknown {
  return (body as { error?: { code?: unknown } } | undefined)?.error?.code;
}
