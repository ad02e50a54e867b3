import { describe, expect, it } from 'vitest';
import { scannedTable } from './scanned-table';

const now = new Date('2026-11-27T10:00:00Z');
const nowS = Math.floor(now.getTime() / 1000);

describe('scannedTable', () => {
  it('kopitiam-ali table QR tid=5004 -> restaurant 1001, table 5004', () => {
    expect(scannedTable('https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5004', now)).toEqual({
      ok: true,
      restaurantId: '1001',
      tableId: '5004',
    });
  });

  it('a signed QR the browser cannot verify -> its table, for the server to check', () => {
    const text = `/set_restaurant_qr.php?restaurant_id=1002&tid=5101&v=${nowS + 600}&sig=${'ab'.repeat(32)}`;
    expect(scannedTable(text, now)).toEqual({ ok: true, restaurantId: '1002', tableId: '5101' });
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
