import { describe, expect, it } from 'vitest';
import { CROSS_SITE_ROUTES, crossSiteVerdict, isOwnOrigin } from './same-origin';
import type { RequestSource } from './same-origin';

const OURS = 'https://santap.my';
const isOwnPage = (pageOrigin: string) => isOwnOrigin(OURS, 'santap.my', pageOrigin, async () => false);
const verdict = (source: Partial<RequestSource>) =>
  crossSiteVerdict(
    {
      method: 'POST',
      route: '/v1/user/verify_otp',
      pageOrigin: undefined,
      fetchSite: undefined,
      ...source,
    },
    isOwnPage,
  );

describe('crossSiteVerdict: the rule of README "Cookies and CSRF", row by row', () => {
  it.each([
    ['GET from another site', { method: 'GET', pageOrigin: 'https://evil.example' }, 'read'],
    ['HEAD with Sec-Fetch-Site cross-site', { method: 'HEAD', fetchSite: 'cross-site' }, 'read'],
    ['OPTIONS', { method: 'OPTIONS', pageOrigin: 'https://evil.example' }, 'read'],
    ['POST from another site (a login form)', { pageOrigin: 'https://evil.example' }, 'other-site'],
    ['PUT from another site', { method: 'PUT', pageOrigin: 'https://evil.example' }, 'other-site'],
    ['PATCH from another site', { method: 'PATCH', pageOrigin: 'https://evil.example' }, 'other-site'],
    ['DELETE from another site', { method: 'DELETE', pageOrigin: 'https://evil.example' }, 'other-site'],
    [
      'a lower-case method from another site',
      { method: 'post', pageOrigin: 'https://evil.example' },
      'other-site',
    ],
    ['Origin null (a sandboxed frame)', { pageOrigin: 'null' }, 'other-site'],
    ['an unparsable page origin', { pageOrigin: '::' }, 'other-site'],
    ['a look-alike host', { pageOrigin: 'https://santap.my.evil.example' }, 'other-site'],
    ['another scheme of ours (a file page)', { pageOrigin: 'file://santap.my' }, 'other-site'],
    ['no Origin, Sec-Fetch-Site cross-site', { fetchSite: 'cross-site' }, 'other-site'],
    ['no Origin, Sec-Fetch-Site Cross-Site (any case)', { fetchSite: 'Cross-Site' }, 'other-site'],
    ['our page', { pageOrigin: OURS, fetchSite: 'same-origin' }, 'own-page'],
    [
      'our page over http behind a TLS proxy (the served host)',
      { pageOrigin: 'http://santap.my' },
      'own-page',
    ],
    [
      'our page, Sec-Fetch-Site cross-site (Origin decides)',
      { pageOrigin: OURS, fetchSite: 'cross-site' },
      'own-page',
    ],
    ['no browser header at all (curl, a server, a printer)', {}, 'no-browser'],
    ['no Origin, Sec-Fetch-Site same-origin', { fetchSite: 'same-origin' }, 'no-browser'],
    [
      'no route matched (a 404), from another site',
      { route: undefined, pageOrigin: 'https://evil.example' },
      'other-site',
    ],
  ] as const)('%s -> %s', async (_name, source, expected) => {
    expect(await verdict(source)).toBe(expected);
  });

  it('each exempt route, posted from the gateway or provider site -> exempt; GET of it is a read', async () => {
    expect(CROSS_SITE_ROUTES.map(({ url }) => url).sort()).toEqual([
      '/api/payments/webhook/:provider',
      '/api/webhooks/sms/twilio',
      '/api/webhooks/whatsapp',
      '/fc/:mall/payment/response',
      '/payment/response',
    ]);
    for (const { url } of CROSS_SITE_ROUTES) {
      expect(
        await verdict({ route: url, pageOrigin: 'https://pay.razer.example', fetchSite: 'cross-site' }),
      ).toBe('exempt');
      expect(await verdict({ method: 'GET', route: url, pageOrigin: 'https://evil.example' })).toBe('read');
      // Exempt by method and route together: a PUT there is checked like any other write.
      expect(await verdict({ method: 'PUT', route: url, pageOrigin: 'https://evil.example' })).toBe(
        'other-site',
      );
    }
  });

  it('a path that only looks like an exempt one (the request URL, not the route) -> checked', async () => {
    expect(await verdict({ route: '/payment/response/x', pageOrigin: 'https://evil.example' })).toBe(
      'other-site',
    );
    expect(
      await verdict({ route: '/api/payments/webhook/simulator', pageOrigin: 'https://evil.example' }),
    ).toBe('other-site');
  });
});

describe('isOwnOrigin', () => {
  it("a mall's own host is ours only when the malls know it", async () => {
    const known = async (host: string) => host === 'mall-demo.santap.my';
    expect(await isOwnOrigin(OURS, 'santap.my', 'https://mall-demo.santap.my', known)).toBe(true);
    expect(await isOwnOrigin(OURS, 'santap.my', 'https://other.santap.my', known)).toBe(false);
    expect(await isOwnOrigin(OURS, 'santap.my', 'https://mall-demo.santap.my.evil.example', known)).toBe(
      false,
    );
  });
});
