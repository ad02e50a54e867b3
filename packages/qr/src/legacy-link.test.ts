import { MESSAGE } from '@santap/domain';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { buildQrText } from './build-qr-text';
import { dynamicQrMessage } from './dynamic';
import { sign, verify } from './fake-hmac.testkit';
import { isLegacyPath, resolveLegacyLink } from './legacy-link';
import type { RestaurantLookup } from './legacy-link';

const now = new Date('2026-01-01T00:00:00Z');
const NOW_S = 1767225600;
const QR = 'https://santap.my/set_restaurant_qr.php';

const restaurants: Record<string, string> = { '1001': 'nasi-lemak-house', '2002': 'warung bu' };
const lookup: RestaurantLookup = async (id) => (id in restaurants ? { nameid: restaurants[id] ?? '' } : null);
const qrError = { to: '/qrError', error: MESSAGE.invalidQr };

describe('isLegacyPath', () => {
  it.each(['/menu.php', '/set_restaurant_qr.php', '/index.php', '/index.php/anything', '/index.phpx'])(
    '%j -> legacy',
    (path) => expect(isLegacyPath(path)).toBe(true),
  );

  it.each(['/', '/home', '/r/kedai', '/qr', '/qrError', '/menu.php/x', '/foo/index.php', '/MENU.PHP'])(
    '%j -> not legacy',
    (path) => expect(isLegacyPath(path)).toBe(false),
  );
});

describe('resolveLegacyLink: /index.php*', () => {
  it.each(['https://santap.my/index.php', '/index.php?x=1', '/index.php/menu/1', '/index.phpfoo'])(
    '%j -> /home',
    async (url) => expect(await resolveLegacyLink(url, lookup)).toEqual({ to: '/home' }),
  );
});

describe('resolveLegacyLink: menu.php', () => {
  const neverCalled = vi.fn(lookup);

  it('rest_name only -> /r/{rest_name}, without a lookup', async () => {
    expect(await resolveLegacyLink('https://santap.my/menu.php?rest_name=kedai', neverCalled)).toEqual({
      to: '/r/kedai',
    });
    expect(neverCalled).not.toHaveBeenCalled();
  });

  it('rest_name and ot -> /r/{rest_name}/{ot}', async () => {
    expect(await resolveLegacyLink('/menu.php?rest_name=kedai&ot=3', lookup)).toEqual({ to: '/r/kedai/3' });
  });

  it('rest_name, date and slot -> /r/{rest_name}?date=…&slot=…', async () => {
    expect(await resolveLegacyLink('/menu.php?rest_name=kedai&date=2026-01-02&slot=720', lookup)).toEqual({
      to: '/r/kedai?date=2026-01-02&slot=720',
    });
  });

  it('ot with date and slot -> both kept: /r/{rest_name}/{ot}?date=…&slot=…', async () => {
    expect(
      await resolveLegacyLink('/menu.php?rest_name=kedai&ot=2&date=2026-01-02&slot=720', lookup),
    ).toEqual({
      to: '/r/kedai/2?date=2026-01-02&slot=720',
    });
  });

  it('rest_name with spaces or slash -> URL-encoded in the path', async () => {
    expect(await resolveLegacyLink('/menu.php?rest_name=warung%20bu%2F2', lookup)).toEqual({
      to: '/r/warung%20bu%2F2',
    });
  });

  it('rest_name missing or empty -> /qrError', async () => {
    expect(await resolveLegacyLink('/menu.php?ot=2', lookup)).toEqual(qrError);
    expect(await resolveLegacyLink('/menu.php?rest_name=', lookup)).toEqual(qrError);
  });

  it('ot outside 1-3 -> /qrError', async () => {
    expect(await resolveLegacyLink('/menu.php?rest_name=kedai&ot=7', lookup)).toEqual(qrError);
  });
});

describe('resolveLegacyLink: set_restaurant_qr.php', () => {
  it('restaurant_id and tid (ot default 1) -> /r/{nameid}/1?source=qr&tableId=…&tableNo=…', async () => {
    expect(await resolveLegacyLink(`${QR}?restaurant_id=1001&tid=5003`, lookup)).toEqual({
      to: '/r/nasi-lemak-house/1?source=qr&tableId=5003&tableNo=5003',
    });
  });

  it('ot=1 given explicitly -> same dine-in redirect', async () => {
    expect(await resolveLegacyLink(`${QR}?restaurant_id=1001&tid=5003&ot=1`, lookup)).toEqual({
      to: '/r/nasi-lemak-house/1?source=qr&tableId=5003&tableNo=5003',
    });
  });

  it('ot=2 -> /r/{nameid}/2 without table query', async () => {
    expect(await resolveLegacyLink(`${QR}?restaurant_id=1001&ot=2&tid=5003`, lookup)).toEqual({
      to: '/r/nasi-lemak-house/2',
    });
  });

  it('ot=3 without tid -> /r/{nameid}/3', async () => {
    expect(await resolveLegacyLink(`${QR}?restaurant_id=1001&ot=3`, lookup)).toEqual({
      to: '/r/nasi-lemak-house/3',
    });
  });

  it('type=tk -> /r/{nameid}/3/ta', async () => {
    expect(await resolveLegacyLink(`${QR}?restaurant_id=1001&type=tk`, lookup)).toEqual({
      to: '/r/nasi-lemak-house/3/ta',
    });
  });

  it('setting -> /r/{nameid}/?setting=1, even with type=tk', async () => {
    expect(await resolveLegacyLink(`${QR}?restaurant_id=1001&setting=1&type=tk`, lookup)).toEqual({
      to: '/r/nasi-lemak-house/?setting=1',
    });
  });

  it('nameid with a space -> URL-encoded in the path', async () => {
    expect(await resolveLegacyLink(`${QR}?restaurant_id=2002&type=tk`, lookup)).toEqual({
      to: '/r/warung%20bu/3/ta',
    });
  });

  it('restaurant looked up by the restaurant_id of the link', async () => {
    const spy = vi.fn(lookup);
    await resolveLegacyLink(`/set_restaurant_qr.php?restaurant_id=1001&tid=5003`, spy);
    expect(spy).toHaveBeenCalledWith('1001');
  });

  it('restaurant_id missing -> /qrError without a lookup', async () => {
    const spy = vi.fn(lookup);
    expect(await resolveLegacyLink(`${QR}?tid=5003`, spy)).toEqual(qrError);
    expect(spy).not.toHaveBeenCalled();
  });

  it('lookup returning null -> /qrError', async () => {
    expect(await resolveLegacyLink(`${QR}?restaurant_id=9999&tid=5003`, lookup)).toEqual(qrError);
  });

  it('lookup throwing (network down) -> /qrError', async () => {
    const failing: RestaurantLookup = () => Promise.reject(new Error('ECONNRESET'));
    expect(await resolveLegacyLink(`${QR}?restaurant_id=1001&tid=5003`, failing)).toEqual(qrError);
  });

  it('lookup giving an empty nameid -> /qrError', async () => {
    expect(
      await resolveLegacyLink(`${QR}?restaurant_id=1001&tid=5003`, async () => ({ nameid: '' })),
    ).toEqual(qrError);
  });

  it.each(['0', '4', 'x'])('bad ot=%j -> /qrError', async (ot) => {
    expect(await resolveLegacyLink(`${QR}?restaurant_id=1001&tid=5003&ot=${ot}`, lookup)).toEqual(qrError);
  });

  it('dine-in without tid -> /qrError', async () => {
    expect(await resolveLegacyLink(`${QR}?restaurant_id=1001`, lookup)).toEqual(qrError);
    expect(await resolveLegacyLink(`${QR}?restaurant_id=1001&ot=1&tid=`, lookup)).toEqual(qrError);
  });
});

describe('resolveLegacyLink: dynamic set_restaurant_qr.php links', () => {
  const payload = { kind: 'table', restaurantId: '1001', tableId: '5003' } as const;
  const signed = (validUntil: number) =>
    buildQrText({
      origin: '',
      ...payload,
      validUntil,
      signature: sign(dynamicQrMessage({ ...payload, validUntil })),
    });

  it('signed and valid, with now and verify -> the dine-in redirect keeping v and sig (the table check verifies them again)', async () => {
    const link = signed(NOW_S + 3600);
    const sig = /[?&]sig=([^&]+)/.exec(link)?.[1];
    expect(sig).toBeTruthy();
    expect(await resolveLegacyLink(link, lookup, { now, verify })).toEqual({
      to: `/r/nasi-lemak-house/1?source=qr&tableId=5003&tableNo=5003&v=${NOW_S + 3600}&sig=${sig}`,
    });
  });

  it('expired -> /qrError with qrExpired', async () => {
    expect(await resolveLegacyLink(signed(NOW_S - 1), lookup, { now, verify })).toEqual({
      to: '/qrError',
      error: MESSAGE.qrExpired,
    });
  });

  it('forged table -> /qrError with invalidQr', async () => {
    const forged = signed(NOW_S + 3600).replace('tid=5003', 'tid=5004');
    expect(await resolveLegacyLink(forged, lookup, { now, verify })).toEqual({
      to: '/qrError',
      error: MESSAGE.invalidQr,
    });
  });

  it('dynamic link resolved without options -> /qrError with qrNoLongerExists (never trust unsigned)', async () => {
    expect(await resolveLegacyLink(signed(NOW_S + 3600), lookup)).toEqual({
      to: '/qrError',
      error: MESSAGE.qrNoLongerExists,
    });
  });

  it('verify throwing -> /qrError', async () => {
    const broken = () => {
      throw new Error('key missing');
    };
    expect((await resolveLegacyLink(signed(NOW_S + 3600), lookup, { now, verify: broken })).to).toBe(
      '/qrError',
    );
  });
});

describe('resolveLegacyLink: anything else', () => {
  it.each(['', 'hello', 'https://santap.my/r/kedai', '/qr', 'javascript:alert(1)'])(
    'not a legacy link %j -> /qrError',
    async (url) => expect(await resolveLegacyLink(url, lookup)).toEqual(qrError),
  );

  it('arbitrary text -> never rejects, always a path starting with /', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (text) => {
        const { to } = await resolveLegacyLink(`/set_restaurant_qr.php?${text}`, lookup);
        expect(to.startsWith('/')).toBe(true);
      }),
    );
  });
});
