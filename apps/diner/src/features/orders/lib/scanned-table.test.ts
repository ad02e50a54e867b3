import { describe, expect, it } from 'vitest';
import { scannedTable } from './scanned-table';

const now = new Date('2026-11-27T10:00:00Z');
const nowS = Math.floor(now.getTime() / 1000);
const TOKEN = '3f9c0a6e1b2d4c5e8f7a9b0c1d2e3f40';

describe('scannedTable', () => {
  it('kopitiam-ali table QR tid=5004 -> restaurant 1001, table 5004', () => {
    expect(scannedTable('https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5004', now)).toEqual({
      ok: true,
      restaurantId: 1001,
      tableId: 5004,
    });
  });

  it("a sticker with the table's token -> restaurant 1001, the token", () => {
    expect(
      scannedTable(`https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=${TOKEN}`, now),
    ).toEqual({
      ok: true,
      restaurantId: 1001,
      tableId: TOKEN,
    });
  });

  it('a signed QR the browser cannot verify -> its table with v and sig, for the server to check', () => {
    const sig = 'ab'.repeat(32);
    const text = `/set_restaurant_qr.php?restaurant_id=1002&tid=5101&v=${nowS + 600}&sig=${sig}`;
    expect(scannedTable(text, now)).toEqual({
      ok: true,
      restaurantId: 1002,
      tableId: 5101,
      v: String(nowS + 600),
      sig,
    });
    const byToken = `/set_restaurant_qr.php?restaurant_id=1002&tid=${TOKEN}&v=${nowS + 600}&sig=${sig}`;
    expect(scannedTable(byToken, now)).toMatchObject({ ok: true, tableId: TOKEN, sig });
  });

  it('a table named neither by id nor by token (T3, an uppercase token) -> invalidQr', () => {
    for (const tid of ['T3', TOKEN.toUpperCase()]) {
      expect(scannedTable(`/set_restaurant_qr.php?restaurant_id=1001&tid=${tid}`, now)).toEqual({
        ok: false,
        reason: 'errors.invalidQr',
      });
    }
  });

  it('an expired QR -> qrExpired; a menu link or text -> invalidQr', () => {
    const expired = `/set_restaurant_qr.php?restaurant_id=1002&tid=5101&v=${nowS - 60}&sig=${'ab'.repeat(32)}`;
    expect(scannedTable(expired, now)).toEqual({ ok: false, reason: 'errors.qrExpired' });
    expect(scannedTable('https://santap.my/r/kopitiam-ali', now)).toEqual({
      ok: false,
      reason: 'errors.invalidQr',
    });
    expect(scannedTable('hello', now)).toEqual({ ok: false, reason: 'errors.invalidQr' });
  });
});
