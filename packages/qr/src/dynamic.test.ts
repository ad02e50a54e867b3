import { describe, expect, it } from 'vitest';
import { dynamicQrMessage } from './dynamic';

describe('dynamicQrMessage', () => {
  it('table QR -> versioned message with restaurant, table, order type and validity', () => {
    expect(
      dynamicQrMessage({ kind: 'table', restaurantId: '1001', tableId: '5003', validUntil: 1767225600 }),
    ).toBe('santap-qr:v1|table|1001|5003|1|1767225600');
  });

  it('table QR with orderType 1 given -> same message as with it left out', () => {
    const base = { kind: 'table', restaurantId: '1001', tableId: '5003', validUntil: 1767225600 } as const;
    expect(dynamicQrMessage({ ...base, orderType: 1 })).toBe(dynamicQrMessage(base));
  });

  it('table QR for pickup -> order type 3 in the message', () => {
    expect(dynamicQrMessage({ kind: 'table', restaurantId: '1001', orderType: 3, validUntil: 1 })).toBe(
      'santap-qr:v1|table|1001||3|1',
    );
  });

  it('takeaway and setting QRs -> empty table and order type fields', () => {
    expect(dynamicQrMessage({ kind: 'takeaway', restaurantId: '1001', validUntil: 9 })).toBe(
      'santap-qr:v1|takeaway|1001|||9',
    );
    expect(dynamicQrMessage({ kind: 'setting', restaurantId: '1001', validUntil: 9 })).toBe(
      'santap-qr:v1|setting|1001|||9',
    );
  });

  it('food-court table QR -> mall in the owner field', () => {
    expect(
      dynamicQrMessage({ kind: 'foodCourtTable', mall: 'sunway', tableId: '6001', validUntil: 1767225600 }),
    ).toBe('santap-qr:v1|foodCourtTable|sunway|6001||1767225600');
  });

  it('ids holding "|" -> encoded, so fields cannot shift into each other', () => {
    const a = dynamicQrMessage({ kind: 'table', restaurantId: '1|2', tableId: '3', validUntil: 9 });
    const b = dynamicQrMessage({ kind: 'table', restaurantId: '1', tableId: '2|3', validUntil: 9 });
    expect(a).not.toBe(b);
    expect(a).toBe('santap-qr:v1|table|1%7C2|3|1|9');
  });

  it('different validity -> different message', () => {
    const payload = { kind: 'takeaway', restaurantId: '1001' } as const;
    expect(dynamicQrMessage({ ...payload, validUntil: 1 })).not.toBe(
      dynamicQrMessage({ ...payload, validUntil: 2 }),
    );
  });
});
