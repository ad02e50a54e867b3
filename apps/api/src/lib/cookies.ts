/**
 * The cookies that carry credentials (apps/api/README.md, "Cookies and CSRF"): the diner's session,
 * the cart token and the table ticket. All are set one way: HttpOnly (page scripts never read them),
 * SameSite=Lax, path `/`, Secure when the site is served over HTTPS. Beside the session goes one
 * readable marker, `signed_in` (`GUEST` or `ACTIVE`, no secret), so the apps know whether a diner is
 * logged in without holding the token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createCartToken, isCartToken } from '@santap/domain';

export const SESSION_COOKIE = 'auth_token';
export const SIGNED_IN_COOKIE = 'signed_in';
export const CART_COOKIE = 'cart_token';
/** The cart token cookie lives 180 days (spec §3: kept as a cookie). */
export const CART_COOKIE_SECONDS = 60 * 60 * 24 * 180;

/** Secure when the request came over HTTPS or the public URL is https (behind a TLS proxy). */
function secureFor(reply: FastifyReply): boolean {
  const publicUrl = reply.server.santap?.config.publicUrl ?? '';
  return reply.request.protocol === 'https' || publicUrl.startsWith('https:');
}

/** Sets a credential cookie: HttpOnly, SameSite=Lax, path `/`, Secure on HTTPS. */
export function setCredentialCookie(reply: FastifyReply, name: string, value: string, maxAgeSeconds: number) {
  void reply.setCookie(name, value, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: secureFor(reply),
    maxAge: maxAgeSeconds,
  });
}

/** Gives a browser its cart token cookie (180 days). */
export function setCartCookie(reply: FastifyReply, cartToken: string) {
  setCredentialCookie(reply, CART_COOKIE, cartToken, CART_COOKIE_SECONDS);
}

const issuedCartTokens = new WeakMap<FastifyRequest, string>();

/**
 * The browser's cart token, its cookie set first when it has none (once per request). Pages call it:
 * the apps cannot make the token themselves (the cookie is HttpOnly), and the first calls a page makes
 * at once must share one cart.
 */
export function ensureCartCookie(request: FastifyRequest, reply: FastifyReply): string {
  const presented = request.cookies?.[CART_COOKIE];
  if (presented && isCartToken(presented)) return presented;
  let issued = issuedCartTokens.get(request);
  if (!issued) {
    issued = createCartToken();
    issuedCartTokens.set(request, issued);
    setCartCookie(reply, issued);
  }
  return issued;
}

/** What a reply that logs a diner in carries (the contract's session). */
interface IssuedSession {
  token: string;
  expires_epoch: number;
  user: { status: 'GUEST' | 'ACTIVE' };
}

/**
 * Keeps a diner's new session in the browser: the token in the HttpOnly session cookie, the status
 * in the readable `signed_in` marker, both until the token expires. A browser's request (it carries
 * an `Origin`, which page scripts cannot remove) gets the session without the token in the body:
 * only programs that keep no cookies (the kiosk, tests, other clients) receive it to send as a header.
 */
export function keepDinerSession<S extends IssuedSession>(reply: FastifyReply, session: S): S {
  const now = Math.floor((reply.server.santap?.now() ?? new Date()).getTime() / 1000);
  const maxAge = Math.max(0, session.expires_epoch - now);
  setCredentialCookie(reply, SESSION_COOKIE, session.token, maxAge);
  void reply.setCookie(SIGNED_IN_COOKIE, session.user.status, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: secureFor(reply),
    maxAge,
  });
  return fromBrowser(reply.request) ? { ...session, token: '' } : session;
}

/** Ends the browser's diner session (sign-out, or a session cookie the server no longer knows). */
export function clearDinerSession(reply: FastifyReply) {
  for (const name of [SESSION_COOKIE, SIGNED_IN_COOKIE]) {
    void reply.clearCookie(name, { path: '/', sameSite: 'lax', secure: secureFor(reply) });
  }
}

/** A request a browser made: browsers send `Origin` with every non-GET fetch and form post. */
export function fromBrowser(request: FastifyRequest): boolean {
  return typeof request.headers.origin === 'string';
}

/** The kiosk's page cookie lives 30 days; the kiosk renews it on every start. */
export const KIOSK_PAGE_COOKIE_SECONDS = 60 * 60 * 24 * 30;
/** The kiosk's pages (apps/kiosk, mounted at `/kiosk/`): the only requests its page cookie goes with. */
const KIOSK_PAGE_PATH = '/kiosk';

/**
 * Keeps a kiosk's registration for its page requests (apps/kiosk README, "Server rendering"): its
 * device code and secret, HttpOnly, SameSite=Strict, Secure on HTTPS, sent only with `/kiosk` pages
 * (never with an API call: those carry the kiosk's headers), so the server can render its first screens.
 */
export function setKioskPageCookie(reply: FastifyReply, name: string, device: string, secret: string) {
  void reply.setCookie(name, JSON.stringify({ device, secret }), {
    path: KIOSK_PAGE_PATH,
    sameSite: 'strict',
    httpOnly: true,
    secure: secureFor(reply),
    maxAge: KIOSK_PAGE_COOKIE_SECONDS,
  });
}

/** Drops a kiosk page cookie the server no longer accepts (an unknown, changed or switched-off device). */
export function clearKioskPageCookie(reply: FastifyReply, name: string) {
  void reply.clearCookie(name, {
    path: KIOSK_PAGE_PATH,
    sameSite: 'strict',
    httpOnly: true,
    secure: secureFor(reply),
  });
}

/** The device code and secret of a kiosk page cookie, when it is well formed. */
export function readKioskPageCookie(
  request: FastifyRequest,
  name: string,
): { device: string; secret: string } | undefined {
  const raw = request.cookies?.[name];
  if (!raw || raw.length > 600) return undefined;
  try {
    const { device, secret } = JSON.parse(raw) as { device?: unknown; secret?: unknown };
    return typeof device === 'string' && typeof secret === 'string' ? { device, secret } : undefined;
  } catch {
    return undefined;
  }
}
