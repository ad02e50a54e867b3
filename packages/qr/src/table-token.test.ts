/**
 * A table's sticker carries its random token (32 lowercase hex) in the table position instead of the
 * sequential id (apps/api docs/tabs.md, Joining); old stickers keep the id. Both are QR ids: built,
 * read, signed and resolved alike, and a signature over one never verifies the other.
 */
import { MESSAGE } from '@santap/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildQrText } from './build-qr-text';
import { dynamicQrMessage } from './dynamic';
import { sign, verify } from './fake-hmac.testkit';
import { resolveLegacyLink } from './legacy-link';
import { parseQr } from './parse-qr';

const origin = 'https://santap.my';
const TOKEN = '3f9c0a6e1b2d4c5e8f7a9b0c1d2e3f40';
const now = new Date('2026-01-01T00:00:00Z');
const NOW_S = 1767225600;
const lookup = async (id: string) => (id === '1001' ? { nameid: 'kopitiam-ali' } : null);
const token = fc.stringMatching(/^[0-9a-f]{32}$/);

describe('a table token in the table position', () => {
  it('restaurant table with a token -> tid={token}, read back as that table', () => {
    const text = buildQrText({ origin, kind: 'table', restaurantId: '1001', tableId: TOKEN });
    expect(text).toBe(`https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=${TOKEN}`);
    expect(parseQr(text, { now })).toEqual({
      ok: true,
      qr: { kind: 'table', restaurantId: '1001', tableId: TOKEN, orderType: 1, dynamic: false },
    });
  });

  it('food-court table with a token -> /fc/{mall}?tid={token}, read back as that table', () => {
    const text = buildQrText({ origin, kind: 'foodCourtTable', mall: 'mall-demo', tableId: TOKEN });
    expect(text).toBe(`https://santap.my/fc/mall-demo?tid=${TOKEN}`);
    expect(parseQr(text, { now })).toEqual({
      ok: true,
      qr: { kind: 'foodCourtTable', mall: 'mall-demo', tableId: TOKEN, dynamic: false },
    });
  });

  it('dynamic QR signed over the token -> verifies; the same signature on the numeric id -> invalid', () => {
    const validUntil = NOW_S + 600;
    const signature = sign(
      dynamicQrMessage({ kind: 'table', restaurantId: '1001', tableId: TOKEN, validUntil }),
    );
    expect(dynamicQrMessage({ kind: 'table', restaurantId: '1001', tableId: TOKEN, validUntil })).toBe(
      `santap-qr:v1|table|1001|${TOKEN}|1|${validUntil}`,
    );
    const text = buildQrText({
      origin,
      kind: 'table',
      restaurantId: '1001',
      tableId: TOKEN,
      validUntil,
      signature,
    });
    expect(parseQr(text, { now, verify })).toEqual({
      ok: true,
      qr: { kind: 'table', restaurantId: '1001', tableId: TOKEN, orderType: 1, dynamic: true, validUntil },
    });
    const swapped = text.replace(`tid=${TOKEN}`, 'tid=5003');
    expect(parseQr(swapped, { now, verify })).toEqual({ ok: false, error: MESSAGE.invalidQr });
  });

  it('numeric table id signed as before -> still verifies', () => {
    const validUntil = NOW_S + 600;
    const signature = sign(
      dynamicQrMessage({ kind: 'table', restaurantId: '1001', tableId: '5003', validUntil }),
    );
    const text = buildQrText({
      origin,
      kind: 'table',
      restaurantId: '1001',
      tableId: '5003',
      validUntil,
      signature,
    });
    expect(parseQr(text, { now, verify })).toMatchObject({
      ok: true,
      qr: { tableId: '5003', dynamic: true },
    });
  });

  it('legacy link with a token -> the menu with tableId={token}; dynamic keeps v and sig', async () => {
    expect(
      await resolveLegacyLink(`${origin}/set_restaurant_qr.php?restaurant_id=1001&tid=${TOKEN}`, lookup),
    ).toEqual({ to: `/r/kopitiam-ali/1?source=qr&tableId=${TOKEN}&tableNo=${TOKEN}` });
    const validUntil = NOW_S + 600;
    const signature = sign(
      dynamicQrMessage({ kind: 'table', restaurantId: '1001', tableId: TOKEN, validUntil }),
    );
    const text = buildQrText({
      origin,
      kind: 'table',
      restaurantId: '1001',
      tableId: TOKEN,
      validUntil,
      signature,
    });
    expect(await resolveLegacyLink(text, lookup, { now, verify })).toEqual({
      to: `/r/kopitiam-ali/1?source=qr&tableId=${TOKEN}&tableNo=${TOKEN}&v=${validUntil}&sig=${signature}`,
    });
  });

  it('any token -> build then parse gives the same table back, for restaurants and food courts', () => {
    fc.assert(
      fc.property(token, (tableId) => {
        const table = parseQr(buildQrText({ origin, kind: 'table', restaurantId: '1001', tableId }), { now });
        expect(table).toMatchObject({ ok: true, qr: { kind: 'table', tableId } });
        const court = parseQr(buildQrText({ origin, kind: 'foodCourtTable', mall: 'm', tableId }), { now });
        expect(court).toMatchObject({ ok: true, qr: { kind: 'foodCourtTable', tableId } });
      }),
    );
  });

  it('two different tokens -> two different signed messages (a signature names one table)', () => {
    fc.assert(
      fc.property(token, token, (a, b) => {
        fc.pre(a !== b);
        const message = (tableId: string) =>
          dynamicQrMessage({ kind: 'table', restaurantId: '1001', tableId, validUntil: NOW_S });
        expect(message(a)).not.toBe(message(b));
      }),
    );
  });
});
