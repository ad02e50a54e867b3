/**
 * CSRF protection of every state-changing call (apps/api/README.md, "Cookies and CSRF"; OWASP CSRF
 * cheat sheet, "verifying origin with standard headers" and "Fetch Metadata"). A POST, PUT, PATCH or
 * DELETE that a browser sends from another site's page is refused, whether or not it carries a cookie:
 * a login posted from another site would sign the victim's browser into the attacker's account, a
 * guest registration would replace their session, an OTP send would spend our messages. The page's
 * origin is the `Origin` header, else the `Referer`'s; ours are the public URL's, the host the request
 * was served at, and the food court's own hosts (`{mall}.{public host}`). A request with no `Origin`,
 * no `Referer` and no `Sec-Fetch-Site: cross-site` is no browser's (every current browser sends
 * `Origin` with a non-GET fetch or form post): a server, a printer, a kiosk shell, curl. The routes of
 * {@link CROSS_SITE_ROUTES} (gateway notifications and returns, messaging webhooks) are exempt: other
 * sites post there by design, and each is authenticated by its own signature.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payments } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import type { AppContext } from '../services/context';
import { ApiFailure } from '../lib/errors';
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

/** True when `pageOrigin` is one of ours for this request ({@link isOwnOrigin}, the malls read once a minute). */
function isOwnPageOrigin(ctx: AppContext, request: FastifyRequest, pageOrigin: string): Promise<boolean> {
  let isMallHost = mallChecks.get(ctx);
  if (!isMallHost) {
    isMallHost = mallHostCheck(ctx);
    mallChecks.set(ctx, isMallHost);
  }
  return isOwnOrigin(ctx.config.publicUrl, request.host, pageOrigin, isMallHost);
}

/**
 * True unless the request names a page that is not ours (no `Origin` nor `Referer`: no browser's page
 * at all). The websocket's upgrade uses it to ignore cookies sent from another site's page.
 */
export async function fromOwnPageOrNone(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const pageOrigin = requestPageOrigin(request);
  return pageOrigin === undefined || isOwnPageOrigin(ctx, request, pageOrigin);
}

/** The methods that change state: each is checked, cookie or not. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The routes another site may post to, and why each is safe without our page's origin. Server-to-
 * server calls carry no browser header and would pass anyway; they are listed so a provider that adds
 * an `Origin` or `Referer` one day is not refused. Each authenticates the call by its own signature.
 */
export const CROSS_SITE_ROUTES: readonly { method: 'POST'; url: string; why: string }[] = [
  {
    method: 'POST',
    url: payments.paymentWebhook.path,
    why: "gateway notifications, server to server, each checked by the gateway's signature",
  },
  {
    method: 'POST',
    url: '/payment/response',
    why: "Razer's return: the payer's browser posts a form from the gateway's page; answered with a redirect, the outcome comes from the signed callback",
  },
  {
    method: 'POST',
    url: '/fc/:mall/payment/response',
    why: "Razer's return of a food-court payment paid on the mall's own host (as above)",
  },
  {
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    why: "WhatsApp Cloud API's message statuses, signed (x-hub-signature-256)",
  },
  {
    method: 'POST',
    url: '/api/webhooks/sms/twilio',
    why: "Twilio's status callbacks, signed (x-twilio-signature)",
  },
];

const exemptRoutes = new Set(CROSS_SITE_ROUTES.map(({ method, url }) => `${method} ${url}`));

/** What the server knows of where a request came from: its method, route and browser headers. */
export interface RequestSource {
  method: string;
  /** The matched route's pattern (`/api/payments/webhook/:provider`), undefined when none matched. */
  route: string | undefined;
  /** The page's origin: `Origin`, else the `Referer`'s ({@link requestPageOrigin}). */
  pageOrigin: string | undefined;
  /** The `Sec-Fetch-Site` header (Fetch Metadata): `same-origin`, `same-site`, `cross-site`, `none`. */
  fetchSite: string | undefined;
}

/**
 * How a request stands against the cross-site rule (README "Cookies and CSRF", its table):
 * - `read`: GET, HEAD, OPTIONS — changes nothing, never refused here;
 * - `exempt`: one of {@link CROSS_SITE_ROUTES};
 * - `own-page`: its page's origin is one of ours;
 * - `other-site`: its page's origin is not ours (another site, `null`, unparsable), or it names no
 *   page but its browser says `Sec-Fetch-Site: cross-site` — refused;
 * - `no-browser`: none of those headers — a server, a device, curl: no browser, so no CSRF.
 *
 * @example await crossSiteVerdict({ method: 'POST', route: '/v1/user/verify_otp', pageOrigin: 'https://evil.example', fetchSite: 'cross-site' }, async () => false) // 'other-site'
 */
export async function crossSiteVerdict(
  source: RequestSource,
  isOwnPage: (pageOrigin: string) => Promise<boolean>,
): Promise<'read' | 'exempt' | 'own-page' | 'other-site' | 'no-browser'> {
  if (!STATE_CHANGING_METHODS.has(source.method.toUpperCase())) return 'read';
  if (source.route !== undefined && exemptRoutes.has(`${source.method.toUpperCase()} ${source.route}`))
    return 'exempt';
  if (source.pageOrigin !== undefined)
    return (await isOwnPage(source.pageOrigin)) ? 'own-page' : 'other-site';
  return source.fetchSite?.toLowerCase() === 'cross-site' ? 'other-site' : 'no-browser';
}

/**
 * Refuses (403, `errors.crossSiteRequest` in the caller's language) every state-changing call a
 * browser sent from another site's page ({@link crossSiteVerdict}). An `onRequest` hook: it runs
 * before the body is read, for every route, the ones outside `route()` and the 404 included.
 */
export function registerCrossSiteCheck(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const verdict = await crossSiteVerdict(
      {
        method: request.method,
        route: request.routeOptions.url,
        pageOrigin: requestPageOrigin(request),
        fetchSite: typeof fetchSite === 'string' ? fetchSite : undefined,
      },
      (pageOrigin) => isOwnPageOrigin(ctx, request, pageOrigin),
    );
    if (verdict === 'other-site') throw new ApiFailure(MESSAGE.crossSiteRequest, 403);
  });
}
