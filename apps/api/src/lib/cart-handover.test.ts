import { describe, expect, it } from 'vitest';
import { createCartToken } from '@santap/domain';
import { CART_HANDOVER_SECONDS, openCartHandover, sealCartHandover } from './cart-handover';

const SECRET = 'a-table-ticket-secret-of-32-characters!!';
const NOW = new Date('2026-06-01T04:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('cart handover', () => {
  it('sealed, then opened within the hour by the same secret -> the cart token', () => {
    const token = createCartToken();
    const handover = sealCartHandover(SECRET, token, NOW);
    expect(handover).toMatch(/^[A-Za-z0-9_-]{40,200}$/);
    expect(openCartHandover(SECRET, handover, NOW)).toBe(token);
    expect(openCartHandover(SECRET, handover, later(CART_HANDOVER_SECONDS - 1))).toBe(token);
  });

  it('names no cart token: not the token, not any of its characters in order, another each time', () => {
    const token = createCartToken();
    const first = sealCartHandover(SECRET, token, NOW);
    const second = sealCartHandover(SECRET, token, NOW);
    expect(first).not.toBe(second);
    for (const handover of [first, second]) {
      expect(handover).not.toContain(token);
      expect(handover).not.toContain(token.slice(4));
      expect(Buffer.from(handover, 'base64url').toString('latin1')).not.toContain(token.slice(4));
    }
  });

  it('an hour old, another secret, one changed character, junk -> undefined', () => {
    const token = createCartToken();
    const handover = sealCartHandover(SECRET, token, NOW);
    expect(openCartHandover(SECRET, handover, later(CART_HANDOVER_SECONDS))).toBeUndefined();
    expect(openCartHandover('another-secret-of-32-characters-long!!', handover, NOW)).toBeUndefined();
    expect(openCartHandover(undefined, handover, NOW)).toBeUndefined();
    const flipped = `${handover.slice(0, 30)}${handover[30] === 'A' ? 'B' : 'A'}${handover.slice(31)}`;
    expect(openCartHandover(SECRET, flipped, NOW)).toBeUndefined();
    for (const junk of [
      '',
      token,
      'x'.repeat(300),
      `${handover}=`,
      handover.slice(0, 40),
      '%00'.repeat(20),
    ]) {
      expect(openCartHandover(SECRET, junk, NOW), junk).toBeUndefined();
    }
  });

  it('without TABLE_TICKET_SECRET -> a key of this process opens its own handovers', () => {
    const token = createCartToken();
    expect(openCartHandover(undefined, sealCartHandover(undefined, token, NOW), NOW)).toBe(token);
  });
});
