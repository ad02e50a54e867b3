import { describe, expect, it } from 'vitest';
import { buildQrText } from './build-qr-text';
import { dynamicQrMessage } from './dynamic';
import { sign } from './fake-hmac.testkit';

const origin = 'https://santap.my';

describe('buildQrText', () => {
  it('dine-in table -> set_restaurant_qr.php with restaurant_id and tid, ot left at its default', () => {
    expect(buildQrText({ origin, kind: 'table', restaurantId: '1001', tableId: '5003' })).toBe(
      'https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5003',
    );
  });

  it('table QR for delivery without table -> ot=2 and no tid', () => {
    expect(buildQrText({ origin, kind: 'table', restaurantId: '1001', orderType: 2 })).toBe(
      'https://santap.my/set_restaurant_qr.php?restaurant_id=1001&ot=2',
    );
  });

  it('takeaway -> type=tk', () => {
    expect(buildQrText({ origin, kind: 'takeaway', restaurantId: '1001' })).toBe(
      'https://santap.my/set_restaurant_qr.php?restaurant_id=1001&type=tk',
    );
  });

  it('setting -> setting=1', () => {
    expect(buildQrText({ origin, kind: 'setting', restaurantId: '1001' })).toBe(
      'https://santap.my/set_restaurant_qr.php?restaurant_id=1001&setting=1',
    );
  });

  it('food-court table -> /fc/{mall}?tid=…', () => {
    expect(buildQrText({ origin, kind: 'foodCourtTable', mall: 'sunway', tableId: '6001' })).toBe(
      'https://santap.my/fc/sunway?tid=6001',
    );
  });

  it('dynamic table -> &v={validUntil}&sig={signature} appended', () => {
    const validUntil = 1767225600;
    const signature = sign(
      dynamicQrMessage({ kind: 'table', restaurantId: '1001', tableId: '5003', validUntil }),
    );
    expect(
      buildQrText({ origin, kind: 'table', restaurantId: '1001', tableId: '5003', validUntil, signature }),
    ).toBe(
      `https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5003&v=1767225600&sig=${signature}`,
    );
  });

  it('origin with trailing slash or empty origin -> one slash, or a relative path', () => {
    expect(buildQrText({ origin: 'http://localhost:3000/', kind: 'takeaway', restaurantId: '7' })).toBe(
      'http://localhost:3000/set_restaurant_qr.php?restaurant_id=7&type=tk',
    );
    expect(buildQrText({ origin: '', kind: 'takeaway', restaurantId: '7' })).toBe(
      '/set_restaurant_qr.php?restaurant_id=7&type=tk',
    );
  });

  it('ids with reserved characters -> URL-encoded', () => {
    expect(buildQrText({ origin, kind: 'foodCourtTable', mall: 'a/b c', tableId: 'x&y=z' })).toBe(
      'https://santap.my/fc/a%2Fb%20c?tid=x%26y%3Dz',
    );
  });

  it('dine-in table without tableId -> RangeError', () => {
    expect(() => buildQrText({ origin, kind: 'table', restaurantId: '1001' })).toThrow(RangeError);
  });

  it('empty restaurant id -> RangeError', () => {
    expect(() => buildQrText({ origin, kind: 'takeaway', restaurantId: '' })).toThrow(RangeError);
  });

  it('validity without signature, or signature without validity -> RangeError', () => {
    expect(() => buildQrText({ origin, kind: 'takeaway', restaurantId: '1', validUntil: 10 })).toThrow(
      RangeError,
    );
    expect(() =>
      buildQrText({ origin, kind: 'takeaway', restaurantId: '1', signature: 'ab'.repeat(32) }),
    ).toThrow(RangeError);
  });

  it('fractional or negative validity, or non-hex signature -> RangeError', () => {
    const signature = 'ab'.repeat(32);
    expect(() =>
      buildQrText({ origin, kind: 'takeaway', restaurantId: '1', validUntil: 1.5, signature }),
    ).toThrow(RangeError);
    expect(() =>
      buildQrText({ origin, kind: 'takeaway', restaurantId: '1', validUntil: -1, signature }),
    ).toThrow(RangeError);
    expect(() =>
      buildQrText({ origin, kind: 'takeaway', restaurantId: '1', validUntil: 10, signature: 'not hex!' }),
    ).toThrow(RangeError);
  });
});
