/**
 * CSRF protection of cookie-authenticated writes (apps/api/README.md, "Cookies and CSRF"; OWASP CSRF
 * cheat sheet, "verifying origin with standard headers"): a non-GET call whose diner session or cart
 * token came from a cookie must come from one of our own pages. The page's origin is the `Origin`
 * header, else the `Referer`'s; ours are the public URL's, the host the request was served at, and the
 * food court's own hosts (`{mall}.{public host}`). A request with neither header is no browser's
 * (every current browser sends `Origin` with a non-GET fetch or form post, cross-site included), so
 * it is let through; SameSite=Lax on the cookies is the second line.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGE } from '@santap/domain';
import type { AppContext } from '../services/context';
import { ApiFailure } from './errors';
import { mallHostCheck, mallHostOrigin } from './mall-hosts';

/** The origin of the page that made the request (`Origin`, else the `Referer`'s), or undefined. */
export function requestPageOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin) return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || !referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * True when `pageOrigin` is one of ours: the public URL's origin, or the served host's (any scheme:
 * a TLS proxy may hide it), or a known mall's own host.
 *
 * @example await isOwnOrigin('https://santap.my', 'santap.my', 'https://evil.example', async () => false) // false
 */
export async function isOwnOrigin(
  publicUrl: string,
  servedHost: string,
  pageOrigin: string,
  isMallHost: (hostname: string) => Promise<boolean>,
): Promise<boolean> {
  let page: URL;
  try {
    page = new URL(pageOrigin);
  } catch {
    return false; // `null` (a sandboxed frame, a privacy-stripped referrer) and anything unparsable
  }
  if (page.protocol !== 'https:' && page.protocol !== 'http:') return false;
  if (page.origin === new URL(publicUrl).origin) return true;
  if (page.host.toLowerCase() === servedHost.toLowerCase()) return true;
  const label = page.hostname.split('.')[0] ?? '';
  return mallHostOrigin(publicUrl, page.host, label) === page.origin && (await isMallHost(page.hostname));
}

const mallChecks = new WeakMap<AppContext, (hostname: string) => Promise<boolean>>();

/**
 * True unless the request names a page that is not ours (no `Origin` nor `Referer`: no browser's page
 * at all). The websocket's upgrade uses it to ignore cookies sent from another site's page.
 */
export async function fromOwnPageOrNone(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const pageOrigin = requestPageOrigin(request);
  if (pageOrigin === undefined) return true;
  let isMallHost = mallChecks.get(ctx);
  if (!isMallHost) {
    isMallHost = mallHostCheck(ctx);
    mallChecks.set(ctx, isMallHost);
  }
  return isOwnOrigin(ctx.config.publicUrl, request.host, pageOrigin, isMallHost);
}

/** Refuses (403, `errors.crossSiteRequest` in the caller's language) a write from another site's page. */
export async function requireOwnPage(ctx: AppContext, request: FastifyRequest) {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  if (!(await fromOwnPageOrNone(ctx, request))) throw new ApiFailure(MESSAGE.crossSiteRequest, 403);
}
