import { describe, expect, it } from 'vitest';
import { qrDestination } from './qr-destination';

const now = new Date('2026-11-21T10:00:00Z');
const past = Math.floor(now.getTime() / 1000) - 60;
const future = Math.floor(now.getTime() / 1000) + 3600;

describe('qrDestination', () => {
  it('static table QR on another host -> the same path on this origin, resolved by the server', () => {
    expect(qrDestination('https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5003', now)).toEqual(
      {
        kind: 'server',
        href: '/set_restaurant_qr.php?restaurant_id=1001&tid=5003',
      },
    );
  });

  it('dynamic table QR still valid (unverifiable here) -> the server, which holds the key', () => {
    const text = `https://santap.id/set_restaurant_qr.php?restaurant_id=1002&tid=5101&v=${future}&sig=${'ab'.repeat(32)}`;
    expect(qrDestination(text, now)).toEqual({
      kind: 'server',
      href: `/set_restaurant_qr.php?restaurant_id=1002&tid=5101&v=${future}&sig=${'ab'.repeat(32)}`,
    });
  });

  it("stickers with the table's token (restaurant, food court, dynamic) -> the server, token kept", () => {
    const token = '3f9c0a6e1b2d4c5e8f7a9b0c1d2e3f40';
    const sig = 'ab'.repeat(32);
    for (const href of [
      `/set_restaurant_qr.php?restaurant_id=1001&tid=${token}`,
      `/fc/mall-demo?tid=${token}`,
      `/set_restaurant_qr.php?restaurant_id=1002&tid=${token}&v=${future}&sig=${sig}`,
    ]) {
      expect(qrDestination(`https://santap.my${href}`, now)).toEqual({ kind: 'server', href });
    }
  });

  it('dynamic QR past its validity -> expired, without asking the server', () => {
    const text = `https://santap.id/set_restaurant_qr.php?restaurant_id=1002&tid=5101&v=${past}&sig=${'ab'.repeat(32)}`;
    expect(qrDestination(text, now)).toEqual({ kind: 'error', reason: 'errors.qrExpired' });
  });

  it('menu link -> an in-app path', () => {
    expect(qrDestination('https://santap.my/r/kopitiam-ali/3/ta', now)).toEqual({
      kind: 'app',
      to: '/r/kopitiam-ali/3/ta',
    });
  });

  it('food-court table QR -> the server', () => {
    expect(qrDestination('https://santap.my/fc/mall-demo?tid=6001', now)).toEqual({
      kind: 'server',
      href: '/fc/mall-demo?tid=6001',
    });
  });

  it.each(['hello world', 'https://example.com/pay?x=1', 'https://santap.my/set_restaurant_qr.php'])(
    '%s -> Invalid QR code.',
    (text) => {
      expect(qrDestination(text, now)).toEqual({ kind: 'error', reason: 'errors.invalidQr' });
    },
  );
});
