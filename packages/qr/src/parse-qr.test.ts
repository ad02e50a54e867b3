import { MESSAGE } from '@santap/domain';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { buildQrText } from './build-qr-text';
import { dynamicQrMessage } from './dynamic';
import { sign, verify } from './fake-hmac.testkit';
import { parseQr } from './parse-qr';
import { isQrId } from './qr-id';
import type { ParsedQr, QrOrderType, QrPayload } from './types';

/** 2026-01-01T00:00:00Z, in Unix seconds 1767225600. */
const now = new Date('2026-01-01T00:00:00Z');
const NOW_S = 1767225600;
const HOUR = 3600;
const QR = 'https://santap.my/set_restaurant_qr.php';

function dynamicText(payload: QrPayload, validUntil: number, origin = 'https://santap.my'): string {
  return buildQrText({
    origin,
    ...payload,
    validUntil,
    signature: sign(dynamicQrMessage({ ...payload, validUntil })),
  });
}

const table5003: QrPayload = { kind: 'table', restaurantId: '1001', tableId: '5003' };

describe('parseQr: static restaurant QRs (spec §2)', () => {
  it('table QR on santap.my -> table, dine-in by default, static', () => {
    expect(parseQr(`${QR}?restaurant_id=1001&tid=5003`, { now })).toEqual({
      ok: true,
      qr: { kind: 'table', restaurantId: '1001', tableId: '5003', orderType: 1, dynamic: false },
    });
  });

  it.each([
    'https://santap.id/set_restaurant_qr.php?restaurant_id=1001&tid=5003',
    'http://localhost:3000/set_restaurant_qr.php?restaurant_id=1001&tid=5003',
    '/set_restaurant_qr.php?restaurant_id=1001&tid=5003',
    'santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5003',
    'localhost:3000/set_restaurant_qr.php?restaurant_id=1001&tid=5003',
    '  https://order.santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5003#top \n',
  ])('%j -> the same table QR (any host, relative, bare host, spaces trimmed)', (text) => {
    expect(parseQr(text, { now })).toEqual({
      ok: true,
      qr: { kind: 'table', restaurantId: '1001', tableId: '5003', orderType: 1, dynamic: false },
    });
  });

  it('ot=2 with tid -> table for delivery keeping the table id', () => {
    expect(parseQr(`${QR}?restaurant_id=1001&tid=5003&ot=2`, { now })).toEqual({
      ok: true,
      qr: { kind: 'table', restaurantId: '1001', tableId: '5003', orderType: 2, dynamic: false },
    });
  });

  it('ot=3 without tid -> table for pickup without table', () => {
    expect(parseQr(`${QR}?restaurant_id=1001&ot=3`, { now })).toEqual({
      ok: true,
      qr: { kind: 'table', restaurantId: '1001', orderType: 3, dynamic: false },
    });
  });

  it('dine-in (ot default 1) without tid -> invalidQr', () => {
    expect(parseQr(`${QR}?restaurant_id=1001`, { now })).toEqual({ ok: false, error: MESSAGE.invalidQr });
    expect(parseQr(`${QR}?restaurant_id=1001&ot=1&tid=`, { now })).toEqual({
      ok: false,
      error: MESSAGE.invalidQr,
    });
  });

  it.each(['0', '4', 'abc', '1.0', ' 1'])('ot=%j -> invalidQr', (ot) => {
    expect(parseQr(`${QR}?restaurant_id=1001&tid=5003&ot=${encodeURIComponent(ot)}`, { now })).toEqual({
      ok: false,
      error: MESSAGE.invalidQr,
    });
  });

  it('type=tk -> takeaway, table and ot ignored', () => {
    expect(parseQr(`${QR}?restaurant_id=1001&type=tk&tid=5003&ot=1`, { now })).toEqual({
      ok: true,
      qr: { kind: 'takeaway', restaurantId: '1001', dynamic: false },
    });
  });

  it('unknown type -> table QR, as the legacy page did', () => {
    expect(parseQr(`${QR}?restaurant_id=1001&type=xx&tid=5003`, { now })).toEqual({
      ok: true,
      qr: { kind: 'table', restaurantId: '1001', tableId: '5003', orderType: 1, dynamic: false },
    });
  });

  it('setting=1 -> setting QR, and setting wins over type=tk', () => {
    const setting = { ok: true, qr: { kind: 'setting', restaurantId: '1001', dynamic: false } };
    expect(parseQr(`${QR}?restaurant_id=1001&setting=1`, { now })).toEqual(setting);
    expect(parseQr(`${QR}?restaurant_id=1001&setting=1&type=tk`, { now })).toEqual(setting);
  });

  it.each(['', '0', 'yes'])('setting=%j -> setting QR (present at all, like the legacy isset)', (value) => {
    expect(parseQr(`${QR}?restaurant_id=1001&setting=${value}`, { now })).toEqual({
      ok: true,
      qr: { kind: 'setting', restaurantId: '1001', dynamic: false },
    });
  });

  it('restaurant_id missing, empty or blank -> invalidQr', () => {
    for (const text of [
      `${QR}?tid=5003`,
      `${QR}?restaurant_id=&tid=5003`,
      `${QR}?restaurant_id=%20&tid=5003`,
    ]) {
      expect(parseQr(text, { now })).toEqual({ ok: false, error: MESSAGE.invalidQr });
    }
  });

  it('repeated restaurant_id or tid -> invalidQr (no reader may pick a different copy)', () => {
    expect(parseQr(`${QR}?restaurant_id=1001&restaurant_id=1002&tid=5003`, { now }).ok).toBe(false);
    expect(parseQr(`${QR}?restaurant_id=1001&tid=5003&tid=5004`, { now }).ok).toBe(false);
  });

  it('ids with encoded characters -> decoded', () => {
    expect(parseQr(`${QR}?restaurant_id=r%26d&tid=T%205`, { now })).toEqual({
      ok: true,
      qr: { kind: 'table', restaurantId: 'r&d', tableId: 'T 5', orderType: 1, dynamic: false },
    });
  });

  it('static QR with a verify callback -> accepted without calling verify', () => {
    const spy = vi.fn(verify);
    expect(parseQr(`${QR}?restaurant_id=1001&tid=5003`, { now, verify: spy }).ok).toBe(true);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('parseQr: food court (spec §2 /fc/:mall)', () => {
  it('/fc/{mall}?tid=6001 -> food-court table, static', () => {
    expect(parseQr('https://santap.my/fc/sunway?tid=6001', { now })).toEqual({
      ok: true,
      qr: { kind: 'foodCourtTable', mall: 'sunway', tableId: '6001', dynamic: false },
    });
  });

  it('/fc/{mall}/?tid=… with trailing slash and encoded mall -> decoded mall', () => {
    expect(parseQr('/fc/mid%20valley/?tid=6001', { now })).toEqual({
      ok: true,
      qr: { kind: 'foodCourtTable', mall: 'mid valley', tableId: '6001', dynamic: false },
    });
  });

  it('/fc/{mall} without tid -> food-court link keeping its path', () => {
    expect(parseQr('https://santap.my/fc/sunway?lang=id', { now })).toEqual({
      ok: true,
      qr: { kind: 'foodCourtLink', mall: 'sunway', to: '/fc/sunway?lang=id' },
    });
  });

  it.each([
    '/fc/',
    '/fc/sunway/payment/response',
    '/fc/%E0%A4%A?tid=1',
    '/fc/sunway?tid=1&tid=2',
    '/fc/..?tid=1',
  ])('%j -> invalidQr', (text) =>
    expect(parseQr(text, { now })).toEqual({ ok: false, error: MESSAGE.invalidQr }),
  );
});

describe('parseQr: menu links (spec §2 /r/:name/:ot?/:pickupType?, menu.php)', () => {
  it('/r/{name} -> menu link to that path', () => {
    expect(parseQr('https://santap.my/r/nasi-lemak-house', { now })).toEqual({
      ok: true,
      qr: { kind: 'menuLink', name: 'nasi-lemak-house', to: '/r/nasi-lemak-house' },
    });
  });

  it('/r/{name}/3/ta?x=1 -> menu link with order type, pickup type and query', () => {
    expect(parseQr('https://santap.id/r/warung%20bu/3/ta?x=1', { now })).toEqual({
      ok: true,
      qr: {
        kind: 'menuLink',
        name: 'warung bu',
        orderType: 3,
        pickupType: 'ta',
        to: '/r/warung%20bu/3/ta?x=1',
      },
    });
  });

  it.each(['/r', '/r/', '/r/kedai/9', '/r/kedai//ta', '/r/kedai/1/ta/extra'])('%j -> invalidQr', (text) => {
    expect(parseQr(text, { now })).toEqual({ ok: false, error: MESSAGE.invalidQr });
  });

  it('menu.php with rest_name, ot, date and slot -> menu link to /r/{name}/{ot}?date=…&slot=…', () => {
    expect(
      parseQr('https://santap.my/menu.php?rest_name=kedai&ot=2&date=2026-01-02&slot=720', { now }),
    ).toEqual({
      ok: true,
      qr: { kind: 'menuLink', name: 'kedai', orderType: 2, to: '/r/kedai/2?date=2026-01-02&slot=720' },
    });
  });

  it('menu.php without rest_name -> invalidQr', () => {
    expect(parseQr('/menu.php?ot=2', { now })).toEqual({ ok: false, error: MESSAGE.invalidQr });
  });
});

describe('parseQr: text that is not ours -> invalidQr (spec §8)', () => {
  it.each([
    '',
    '   ',
    'hello',
    'https://santap.my/',
    'https://santap.my/home',
    'https://santap.my/qr',
    'https://santap.my/index.php',
    'https://santap.my/set_restaurant_qr.php',
    'javascript:alert(1)',
    'ftp://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5003',
    'mailto:a@b.c',
    'set_restaurant_qr.php?restaurant_id=1001&tid=5003',
    `${QR}?restaurant_id=1001&tid=${'5'.repeat(3000)}`,
  ])('%j -> invalidQr', (text) => {
    expect(parseQr(text, { now })).toEqual({ ok: false, error: MESSAGE.invalidQr });
  });
});

describe('parseQr: dynamic QRs (spec §4, §8)', () => {
  it('signed table QR valid for another hour -> dynamic table with its validity', () => {
    expect(parseQr(dynamicText(table5003, NOW_S + HOUR), { now, verify })).toEqual({
      ok: true,
      qr: {
        kind: 'table',
        restaurantId: '1001',
        tableId: '5003',
        orderType: 1,
        dynamic: true,
        validUntil: NOW_S + HOUR,
      },
    });
  });

  it('validity epoch in the past -> qrExpired', () => {
    expect(parseQr(dynamicText(table5003, NOW_S - HOUR), { now, verify })).toEqual({
      ok: false,
      error: MESSAGE.qrExpired,
    });
  });

  it('validity epoch equal to now -> qrExpired; one second later -> accepted', () => {
    expect(parseQr(dynamicText(table5003, NOW_S), { now, verify })).toEqual({
      ok: false,
      error: MESSAGE.qrExpired,
    });
    expect(parseQr(dynamicText(table5003, NOW_S + 1), { now, verify }).ok).toBe(true);
  });

  it('expired QR scanned without verify -> qrExpired (refusing needs no key)', () => {
    expect(parseQr(dynamicText(table5003, NOW_S - 1), { now })).toEqual({
      ok: false,
      error: MESSAGE.qrExpired,
    });
  });

  it('forged table: signature of table 5003 printed with tid=5004 -> invalidQr', () => {
    const forged = dynamicText(table5003, NOW_S + HOUR).replace('tid=5003', 'tid=5004');
    expect(parseQr(forged, { now, verify })).toEqual({ ok: false, error: MESSAGE.invalidQr });
  });

  it('stretched validity with the old signature -> invalidQr', () => {
    const oldValidUntil = NOW_S + 60;
    const stretched = dynamicText(table5003, oldValidUntil).replace(
      `v=${oldValidUntil}`,
      `v=${NOW_S + 86400}`,
    );
    expect(parseQr(stretched, { now, verify })).toEqual({ ok: false, error: MESSAGE.invalidQr });
  });

  it('forged restaurant, order type or kind under a real signature -> invalidQr', () => {
    const text = dynamicText(table5003, NOW_S + HOUR);
    expect(parseQr(text.replace('restaurant_id=1001', 'restaurant_id=1002'), { now, verify }).ok).toBe(false);
    expect(parseQr(`${text}&ot=3`, { now, verify })).toEqual({ ok: false, error: MESSAGE.invalidQr });
    const takeaway = dynamicText({ kind: 'takeaway', restaurantId: '1001' }, NOW_S + HOUR);
    expect(parseQr(takeaway.replace('type=tk', 'setting=1'), { now, verify })).toEqual({
      ok: false,
      error: MESSAGE.invalidQr,
    });
  });

  it('validity without signature -> qrNoLongerExists', () => {
    expect(parseQr(`${QR}?restaurant_id=1001&tid=5003&v=${NOW_S + HOUR}`, { now, verify })).toEqual({
      ok: false,
      error: MESSAGE.qrNoLongerExists,
    });
  });

  it('signature without validity -> qrNoLongerExists', () => {
    expect(parseQr(`${QR}?restaurant_id=1001&tid=5003&sig=${'ab'.repeat(32)}`, { now, verify })).toEqual({
      ok: false,
      error: MESSAGE.qrNoLongerExists,
    });
  });

  it.each(['', 'abc', '1.5', '-5', `0${NOW_S + HOUR}`, '1e12', '9999999999999'])(
    'unreadable validity v=%j -> qrNoLongerExists',
    (v) => {
      const text = `${QR}?restaurant_id=1001&tid=5003&v=${v}&sig=${'ab'.repeat(32)}`;
      expect(parseQr(text, { now, verify })).toEqual({ ok: false, error: MESSAGE.qrNoLongerExists });
    },
  );

  it('repeated validity parameter -> qrNoLongerExists', () => {
    const text = `${dynamicText(table5003, NOW_S + HOUR)}&v=${NOW_S + 2 * HOUR}`;
    expect(parseQr(text, { now, verify })).toEqual({ ok: false, error: MESSAGE.qrNoLongerExists });
  });

  it('valid signed QR parsed without verify -> qrNoLongerExists (never trust unsigned)', () => {
    expect(parseQr(dynamicText(table5003, NOW_S + HOUR), { now })).toEqual({
      ok: false,
      error: MESSAGE.qrNoLongerExists,
    });
  });

  it('verify returning false -> invalidQr, after being asked with the canonical message', () => {
    const text = dynamicText(table5003, NOW_S + HOUR);
    const refuse = vi.fn(() => false);
    expect(parseQr(text, { now, verify: refuse })).toEqual({ ok: false, error: MESSAGE.invalidQr });
    expect(refuse).toHaveBeenCalledWith(
      `santap-qr:v1|table|1001|5003|1|${NOW_S + HOUR}`,
      sign(dynamicQrMessage({ ...table5003, validUntil: NOW_S + HOUR })),
    );
  });

  it('a wrong signature on a validity already past -> invalidQr, not qrExpired (the validity is not trusted)', () => {
    const text = dynamicText(table5003, NOW_S - HOUR).replace(/sig=[0-9a-f]+/, `sig=${'ab'.repeat(32)}`);
    expect(parseQr(text, { now, verify })).toEqual({ ok: false, error: MESSAGE.invalidQr });
  });

  it('signature not lowercase hex -> invalidQr without calling verify', () => {
    const spy = vi.fn(verify);
    const upper = dynamicText(table5003, NOW_S + HOUR).replace(
      /sig=([0-9a-f]+)/,
      (_m, s: string) => `sig=${s.toUpperCase()}`,
    );
    expect(parseQr(upper, { now, verify: spy })).toEqual({ ok: false, error: MESSAGE.invalidQr });
    expect(parseQr(`${QR}?restaurant_id=1001&tid=5003&v=${NOW_S + 9}&sig=zz`, { now, verify: spy }).ok).toBe(
      false,
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it('signed food-court table QR -> dynamic food-court table; another mall -> invalidQr', () => {
    const payload: QrPayload = { kind: 'foodCourtTable', mall: 'sunway', tableId: '6001' };
    const text = dynamicText(payload, NOW_S + HOUR, 'http://localhost:3000');
    expect(parseQr(text, { now, verify })).toEqual({
      ok: true,
      qr: {
        kind: 'foodCourtTable',
        mall: 'sunway',
        tableId: '6001',
        dynamic: true,
        validUntil: NOW_S + HOUR,
      },
    });
    expect(parseQr(text.replace('/fc/sunway', '/fc/pavilion'), { now, verify })).toEqual({
      ok: false,
      error: MESSAGE.invalidQr,
    });
  });

  it('invalid now -> RangeError (a caller bug, not a diner error)', () => {
    expect(() =>
      parseQr(dynamicText(table5003, NOW_S + HOUR), { now: new Date(Number.NaN), verify }),
    ).toThrow(RangeError);
  });
});

const qrId = fc
  .oneof(
    fc.stringMatching(/^[0-9]{1,8}$/),
    fc.string({ minLength: 1, maxLength: 16 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
  )
  .filter(isQrId);

const orderType = fc.constantFrom<QrOrderType>(1, 2, 3);
const payloadArb: fc.Arbitrary<QrPayload> = fc.oneof(
  fc.record({
    kind: fc.constant('table' as const),
    restaurantId: qrId,
    tableId: qrId,
    orderType: fc.option(orderType, { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('table' as const),
    restaurantId: qrId,
    orderType: fc.constantFrom<QrOrderType>(2, 3),
  }),
  fc.record({ kind: fc.constant('takeaway' as const), restaurantId: qrId }),
  fc.record({ kind: fc.constant('setting' as const), restaurantId: qrId }),
  fc.record({ kind: fc.constant('foodCourtTable' as const), mall: qrId, tableId: qrId }),
);
const originArb = fc.constantFrom(
  'https://santap.my',
  'https://santap.id',
  'http://localhost:3000',
  'https://order.santap.my/',
  '',
);

function expectedQr(payload: QrPayload, validity: { dynamic: boolean; validUntil?: number }): ParsedQr {
  const withoutUndefined = Object.fromEntries(
    Object.entries(payload).filter(([, value]) => value !== undefined),
  );
  const orderTypeDefault = payload.kind === 'table' ? { orderType: payload.orderType ?? 1 } : {};
  return { ...withoutUndefined, ...orderTypeDefault, ...validity } as ParsedQr;
}

describe('parseQr properties', () => {
  it('buildQrText -> parseQr round-trips any signed QR with a future validity', () => {
    fc.assert(
      fc.property(
        payloadArb,
        originArb,
        fc.integer({ min: 1, max: 10 * 365 * 86400 }),
        (payload, origin, ahead) => {
          const validUntil = NOW_S + ahead;
          const text = dynamicText(payload, validUntil, origin);
          expect(parseQr(text, { now, verify })).toEqual({
            ok: true,
            qr: expectedQr(payload, { dynamic: true, validUntil }),
          });
        },
      ),
    );
  });

  it('buildQrText -> parseQr round-trips any static QR', () => {
    fc.assert(
      fc.property(payloadArb, originArb, (payload, origin) => {
        expect(parseQr(buildQrText({ origin, ...payload }), { now })).toEqual({
          ok: true,
          qr: expectedQr(payload, { dynamic: false }),
        });
      }),
    );
  });

  it('signed QR whose validity was moved -> never accepted', () => {
    fc.assert(
      fc.property(
        payloadArb,
        fc.integer({ min: 1, max: 86400 }),
        fc.integer({ min: 1, max: 86400 }),
        (payload, ahead, stretch) => {
          const validUntil = NOW_S + ahead;
          const text = dynamicText(payload, validUntil).replace(
            `v=${validUntil}&`,
            `v=${validUntil + stretch}&`,
          );
          expect(parseQr(text, { now, verify })).toEqual({ ok: false, error: MESSAGE.invalidQr });
        },
      ),
    );
  });

  it('signed QR with any validity at or before now -> qrExpired', () => {
    fc.assert(
      fc.property(payloadArb, fc.integer({ min: 0, max: NOW_S }), (payload, validUntil) => {
        expect(parseQr(dynamicText(payload, validUntil), { now, verify })).toEqual({
          ok: false,
          error: MESSAGE.qrExpired,
        });
      }),
    );
  });

  it('arbitrary text -> never throws, always a result', () => {
    const ours = payloadArb.map((payload) => buildQrText({ origin: 'https://santap.my', ...payload }));
    const mangled = fc
      .tuple(ours, fc.nat(), fc.string({ unit: 'binary', maxLength: 6 }))
      .map(
        ([text, at, insert]) =>
          text.slice(0, at % (text.length + 1)) + insert + text.slice(at % (text.length + 1)),
      );
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      mangled,
      fc.constantFrom('/r/%', '/fc/%zz?tid=1', '/set_restaurant_qr.php?restaurant_id=%ff&tid=1'),
    );
    fc.assert(
      fc.property(text, (input) => {
        const result = parseQr(input, { now, verify });
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});
